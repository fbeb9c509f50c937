/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REPORT_ROWS_H
#define __PERF_REPORT_ROWS_H

#include "types.h"
#include "hist.h"

struct hist_entry;
struct report;
struct perf_session;

/*
 * The rows of one event of a report as a browser shows them: each the
 * line --stdio prints for its entry, without the two columns of stdio's
 * "# " (where the entries have graphs: with the two of a fold mark, "+ "
 * for a row with a graph to show, else "  "), and its graph's lines as
 * --stdio draws them (blank ones left out); the column titles likewise,
 * and the title upstream's browser puts above them.
 */
/* A frame of a row's graph as upstream's browser folds it (hist.h's graph_tree_line). */
struct report_tree_line {
	struct graph_tree_line	l;		/* l.name: owned */
};

struct report_row {
	char			*text;
	const struct hist_entry	*he;
	double			percent;	/* of the total: Children where shown */
	char			**graph;	/* its graph's lines, as --stdio's */
	int			nr_graph;
	struct report_tree_line	*tree;		/* its graph as upstream's browser's tree */
	int			nr_tree;
};

struct report_rows {
	char			title[512];	/* "Samples: 3K of event 'E', Event count ..." */
	char			*titles;	/* the column titles */
	struct report_row	*v;
	int			nr;
	bool			graph;		/* the entries have graphs (-g): a fold column */
	int			idx;		/* the event's, in the session's evlist */
	u64			total_period;	/* the event's: the base of the shares */
};

/*
 * The rows of the first event with samples (none: 0 rows, an empty
 * title).  After every record was read.  0 or -ENOMEM; rows is ready
 * for report_rows__exit() either way.
 */
int report_rows__build(struct report_rows *rows, struct report *rep,
		       struct perf_session *session);

/* The entries a browser's zoom keeps and the columns it leaves out. */
struct report_rows_filter {
	bool	(*keep)(void *priv, const struct hist_entry *he);
	void	*priv;
	u32	hide_mask;	/* 1 << key */
};

/*
 * The rows of event idx (its widths those of the entries f keeps; f NULL:
 * all), as report_rows__build().  -ENODATA when it has no samples.
 */
int report_rows__build_event(struct report_rows *rows, struct report *rep,
			     struct perf_session *session, int idx,
			     const struct report_rows_filter *f);

/* The next event with samples after idx (dir 1) or before it (-1), cycling; idx when alone. */
int report_rows__next_event(struct report *rep, struct perf_session *session, int idx,
			    int dir);
void report_rows__exit(struct report_rows *rows);

/* The text of a row's symbol column ("[k] name"), for filtering; its length. */
int report_row__sym(const struct report_row *row, char *buf, size_t size);

#endif /* __PERF_REPORT_ROWS_H */
