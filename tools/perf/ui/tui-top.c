// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's TUI: the header, the column titles, the rows of the last
 * refresh with a selection bar, and a status line (the rows' snapshot:
 * see tui-top.h).
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/top.h"
#include "util/top-annotate.h"
#include "util/top-print.h"
#include "tui.h"
#include "tui-list.h"
#include "tui-top.h"

#define FIRST_SCREEN_MS	300

static double now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void tui_top__free_rows(struct tui_top *t)
{
	int i;

	for (i = 0; i < t->nr_rows; i++)
		free(t->rows[i].text);
	free(t->rows);
	t->rows = NULL;
	t->nr_rows = 0;
}

/* A new snapshot; the selection stays on its symbol when it is still there. */
int tui_top__snapshot(struct tui_top *t)
{
	struct tui_row sel = { 0 };
	struct top_rows rows = { 0 };
	char line[4096];
	int n, i;

	if (t->selected < t->nr_rows)
		sel = t->rows[t->selected];
	n = top_rows__build(&rows, t->top, t->filter, t->entries);
	if (n < 0)
		return n;
	for (i = 0; i < t->nr_rows; i++)
		free(t->rows[i].text);
	free(t->rows);
	t->rows = calloc(n + 1, sizeof(*t->rows));
	t->nr_rows = 0;
	if (!t->rows) {
		top_rows__exit(&rows);
		return -ENOMEM;
	}
	top_rows__format_header(&rows, t->titles, sizeof(t->titles));
	for (i = 0; i < n; i++) {
		const struct hist_entry *he = rows.v[i];
		struct tui_row *r = &t->rows[i];

		top_rows__format(&rows, he, line, sizeof(line));
		r->text = strdup(line);
		if (!r->text)
			break;
		r->dso = he->key.dso;
		r->sym = he->key.sym;
		r->addr = he->key.addr;
		r->percent = top_rows__percent(&rows, he);
		t->nr_rows++;
		if (sel.text && r->dso == sel.dso && r->sym == sel.sym &&
		    (r->sym || r->addr == sel.addr))
			t->selected = i;
	}
	top_rows__exit(&rows);
	if (t->selected >= t->nr_rows)
		t->selected = t->nr_rows ? t->nr_rows - 1 : 0;
	return 0;
}

void tui_top__draw(struct tui_top *t)
{
	char state[256];
	struct tui_list l = {
		.header = t->header, .titles = t->titles, .rows = t->rows,
		.nr_rows = t->nr_rows, .selected = t->selected, .first = &t->first,
		.message = t->message, .state = state,
	};

	snprintf(state, sizeof(state), "%s%.64s%s%s%s%s", t->filter[0] ? "filter: " : "",
		 t->filter, t->top->opts.hide_kernel ? "  [K hidden]" : "",
		 t->top->opts.hide_user ? "  [U hidden]" : "",
		 t->top->opts.zero ? "  [zeroing]" : "",
		 t->top->synth_done ? "" : "  (synthesizing...)");
	tui_list__draw(&l);
}

static const char *const tui_top__help[] = {
	"UP/DOWN/PGUP/PGDN/HOME/END  move the selection",
	"a, ENTER    annotate the selected symbol (BPF programs too, also unloaded)",
	"z           toggle zeroing the samples at each refresh (else they decay)",
	"K           toggle hiding kernel symbols",
	"U           toggle hiding user symbols",
	"/           filter the symbols by a substring (empty: no filter)",
	"h, ?        this help",
	"q, ESC      quit (CTRL+C too)",
};

static void tui_top__tick(void *arg)
{
	struct tui_top *t = arg;

	top__read(t->top);
}

static void tui_top__annotate(struct tui_top *t)
{
	const struct tui_row *r;
	char title[512], **lines = NULL;
	int nr, err, i;

	if (t->selected >= t->nr_rows)
		return;
	r = &t->rows[t->selected];
	err = top_annotate__lines(t->top, r->dso, r->sym, title, sizeof(title), &lines, &nr);
	if (err) {
		snprintf(t->message, sizeof(t->message), "%s",
			 title[0] ? title : "cannot annotate this symbol");
		return;
	}
	tui__text_view(title, lines, nr, tui_top__tick, t, t->done);
	for (i = 0; i < nr; i++)
		free(lines[i]);
	free(lines);
}

int tui_top__key(struct tui_top *t, int ch)
{
	int k = tui_list__key(&t->selected, t->nr_rows, ch);

	t->message[0] = '\0';
	if (k)
		return k < 0 ? -1 : 0;
	switch (ch) {
	case 'a': case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
		tui_top__annotate(t);
		break;
	case 'z':
		t->top->opts.zero = !t->top->opts.zero;
		break;
	case 'K':
		t->top->opts.hide_kernel = !t->top->opts.hide_kernel;
		return 1;
	case 'U':
		t->top->opts.hide_user = !t->top->opts.hide_user;
		return 1;
	case '/':
		tui__prompt("Filter (symbol substring, empty for none): ", t->filter,
			    sizeof(t->filter), tui_top__tick, t, t->done);
		t->selected = 0;
		return 1;
	case 'h': case '?':
		tui__text_view("perf top: key bindings", (char *const *)tui_top__help,
			       (int)(sizeof(tui_top__help) / sizeof(tui_top__help[0])),
			       tui_top__tick, t, t->done);
		break;
	default:
		break;
	}
	if (t->selected >= t->nr_rows)
		t->selected = t->nr_rows - 1;
	if (t->selected < 0)
		t->selected = 0;
	return 0;
}

int tui_top__run(struct perf_top *top, double delay, int entries, volatile sig_atomic_t *done)
{
	struct tui_top t = { .top = top, .done = done, .entries = entries };
	double last = now_sec(), next = last + FIRST_SCREEN_MS / 1000.0;
	int err;

	err = tui__init();
	if (err)
		return err;
	snprintf(t.header, sizeof(t.header), "   PerfTop: starting...");
	tui_top__draw(&t);
	while (!*done) {
		bool redraw = false;
		double now;
		int ch, k;

		err = top__read(top);
		if (err)
			break;
		now = now_sec();
		if (now >= next) {
			top__header(top, now - last, t.header, sizeof(t.header));
			err = tui_top__snapshot(&t);
			if (err)
				break;
			top__decay(top);
			last = now;
			next = now + delay;
			redraw = true;
		}
		while ((ch = getch()) != ERR) {
			redraw = true;
			if (ch == KEY_RESIZE)
				continue;
			k = tui_top__key(&t, ch);
			if (k < 0)
				goto out;
			if (k > 0) {
				err = tui_top__snapshot(&t);
				if (err)
					goto out;
			}
		}
		if (redraw)
			tui_top__draw(&t);
		k = (int)((next - now_sec()) * 1000.0);
		tui__poll(k < 0 || top__backlog(top) ? 0 : k > 100 ? 100 : k);
	}
out:
	tui__exit();
	tui_top__free_rows(&t);
	return err;
}
