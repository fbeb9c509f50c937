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

int top_rows__format(const struct top_rows *rows, const struct hist_entry *he, char *buf,
		     size_t size)
{
	double self = rows->total ? 100.0 * (double)he->period / (double)rows->total : 0;
	size_t n;
	int k;

	if (rows->cumulate)
		n = (size_t)snprintf(buf, size, "%9.2f%%  %7.2f%%", top_rows__percent(rows, he),
				     self);
	else
		n = (size_t)snprintf(buf, size, "%9.2f%%", self);
	if (rows->show_nr_samples && n < size)
		n += (size_t)snprintf(buf + n, size - n, "  %12llu",
				      (unsigned long long)he->nr_samples);
	if (rows->show_total_period && n < size)
		n += (size_t)snprintf(buf + n, size - n, "  %12llu", (unsigned long long)he->period);
	for (k = 0; k < rows->sort.nr && n < size; k++) {
		enum sort_key key = rows->sort.keys[k];
		char col[1024];

		hist_entry__snprintf_key(he, key, col, sizeof(col));
		if (k == rows->sort.nr - 1)
			n += (size_t)snprintf(buf + n, size - n, "  %s", col);
		else
			n += (size_t)snprintf(buf + n, size - n, "  %-*s", rows->width[key], col);
	}
	return (int)min(n, size - 1);
}

int top_rows__format_header(const struct top_rows *rows, char *buf, size_t size)
{
	size_t n;
	int k;

	n = (size_t)snprintf(buf, size, "%s%s%s", rows->cumulate ? "  Children      Self" :
			     "  Overhead", rows->show_nr_samples ? "       Samples" : "",
			     rows->show_total_period ? "        Period" : "");
	for (k = 0; k < rows->sort.nr && n < size; k++) {
		enum sort_key key = rows->sort.keys[k];

		n += (size_t)snprintf(buf + n, size - n, "  %-*s", rows->width[key],
				      sort_key__header(key));
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
