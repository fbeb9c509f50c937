/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TOP_PRINT_H
#define __PERF_TOP_PRINT_H

#include <stdio.h>
#include "hist.h"
#include "hist-fields.h"

struct perf_top;

/*
 * The rows of a refresh: the shown histogram's entries, sorted, without
 * those -K/-U hide or that filter (a substring of the symbol) leaves out,
 * at most limit of them (all when <= 0), and the width of each column
 * over them.
 */
struct top_rows {
	struct hist_entry	**v;
	int			nr;
	int			width[SORT_NR_KEYS];
	struct sort_spec	sort;
	struct hist_layout	lay;		/* the columns: -F, -w or the default */
	bool			cumulate;
	bool			show_nr_samples;	/* -n: the Samples column */
	bool			show_total_period;	/* the Period column */
	u64			total;
};

int top_rows__build(struct top_rows *rows, struct perf_top *top, const char *filter, int limit);
void top_rows__exit(struct top_rows *rows);
/* The percentage a row is sorted by (Children with -g, else Overhead). */
double top_rows__percent(const struct top_rows *rows, const struct hist_entry *he);
/* "    12.34%  [kernel]  [k] name" (no newline); the length. */
int top_rows__format(const struct top_rows *rows, const struct hist_entry *he, char *buf,
		     size_t size);
/* The column titles, aligned with the rows. */
int top_rows__format_header(const struct top_rows *rows, char *buf, size_t size);

/*
 * One --stdio screen for an interval of secs: at most entries rows (all
 * when <= 0), lines cut at width (none when <= 0), cleared first when the
 * output is a terminal.
 */
int top__print_stdio(struct perf_top *top, double secs, int entries, int width, bool clear,
		     FILE *fp);

#endif /* __PERF_TOP_PRINT_H */
