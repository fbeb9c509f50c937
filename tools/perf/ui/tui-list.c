// SPDX-License-Identifier: GPL-2.0
/*
 * The list screen of top and report: header, underlined titles, the
 * rows with a selection bar (5% and more in bold), the status line.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <string.h>

#include "tui-list.h"

int tui_list__page(void)
{
	return LINES - 3 > 1 ? LINES - 3 : 1;
}

void tui_list__draw(const struct tui_list *l)
{
	int list = tui_list__page(), first = *l->first, i;
	const char *msg = l->message && l->message[0] ? l->message :
			  "Press 'h' for help on key bindings";

	if (l->selected < first)
		first = l->selected;
	if (l->selected >= first + list)
		first = l->selected - list + 1;
	/* fewer rows than before (a filter, a graph folded): the screen kept full */
	if (first > l->nr_rows - list)
		first = l->nr_rows - list;
	if (first < 0)
		first = 0;
	*l->first = first;
	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, l->header, COLS);
	attroff(A_BOLD);
	attron(A_UNDERLINE);
	mvprintw(1, 0, "%-*.*s", COLS, COLS, l->titles);
	attroff(A_UNDERLINE);
	for (i = 0; i < list && first + i < l->nr_rows; i++) {
		const struct tui_row *r = &l->rows[first + i];

		if (first + i == l->selected)
			attron(A_REVERSE);
		else if (r->percent >= 5.0)
			attron(A_BOLD);
		mvprintw(i + 2, 0, "%-*.*s", COLS, COLS, r->text);
		attroff(A_REVERSE | A_BOLD);
	}
	attron(A_REVERSE);
	mvprintw(LINES - 1, 0, "%-*.*s", COLS, COLS, msg);
	if (!(l->message && l->message[0]) && l->state && l->state[0] &&
	    (int)strlen(l->state) + 40 < COLS)
		mvprintw(LINES - 1, COLS - (int)strlen(l->state) - 1, "%s", l->state);
	attroff(A_REVERSE);
	refresh();
}

int tui_list__move(int selected, int nr, int page, int ch)
{
	switch (ch) {
	case KEY_DOWN: case 'j':
		selected++;
		break;
	case KEY_UP: case 'k':
		selected--;
		break;
	case KEY_NPAGE: case ' ':
		selected += page;
		break;
	case KEY_PPAGE:
		selected -= page;
		break;
	case KEY_HOME:
		selected = 0;
		break;
	case KEY_END:
		selected = nr - 1;
		break;
	default:
		return -1;
	}
	if (selected >= nr)
		selected = nr - 1;
	return selected < 0 ? 0 : selected;
}

int tui_list__key(int *selected, int nr, int ch)
{
	int sel = tui_list__move(*selected, nr, tui_list__page(), ch);

	if (sel >= 0) {
		*selected = sel;
		return 1;
	}
	return ch == 'q' || ch == 'Q' || ch == 27 ? -1 : 0;
}
