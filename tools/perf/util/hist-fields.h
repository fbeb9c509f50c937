/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_HIST_FIELDS_H
#define __PERF_HIST_FIELDS_H

#include <stdbool.h>
#include "sort.h"

/*
 * perf report's -F/--fields and -w/--column-widths: which columns the
 * rows have (the shares, Samples and Period, and the sort keys) in which
 * order, and which of them order the rows, as upstream combines -F with
 * -s: the sort keys not among the fields become columns after them, the
 * fields not among the sort keys order the rows after the keys.  A
 * strict -F (not "+field") has no default column nor default sort key;
 * "+field" adds to the default columns.
 */
enum hist_col {
	/* below HIST_COL_OVERHEAD: an enum sort_key */
	HIST_COL_OVERHEAD = SORT_NR_KEYS,
	HIST_COL_SYS,
	HIST_COL_US,
	HIST_COL_GUEST_SYS,
	HIST_COL_GUEST_US,
	HIST_COL_CHILDREN,
	HIST_COL_SAMPLE,
	HIST_COL_PERIOD,
	HIST_COL_END,
};

#define HIST_MAX_COLS	32

/* A word of -F or -s: a column of its own or the nth key of the keys' list. */
struct hist_field_tok {
	int	col;	/* enum hist_col, or -1: a key */
	int	key;	/* its place in the keys' list (hist_fields__parse()'s keys) */
};

struct hist_fields {
	struct hist_field_tok	fields[HIST_MAX_COLS];	/* -F's words */
	int			nr_fields;
	struct hist_field_tok	sort[HIST_MAX_COLS];	/* -s's (or the default's), -p's */
	int			nr_sort;
	bool			strict;		/* -F without '+': no default columns */
	bool			given;		/* -F given */
	int			widths[HIST_MAX_COLS];	/* -w, column by column; 0: its own */
	int			nr_widths;
	/* the default columns of a "+field" -F or none */
	bool			show_nr_samples;
	bool			show_total_period;
	bool			show_cpu_util;
	/* key i of the keys' list as a spec's key (field keys by their order; -1: none) */
	int			keys[HIST_MAX_COLS];
	int			nr_keys;
};

/*
 * -F (fields, NULL: none), -s (sort, NULL: def), parent (-p: the parent
 * key after the others) into hf, and the list of keys (sort's first)
 * to give sort_spec__parse_fields() into keys.  -EINVAL: a word that is
 * neither a column nor a key's name (in bad), or a -F of '+' alone
 * (bad: "+"); -ENOENT: the same of a word of sort; -E2BIG: too many.
 */
int hist_fields__parse(struct hist_fields *hf, const char *fields, const char *sort,
		       const char *def, bool parent, char *keys, size_t keys_size, char *bad,
		       size_t bad_size);

/* -w "W[,W...]": the columns' widths in order (as upstream: stops at what is no number) */
void hist_fields__set_widths(struct hist_fields *hf, const char *str);

/*
 * The columns and the rows' order of one histogram: its spec's keys
 * (which field keys an event kept), children mode (cumulate) or not.
 */
struct hist_layout {
	int	cols[HIST_MAX_COLS];	/* enum hist_col, in order */
	int	widths[HIST_MAX_COLS];	/* -w's for cols[i]; 0: its own */
	int	nr_cols;
	int	order[HIST_MAX_COLS];	/* the first that differs orders two rows */
	int	nr_order;
	bool	self;			/* the overhead column is "Self" */
};

void hist_fields__layout(const struct hist_fields *hf, const struct sort_spec *spec,
			 bool cumulate, struct hist_layout *lay);

/* The layout without -F and -w: upstream's default columns. */
void hist_layout__default(struct hist_layout *lay, const struct sort_spec *spec, bool cumulate,
			  bool nr_samples, bool total_period, bool cpu_util);

/* True when lay orders rows as the default does: [children,] overhead, the keys. */
bool hist_layout__default_order(const struct hist_layout *lay, const struct sort_spec *spec,
				bool cumulate);

/* A column's header ("Overhead", "Self", "Samples", or the key's) and its default width. */
const char *hist_layout__header(const struct hist_layout *lay, const struct sort_spec *spec,
				int col);
int hist_col__len(int col);

struct hist_entry;

/* A value column's value of an entry (its period, samples, ...; 0 for a guest's). */
u64 hist_col__value(int col, const struct hist_entry *he);

/*
 * A value column's text as upstream's: " %*.2f%%" of its share of total
 * in len less the sign and space, " %*llu" in len less the space, "N/A"
 * for Children outside children mode; len 1 for -t.  Its length.
 */
int hist_col__snprintf(int col, int len, const struct hist_entry *he, u64 total, bool cumulate,
		       char *buf, size_t size);

/*
 * -w: a key's text (text, *len) cut to its width w as upstream's (see
 * perf-report.txt); a CPU's number printed again into buf.
 */
const char *hist_entry__cut_key(const struct hist_entry *he, enum sort_key key, int w,
				const char *text, char *buf, size_t size, int *len);

#endif /* __PERF_HIST_FIELDS_H */
