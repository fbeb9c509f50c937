// SPDX-License-Identifier: GPL-2.0
/*
 * ui/tui-report.c (and ui/tui-list.c it draws with) without a terminal:
 * report's browser for a report of three rows, drawn on a curses screen
 * of the test's own and read back: upstream's title, the column titles,
 * the rows as --stdio's with the selection bar, the status line; the
 * keys (moving, paging, Home/End clamped, q, Esc and its question); the
 * symbol filter and its state; the d and t zooms (title, rows, the object
 * column), Left and Esc out of them; a small screen scrolling to the
 * selection; with -g, the fold marks and +, e, Enter, c, E and C showing
 * and hiding the graphs frame by frame, as upstream's browser folds them.
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
	int g0, i, n, n0, last;

	scr = test_screen__new(10, 100);
	if (!scr || report_test__new(&rep, &session, 0, false))
		skip_all("no curses screen for xterm, or no report here");
	plan(40);
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
	   tui_report__key(&t, KEY_DOWN) == 0 && t.selected == 0,
	   "no row matches: said, keys safe");
	t.filter[0] = '\0';
	tui_report__filter(&t);

	/* d and t: zooms, built again from the report */
	t.rep = &rep;
	t.session = &session;
	tui_report__key(&t, 't');
	tui_report__draw(&t);
	ok(t.nr_view == 2 && strstr(test_screen__row(0), ", Thread: app") &&
	   !strstr(test_screen__row(4), "0x0000000000001234"), "t: the command's rows (%s)",
	   test_screen__row(0));
	tui_report__key(&t, 'd');
	tui_report__draw(&t);
	ok(t.nr_view == 2 && strstr(test_screen__row(0), ", Thread: app, DSO: app") &&
	   !strstr(test_screen__row(1), "Shared Object"), "d: the object's rows, its column left out");
	tui_report__key(&t, KEY_LEFT);
	tui_report__draw(&t);
	ok(!strstr(test_screen__row(0), "DSO") && strstr(test_screen__row(0), "Thread") &&
	   strstr(test_screen__row(1), "Shared Object"), "Left: out of the last zoom");
	tui_report__key(&t, 27);
	ok(t.nr_view == 3 && !t.confirm_exit && !strstr(t.title, "Thread"),
	   "Esc: out of the other, no question");
	for (i = 0; i < t.nr_view && !strstr(t.view[i].text, "0x0000000000001234"); i++)
		;
	t.selected = i;
	tui_report__key(&t, 'd');
	ok(t.nr_view == 3 && strstr(t.message, "no object to zoom into"),
	   "d on a row without an object: said (%s)", t.message);
	tui_report__key(&t, '\t');
	ok(strstr(t.message, "no other event has samples") != NULL, "TAB with one event: said");
	t.rep = NULL;
	t.session = NULL;
	tui_report__filter(&t);

	/* a small screen: the list scrolls to the selection */
	resizeterm(4, 100);
	t.selected = 2;
	tui_report__draw(&t);
	ok(t.first == 2 && strstr(test_screen__row(2), "0x0000000000000020") &&
	   (mvinch(2, 0) & A_REVERSE), "one row of list: the selected one shown");
	ok(tui_report__key(&t, 'q') == -1, "q quits");
	ok(tui_report__key(&t, 27) == 0 && t.confirm_exit &&
	   strstr(t.message, "Do you really want to exit?") && tui_report__key(&t, 'n') == 0 &&
	   !t.confirm_exit, "Esc asks first; n stays");
	ok(tui_report__key(&t, 27) == 0 && tui_report__key(&t, 'y') == -1, "Esc, y quits");
	tui_report__exit(&t);
	ok(!t.view && !t.rows.v, "freed");
	report_test__delete(&rep, &session);
	ok(tui_report__key(&t, '+') == 0 && tui_report__key(&t, 'E') == 0,
	   "no rows: the fold keys are safe");

	/* -g: the graphs folded under their rows */
	resizeterm(40, 100);
	memset(&t, 0, sizeof(t));
	t.done = &done;
	if (report_test__new(&rep, &session, 0, true) ||
	    report_rows__build(&t.rows, &rep, &session) || tui_report__filter(&t))
		skip_all("no -g report here");
	g0 = t.rows.v[0].nr_tree;
	tui_report__draw(&t);
	ok(g0 > 0 && t.nr_view == t.rows.nr && test_screen__row(2)[0] == '+' &&
	   !strncmp(test_screen__row(1), "  Children", 10), "folded: '+' rows, the fold column");
	tui_report__key(&t, '+');
	tui_report__draw(&t);
	n0 = t.nr_view - t.rows.nr;
	ok(n0 > 0 && n0 <= g0 && test_screen__row(2)[0] == '-' && t.view_line[1] == 0 &&
	   !strncmp(test_screen__row(3), "   ", 3) && test_screen__row(3)[4] == ' ',
	   "+: its graph's first level under it, a level in, '-' (%s)", test_screen__row(3));
	ok(!(mvinch(3, 0) & A_REVERSE), "the selection stays on the row");
	/* a frame that folds: Enter opens it, again closes it */
	for (i = 1; i < t.nr_view && t.view_line[i] >= 0; i++)
		if (strchr(t.view[i].text, '+') &&
		    t.view[i].text[strspn(t.view[i].text, " ")] == '+')
			break;
	t.selected = i;
	tui_report__key(&t, '\n');
	ok(i < t.nr_view && t.view_line[i] >= 0 && t.nr_view > t.rows.nr + n0 &&
	   t.view[i].text[strspn(t.view[i].text, " ")] == '-' && t.selected == i,
	   "Enter on a folded frame: it opens, the selection on it");
	tui_report__key(&t, '\n');
	ok(t.nr_view == t.rows.nr + n0, "Enter again: folded");
	tui_report__key(&t, KEY_HOME);
	tui_report__key(&t, 'e');
	ok(t.nr_view == t.rows.nr, "e: folded");
	tui_report__key(&t, 'e');
	ok(t.nr_view == t.rows.nr + n0, "e again: expanded, its frames as they were");
	tui_report__key(&t, 'E');
	for (i = 0, n = t.rows.nr; i < t.rows.nr; i++)
		n += t.rows.v[i].nr_tree;
	ok(t.nr_view == n && t.selected == 0, "E: every graph, every frame (%d lines)", n);
	tui_report__key(&t, KEY_END);
	last = t.view_row[t.selected];
	tui_report__key(&t, 'c');
	ok(t.nr_view == n - t.rows.v[last].nr_tree && t.view_row[t.selected] == last &&
	   t.view_line[t.selected] == -1, "c: that entry folded, on its row");
	tui_report__key(&t, 'C');
	tui_report__draw(&t);
	ok(t.nr_view == t.rows.nr && test_screen__row(2)[0] == '+', "C: every graph folded");
	snprintf(t.filter, sizeof(t.filter), "0x0000000000000010");
	tui_report__filter(&t);
	tui_report__key(&t, '+');
	ok(t.nr_view > 1 && t.view_row[t.nr_view - 1] == t.view_row[0], "a filtered row expands too");
	tui_report__exit(&t);
	endwin();
	delscreen(scr);
	report_test__delete(&rep, &session);
	return done_testing();
}
