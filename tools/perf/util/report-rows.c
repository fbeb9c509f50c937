// SPDX-License-Identifier: GPL-2.0
/*
 * A report's rows for a browser: the event's --stdio lines, printed to
 * memory, cut into rows, each with its entry and its graph's lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "evlist.h"
#include "report.h"
#include "report-rows.h"
#include "sort-fields.h"

struct rows_collect {
	FILE			*fp;
	const struct hist_entry	**he;
	long			*end;		/* where each row's line ends: its graph starts */
	int			nr;
	u32			alloc_he, alloc_end;
	/* the tree lines of every row, in order, and the row of each */
	struct report_tree_line	*tree;
	int			*tree_row;
	int			nr_tree;
	u32			alloc_tree, alloc_tree_row;
	int			err;
};

static void rows_collect__tree(void *priv, const struct hist_entry *he,
			       const struct graph_tree_line *l)
{
	struct rows_collect *c = priv;
	struct report_tree_line *t;

	if (c->err || !c->nr)
		return;
	if (array__grow((void **)&c->tree, &c->alloc_tree, (size_t)c->nr_tree + 1,
			sizeof(*c->tree), 256) ||
	    array__grow((void **)&c->tree_row, &c->alloc_tree_row, (size_t)c->nr_tree + 1,
			sizeof(*c->tree_row), 256)) {
		c->err = -ENOMEM;
		return;
	}
	t = &c->tree[c->nr_tree];
	t->l = *l;
	t->l.name = strdup(l->name);
	if (!t->l.name) {
		c->err = -ENOMEM;
		return;
	}
	c->tree_row[c->nr_tree++] = c->nr - 1;
}

/* Each row's tree lines: runs of c->tree, moved into the rows. */
static int rows__trees(struct report_rows *rows, struct rows_collect *c)
{
	int i = 0, j;

	while (i < c->nr_tree) {
		int row = c->tree_row[i];
		struct report_row *r = &rows->v[row];

		for (j = i; j < c->nr_tree && c->tree_row[j] == row; j++)
			;
		r->tree = malloc((j - i) * sizeof(*r->tree));
		if (!r->tree)
			return -ENOMEM;
		memcpy(r->tree, c->tree + i, (j - i) * sizeof(*r->tree));
		r->nr_tree = j - i;
		for (; i < j; i++)
			c->tree[i].l.name = NULL;
	}
	return 0;
}

static void rows_collect__row(void *priv, const struct hist_entry *he)
{
	struct rows_collect *c = priv;

	if (c->err)
		return;
	if (array__grow((void **)&c->he, &c->alloc_he, (size_t)c->nr + 1, sizeof(*c->he), 256) ||
	    array__grow((void **)&c->end, &c->alloc_end, (size_t)c->nr + 1, sizeof(*c->end), 256)) {
		c->err = -ENOMEM;
		return;
	}
	c->he[c->nr] = he;
	c->end[c->nr++] = ftell(c->fp);
}

/* A line of stdio's, its trailing blanks cut, after mark and without its first skip columns. */
static char *rows__line(const char *line, size_t len, const char *mark, size_t skip)
{
	char *s;

	while (len && line[len - 1] == ' ')
		len--;
	if (skip > len)
		skip = len;
	s = malloc(strlen(mark) + len - skip + 1);
	if (s)
		sprintf(s, "%s%.*s", mark, (int)(len - skip), line + skip);
	return s;
}

static double rows__percent(const struct hists *hists, const struct hist_entry *he)
{
	u64 v = hists->cumulate ? he->children : he->period;

	return hists->total_period ? 100.0 * (double)v / (double)hists->total_period : 0;
}

/* The start of the line that ends (with its newline) at end. */
static size_t rows__line_start(const char *text, size_t end)
{
	size_t p = end ? end - 1 : 0;

	while (p && text[p - 1] != '\n')
		p--;
	return p;
}

/* A row's graph: the lines from start to end that are not blank, as stdio draws them. */
static int rows__graph(struct report_row *r, const char *text, size_t start, size_t end)
{
	size_t p = start;

	while (p < end) {
		const char *nl = memchr(text + p, '\n', end - p);
		size_t len = nl ? (size_t)(nl - (text + p)) : end - p;
		char *line, **v;

		if (strspn(text + p, " ") < len) {
			line = rows__line(text + p, len, "", 0);
			v = line ? realloc(r->graph, (r->nr_graph + 1) * sizeof(*v)) : NULL;
			if (!v) {
				free(line);
				return -ENOMEM;
			}
			r->graph = v;
			r->graph[r->nr_graph++] = line;
		}
		p += len + 1;
	}
	return 0;
}

/*
 * Cut the printed text: the titles from its first "# " line, each row's
 * line ending where the hook saw it, its graph up to the next row's line.
 */
