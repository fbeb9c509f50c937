// SPDX-License-Identifier: GPL-2.0
/*
 * A report's rows for a browser: the event's --stdio lines, printed to
 * memory without graphs, cut into rows, each with its entry.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlist.h"
#include "report.h"
#include "report-rows.h"
#include "sort-fields.h"

struct rows_collect {
	const struct hist_entry	**he;
	int			nr;
	int			alloc;
	int			err;
};

static void rows_collect__row(void *priv, const struct hist_entry *he)
{
	struct rows_collect *c = priv;

	if (c->err)
		return;
	if (c->nr == c->alloc) {
		int alloc = c->alloc ? c->alloc * 2 : 256;
		const struct hist_entry **v = realloc(c->he, alloc * sizeof(*v));

		if (!v) {
			c->err = -ENOMEM;
			return;
		}
		c->he = v;
		c->alloc = alloc;
	}
	c->he[c->nr++] = he;
}

/* A line of stdio's in the browser's columns: its own two first ones off, a fold mark's on. */
static char *rows__line(const char *line, size_t len, const char *mark)
{
	size_t skip = len >= 2 ? 2 : len;
	char *s;

	while (len > skip && line[len - 1] == ' ')
		len--;
	s = malloc(len - skip + 3);
	if (!s)
		return NULL;
	snprintf(s, len - skip + 3, "%s%.*s", mark, (int)(len - skip), line + skip);
	return s;
}

static double rows__percent(const struct hists *hists, const struct hist_entry *he)
{
	u64 v = hists->cumulate ? he->children : he->period;

	return hists->total_period ? 100.0 * (double)v / (double)hists->total_period : 0;
}

/* Cut the printed lines: the "# " ones give the titles, the others are rows, in order. */
static int rows__split(struct report_rows *rows, const struct hists *hists, char *text,
		       size_t size, const struct rows_collect *c)
{
	const char *mark = rows->graph ? "  " : "";
	char *p = text, *end = text + size;

	rows->v = calloc(c->nr + 1, sizeof(*rows->v));
	if (!rows->v)
		return -ENOMEM;
	while (p < end) {
		char *nl = memchr(p, '\n', end - p);
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (p[0] == '#') {
			if (!rows->titles && len > 2 && p[2] != '.')
				rows->titles = rows__line(p, len, mark);
		} else if (len && rows->nr < c->nr) {
			struct report_row *r = &rows->v[rows->nr];

			r->text = rows__line(p, len, mark);
			if (!r->text)
				return -ENOMEM;
			r->he = c->he[rows->nr];
			r->percent = rows__percent(hists, r->he);
			rows->nr++;
		}
		p += len + 1;
	}
	if (!rows->titles)
		rows->titles = strdup("");
	return rows->titles ? 0 : -ENOMEM;
}

static int rows__print(struct report_rows *rows, struct report *rep,
		       struct perf_session *session, struct evsel *evsel, struct hists *hists)
{
	struct rows_collect c = { 0 };
	struct hists_print_opts opts;
	struct sort_fields_ctx fctx;
	char *text = NULL;
	size_t size = 0;
	FILE *fp;
	int err;

	report__print_opts(rep, session, &opts, &fctx);
	fctx.event = perf_session__tp_format(session, evsel);
	opts.quiet = false;
	opts.no_graphs = true;
	opts.row_hook = rows_collect__row;
	opts.row_priv = &c;
	fp = open_memstream(&text, &size);
	if (!fp) {
		strbuf__release(&fctx.sb);
		return -ENOMEM;
	}
	hists__fprintf(hists, &opts, fp);
	err = fclose(fp) ? -ENOMEM : c.err;
	strbuf__release(&fctx.sb);
	if (!err && text)
		err = rows__split(rows, hists, text, size, &c);
	free(text);
	free(c.he);
	return err;
}

int report_rows__build(struct report_rows *rows, struct report *rep,
		       struct perf_session *session)
{
	struct evsel *evsel;
	int i;

	memset(rows, 0, sizeof(*rows));
	evlist__for_each(session->evlist, evsel, i) {
		struct hists *hists = i < rep->nr_hists ? &rep->hists[i] : NULL;
		char nr[32];
		int len;

		if (!hists || !hists->nr_samples)
			continue;
		hists__rename_comms(hists, rep->machine);
		rows->graph = hists->graph && hists->nr_chains;
		report__nr_samples_text(hists->nr_samples, nr, sizeof(nr));
		len = snprintf(rows->title, sizeof(rows->title), "Samples: %s of event '%s'", nr,
			       evsel__name(evsel));
		if (rep->opts.time_str && len < (int)sizeof(rows->title))
			len += snprintf(rows->title + len, sizeof(rows->title) - len,
					" (time slices: %s)", rep->opts.time_str);
		if (len < (int)sizeof(rows->title))
			snprintf(rows->title + len, sizeof(rows->title) - len,
				 ", Event count (approx.): %llu",
				 (unsigned long long)hists->total_period);
		return rows__print(rows, rep, session, evsel, hists);
	}
	return 0;
}

void report_rows__exit(struct report_rows *rows)
{
	int i;

	for (i = 0; i < rows->nr; i++)
		free(rows->v[i].text);
	free(rows->v);
	free(rows->titles);
	memset(rows, 0, sizeof(*rows));
}

int report_row__sym(const struct report_row *row, char *buf, size_t size)
{
	return hist_entry__snprintf_key(row->he, SORT_SYM, buf, size);
}
