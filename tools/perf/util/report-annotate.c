// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's annotations: a second read of its file, through its own
 * filters, into an annotator.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate-opts.h"
#include "bpf-progs.h"
#include "data.h"
#include "dso.h"
#include "evlist.h"
#include "report.h"
#include "report-annotate.h"
#include "session.h"
#include "symbol.h"

static int ra__sample(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *ev, struct perf_sample *sample,
		      struct evsel *evsel)
{
	return annotator__sample(&((struct report_annotate *)tool)->ann, ev, sample, evsel);
}

static int ra__event(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, struct perf_sample *sample,
		     struct evsel *evsel)
{
	return annotator__process_event(&((struct report_annotate *)tool)->ann, ev, sample);
}

/* The report's filters that look at the sample or its task. */
static bool ra__accept(void *arg, struct thread *t, const struct perf_sample *sample)
{
	const struct report *rep = arg;

	return time_ranges__contain(&rep->time, sample->time) &&
	       sample_filter__cpu(&rep->filter, sample->cpu) &&
	       sample_filter__task(&rep->filter, t);
}

void report_annotate__init(struct report_annotate *ra, const struct report *rep,
			   const char *path)
{
	memset(ra, 0, sizeof(*ra));
	ra->rep = rep;
	ra->path = path;
}

void report_annotate__exit(struct report_annotate *ra)
{
	if (ra->read)
		annotator__exit(&ra->ann);
	if (ra->session)
		perf_session__delete(ra->session);
	if (ra->data) {
		perf_data__close(ra->data);
		free(ra->data);
	}
	memset(ra, 0, sizeof(*ra));
}

static int ra__fail(struct report_annotate *ra, int err, const char *what)
{
	ra->err = err;
	snprintf(ra->errmsg, sizeof(ra->errmsg), "%s: %s", ra->path, what);
	return err;
}

/* The whole file into the annotator, once; later calls give the first result. */
static int report_annotate__read(struct report_annotate *ra)
{
	struct annotator_opts o = {
		.kallsyms = ra->rep->opts.kallsyms,
		.accept = ra__accept, .accept_arg = (void *)ra->rep,
	};
	struct perf_data *data;
	int err;

	if (ra->read)
		return ra->err;
	ra->read = true;
	if (ra->rep->opts.annotate)
		annotate_opts__apply(ra->rep->opts.annotate, &o);
	ra->tool.sample = ra__sample;
	ra->tool.event = ra__event;
	ra->tool.ordered = true;
	if (annotator__init(&ra->ann, &o))
		return ra__fail(ra, -ENOMEM, "out of memory");
	data = calloc(1, sizeof(*data));
	if (!data)
		return ra__fail(ra, -ENOMEM, "out of memory");
	err = perf_data__open_read(data, ra->path);
	if (err) {
		ra__fail(ra, err, data->err);
		free(data);
		return err;
	}
	ra->data = data;
	err = perf_session__new(&ra->session, data, &ra->tool);
	if (err)
		return ra__fail(ra, err, data->err);
	annotator__use_header(&ra->ann, &ra->session->header);
	err = perf_session__process(ra->session);
	if (err)
		return ra__fail(ra, err, data->err);
	if (annotator__finish(&ra->ann))
		return ra__fail(ra, -ENOMEM, "out of memory");
	/* kernel code comes from /proc/kcore: without it, kernel rows say so */
	if (annotator__has_kernel(&ra->ann) && !access("/proc/kcore", R_OK) &&
	    annotator__kernel_samples(&ra->ann))
		return ra__fail(ra, -ENOMEM, "out of memory");
	return 0;
}

/* e's function with the samples of every load of it */
static int ra__annotation(struct report_annotate *ra, int idx, struct annotate_entry *e,
			  struct annotation **a, char *err, size_t errsz)
{
	struct annotate_sample *samples;
	char why[1024];
	size_t nr;
	int ret;

	if (annotator__merged_samples(&ra->ann, idx, e, &samples, &nr)) {
		snprintf(err, errsz, "out of memory");
		return -ENOMEM;
	}
	e->target.bpf = ra->ann.bpf;
	e->target.machine = ra->ann.machine;
	e->target.srclines = ra->ann.srclines;
	ret = annotation__new(a, &e->target, samples, nr, why, sizeof(why));
	if (ret)
		snprintf(err, errsz, "%s: %s", e->target.sym->name, why);
	free(samples);
	return ret;
}

