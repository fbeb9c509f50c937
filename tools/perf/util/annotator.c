// SPDX-License-Identifier: GPL-2.0
/*
 * annotator.c - perf annotate's samples by symbol and their annotations.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate-code.h"
#include "annotator.h"
#include "dso.h"
#include "evlist.h"
#include "header.h"
#include "machine.h"
#include "srcline.h"
#include "symbol.h"

int annotator__init(struct annotator *ann, const struct annotator_opts *opts)
{
	memset(ann, 0, sizeof(*ann));
	ann->opts = *opts;
	/* kernel symbols are read only when needed: see khists */
	ann->machine = machine__new("/dev/null");
	ann->all = symbol__new(0, ~0ULL, SYMBOL_GLOBAL, "[all]");
	ann->srclines = srclines__new();
	if (!ann->machine || !ann->all || !ann->srclines)
		return -ENOMEM;
	ann->machine->dsos.symfs = opts->symfs && *opts->symfs ? opts->symfs : NULL;
	ann->machine->dsos.demangle_kernel = opts->demangle_kernel;
	srclines__set_prefix(ann->srclines, opts->prefix, opts->prefix_strip);
	return 0;
}

void annotator__exit(struct annotator *ann)
{
	int i;

	for (i = 0; i < ann->nr_hists; i++) {
		annotate_hist__exit(&ann->hists[i]);
		annotate_hist__exit(&ann->khists[i]);
		annotate_hist__exit(&ann->uhists[i]);
	}
	free(ann->hists);
	free(ann->khists);
	free(ann->uhists);
	free(ann->totals);
	free(ann->all);
	srclines__delete(ann->srclines);
	free(ann->nosym_dsos);
	free(ann->failed);
	machine__delete(ann->machine);
	memset(ann, 0, sizeof(*ann));
}

void annotator__use_header(struct annotator *ann, struct perf_header *header)
{
	ann->env = &header->env;
	machine__use_header(ann->machine, header, true);
	ann->bpf = &header->env.bpf;
}

static int annotate__grow_hists(struct annotator *ann, int idx)
{
	struct annotate_hist *h, *k, *u;
	struct annotator_total *tot;
	int i;

	h = realloc(ann->hists, (idx + 1) * sizeof(*h));
	if (!h)
		return -ENOMEM;
	ann->hists = h;
	k = realloc(ann->khists, (idx + 1) * sizeof(*k));
	if (!k)
		return -ENOMEM;
	ann->khists = k;
	u = realloc(ann->uhists, (idx + 1) * sizeof(*u));
	if (!u)
		return -ENOMEM;
	ann->uhists = u;
	tot = realloc(ann->totals, (idx + 1) * sizeof(*tot));
	if (!tot)
		return -ENOMEM;
	ann->totals = tot;
	for (i = ann->nr_hists; i <= idx; i++) {
		memset(&tot[i], 0, sizeof(tot[i]));
		if (annotate_hist__init(&h[i]))
			return -ENOMEM;
		if (annotate_hist__init(&k[i])) {
			annotate_hist__exit(&h[i]);
			return -ENOMEM;
		}
		if (annotate_hist__init(&u[i])) {
			annotate_hist__exit(&h[i]);
			annotate_hist__exit(&k[i]);
			return -ENOMEM;
		}
		ann->nr_hists = i + 1;
	}
	return 0;
}

static bool annotate__dso_wanted(const struct annotator *ann, const struct dso *dso)
{
	if (ann->opts.kinds && !(ann->opts.kinds & (1u << dso->kind)))
		return false;
	return !ann->opts.dso_name || !strcmp(dso->short_name, ann->opts.dso_name) ||
	       !strcmp(dso->long_name, ann->opts.dso_name);
}

static struct annotate_hist *annotate__hist(struct annotator *ann, int idx)
{
	if (idx < 0 || (idx >= ann->nr_hists && annotate__grow_hists(ann, idx)))
		return NULL;
	return &ann->hists[idx];
}

static int annotate__note_nosym(struct annotator *ann, struct dso *dso)
{
	struct dso **d;
	int i;

	for (i = 0; i < ann->nr_nosym_dsos; i++)
		if (ann->nosym_dsos[i] == dso)
			return 0;
	d = realloc(ann->nosym_dsos, (ann->nr_nosym_dsos + 1) * sizeof(*d));
	if (!d)
		return -ENOMEM;
	ann->nosym_dsos = d;
	d[ann->nr_nosym_dsos++] = dso;
	return 0;
}

