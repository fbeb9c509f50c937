// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser: upstream's title line, the column titles and
 * the rows of the first event as --stdio prints them, a selection bar,
 * a symbol filter and a status line.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/hist.h"
#include "tui.h"
#include "tui-report.h"

int tui_report__filter(struct tui_report *t)
{
	const struct report_rows *rows = &t->rows;
	char sym[1024];
	int i;

	free(t->view);
	t->nr_view = 0;
	t->view = calloc(rows->nr + 1, sizeof(*t->view));
	if (!t->view)
		return -ENOMEM;
	for (i = 0; i < rows->nr; i++) {
		const struct report_row *r = &rows->v[i];
		struct tui_row *v;

		if (t->filter[0]) {
			report_row__sym(r, sym, sizeof(sym));
			if (!strstr(sym, t->filter))
				continue;
		}
		v = &t->view[t->nr_view++];
		v->text = r->text;
		v->dso = r->he->key.dso;
		v->sym = r->he->key.sym;
		v->addr = r->he->key.addr;
		v->percent = r->percent;
	}
	t->selected = 0;
	t->first = 0;
	return 0;
}

void tui_report__draw(struct tui_report *t)
{
	char state[192];
	struct tui_list l = {
		.header = t->rows.title, .titles = t->rows.titles, .rows = t->view,
		.nr_rows = t->nr_view, .selected = t->selected, .first = &t->first,
		.message = t->message, .state = state,
	};

	snprintf(state, sizeof(state), "%s%.64s%s", t->filter[0] ? "filter: " : "", t->filter,
		 t->filter[0] && !t->nr_view ? "  (no entry)" : "");
	tui_list__draw(&l);
}

static const char *const tui_report__help[] = {
	"UP/DOWN/PGUP/PGDN/HOME/END  move the selection",
	"/           filter the entries by a substring of their symbol (empty: no filter)",
	"h, ?        this help",
	"q, ESC      exit (CTRL+C too)",
};

int tui_report__key(struct tui_report *t, int ch)
{
	int k = tui_list__key(&t->selected, t->nr_view, ch);

	t->message[0] = '\0';
	if (k)
		return k < 0 ? -1 : 0;
	switch (ch) {
	case '/':
		tui__prompt("Filter (symbol substring, empty for none): ", t->filter,
			    sizeof(t->filter), NULL, NULL, t->done);
		if (tui_report__filter(t))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;
	case 'h': case '?':
		tui__text_view("perf report: key bindings", (char *const *)tui_report__help,
			       (int)(sizeof(tui_report__help) / sizeof(tui_report__help[0])),
			       NULL, NULL, t->done);
		break;
	default:
		break;
	}
	return 0;
}

void tui_report__exit(struct tui_report *t)
{
	free(t->view);
	t->view = NULL;
	t->nr_view = 0;
	report_rows__exit(&t->rows);
}

int tui_report__run(struct report *rep, struct perf_session *session,
		    volatile sig_atomic_t *done)
{
	struct tui_report t = { .done = done };
	bool redraw = true;
	int err, ch;

	err = report_rows__build(&t.rows, rep, session);
	if (!err)
		err = tui_report__filter(&t);
	if (!err)
		err = tui__init();
	if (err)
		goto out;
	while (!*done) {
		if (redraw)
			tui_report__draw(&t);
		redraw = false;
		tui__poll(100);
		while ((ch = getch()) != ERR) {
			redraw = true;
			if (ch == KEY_RESIZE)
				continue;
			if (tui_report__key(&t, ch) < 0)
				goto out_tui;
		}
	}
out_tui:
	tui__exit();
out:
	tui_report__exit(&t);
	return err;
}