int report_annotate__new(struct report_annotate *ra, int idx, const struct dso *dso,
			 const struct symbol *sym, struct annotation **a, char *err,
			 size_t errsz)
{
	struct annotate_entry **entries, *best = NULL;
	size_t nr, i;
	int ret;

	*a = NULL;
	if (!dso || !sym) {
		snprintf(err, errsz, "no symbol to annotate here");
		return -ENOENT;
	}
	ret = report_annotate__read(ra);
	if (ret) {
		snprintf(err, errsz, "%s", ra->errmsg);
		return ret;
	}
	if (annotator__entries(&ra->ann, idx, &entries, &nr)) {
		snprintf(err, errsz, "out of memory");
		return -ENOMEM;
	}
	/* most period first: the busiest of the same names (a program loaded twice) */
	for (i = 0; i < nr && !best; i++) {
		const struct annotate_target *t = &entries[i]->target;

		if (!strcmp(t->sym->name, sym->name) &&
		    (!strcmp(t->dso->long_name, dso->long_name) ||
		     !strcmp(t->dso->short_name, dso->short_name)))
			best = entries[i];
	}
	free(entries);
	if (!best) {
		snprintf(err, errsz, "%s: no samples of its own to annotate", sym->name);
		return -ENOENT;
	}
	return ra__annotation(ra, idx, best, a, err, errsz);
}

int report_annotate__at(struct report_annotate *ra, int idx, u64 addr,
			struct annotation **a, char *err, size_t errsz)
{
	struct annotate_entry *e;
	int ret;

	*a = NULL;
	ret = report_annotate__read(ra);
	if (ret) {
		snprintf(err, errsz, "%s", ra->errmsg);
		return ret;
	}
	e = annotator__entry_at(&ra->ann, idx, addr);
	if (!e) {
		snprintf(err, errsz, "no samples in the called function (%llx)",
			 (unsigned long long)addr);
		return -ENOENT;
	}
	return ra__annotation(ra, idx, e, a, err, errsz);
}

int report_annotate__entry(struct report_annotate *ra, int idx,
			   const struct annotate_entry *e, struct annotation **a, char *err,
			   size_t errsz)
{
	return ra__annotation(ra, idx, (struct annotate_entry *)e, a, err, errsz);
}

static void bpf_progs__sort(struct report_bpf_prog *v, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {
		struct report_bpf_prog x = v[i];

		for (j = i; j > 0 && (v[j - 1].period < x.period ||
				      (v[j - 1].period == x.period && v[j - 1].prog->id > x.prog->id));
		     j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

int report_annotate__bpf_progs(struct report_annotate *ra, int idx,
			       struct report_bpf_prog **out, int *nr, char *err, size_t errsz)
{
	struct report_bpf_prog *v = NULL;
	struct annotate_hist_iter it;
	struct annotate_entry *e;
	int ret, n = 0, j;

	*out = NULL;
	*nr = 0;
	ret = report_annotate__read(ra);
	if (ret) {
		snprintf(err, errsz, "%s", ra->errmsg);
		return ret;
	}
	if (idx < 0 || idx >= ra->ann.nr_hists)
		return 0;
	annotate_hist__for_each(&ra->ann.hists[idx], &it, e) {
		const struct dso *d = e->target.dso;

		if (!d || !d->prog || (d->kind != DSO_KIND_BPF && d->kind != DSO_KIND_FALLBACK))
			continue;
		for (j = 0; j < n && v[j].prog != d->prog; j++)
			;
		if (j == n) {
			struct report_bpf_prog *nv = realloc(v, (n + 1) * sizeof(*v));

			if (!nv) {
				free(v);
				snprintf(err, errsz, "out of memory");
				return -ENOMEM;
			}
			v = nv;
			memset(&v[n++], 0, sizeof(*v));
			v[j].prog = d->prog;
		}
		v[j].nr_samples += e->nr_samples;
		v[j].period += e->period;
		if (!v[j].hottest || e->period > v[j].hottest->period)
			v[j].hottest = e;
	}
	bpf_progs__sort(v, n);
	*out = v;
	*nr = n;
	return 0;
}