int annotator__sample(struct annotator *ann, const union perf_event *ev,
		      const struct perf_sample *sample, struct evsel *evsel)
{
	struct machine *m = ann->machine;
	struct annotate_hist *h;
	struct addr_location al;
	struct thread *t;

	t = machine__findnew_thread(m, (s32)sample->pid, (s32)sample->tid);
	h = annotate__hist(ann, evsel->idx);
	if (!t || !h)
		return -ENOMEM;
	if (ann->opts.accept && !ann->opts.accept(ann->opts.accept_arg, t, sample))
		return 0;
	ann->totals[evsel->idx].nr_samples++;
	ann->totals[evsel->idx].period += sample->period;
	machine__resolve_map(m, t, ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK, sample->ip,
			     &al);
	if (!al.dso)
		return annotate_hist__add(h, &al, sample->period);
	switch (al.dso->kind) {
	case DSO_KIND_KERNEL:
	case DSO_KIND_MODULE:
		al.sym = ann->all;
		al.addr = al.ip;
		return annotate_hist__add(&ann->khists[evsel->idx], &al, sample->period);
	case DSO_KIND_USER:
	case DSO_KIND_VDSO:
	case DSO_KIND_JIT:
		/* the symbols of a file do not change: look them up at the end */
		if (!annotate__dso_wanted(ann, al.dso))
			return annotate_hist__add(h, &al, sample->period);
		al.sym = ann->all;
		return annotate_hist__add(&ann->uhists[evsel->idx], &al, sample->period);
	default:
		/* BPF: the program at an address depends on the time */
		al.sym = dso__find_symbol(al.dso, al.addr);
		return annotate_hist__add(h, &al, sample->period);
	}
}

/* The user samples under their symbols now, each address looked up once. */
static int annotate__user_samples(struct annotator *ann)
{
	int i;

	for (i = 0; i < ann->nr_hists; i++) {
		struct annotate_entry **entries;
		size_t nr, k, j;

		if (annotate_hist__sorted(&ann->uhists[i], &entries, &nr))
			return -ENOMEM;
		for (k = 0; k < nr; k++) {
			struct annotate_entry *e = entries[k];
			struct dso *dso = e->target.dso;

			for (j = 0; j < e->nr; j++) {
				const struct annotate_sample *s = &e->samples[j];
				struct symbol *sym = dso__find_symbol(dso, s->offset);

				if ((!sym && dso->kind == DSO_KIND_USER &&
				     annotate__note_nosym(ann, dso)) ||
				    annotate_hist__add_target(&ann->hists[i], &e->target, sym,
							      s->offset, s->nr_samples, s->period)) {
					free(entries);
					return -ENOMEM;
				}
			}
		}
		free(entries);
	}
	return 0;
}

int annotator__process_event(struct annotator *ann, const union perf_event *ev,
			     const struct perf_sample *sample)
{
	int err = machine__process_event(ann->machine, ev, sample);

	return err == -ENOMEM ? err : 0;
}

/* The kernel's symbols from now on, and its samples under them. */
int annotator__kernel_samples(struct annotator *ann)
{
	struct machine *m = ann->machine;
	int i;
	size_t j;

	if (ann->kernel_moved)
		return 0;
	ann->kernel_moved = true;
	for (i = 0; i < ann->nr_hists; i++) {
		struct annotate_entry **entries;
		size_t nr, k;

		if (annotate_hist__sorted(&ann->khists[i], &entries, &nr))
			return -ENOMEM;
		for (k = 0; k < nr; k++) {
			struct annotate_entry *e = entries[k];

			for (j = 0; j < e->nr; j++) {
				struct addr_location al;

				machine__resolve_ip(m, NULL, PERF_RECORD_MISC_KERNEL,
						    e->samples[j].offset, &al);
				if (annotate_hist__add_n(&ann->hists[i], &al,
							 e->samples[j].nr_samples,
							 e->samples[j].period)) {
					free(entries);
					return -ENOMEM;
				}
			}
		}
		free(entries);
	}
	return 0;
}

/* The kernel and its modules read their symbols again, from the real kallsyms, on first use. */
static void annotator__reset_kernel_symbols(struct annotator *ann)
{
	struct dsos_iter it;
	struct dso *d;

	ann->machine->kallsyms = ann->opts.kallsyms;
	dsos__for_each(&ann->machine->dsos, &it, d) {
		if (d->kind != DSO_KIND_KERNEL && d->kind != DSO_KIND_MODULE)
			continue;
		symbols__exit(&d->symbols);
		symbols__init(&d->symbols);
		d->kallsyms = ann->opts.kallsyms;
		/* -k without --kallsyms: the kernel's symbols are the vmlinux's */
		if (d->kind == DSO_KIND_KERNEL && !ann->opts.kallsyms)
			d->vmlinux = ann->opts.vmlinux;
		d->loaded = false;
	}
}

