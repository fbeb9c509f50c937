/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_TOP_H
#define __PERF_UI_TUI_TOP_H

#include <signal.h>

struct perf_top;

/*
 * perf top's TUI: the sorted list refreshed every delay seconds, until q
 * or *done.  Keys: arrows, PgUp/PgDn, Home/End move; a or Enter annotate;
 * z toggles zeroing; K and U hide kernel and user symbols; / filters by
 * symbol; h or ? help; q quits.  entries > 0 caps the rows.  The terminal
 * is restored before it returns.  0 or -errno.
 */
int tui_top__run(struct perf_top *top, double delay, int entries,
		 volatile sig_atomic_t *done);

#endif /* __PERF_UI_TUI_TOP_H */
