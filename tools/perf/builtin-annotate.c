// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate: the instructions of the symbols that got samples, with
 * each one's share, disassembled in process (capstone): JITed BPF from the
 * file's BPF_PROG_INFO and BTF, native code from ELF files or the kernel.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "util/annotate.h"
#include "util/annotate-hist.h"
#include "util/data.h"
#include "util/machine.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/srcline.h"
#include "util/symbol.h"
#include "ui/pager.h"

struct annotate {
	struct perf_tool	tool;
	const char		*input;
	const char		*sym_name;
	const char		*dso_name;
	const char		*vmlinux;
	const char		*kallsyms;
	bool			use_stdio;
	bool			skip_missing;
	struct annotate_print_opts print;
	struct machine		*machine;
	struct srclines		*srclines;	/* each object's DWARF read once */
	struct annotate_hist	*hists;		/* one per evsel, by idx */
	/*
	 * Kernel text samples, kept by address until kernel symbols are
	 * needed: reading /proc/kallsyms costs more than all the rest of a
	 * user symbol's annotation.  Under one symbol covering everything.
	 */
	struct annotate_hist	*khists;
	/*
	 * User samples of the objects -d lets through, by address in their
	 * dso until all are read: then only those objects read their symbols
	 * (and each address is looked up once, not each sample).
	 */
	struct annotate_hist	*uhists;
	struct symbol		*all;
	bool			kernel_moved;
	int			nr_hists;
	/* user dsos with samples but no symbols: their file may be gone */
	struct dso		**nosym_dsos;
	int			nr_nosym_dsos;
	/* dsos already reported as not annotatable */
	const struct dso	**failed;
	int			nr_failed;
};

