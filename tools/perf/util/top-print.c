// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's rows: the visible entries in order and their text, shared by
 * the --stdio screen and the TUI.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "top.h"
#include "top-print.h"

static bool top__filtered(const struct hist_entry *he, const char *filter)
{
	char buf[1024];

	if (!filter || !*filter)
		return false;
	if (he->key.sym)
		return !strstr(he->key.sym->name, filter);
	hist_entry__snprintf_key(he, SORT_SYM, buf, sizeof(buf));
	return !strstr(buf, filter);
}

static double top_rows__share(const struct hists *hists, const struct perf_top *top,
			      const struct hist_entry *he)
{
	u64 v = hists->cumulate ? he->children : he->period;

	return hists->total_period ? 100.0 * (double)v / (double)hists->total_period : 0;
}

int top_rows__build(struct top_rows *rows, struct perf_top *top, const char *filter, int limit)
{
	struct hists *hists = top__hists(top);
	struct hist_entry **v;
	char buf[1024];
	int n, i, k;

	free(rows->v);
	memset(rows, 0, sizeof(*rows));
	n = hists__sorted(hists, &v);
	if (n < 0)
		return n;
	rows->v = v;
	rows->cumulate = hists->cumulate;
	rows->show_nr_samples = top->opts.show_nr_samples;
	rows->show_total_period = top->opts.show_total_period;
	rows->total = hists->total_period;
	for (k = 0; k < SORT_NR_KEYS; k++)
		rows->width[k] = (int)strlen(sort_key__header(k));
	for (i = 0; i < n; i++) {
		if (top__hidden(top, v[i]) || top__filtered(v[i], filter))
			continue;
		if (!v[i]->period && !v[i]->children)
			continue;
		/* --percent-limit: as upstream, of the column the rows sort by */
		if (top->opts.percent_limit > 0 &&
		    top_rows__share(hists, top, v[i]) < top->opts.percent_limit)
			continue;
		if (limit > 0 && rows->nr == limit)
			break;
		v[rows->nr++] = v[i];
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];
			int w = hist_entry__snprintf_key(v[i], key, buf, sizeof(buf));

			if (w > rows->width[key])
				rows->width[key] = w;
		}
	}
	rows->sort = hists->sort;
	if (top->has_fields)
		hist_fields__layout(&top->fields, &hists->sort, hists->cumulate, &rows->lay);
	else
		hist_layout__default(&rows->lay, &hists->sort, hists->cumulate,
				     rows->show_nr_samples, rows->show_total_period, false);
	return rows->nr;
}

void top_rows__exit(struct top_rows *rows)
{
	free(rows->v);
	memset(rows, 0, sizeof(*rows));
}

double top_rows__percent(const struct top_rows *rows, const struct hist_entry *he)
{
	u64 v = rows->cumulate ? he->children : he->period;

	return rows->total ? 100.0 * (double)v / (double)rows->total : 0;
}

/*
 * Column i of the layout: its width (a value's at least its header's, a
 * key's from -w or its rows'), and a value's len; false: not shown.
 */
static bool top_rows__col(const struct top_rows *rows, int i, int *width, int *len)
{
	int col = rows->lay.cols[i], w = rows->lay.widths[i];

	if (col < HIST_COL_OVERHEAD) {
		if (!(rows->sort.mask & (1u << col)))
			return false;
		*width = w ? w : rows->width[col];
		*len = w;
		return true;
	}
	*len = w ? w : hist_col__len(col);
	*width = max(*len, (int)strlen(hist_layout__header(&rows->lay, &rows->sort, col)));
	return true;
}

/* the last column shown: it is not padded */
static int top_rows__last(const struct top_rows *rows)
{
	int i, w, l, last = -1;

	for (i = 0; i < rows->lay.nr_cols; i++)
		if (top_rows__col(rows, i, &w, &l))
			last = i;
	return last;
}

int top_rows__format(const struct top_rows *rows, const struct hist_entry *he, char *buf,
		     size_t size)
{
	int i, w, l, last = top_rows__last(rows);
	size_t n = 0;

	buf[0] = '\0';
	for (i = 0; i < rows->lay.nr_cols && n < size; i++) {
		int col = rows->lay.cols[i], len;
		char text[1024];
		const char *t = text;

		if (!top_rows__col(rows, i, &w, &l))
			continue;
		if (col >= HIST_COL_OVERHEAD) {
			len = hist_col__snprintf(col, l, he, rows->total, rows->cumulate, text,
						 sizeof(text));
		} else {
			len = hist_entry__snprintf_key(he, (enum sort_key)col, text, sizeof(text));
			len = min(max(len, 0), (int)sizeof(text) - 1);
			if (l)
				t = hist_entry__cut_key(he, (enum sort_key)col, w, text, text,
							sizeof(text), &len);
		}
		n += (size_t)snprintf(buf + n, size - n, "  %.*s%*s", len, t,
				      i == last ? 0 : max(w - len, 0), "");
	}
	return (int)min(n, size - 1);
}

int top_rows__format_header(const struct top_rows *rows, char *buf, size_t size)
{
	int i, w, l;
	size_t n = 0;

	buf[0] = '\0';
	for (i = 0; i < rows->lay.nr_cols && n < size; i++) {
		int col = rows->lay.cols[i];
		const char *h = hist_layout__header(&rows->lay, &rows->sort, col);

		if (!top_rows__col(rows, i, &w, &l))
			continue;
		if (col >= HIST_COL_OVERHEAD)
			n += (size_t)snprintf(buf + n, size - n, "  %*s", w, h);
		else
			n += (size_t)snprintf(buf + n, size - n, "  %-*.*s", w,
					      l ? w : (int)strlen(h), h);
	}
	return (int)min(n, size - 1);
}

/* One --stdio screen: header, a dotted line, an empty one, the rows. */
int top__print_stdio(struct perf_top *top, double secs, int entries, int width, bool clear,
		     FILE *fp)
{
	struct top_rows rows = { 0 };
	char line[4096];
	int i, n;

	if (clear)
		fputs("\033[H\033[2J", fp);
	top__header(top, secs, line, sizeof(line));
	if (width > 0 && width < (int)sizeof(line))
		line[width] = '\0';
	fprintf(fp, "%s\n", line);
	n = width > 0 ? width - 1 : 79;
	for (i = 0; i < n; i++)
		fputc('-', fp);
	fputs("\n\n", fp);
	n = top_rows__build(&rows, top, NULL, entries);
	if (n < 0)
		return n;
	for (i = 0; i < rows.nr; i++) {
		top_rows__format(&rows, rows.v[i], line, sizeof(line));
		if (width > 0 && width < (int)sizeof(line))
			line[width] = '\0';
		fprintf(fp, "%s\n", line);
	}
	top_rows__exit(&rows);
	fflush(fp);
	return 0;
}
