// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate on a terminal: the annotate browser over every sampled
 * symbol in turn, most sampled first.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/annotator.h"
#include "util/evlist.h"
#include "util/report.h"
#include "tui.h"
#include "tui-annotate.h"

struct tui_symbol {
	int			idx;
	struct annotate_entry	*e;
	bool			failed;		/* annotation__new() could not */
};

struct tui_symbols {
	struct annotator	*ann;
	struct evlist		*evlist;
	volatile sig_atomic_t	*done;
	enum annotate_fusion	fusion;
	struct tui_symbol	*v;
	int			nr;
	char			title[512];
};

static int tui_symbols__collect(struct tui_symbols *s)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(s->evlist, evsel, i) {
		struct annotate_entry **entries;
		struct tui_symbol *v;
		size_t nr, k;

		if (i >= s->ann->nr_hists || !s->ann->totals[i].nr_samples)
			continue;
		if (annotator__entries(s->ann, i, &entries, &nr))
			return -ENOMEM;
		v = realloc(s->v, (s->nr + nr + 1) * sizeof(*v));
		if (!v) {
			free(entries);
			return -ENOMEM;
		}
		s->v = v;
		for (k = 0; k < nr; k++)
			v[s->nr++] = (struct tui_symbol){ .idx = i, .e = entries[k] };
		free(entries);
	}
	return 0;
}

/* e's function with the samples of every load of it; NULL when it cannot be annotated */
static struct annotation *tui_symbols__annotation(struct tui_symbols *s, int idx,
						  struct annotate_entry *e)
{
	struct annotation *a = NULL;
	struct annotate_sample *samples;
	char err[1024];
	size_t nr;

	if (annotator__merged_samples(s->ann, idx, e, &samples, &nr))
		return NULL;
	if (annotation__new(&a, &e->target, samples, nr, err, sizeof(err)))
		a = NULL;
	free(samples);
	return a;
}

/* The symbol at or after pos (step 1) or before it (-1) that annotates; -1: none. */
static int tui_symbols__find(struct tui_symbols *s, int pos, int step, struct annotation **a)
{
	for (; pos >= 0 && pos < s->nr; pos += step) {
		if (s->v[pos].failed)
			continue;
		*a = tui_symbols__annotation(s, s->v[pos].idx, s->v[pos].e);
		if (*a)
			return pos;
		s->v[pos].failed = true;
	}
	return -1;
}

static void tui_symbols__title(struct tui_symbols *s, int idx)
{
	struct evsel *evsel = s->evlist->entries[idx];
	struct annotator_total tot;
	char nr[32];

	annotator__shown_total(s->ann, idx, &tot);
	report__nr_samples_text(tot.nr_samples, nr, sizeof(nr));
	/* upstream prints the u64 with %d */
	snprintf(s->title, sizeof(s->title),
		 "Samples: %s of event '%s', %d Hz, Event count (approx.): %llu", nr,
		 evsel__name(evsel), (int)evsel->attr.sample_freq, (unsigned long long)tot.period);
}

static int tui_symbols__browse(struct tui_symbols *s, int idx, struct annotation *a);

struct tui_symbols_call {
	struct tui_symbols	*s;
	int			idx;
};

static int tui_symbols__callee(void *arg, const struct annotation_line *l, char *msg,
			       size_t size)
{
	struct tui_symbols_call *c = arg;
	struct annotate_entry *e = annotator__entry_at(c->s->ann, c->idx, l->target);
	struct annotation *a;

	if (!e) {
		snprintf(msg, size, "no samples in the called function (%llx)",
			 (unsigned long long)l->target);
		return -ENOENT;
	}
	a = tui_symbols__annotation(c->s, c->idx, e);
	if (!a) {
		snprintf(msg, size, "%s: cannot be annotated", e->target.sym->name);
		return -EINVAL;
	}
	tui_symbols__browse(c->s, c->idx, a);
	return 0;
}

/* One browser on a (freed here): the key that left it. */
static int tui_symbols__browse(struct tui_symbols *s, int idx, struct annotation *a)
{
	struct tui_symbols_call c = { .s = s, .idx = idx };
	struct tui_annotate t = {
		.a = a, .title = s->title, .done = s->done, .fusion = s->fusion,
		.hide_source = s->ann->opts.print.no_source,
		.call = tui_symbols__callee, .call_arg = &c,
	};
	int key;

	key = tui_annotate__run(&t);
	annotation__delete(a);
	return key;
}

int tui_annotate__symbols(struct annotator *ann, struct evlist *evlist, const char *cpuid,
			  const char *note, volatile sig_atomic_t *done)
{
	struct tui_symbols s = {
		.ann = ann, .evlist = evlist, .done = done,
		.fusion = annotate_fusion__from_cpuid(cpuid),
	};
	struct annotation *a = NULL;
	int pos, err, key;

	err = tui_symbols__collect(&s);
	if (err)
		goto out;
	pos = tui_symbols__find(&s, 0, 1, &a);
	if (pos < 0) {
		err = -ENODATA;
		goto out;
	}
	err = tui__init();
	if (err) {
		annotation__delete(a);
		goto out;
	}
	while (a) {
		struct tui_annotate t = {
			.a = a, .title = s.title, .done = done, .right_leaves = true,
			.fusion = s.fusion, .hide_source = s.ann->opts.print.no_source,
		};
		struct tui_symbols_call c = { .s = &s, .idx = s.v[pos].idx };
		int next = -1;

		t.call = tui_symbols__callee;
		t.call_arg = &c;
		if (note) {
			snprintf(t.message, sizeof(t.message), "%s", note);
			note = NULL;
		}
		tui_symbols__title(&s, s.v[pos].idx);
		key = tui_annotate__run(&t);
		annotation__delete(a);
		a = NULL;
		if (key == KEY_RIGHT) {
			next = tui_symbols__find(&s, pos + 1, 1, &a);
			/* the last one: stay on it */
			if (next < 0)
				next = tui_symbols__find(&s, pos, -1, &a);
		} else if (key == KEY_LEFT) {
			next = tui_symbols__find(&s, pos - 1, -1, &a);
		}
		if (key < 0)
			err = key;
		pos = next;
	}
	tui__exit();
out:
	free(s.v);
	return err;
}