static int rows__split(struct report_rows *rows, const struct hists *hists, const char *text,
		       size_t size, const struct rows_collect *c)
{
	const char *p = text, *end = text + (c->nr ? rows__line_start(text, c->end[0]) : size);
	int i, err;

	while (p < end && !rows->titles) {
		const char *nl = memchr(p, '\n', end - p);
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (p[0] == '#' && len > 2 && p[2] != '.') {
			rows->titles = rows__line(p, len, rows->graph ? "  " : "", 2);
			if (!rows->titles)
				return -ENOMEM;
		}
		p += len + 1;
	}
	rows->v = calloc(c->nr + 1, sizeof(*rows->v));
	if (!rows->v)
		return -ENOMEM;
	for (i = 0; i < c->nr; i++) {
		struct report_row *r = &rows->v[rows->nr++];
		size_t start = rows__line_start(text, c->end[i]);
		size_t next = i + 1 < c->nr ? rows__line_start(text, c->end[i + 1]) : size;

		r->he = c->he[i];
		r->percent = rows__percent(hists, r->he);
		err = rows__graph(r, text, c->end[i], next);
		if (err)
			return err;
		r->text = rows__line(text + start, c->end[i] - 1 - start,
				     !rows->graph ? "" : r->nr_graph ? "+ " : "  ", 2);
		if (!r->text)
			return -ENOMEM;
	}
	if (!rows->titles)
		rows->titles = strdup("");
	return rows->titles ? 0 : -ENOMEM;
}

static int rows__print(struct report_rows *rows, struct report *rep,
		       struct perf_session *session, struct evsel *evsel, struct hists *hists,
		       const struct report_rows_filter *f)
{
	struct rows_collect c = { 0 };
	struct hists_print_opts opts;
	struct sort_fields_ctx fctx;
	char *text = NULL;
	size_t size = 0;
	FILE *fp;
	int err, i;

	report__print_opts(rep, session, &opts, &fctx);
	fctx.event = perf_session__tp_format(session, evsel);
	opts.quiet = false;
	opts.row_hook = rows_collect__row;
	opts.row_priv = &c;
	opts.tree_hook = rows_collect__tree;
	opts.tree_priv = &c;
	if (f) {
		opts.keep = f->keep;
		opts.keep_priv = f->priv;
		opts.hide_mask |= f->hide_mask;
	}
	fp = open_memstream(&text, &size);
	if (!fp) {
		strbuf__release(&fctx.sb);
		return -ENOMEM;
	}
	c.fp = fp;
	hists__fprintf(hists, &opts, fp);
	err = fclose(fp) ? -ENOMEM : c.err;
	strbuf__release(&fctx.sb);
	if (!err && text)
		err = rows__split(rows, hists, text, size, &c);
	if (!err)
		err = rows__trees(rows, &c);
	free(text);
	free(c.he);
	for (i = 0; i < c.nr_tree; i++)
		free((char *)c.tree[i].l.name);
	free(c.tree);
	free(c.tree_row);
	free(c.end);
	return err;
}

static struct hists *rows__hists(struct report *rep, struct perf_session *session, int idx)
{
	struct hists *hists = idx >= 0 && idx < rep->nr_hists ? &rep->hists[idx] : NULL;

	return hists && hists->nr_samples && idx < session->evlist->nr_entries ? hists : NULL;
}

int report_rows__build_event(struct report_rows *rows, struct report *rep,
			     struct perf_session *session, int idx,
			     const struct report_rows_filter *f)
{
	struct hists *hists = rows__hists(rep, session, idx);
	struct evsel *evsel;
	char nr[32];
	int len;

	memset(rows, 0, sizeof(*rows));
	if (!hists)
		return -ENODATA;
	evsel = session->evlist->entries[idx];
	report__finish_hists(rep, hists, idx);
	rows->idx = idx;
	rows->total_period = hists->total_period;
	rows->graph = hists->graph && hists->nr_chains;
	report__nr_samples_text(hists->nr_samples, nr, sizeof(nr));
	len = snprintf(rows->title, sizeof(rows->title), "Samples: %s of event '%s'", nr,
		       evsel__name(evsel));
	if (rep->opts.time_str && len < (int)sizeof(rows->title))
		len += snprintf(rows->title + len, sizeof(rows->title) - len,
				" (time slices: %s)", rep->opts.time_str);
	if (len < (int)sizeof(rows->title))
		snprintf(rows->title + len, sizeof(rows->title) - len,
			 ", Event count (approx.): %llu", (unsigned long long)hists->total_period);
	return rows__print(rows, rep, session, evsel, hists, f);
}

int report_rows__build(struct report_rows *rows, struct report *rep,
		       struct perf_session *session)
{
	int i;

	memset(rows, 0, sizeof(*rows));
	for (i = 0; i < session->evlist->nr_entries; i++)
		if (rows__hists(rep, session, i))
			return report_rows__build_event(rows, rep, session, i, NULL);
	return 0;
}

int report_rows__next_event(struct report *rep, struct perf_session *session, int idx,
			    int dir)
{
	int n = session->evlist->nr_entries, i, k;

	for (k = 1; k < n; k++) {
		i = ((idx + dir * k) % n + n) % n;
		if (rows__hists(rep, session, i))
			return i;
	}
	return idx;
}

void report_rows__exit(struct report_rows *rows)
{
	int i;

	for (i = 0; i < rows->nr; i++) {
		struct report_row *r = &rows->v[i];

		free(r->text);
		while (r->nr_graph)
			free(r->graph[--r->nr_graph]);
		free(r->graph);
		while (r->nr_tree)
			free((char *)r->tree[--r->nr_tree].l.name);
		free(r->tree);
	}
	free(rows->v);
	free(rows->titles);
	memset(rows, 0, sizeof(*rows));
}

int report_row__sym(const struct report_row *row, char *buf, size_t size)
{
	return hist_entry__snprintf_key(row->he, SORT_SYM, buf, size);
}
