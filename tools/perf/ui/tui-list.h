/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_LIST_H
#define __PERF_UI_TUI_LIST_H

#include "util/types.h"

struct dso;
struct symbol;

/*
 * The list screen top and report share: a header line, the column
 * titles, rows with a selection bar, and a status line.  A row is a
 * snapshot: its text, and the dso and symbol it stands for (which live
 * as long as the machine).
 */
struct tui_row {
	char			*text;
	const struct dso	*dso;
	const struct symbol	*sym;
	u64			addr;
	double			percent;
};

struct tui_list {
	const char		*header;
	const char		*titles;
	const struct tui_row	*rows;
	int			nr_rows;
	int			selected;
	int			*first;		/* first row shown: kept so the selection shows */
	const char		*message;	/* the status line; NULL or "": the help hint */
	const char		*state;		/* right of the hint, when it fits */
};

/* The list on the current curses screen, scrolled so the selection is shown. */
void tui_list__draw(const struct tui_list *l);

/*
 * The selection after a moving key (arrows, j/k, PgUp/PgDn, space,
 * Home/End) of nr rows, page a screen, clamped; -1 for other keys.
 */
int tui_list__move(int selected, int nr, int page, int ch);

/*
 * A key of a list of nr rows: 1 when it moved *selected (as
 * tui_list__move()), -1 for the keys that leave (q, Esc), else 0.
 */
int tui_list__key(int *selected, int nr, int ch);

/* Rows of the list on a screen of the current size (at least 1). */
int tui_list__page(void);

#endif /* __PERF_UI_TUI_LIST_H */