static int annotate__grow_hists(struct annotate *ann, int idx)
{
	struct annotate_hist *h, *k, *u;
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
	for (i = ann->nr_hists; i <= idx; i++) {
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

static bool annotate__dso_wanted(const struct annotate *ann, const struct dso *dso)
{
	return !ann->dso_name || !strcmp(dso->short_name, ann->dso_name) ||
	       !strcmp(dso->long_name, ann->dso_name);
}

static struct annotate_hist *annotate__hist(struct annotate *ann, int idx)
{
	if (idx < 0 || (idx >= ann->nr_hists && annotate__grow_hists(ann, idx)))
		return NULL;
	return &ann->hists[idx];
}

static int annotate__note_nosym(struct annotate *ann, struct dso *dso)
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

static int annotate__sample(struct perf_tool *tool, struct perf_session *session,
			    const union perf_event *ev, struct perf_sample *sample,
			    struct evsel *evsel)
{
	struct annotate *ann = (struct annotate *)tool;
	struct machine *m = ann->machine;
	struct annotate_hist *h;
	struct addr_location al;
	struct thread *t;

	t = machine__findnew_thread(m, (s32)sample->pid, (s32)sample->tid);
	h = annotate__hist(ann, evsel->idx);
	if (!t || !h)
		return -ENOMEM;
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
static int annotate__user_samples(struct annotate *ann)
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

static int annotate__event(struct perf_tool *tool, struct perf_session *session,
			   const union perf_event *ev, struct perf_sample *sample,
			   struct evsel *evsel)
{
	struct annotate *ann = (struct annotate *)tool;
	int err = machine__process_event(ann->machine, ev, sample);

	return err == -ENOMEM ? err : 0;
}

static bool kernel_annotatable(const struct annotate *ann)
{
	return ann->vmlinux || !access("/proc/kcore", R_OK);
}

/* The kernel's symbols from now on, and its samples under them. */
static int annotate__kernel_samples(struct annotate *ann)
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
static void annotate__reset_kernel_symbols(struct annotate *ann)
{
	struct dsos *dsos = &ann->machine->dsos;
	size_t b;

	ann->machine->kallsyms = ann->kallsyms;
	for (b = 0; b < dsos->nr_buckets; b++) {
		struct dso *d;

		for (d = dsos->buckets[b]; d; d = d->hnext) {
			if (d->kind != DSO_KIND_KERNEL && d->kind != DSO_KIND_MODULE)
				continue;
			symbols__exit(&d->symbols);
			symbols__init(&d->symbols);
			d->kallsyms = ann->kallsyms;
			/* -k without --kallsyms: the kernel's symbols are the vmlinux's */
			if (d->kind == DSO_KIND_KERNEL && !ann->kallsyms)
				d->vmlinux = ann->vmlinux;
			d->loaded = false;
		}
	}
}

static bool annotate__wants_kernel(const struct annotate *ann)
{
	/* the kernel or a module ("[name]"), not [vdso] */
	return !ann->dso_name || (ann->dso_name[0] == '[' && strcmp(ann->dso_name, "[vdso]"));
}

static bool annotate__failed_before(struct annotate *ann, const struct dso *dso)
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

static bool annotate__wanted(struct annotate *ann, const struct annotate_entry *e)
{
	if (ann->sym_name && strcmp(e->target.sym->name, ann->sym_name))
		return false;
	return annotate__dso_wanted(ann, e->target.dso);
}

/* Annotate the entries of one event: the number printed, -1 after an error. */
static int annotate__print_evsel(struct annotate *ann, struct perf_session *session,
				 struct evsel *evsel, struct annotate_hist *h, int *nr_errors)
{
	struct annotate_entry **entries;
	size_t nr, i;
	int printed = 0;

	if (annotate_hist__sorted(h, &entries, &nr))
		return -1;
	ann->print.event_name = evsel__name(evsel);
	for (i = 0; i < nr; i++) {
		struct annotate_entry *e = entries[i];
		struct annotation *a;
		char err[1024];

		if (!annotate__wanted(ann, e))
			continue;
		e->target.bpf = &session->header.env.bpf;
		e->target.machine = ann->machine;
		e->target.vmlinux = ann->vmlinux;
		e->target.srclines = ann->srclines;
		if (annotation__new(&a, &e->target, e->samples, e->nr, err, sizeof(err))) {
			/* all symbols: one line per object; a named symbol: always */
			if (ann->sym_name || !annotate__failed_before(ann, e->target.dso)) {
				fprintf(stderr, "perf annotate: %s\n", err);
				(*nr_errors)++;
			}
			continue;
		}
		annotation__fprintf(a, &ann->print, stdout);
		annotation__delete(a);
		printed++;
	}
	free(entries);
	return printed;
}

/* Every event's annotations; -ENOMEM. */
static int annotate__print(struct annotate *ann, struct perf_session *session, int *printed,
			   int *nr_errors)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(session->evlist, evsel, i) {
		int n;

		if (i >= ann->nr_hists || !ann->hists[i].nr_samples)
			continue;
		n = annotate__print_evsel(ann, session, evsel, &ann->hists[i], nr_errors);
		if (n < 0)
			return -ENOMEM;
		*printed += n;
	}
	return 0;
}

/*
 * The sampled user objects whose file is gone (so their samples have no
 * symbols): the first's name in name, and how many.  Deleted mappings and
 * memfds never were files to read.
 */
static int annotate__missing_files(struct annotate *ann, const char **name, int *err)
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

static const char *const annotate_usage[] = {
	"perf annotate [<options>] [<symbol>]",
	NULL
};

static int annotate__open(struct annotate *ann, struct perf_data *data,
			  struct perf_session **session)
{
	const char *path = perf_data__input_name(ann->input);
	int err;

	err = perf_data__open_read(data, path);
	if (err) {
		fprintf(stderr, "perf annotate: %s: %s%s\n", path, data->err,
			err == -ENOENT ? " (try 'perf record' first)" : "");
		return err;
	}
	if (!data->is_pipe && data->size == 0) {
		fprintf(stderr, "perf annotate: %s: zero-sized data, nothing to do\n", path);
		perf_data__close(data);
		return -EINVAL;
	}
	err = perf_session__new(session, data, &ann->tool);
	if (err) {
		fprintf(stderr, "perf annotate: %s: %s\n", path, data->err);
		perf_data__close(data);
	}
	return err;
}

int cmd_annotate(int argc, const char **argv)
{
	struct annotate ann = { .input = NULL };
	struct perf_session *session = NULL;
	struct perf_data data;
	const struct option options[] = {
		OPT_STRING('i', "input", &ann.input, "file", "input file name"),
		OPT_STRING('d', "dsos", &ann.dso_name, "dso", "only consider symbols in this dso"),
		OPT_STRING('s', "symbol", &ann.sym_name, "symbol",
			   "symbol to annotate"),
		OPT_BOOLEAN(0, "stdio", &ann.use_stdio, "Use the stdio interface"),
		OPT_BOOLEAN('l', "print-line", &ann.print.print_line,
			    "print matching source lines (may be slow)"),
		OPT_BOOLEAN('P', "full-paths", &ann.print.full_paths,
			    "Don't shorten the displayed pathnames"),
		OPT_BOOLEAN(0, "asm-raw", &ann.print.asm_raw,
			    "Display raw encoding of assembly instructions"),
		OPT_BOOLEAN('n', "show-nr-samples", &ann.print.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_BOOLEAN(0, "show-total-period", &ann.print.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_BOOLEAN(0, "no-source", &ann.print.no_source,
			    "Do not interleave source code with assembly code"),
		OPT_DOUBLE(0, "percent-limit", &ann.print.min_percent,
			   "Don't show instructions under that percent"),
		OPT_STRING('k', "vmlinux", &ann.vmlinux, "file", "vmlinux pathname"),
		OPT_STRING(0, "kallsyms", &ann.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "skip-missing", &ann.skip_missing,
			    "Skip symbols that cannot be annotated"),
		OPT_END()
	};
	int err, i, printed = 0, nr_errors = 0;
	bool has_kernel;

	argc = parse_options(argc, argv, options, annotate_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	if (argc > 1 || (argc == 1 && ann.sym_name)) {
		usage_error(annotate_usage, options, "unexpected argument `%s'",
			    argv[argc - 1]);
		return 1;
	}
	if (argc == 1)
		ann.sym_name = argv[0];
	if (ann.vmlinux && access(ann.vmlinux, R_OK)) {
		fprintf(stderr, "perf annotate: %s: %s\n", ann.vmlinux, strerror(errno));
		return 1;
	}
	/* kernel symbols are read only when needed: see khists */
	ann.machine = machine__new("/dev/null");
	ann.all = symbol__new(0, ~0ULL, SYMBOL_GLOBAL, "[all]");
	ann.srclines = srclines__new();
	if (!ann.machine || !ann.all || !ann.srclines) {
		fprintf(stderr, "perf annotate: out of memory\n");
		machine__delete(ann.machine);
		free(ann.all);
		srclines__delete(ann.srclines);
		return 1;
	}
	ann.tool.sample = annotate__sample;
	ann.tool.event = annotate__event;
	ann.tool.ordered = true;

	err = annotate__open(&ann, &data, &session);
	if (err)
		goto out_machine;
	if (!session->header.raw[HEADER_BUILD_ID].swapped && session->header.raw[HEADER_BUILD_ID].buf)
		machine__set_build_ids(ann.machine, session->header.raw[HEADER_BUILD_ID].buf,
				       session->header.raw[HEADER_BUILD_ID].size);
	machine__set_bpf_info(ann.machine, &session->header.env.bpf);

	err = perf_session__process(session);
	if (err) {
		fprintf(stderr, "perf annotate: %s: %s\n", data.path, data.err);
		goto out;
	}
	if (annotate__user_samples(&ann)) {
		fprintf(stderr, "perf annotate: out of memory\n");
		err = -ENOMEM;
		goto out;
	}
	annotate__reset_kernel_symbols(&ann);
	has_kernel = false;
	for (i = 0; i < ann.nr_hists; i++)
		has_kernel |= ann.khists[i].nr_samples > 0;
	if (has_kernel && annotate__wants_kernel(&ann) && !ann.sym_name) {
		if (kernel_annotatable(&ann)) {
			err = annotate__kernel_samples(&ann);
		} else {
			fprintf(stderr, "perf annotate: [kernel.kallsyms]: cannot read /proc/kcore "
				"(%s): give a vmlinux with -k\n", strerror(errno));
			nr_errors++;
		}
	}
	pager__setup();
	err = err ? err : annotate__print(&ann, session, &printed, &nr_errors);
	/* a named symbol not found elsewhere may be the kernel's */
	if (!err && ann.sym_name && !printed && !nr_errors && has_kernel &&
	    annotate__wants_kernel(&ann) && !ann.kernel_moved) {
		err = annotate__kernel_samples(&ann);
		if (!err)
			err = annotate__print(&ann, session, &printed, &nr_errors);
	}
	if (err) {
		fprintf(stderr, "perf annotate: out of memory\n");
		goto out;
	}
	if (!printed && !nr_errors) {
		const char *what = ann.sym_name ? ann.sym_name : "any symbol";
		const char *missing = NULL;
		int merr = 0, n = annotate__missing_files(&ann, &missing, &merr);

		/* the samples may be among those a missing file left without symbols */
		if (n)
			fprintf(stderr, "perf annotate: %s: %s (no samples of %s found; %d sampled "
				"file%s missing)\n", missing, strerror(merr), what, n,
				n > 1 ? "s" : "");
		else
			fprintf(stderr, "perf annotate: %s: no samples of %s\n", data.path, what);
		err = -ENOENT;
	} else if (nr_errors && (ann.sym_name || !printed) && !ann.skip_missing) {
		err = -EINVAL;
	}
out:
	pager__finish();
	perf_session__delete(session);
	perf_data__close(&data);
out_machine:
	for (i = 0; i < ann.nr_hists; i++) {
		annotate_hist__exit(&ann.hists[i]);
		annotate_hist__exit(&ann.khists[i]);
		annotate_hist__exit(&ann.uhists[i]);
	}
	free(ann.hists);
	free(ann.khists);
	free(ann.uhists);
	free(ann.all);
	srclines__delete(ann.srclines);
	free(ann.nosym_dsos);
	free(ann.failed);
	machine__delete(ann.machine);
	return err ? 1 : 0;
}
