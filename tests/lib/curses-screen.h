/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests of ui/: a curses screen of the test's own, on /dev/null
 * (no terminal needed; what is drawn is read back from curses' copy):
 * test_screen__new() makes it current (NULL: no terminfo for xterm),
 * test_screen__row() gives row y as drawn, trailing blanks cut.
 */
#ifndef __TESTS_CURSES_SCREEN_H
#define __TESTS_CURSES_SCREEN_H

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>

static inline SCREEN *test_screen__new(int lines, int cols)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr = out && in ? newterm("xterm", out, in) : NULL;

	if (!scr)
		return NULL;
	set_term(scr);
	resizeterm(lines, cols);
	return scr;
}

static inline const char *test_screen__row(int y)
{
	static char buf[512];
	int n = mvinnstr(y, 0, buf, COLS < (int)sizeof(buf) ? COLS : (int)sizeof(buf) - 1);

	if (n < 0)
		n = 0;
	buf[n] = '\0';
	while (n && buf[n - 1] == ' ')
		buf[--n] = '\0';
	return buf;
}

#endif /* __TESTS_CURSES_SCREEN_H */
