/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_H
#define __PERF_UI_TUI_H

#include <signal.h>
#include <stdbool.h>

/*
 * The terminal for the TUI (ncursesw): taken over by tui__init() and
 * given back as it was by tui__exit(), which is safe to call twice and is
 * also run at exit().  A crash (SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL)
 * restores the saved terminal modes and leaves the alternate screen with
 * async-signal-safe calls before the default action runs.  Quitting
 * signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT) are the caller's: they should
 * only set a flag the loops here watch (done).
 */
int tui__init(void);
void tui__exit(void);
bool tui__active(void);

/* Wait up to timeout_ms for input on the terminal (or a signal). */
int tui__poll(int timeout_ms);

/*
 * Read a line at the bottom of the screen (Enter: 0; Esc: -1, buf
 * unchanged); tick(arg) as in tui__text_view().
 */
int tui__prompt(const char *prompt, char *buf, size_t size, void (*tick)(void *arg), void *arg,
		volatile sig_atomic_t *done);

/*
 * A scrollable text view of nr lines under a title, until q, Esc or
 * Left; tick(arg) runs between keys (every 100 ms at least) so the caller
 * keeps reading its events.
 */
void tui__text_view(const char *title, char *const *lines, int nr, void (*tick)(void *arg),
		    void *arg, volatile sig_atomic_t *done);

/*
 * The views' steps without their loops (the loops call them; tests drive
 * them on a curses screen of their own):
 * tui__line_edit(): key ch applied to the NUL-terminated line of size
 * bytes: 1 on Enter, -1 on Esc, else 0 (printable keys added while they
 * fit, Backspace takes one off).
 * tui__text_scroll(): the first line shown after key ch, of nr lines
 * page to a screen, or -1 when the key leaves the view.
 * tui__text_draw(): the text view on the current screen, from top_line.
 */
int tui__line_edit(char *line, size_t size, int ch);
int tui__text_scroll(int top_line, int nr, int page, int ch);
void tui__text_draw(const char *title, char *const *lines, int nr, int top_line);

#endif /* __PERF_UI_TUI_H */
