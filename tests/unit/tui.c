// SPDX-License-Identifier: GPL-2.0
/*
 * ui/tui.c without a terminal: tui__init() refuses what is not one and
 * leaves nothing to restore; the prompt's line editing (printable keys
 * while they fit, Backspace, Enter, Esc); the text view's scrolling by
 * every key it takes, clamped to the text; and its drawing, read back
 * from a curses screen of the test's own (80x10 and 30x10, on /dev/null):
 * the title bar, the lines from the first shown, cut at the width, the
 * help line at the bottom.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "curses-screen.h"
#include "tap.h"
#include "ui/tui.h"

static void test_edit(void)
{
	char line[8] = "";
	const char *keys = "ab\x01" "c";
	int i, r = 0;

	for (i = 0; keys[i]; i++)
		r |= tui__line_edit(line, sizeof(line), keys[i]);
	ok(!r && !strcmp(line, "abc"), "printable keys typed, a control key ignored");
	tui__line_edit(line, sizeof(line), KEY_BACKSPACE);
	tui__line_edit(line, sizeof(line), 127);
	is_str(line, "a", "Backspace (either code) takes one off");
	tui__line_edit(line, sizeof(line), 8);
	tui__line_edit(line, sizeof(line), 8);
	is_str(line, "", "and nothing when empty");
	for (i = 0; i < 20; i++)
		tui__line_edit(line, sizeof(line), 'x');
	is_str(line, "xxxxxxx", "no more than fits");
	ok(tui__line_edit(line, sizeof(line), '\n') == 1 &&
	   tui__line_edit(line, sizeof(line), KEY_ENTER) == 1 &&
	   tui__line_edit(line, sizeof(line), 27) == -1 && !strcmp(line, "xxxxxxx"),
	   "Enter takes the line, Esc drops it, neither changes it");
}

static void test_scroll(void)
{
	int t = 0;

	t = tui__text_scroll(t, 20, 8, KEY_DOWN);
	t = tui__text_scroll(t, 20, 8, 'j');
	is_int(t, 2, "down, twice");
	is_int(tui__text_scroll(t, 20, 8, KEY_END), 12, "End: the last page");
	is_int(tui__text_scroll(12, 20, 8, KEY_DOWN), 12, "no further than the last page");
	is_int(tui__text_scroll(12, 20, 8, KEY_PPAGE), 4, "PgUp");
	ok(tui__text_scroll(4, 20, 8, KEY_NPAGE) == 12 && tui__text_scroll(4, 20, 8, ' ') == 12,
	   "PgDn, Space");
	ok(tui__text_scroll(4, 20, 8, KEY_UP) == 3 && tui__text_scroll(0, 20, 8, 'k') == 0 &&
	   tui__text_scroll(9, 20, 8, KEY_HOME) == 0, "up, not above the first, Home");
	is_int(tui__text_scroll(0, 3, 8, KEY_END), 0, "a text shorter than the screen stays");
	ok(tui__text_scroll(5, 20, 8, 'q') < 0 && tui__text_scroll(5, 20, 8, 27) < 0 &&
	   tui__text_scroll(5, 20, 8, KEY_LEFT) < 0, "q, Esc and Left leave");
	is_int(tui__text_scroll(5, 20, 8, 'x'), 5, "other keys do nothing");
}

static void test_draw(void)
{
	char *lines[12], text[12][64];
	int i, good = 1;

	for (i = 0; i < 12; i++) {
		snprintf(text[i], sizeof(text[i]), "line %d of the text, long enough to be cut", i);
		lines[i] = text[i];
	}
	resizeterm(10, 80);
	tui__text_draw("A title", lines, 12, 3);
	is_str(test_screen__row(0), "A title", "the title on the first row");
	ok((mvinch(0, 79) & A_REVERSE) && (mvinch(0, 0) & A_REVERSE),
	   "in a bar across the screen");
	for (i = 0; i < 8; i++)
		good &= !strcmp(test_screen__row(i + 1), text[i + 3]);
	ok(good, "eight lines from the first shown");
	ok(strstr(test_screen__row(9), "q/ESC/Left: back") == test_screen__row(9) && (mvinch(9, 0) & A_REVERSE),
	   "the help line at the bottom");

	resizeterm(10, 30);
	tui__text_draw("A title", lines, 12, 11);
	is_str(test_screen__row(1), "line 11 of the text, long enou", "lines cut at the width");
	is_str(test_screen__row(2), "", "nothing after the last line");
}

int main(void)
{
	volatile sig_atomic_t done = 1;
	char buf[16] = "kept";
	SCREEN *scr;
	int fd;

	scr = test_screen__new(10, 80);
	if (!scr)
		skip_all("no curses screen for xterm");
	plan(23);
	/* not a terminal: refused, nothing to give back */
	fd = open("/dev/null", O_RDWR);
	dup2(fd, STDIN_FILENO);
	is_int(tui__init(), -ENOTTY, "not a terminal: -ENOTTY");
	tui__exit();
	ok(!tui__active(), "not taken over");

	test_edit();
	test_scroll();

	test_draw();
	ok(tui__prompt("? ", buf, sizeof(buf), NULL, NULL, &done) == -1 && !strcmp(buf, "kept"),
	   "a prompt when told to stop: -1, the buffer kept");
	endwin();
	delscreen(scr);
	return done_testing();
}
