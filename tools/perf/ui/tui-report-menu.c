// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser: upstream's menu of the events ("Available
 * samples"), first when the file has more than one.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/evlist.h"
#include "util/report.h"
#include "tui.h"
#include "tui-list.h"
#include "tui-report.h"
#include "tui-report-priv.h"

void tui_report__use_menu(struct tui_report *t)
{
	struct evsel *evsel;
	int i, n = 0;

	evlist__for_each(t->session->evlist, evsel, i)
		n += !evsel__is_sideband(evsel);
	t->has_menu = t->in_menu = n > 1;
	t->menu_sel = 0;
}

/* A line of the menu: "1K cpu-clock", the count as the title writes it. */
static void tui_report__menu_line(const struct tui_report *t, int i, char *buf, size_t size)
{
	struct evsel *evsel = t->session->evlist->entries[i];
	u64 nr = i < t->rep->nr_hists ? t->rep->hists[i].nr_samples : 0;
	char n[32];
	size_t len;

	report__nr_samples_text(nr, n, sizeof(n));
	len = strlen(n);
	while (len && n[len - 1] == ' ')
		n[--len] = '\0';
	snprintf(buf, size, "%s %s", n, evsel__name(evsel));
}

void tui_report__draw_menu(struct tui_report *t)
{
	int nr = t->session->evlist->nr_entries, page = LINES - 2, first = 0, i;
	char line[512];

	if (t->menu_sel >= page)
		first = t->menu_sel - page + 1;
	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, "Available samples", COLS);
	attroff(A_BOLD);
	for (i = 0; i < page && first + i < nr; i++) {
		tui_report__menu_line(t, first + i, line, sizeof(line));
		if (first + i == t->menu_sel)
			attron(A_REVERSE);
		mvprintw(i + 1, 0, "%-*.*s", COLS, COLS, line);
		attroff(A_REVERSE);
	}
	attron(A_REVERSE);
	mvprintw(LINES - 1, 0, "%-*.*s", COLS, COLS,
		 t->message[0] ? t->message : "Press 'h' for help on key bindings");
	attroff(A_REVERSE);
	refresh();
}

static const char *const tui_report__menu_help[] = {
	"UP/DOWN/PGUP/PGDN/HOME/END  move the selection",
	"ENTER, RIGHT  the entries of the event",
	"h, ?        this help",
	"ESC         exit (after y to the question)",
	"q           exit (CTRL+C too)",
};

/* A key of the menu: -1 to quit, else 0. */
int tui_report__menu_key(struct tui_report *t, int ch)
{
	int nr = t->session->evlist->nr_entries;
	int sel = tui_list__move(t->menu_sel, nr, LINES - 2 > 1 ? LINES - 2 : 1, ch);

	if (sel >= 0) {
		t->menu_sel = sel;
		return 0;
	}
	switch (ch) {
	case 'q': case 'Q':
		return -1;
	case 27:
		t->confirm_exit = true;
		snprintf(t->message, sizeof(t->message), "Do you really want to exit? [y/n]");
		break;
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
		if (t->menu_sel >= t->rep->nr_hists || !t->rep->hists[t->menu_sel].nr_samples) {
			snprintf(t->message, sizeof(t->message), "no samples of %s",
				 evsel__name(t->session->evlist->entries[t->menu_sel]));
			break;
		}
		t->in_menu = false;
		if (t->menu_sel != t->rows.idx && tui_report__rebuild(t, t->menu_sel))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;
	case 'h': case '?':
		tui__text_view("perf report: key bindings", (char *const *)tui_report__menu_help,
			       (int)(sizeof(tui_report__menu_help) / sizeof(tui_report__menu_help[0])),
			       NULL, NULL, t->done);
		break;
	default:
		break;
	}
	return 0;
}