bool annotator__wants_kernel(const struct annotator *ann)
{
	/* the kernel or a module ("[name]"), not [vdso] */
	return !ann->opts.dso_name ||
	       (ann->opts.dso_name[0] == '[' && strcmp(ann->opts.dso_name, "[vdso]"));
}

static bool annotate__failed_before(struct annotator *ann, const struct dso *dso)
{
	const struct dso **f;
	int i;

	for (i = 0; i < ann->nr_failed; i++)
		if (ann->failed[i] == dso)
			return true;
	f = realloc(ann->failed, (ann->nr_failed + 1) * sizeof(*f));
	if (f) {
		ann->failed = f;
		f[ann->nr_failed++] = dso;
	}
	return false;
}

static bool annotate__wanted(struct annotator *ann, const struct annotate_entry *e)
{
	if (ann->opts.sym_name && strcmp(e->target.sym->name, ann->opts.sym_name))
		return false;
	return annotate__dso_wanted(ann, e->target.dso);
}

bool annotate_entry__same(const struct annotate_entry *a, const struct annotate_entry *b)
{
	return !strcmp(a->target.sym->name, b->target.sym->name) &&
	       !strcmp(a->target.dso->long_name, b->target.dso->long_name);
}

static bool annotate__is_bpf(const struct annotate_entry *e)
{
	return e->target.dso->kind == DSO_KIND_BPF || e->target.dso->kind == DSO_KIND_FALLBACK;
}

/*
 * The entries of a BPF program loaded more than once (a dso per load, one
 * code) as one function, as upstream's entries merge by name: the first
 * of each kept, the order by the period of all loads.  The new count.
 */
static size_t annotator__merge_loads(struct annotate_entry **v, size_t n)
{
	u64 *period = malloc((n + 1) * sizeof(*period));
	size_t i, j, k = 0;

	if (!period)
		return n;	/* unmerged, as they were */
	for (i = 0; i < n; i++) {
		for (j = 0; annotate__is_bpf(v[i]) && j < k; j++)
			if (annotate__is_bpf(v[j]) && annotate_entry__same(v[j], v[i]))
				break;
		if (annotate__is_bpf(v[i]) && j < k) {
			period[j] += v[i]->period;
			continue;
		}
		period[k] = v[i]->period;
		v[k++] = v[i];
	}
	/* the first keeps its place on ties: insertion, as few entries move */
	for (i = 1; i < k; i++) {
		struct annotate_entry *e = v[i];
		u64 p = period[i];

		for (j = i; j > 0 && period[j - 1] < p; j--) {
			v[j] = v[j - 1];
			period[j] = period[j - 1];
		}
		v[j] = e;
		period[j] = p;
	}
	free(period);
	return k;
}

int annotator__entries(struct annotator *ann, int idx, struct annotate_entry ***out,
		       size_t *nr)
{
	struct annotate_entry **entries;
	size_t n, i, k = 0;

	*out = NULL;
	*nr = 0;
	if (idx < 0 || idx >= ann->nr_hists)
		return 0;
	if (annotate_hist__sorted(&ann->hists[idx], &entries, &n))
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct annotate_entry *e = entries[i];

		if (!annotate__wanted(ann, e))
			continue;
		e->target.bpf = ann->bpf;
		e->target.machine = ann->machine;
		e->target.vmlinux = ann->opts.vmlinux;
		e->target.srclines = ann->srclines;
		e->target.intel = ann->opts.intel;
		entries[k++] = e;
	}
	*out = entries;
	*nr = annotator__merge_loads(entries, k);
	return 0;
}

void annotator__shown_total(struct annotator *ann, int idx, struct annotator_total *tot)
{
	struct annotate_hist_iter it;
	struct annotate_entry *e;

	memset(tot, 0, sizeof(*tot));
	if (idx < 0 || idx >= ann->nr_hists)
		return;
	if (!ann->opts.sym_name && !ann->opts.dso_name) {
		*tot = ann->totals[idx];
		return;
	}
	annotate_hist__for_each(&ann->hists[idx], &it, e) {
		if (!e->target.dso || !annotate__dso_wanted(ann, e->target.dso))
			continue;
		if (ann->opts.sym_name && (!e->target.sym || e->target.sym == ann->all ||
					   strcmp(e->target.sym->name, ann->opts.sym_name)))
			continue;
		tot->nr_samples += e->nr_samples;
		tot->period += e->period;
	}
}

