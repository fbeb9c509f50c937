// SPDX-License-Identifier: GPL-2.0
/*
 * The TUI's terminal: set-up, restoring it on every way out, input and
 * the two small views every screen needs (a prompt and a text pager).
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "tui.h"
#include "tui-list.h"

static struct termios saved_tios;
static bool saved_ok;
static volatile sig_atomic_t active;
static bool atexit_done;

static const int fatal_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL };

/* Async-signal-safe: the saved modes back, the normal screen, the cursor. */
static void tui__fatal(int sig)
{
	static const char seq[] = "\033[?1049l\033[?25h\033[0m\r\n";

	if (active) {
		if (saved_ok)
			tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tios);
		if (write(STDOUT_FILENO, seq, sizeof(seq) - 1) < 0)
			active = 0;
		active = 0;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

bool tui__active(void)
{
	return active;
}

int tui__init(void)
{
	size_t i;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return -ENOTTY;
	saved_ok = !tcgetattr(STDIN_FILENO, &saved_tios);
	if (!atexit_done) {
		atexit(tui__exit);
		atexit_done = true;
	}
	for (i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = tui__fatal;
		sigaction(fatal_signals[i], &sa, NULL);
	}
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	/* the terminal's character set: box and arrow glyphs where it has them */
	setlocale(LC_CTYPE, "");
	if (!initscr())
		return -ENOTTY;
	active = 1;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	return 0;
}

void tui__exit(void)
{
	if (!active)
		return;
	active = 0;
	curs_set(1);
	endwin();
	if (saved_ok)
		tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tios);
}

int tui__poll(int timeout_ms)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };

	if (poll(&pfd, 1, timeout_ms) < 0 && errno != EINTR)
		return -errno;
	return 0;
}

int tui__line_edit(char *line, size_t size, int ch)
{
	size_t len = strlen(line);

	if (ch == 27)
		return -1;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
		return 1;
	if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len)
		line[len - 1] = '\0';
	else if (ch >= 32 && ch < 127 && len + 1 < size) {
		line[len++] = (char)ch;
		line[len] = '\0';
	}
	return 0;
}

int tui__prompt(const char *prompt, char *buf, size_t size, void (*tick)(void *arg), void *arg,
		volatile sig_atomic_t *done)
{
	char line[256];

	line[0] = '\0';
	curs_set(1);
	while (!*done) {
		int ch;

		move(LINES - 1, 0);
		clrtoeol();
		attron(A_BOLD);
		printw("%s", prompt);
		attroff(A_BOLD);
		printw("%s", line);
		refresh();
		tui__poll(100);
		if (tick)
			tick(arg);
		while ((ch = getch()) != ERR) {
			int r = tui__line_edit(line, sizeof(line), ch);

			if (r > 0)
				snprintf(buf, size, "%s", line);
			if (r) {
				curs_set(0);
				return r > 0 ? 0 : -1;
			}
		}
	}
	curs_set(0);
	return -1;
}

void tui__text_draw(const char *title, char *const *lines, int nr, int top_line)
{
	int rows = LINES - 2, i;

	erase();
	attron(A_REVERSE);
	mvprintw(0, 0, "%-*.*s", COLS, COLS, title);
	attroff(A_REVERSE);
	for (i = 0; i < rows && top_line + i < nr; i++)
		mvaddnstr(i + 1, 0, lines[top_line + i], COLS);
	attron(A_REVERSE);
	mvprintw(LINES - 1, 0, "%-*.*s", COLS, COLS,
		 "q/ESC/Left: back   UP/DOWN/PGUP/PGDN/HOME/END: scroll");
	attroff(A_REVERSE);
	refresh();
}

int tui__text_scroll(int top_line, int nr, int page, int ch)
{
	int last = nr - page > 0 ? nr - page : 0, moved;

	if (ch == 'q' || ch == 'Q' || ch == 27 || ch == KEY_LEFT)
		return -1;
	/* the first line shown moves as a list's selection of last + 1 rows */
	moved = tui_list__move(top_line, last + 1, page, ch);
	if (moved >= 0)
		return moved;
	return top_line > last ? last : top_line < 0 ? 0 : top_line;
}

void tui__text_view(const char *title, char *const *lines, int nr, void (*tick)(void *arg),
		    void *arg, volatile sig_atomic_t *done)
{
	int top_line = 0;
	bool redraw = true;

	while (!*done) {
		int ch, page = LINES - 2 > 1 ? LINES - 2 : 1;

		if (redraw)
			tui__text_draw(title, lines, nr, top_line);
		redraw = false;
		tui__poll(100);
		if (tick)
			tick(arg);
		while ((ch = getch()) != ERR) {
			redraw = true;
			top_line = tui__text_scroll(top_line, nr, page, ch);
			if (top_line < 0)
				return;
		}
	}
}
