/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_TOP_H
#define __PERF_UI_TUI_TOP_H

#include <signal.h>
#include "util/types.h"
#include "tui-list.h"

struct perf_top;
struct dso;
struct symbol;

/*
 * perf top's TUI: the sorted list refreshed every delay seconds, until q
 * or *done.  Keys: arrows, PgUp/PgDn, Home/End move; a or Enter annotate;
 * z toggles zeroing; K and U hide kernel and user symbols; / filters by
 * symbol; h or ? help; q quits.  entries > 0 caps the rows.  The terminal
 * is restored before it returns.  0 or -errno.
 */
int tui_top__run(struct perf_top *top, double delay, int entries,
		 volatile sig_atomic_t *done);

/*
 * The screen's state and the steps tui_top__run() loops over, apart so
 * that tests drive them on a curses screen of their own.  The rows are a
 * snapshot: their text, and the dso and symbol they stand for (which
 * live as long as the machine), so moving around between refreshes never
 * touches entries a decay may have freed.
 */

struct tui_top {
	struct perf_top		*top;
	volatile sig_atomic_t	*done;
	int			entries;
	char			header[512];
	char			titles[512];
	struct tui_row		*rows;
	int			nr_rows;
	int			selected;
	int			first;		/* first row shown */
	char			filter[128];
	char			message[512];
};

/* New rows from the histogram; the selection stays on its symbol.  0 or -ENOMEM. */
int tui_top__snapshot(struct tui_top *t);
void tui_top__free_rows(struct tui_top *t);
/* The screen on the current curses screen: header, titles, rows, status line. */
void tui_top__draw(struct tui_top *t);
/* A key: 1 when the snapshot must be rebuilt, -1 to quit, else 0. */
int tui_top__key(struct tui_top *t, int ch);

#endif /* __PERF_UI_TUI_TOP_H */