struct annotate_entry *annotator__entry_at(struct annotator *ann, int idx, u64 addr)
{
	struct annotate_hist_iter it;
	struct annotate_entry *e;

	if (idx < 0 || idx >= ann->nr_hists)
		return NULL;
	annotate_hist__for_each(&ann->hists[idx], &it, e) {
		u64 start;

		if (!e->target.sym || e->target.sym == ann->all)
			continue;
		start = annotate_target__addr(&e->target);
		if (addr >= start && addr - start < e->target.sym->end - e->target.sym->start)
			return e;
	}
	return NULL;
}

int annotator__merged_samples(struct annotator *ann, int idx, const struct annotate_entry *e,
			      struct annotate_sample **out, size_t *nr)
{
	struct annotate_hist_iter it;
	struct annotate_entry *o;
	struct annotate_sample *v;
	size_t n = 0;

	*out = NULL;
	*nr = 0;
	if (idx < 0 || idx >= ann->nr_hists)
		return 0;
	annotate_hist__for_each(&ann->hists[idx], &it, o)
		if (o->target.sym && annotate_entry__same(o, e))
			n += o->nr;
	v = malloc((n + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	n = 0;
	annotate_hist__for_each(&ann->hists[idx], &it, o) {
		if (!o->target.sym || !annotate_entry__same(o, e))
			continue;
		memcpy(v + n, o->samples, o->nr * sizeof(*v));
		n += o->nr;
	}
	*out = v;
	*nr = n;
	return 0;
}

/* Annotate the entries of one event: the number printed, -1 after an error. */
/*
 * The events shown with idx: upstream's groups of the file (GROUP_DESC),
 * or with --group every event in one when it has none.  *leader and *nr:
 * the group's first event and its size (1: alone).
 */
static void annotate__group_of(const struct annotator *ann, int nr_events, int idx,
			       int *leader, int *nr)
{
	const struct perf_env *env = ann->env;
	u32 i;

	*leader = idx;
	*nr = 1;
	for (i = 0; env && i < env->nr_groups; i++) {
		const struct perf_env_group *g = &env->groups[i];

		if (g->nr_members > 1 && (u32)idx >= g->leader_idx &&
		    (u32)idx < g->leader_idx + g->nr_members &&
		    g->leader_idx + g->nr_members <= (u32)nr_events) {
			*leader = (int)g->leader_idx;
			*nr = (int)g->nr_members;
			return;
		}
	}
	if (ann->opts.group && !(env && env->nr_groups)) {
		*leader = 0;
		*nr = nr_events;
	}
}

/* the title's name of a group: "anon group { a, b }", "NAME { a, b }"; --group's "a, b" */
static void annotate__group_name(const struct annotator *ann, struct evlist *evlist, int leader,
				 int nr, char *buf, size_t size)
{
	const struct perf_env *env = ann->env;
	const char *name = NULL;
	size_t n = 0;
	u32 i;
	int k;

	for (i = 0; env && i < env->nr_groups; i++)
		if (env->groups[i].leader_idx == (u32)leader)
			name = env->groups[i].name;
	if (name)
		n = snprintf(buf, size, "%s { ", !strcmp(name, "{anon_group}") ? "anon group" : name);
	for (k = leader; k < leader + nr && n < size; k++)
		n += snprintf(buf + n, size - n, "%s%s", k > leader ? ", " : "",
			      evsel__name(evlist->entries[k]));
	if (name && n < size)
		snprintf(buf + n, size - n, " }");
}

/* the annotation of e's function in event idx (NULL: none of its samples there) */
static struct annotation *annotate__member(struct annotator *ann, int idx,
					   const struct annotate_entry *leader_e)
{
	struct annotate_entry **entries, *e = NULL;
	struct annotate_sample *samples;
	struct annotation *a = NULL;
	char err[1024];
	size_t nr, i;

	if (idx >= ann->nr_hists || annotator__entries(ann, idx, &entries, &nr))
		return NULL;
	for (i = 0; i < nr && !e; i++)
		if (annotate_entry__same(entries[i], leader_e))
			e = entries[i];
	if (e && !annotator__merged_samples(ann, idx, e, &samples, &nr)) {
		if (annotation__new(&a, &e->target, samples, nr, err, sizeof(err)))
			a = NULL;
		free(samples);
	}
	free(entries);
	return a;
}

/* event idx's functions, with the columns of the nr - 1 events of its group after it */
static int annotate__print_evsel(struct annotator *ann, struct evlist *evlist, int idx, int nr,
				 FILE *fp, int *nr_errors)
{
	const struct annotation *members[ANNOTATE_MAX_GROUP];
	struct annotate_entry **entries;
	struct annotator_total tot;
	char group_name[1024];
	size_t n_entries, i;
	int printed = 0, k;

	if (annotator__entries(ann, idx, &entries, &n_entries))
		return -1;
	nr = nr > ANNOTATE_MAX_GROUP ? ANNOTATE_MAX_GROUP : nr;
	ann->opts.print.event_name = evsel__name(evlist->entries[idx]);
	if (nr > 1) {
		annotate__group_name(ann, evlist, idx, nr, group_name, sizeof(group_name));
		ann->opts.print.event_name = group_name;
	}
	ann->opts.print.event_freq = evlist->entries[idx]->attr.sample_freq;
	ann->opts.print.one_symbol = ann->opts.sym_name != NULL;
	annotator__shown_total(ann, idx, &tot);
	ann->opts.print.global_nr_samples = tot.nr_samples;
	ann->opts.print.global_period = tot.period;
	for (k = 1; k < nr; k++) {
		annotator__shown_total(ann, idx + k, &tot);
		ann->opts.print.group_nr_samples[k - 1] = tot.nr_samples;
		ann->opts.print.group_period[k - 1] = tot.period;
	}
	for (i = 0; i < n_entries; i++) {
		struct annotate_entry *e = entries[i];
		struct annotate_sample *samples;
		struct annotation *a;
		char err[1024];
		size_t n;
		int ret;

		if (annotator__merged_samples(ann, idx, e, &samples, &n)) {
			free(entries);
			return -1;
		}
		ret = annotation__new(&a, &e->target, samples, n, err, sizeof(err));
		free(samples);
		if (ret) {
			/* all symbols: one line per object; a named symbol: always */
			if (ann->opts.sym_name || !annotate__failed_before(ann, e->target.dso)) {
				if (ann->opts.error)
					ann->opts.error(ann->opts.error_arg, err);
				(*nr_errors)++;
			}
			continue;
		}
		for (k = 1; k < nr; k++)
			members[k - 1] = annotate__member(ann, idx + k, e);
		ann->opts.print.group = members;
		ann->opts.print.nr_group = nr - 1;
		if (ann->opts.fprintf)
			ann->opts.fprintf(a, &ann->opts.print, fp);
		else
			annotation__fprintf(a, &ann->opts.print, fp);
		for (k = 1; k < nr; k++)
			annotation__delete((struct annotation *)members[k - 1]);
		ann->opts.print.group = NULL;
		ann->opts.print.nr_group = 0;
		annotation__delete(a);
		printed++;
	}
	free(entries);
	return printed;
}

int annotator__fprintf(struct annotator *ann, struct evlist *evlist, FILE *fp,
		       int *printed, int *nr_errors)
{
	struct evsel *evsel;
	int i, leader, nr;

	evlist__for_each(evlist, evsel, i) {
		int n;

		annotate__group_of(ann, evlist->nr_entries, i, &leader, &nr);
		if (leader != i || i >= ann->nr_hists || !ann->hists[i].nr_samples)
			continue;
		n = annotate__print_evsel(ann, evlist, i, nr, fp, nr_errors);
		if (n < 0)
			return -ENOMEM;
		*printed += n;
	}
	return 0;
}

int annotator__missing_files(const struct annotator *ann, const char **name, int *err)
{
	int i, n = 0;

	for (i = 0; i < ann->nr_nosym_dsos; i++) {
		const char *path = ann->nosym_dsos[i]->long_name;
		size_t len = strlen(path);

		if (path[0] != '/' || !strncmp(path, "/memfd:", 7) ||
		    (len > 10 && !strcmp(path + len - 10, " (deleted)")) || !access(path, R_OK))
			continue;
		if (!n++) {
			*name = path;
			*err = errno;
		}
	}
	return n;
}

/* --no-demangle: the user objects read their symbols with the names mangled */
static void annotator__keep_mangled(struct annotator *ann)
{
	struct dsos_iter it;
	struct dso *d;

	dsos__for_each(&ann->machine->dsos, &it, d)
		if (d->kind == DSO_KIND_USER || d->kind == DSO_KIND_VDSO || d->kind == DSO_KIND_JIT)
			d->no_demangle = true;
}

int annotator__finish(struct annotator *ann)
{
	int err;

	if (ann->opts.no_demangle)
		annotator__keep_mangled(ann);
	err = annotate__user_samples(ann);

	annotator__reset_kernel_symbols(ann);
	return err;
}

bool annotator__has_kernel(const struct annotator *ann)
{
	int i;

	for (i = 0; i < ann->nr_hists; i++)
		if (ann->khists[i].nr_samples)
			return true;
	return false;
}
