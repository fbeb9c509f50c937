// SPDX-License-Identifier: GPL-2.0
/*
 * ui/tui-report.c (and ui/tui-list.c it draws with) without a terminal:
 * report's browser for a report of three rows, drawn on a curses screen
 * of the test's own and read back: upstream's title, the column titles,
 * the rows as --stdio's with the selection bar, the status line; the
 * keys (moving, paging, Home/End clamped, q and Esc); the symbol filter
 * and its state; a small screen scrolling to the selection.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curses-screen.h"
#include "report-session.h"
#include "tap.h"
#include "ui/tui-report.h"

int main(void)
{
	volatile sig_atomic_t done = 1;
	struct perf_session session;
	struct tui_report t = { .done = &done };
	struct report rep;
	SCREEN *scr;

	scr = test_screen__new(10, 100);
	if (!scr || report_test__new(&rep, &session, 0))
		skip_all("no curses screen for xterm, or no report here");
	plan(20);
	is_int(report_rows__build(&t.rows, &rep, &session), 0, "the rows");
	is_int(tui_report__filter(&t), 0, "the view, no filter");
	is_int(t.nr_view, 3, "every row in the view");

	tui_report__draw(&t);
	is_str(test_screen__row(0), "Samples: 5  of event 'cpu-clock', Event count (approx.): 500",
	       "upstream's title on the first row");
	ok(!strncmp(test_screen__row(1), "Overhead  Command", 17) && (mvinch(1, 0) & A_UNDERLINE),
	   "the column titles, underlined");
	ok(!strncmp(test_screen__row(2), "  60.00%  app", 13) && (mvinch(2, 0) & A_REVERSE),
	   "the first row, selected (%s)", test_screen__row(2));
	ok(strstr(test_screen__row(3), "20.00%") && !(mvinch(3, 0) & A_REVERSE) &&
	   (mvinch(3, 0) & A_BOLD), "the next, 5%% or more: bold");
	is_str(test_screen__row(5), "", "nothing after the last row");
	ok(strstr(test_screen__row(9), "Press 'h' for help") != NULL, "the status line");

	tui_report__key(&t, KEY_DOWN);
	is_int(t.selected, 1, "Down");
	tui_report__key(&t, KEY_END);
	tui_report__key(&t, 'j');
	is_int(t.selected, 2, "End, not past it");
	tui_report__key(&t, KEY_HOME);
	tui_report__key(&t, KEY_UP);
	is_int(t.selected, 0, "Home, not above it");
	tui_report__key(&t, KEY_NPAGE);
	is_int(t.selected, 2, "PgDn, clamped");
	tui_report__key(&t, KEY_PPAGE);
	is_int(t.selected, 0, "PgUp");

	/* the filter: the rows whose symbol has it */
	snprintf(t.filter, sizeof(t.filter), "1234");
	tui_report__filter(&t);
	tui_report__draw(&t);
	ok(t.nr_view == 1 && t.selected == 0 && strstr(test_screen__row(2), "0x0000000000001234") &&
	   !strcmp(test_screen__row(3), ""), "/: only the row of that symbol");
	ok(strstr(test_screen__row(9), "filter: 1234") != NULL, "the filter on the status line");
	snprintf(t.filter, sizeof(t.filter), "nothing-like-it");
	tui_report__filter(&t);
	tui_report__draw(&t);
	ok(t.nr_view == 0 && strstr(test_screen__row(9), "(no entry)") &&
	   tui_report__key(&t, KEY_DOWN) == 0 && t.selected == 0, "no row matches: said, keys safe");
	t.filter[0] = '\0';
	tui_report__filter(&t);

	/* a small screen: the list scrolls to the selection */
	resizeterm(4, 100);
	t.selected = 2;
	tui_report__draw(&t);
	ok(t.first == 2 && strstr(test_screen__row(2), "0x0000000000000020") &&
	   (mvinch(2, 0) & A_REVERSE), "one row of list: the selected one shown");
	ok(tui_report__key(&t, 'q') == -1 && tui_report__key(&t, 27) == -1, "q and Esc quit");
	tui_report__exit(&t);
	ok(!t.view && !t.rows.v, "freed");
	endwin();
	delscreen(scr);
	report_test__delete(&rep, &session);
	return done_testing();
}
