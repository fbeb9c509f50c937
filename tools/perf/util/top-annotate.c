// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's annotation of a row: the symbol's samples since start (kept
 * per offset by top__read()) on its code, through util/annotate.c.  BPF
 * functions come from the bpf_prog_info the synthesis or the side-band
 * captured when they loaded, so unloaded ones annotate too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "annotate-opts.h"
#include "annotator.h"
#include "annotate-hist.h"
#include "evlist.h"
#include "top.h"
#include "top-annotate.h"

/*
 * Rows merge dsos of one name (every registration of a BPF program is a
 * dso of its own): the row's own, else the busiest of the same names.
 */
static struct annotate_entry *top__annotate_entry(struct perf_top *top, const struct dso *dso,
						  const struct symbol *sym)
{
	struct annotate_hist *h = &top->ahist;
	struct annotate_entry *e = annotate_hist__find(h, dso, sym), *best = NULL;
	struct annotate_hist_iter it;

	if (e)
		return e;
	annotate_hist__for_each(h, &it, e)
		if (!strcmp(e->target.dso->short_name, dso->short_name) &&
		    !strcmp(e->target.sym->name, sym->name) &&
		    (!best || e->period > best->period))
			best = e;
	return best;
}

static int top__annotate_lines(const struct annotation *a, const struct annotate_print_opts *o,
				char ***lines, int *nr)
{
	const struct annotate_print_opts opts = {
		.asm_raw = o->asm_raw, .no_source = o->no_source,
	};
	char **v = calloc(a->nr_lines + 1, sizeof(*v));
	char buf[4096];
	size_t i, n = 0;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < a->nr_lines; i++) {
		/* --no-source: the instructions only */
		if (opts.no_source && a->lines[i].type == ANNOTATION_LINE_SOURCE)
			continue;
		annotation_line__snprintf(a, &a->lines[i], &opts, buf, sizeof(buf));
		v[n] = strdup(buf);
		if (!v[n]) {
			while (n--)
				free(v[n]);
			free(v);
			return -ENOMEM;
		}
		n++;
	}
	*lines = v;
	*nr = (int)n;
	return 0;
}

int top_annotate__lines(struct perf_top *top, const struct dso *dso, const struct symbol *sym,
			char *title, size_t title_size, char ***lines, int *nr)
{
	struct annotate_entry *e;
	struct annotate_target t;
	struct annotator_opts ao = { 0 };
	struct annotation *a = NULL;
	char err[256];
	int ret;

	*lines = NULL;
	*nr = 0;
	title[0] = '\0';
	if (!dso || !sym) {
		snprintf(title, title_size, "no symbol to annotate here");
		return -ENOENT;
	}
	e = top__annotate_entry(top, dso, sym);
	if (!e) {
		snprintf(title, title_size, "%s: no samples of its own to annotate", sym->name);
		return -ENOENT;
	}
	t = e->target;
	if (top->opts.annotate)
		annotate_opts__apply(top->opts.annotate, &ao);
	t.intel = ao.intel;
	t.bpf = &top->bpf;
	t.machine = top->machine;
	/* the side-band thread adds programs meanwhile */
	pthread_mutex_lock(&top->bpf_lock);
	ret = annotation__new(&a, &t, e->samples, e->nr, err, sizeof(err));
	pthread_mutex_unlock(&top->bpf_lock);
	if (ret) {
		snprintf(title, title_size, "%s: %s", sym->name, err);
		return ret;
	}
	snprintf(title, title_size, "Annotate %s (%s)  %llu samples of %s, percent: local period",
		 a->sym_name, dso->short_name, (unsigned long long)a->nr_samples,
		 evsel__name(top->evlist->entries[top->sym_idx]));
	ret = top__annotate_lines(a, &ao.print, lines, nr);
	annotation__delete(a);
	return ret;
}
