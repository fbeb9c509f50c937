// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser: upstream's title line, the column titles and
 * the rows of the first event as --stdio prints them, their graphs
 * expanded under them on request, a selection bar, a symbol filter and
 * a status line.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/annotate.h"
#include "util/hist.h"
#include "util/session.h"
#include "tui.h"
#include "tui-annotate.h"
#include "tui-report.h"

/* The view line of row i (its own line): -1 when the filter left it out. */
static int tui_report__line_of(const struct tui_report *t, int row)
{
	int i;

	for (i = 0; i < t->nr_view; i++)
		if (t->view_row[i] == row)
			return i;
	return -1;
}

static bool tui_report__keep(const struct tui_report *t, const struct report_row *r)
{
	char sym[1024];

	if (!t->filter[0])
		return true;
	report_row__sym(r, sym, sizeof(sym));
	return strstr(sym, t->filter) != NULL;
}

/* Lines for the rows the filter keeps, and the graphs of the expanded ones. */
static int tui_report__view(struct tui_report *t)
{
	const struct report_rows *rows = &t->rows;
	int i, n = 0, g;

	for (i = 0; i < rows->nr; i++)
		n += 1 + (t->expanded && t->expanded[i] ? rows->v[i].nr_graph : 0);
	free(t->view);
	free(t->view_row);
	t->nr_view = 0;
	t->view = calloc(n + 1, sizeof(*t->view));
	t->view_row = calloc(n + 1, sizeof(*t->view_row));
	if (!t->view || !t->view_row)
		return -ENOMEM;
	for (i = 0; i < rows->nr; i++) {
		struct report_row *r = &rows->v[i];
		bool open = t->expanded && t->expanded[i];
		struct tui_row *v;

		if (!tui_report__keep(t, r))
			continue;
		if (r->nr_graph)
			r->text[0] = open ? '-' : '+';
		t->view_row[t->nr_view] = i;
		v = &t->view[t->nr_view++];
		v->text = r->text;
		v->dso = r->he->key.dso;
		v->sym = r->he->key.sym;
		v->addr = r->he->key.addr;
		v->percent = r->percent;
		for (g = 0; open && g < r->nr_graph; g++) {
			t->view_row[t->nr_view] = i;
			t->view[t->nr_view++].text = r->graph[g];
		}
	}
	return 0;
}

int tui_report__filter(struct tui_report *t)
{
	if (!t->expanded) {
		t->expanded = calloc(t->rows.nr + 1, sizeof(*t->expanded));
		if (!t->expanded)
			return -ENOMEM;
	}
	t->selected = 0;
	t->first = 0;
	return tui_report__view(t);
}

/*
 * e, +, Enter (toggle), c (collapse) on the selected row's entry, E and
 * C on every entry; the selection stays on (or goes to) the entry's row.
 */
static int tui_report__fold(struct tui_report *t, int ch)
{
	int row = t->selected < t->nr_view ? t->view_row[t->selected] : -1, i;

	if (!t->rows.graph || !t->expanded)
		return 0;
	if (ch == 'E' || ch == 'C') {
		for (i = 0; i < t->rows.nr; i++)
			t->expanded[i] = ch == 'E' && t->rows.v[i].nr_graph;
	} else if (row >= 0) {
		t->expanded[row] = ch != 'c' && !t->expanded[row] && t->rows.v[row].nr_graph;
	}
	if (tui_report__view(t))
		return -ENOMEM;
	i = row >= 0 ? tui_report__line_of(t, row) : 0;
	t->selected = i < 0 ? 0 : i;
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

static int tui_report__call(void *arg, const struct annotation_line *l, char *msg,
			    size_t size);

/* The annotate browser on a, until it is left; its calls open browsers of their own. */
static void tui_report__browse(struct tui_report *t, struct annotation *a)
{
	struct tui_annotate ta = {
		.a = a, .title = t->rows.title, .done = t->done,
		.call = tui_report__call, .call_arg = t,
	};

	tui_annotate__run(&ta);
	annotation__delete(a);
}

static int tui_report__call(void *arg, const struct annotation_line *l, char *msg,
			    size_t size)
{
	struct tui_report *t = arg;
	struct annotation *a;
	int err = report_annotate__at(&t->ann, t->rows.idx, l->target, &a, msg, size);

	if (!err)
		tui_report__browse(t, a);
	return err;
}

/* a: the selected entry's symbol; the first time, the file is read again meanwhile */
static void tui_report__annotate(struct tui_report *t)
{
	const struct tui_row *r = t->nr_view ? &t->view[t->selected] : NULL;
	struct annotation *a;

	if (!r || !r->sym) {
		snprintf(t->message, sizeof(t->message), "no symbol to annotate here");
		return;
	}
	snprintf(t->message, sizeof(t->message), "Annotating %s ...", r->sym->name);
	tui_report__draw(t);
	t->message[0] = '\0';
	if (report_annotate__new(&t->ann, t->rows.idx, r->dso, r->sym, &a, t->message,
				 sizeof(t->message)))
		return;
	tui_report__browse(t, a);
}

static const char *const tui_report__help[] = {
	"UP/DOWN/PGUP/PGDN/HOME/END  move the selection",
	"+, e, ENTER expand or collapse the call graph of the entry (-g files)",
	"c           collapse the call graph of the entry",
	"E, C        expand, collapse every call graph",
	"a           annotate the symbol of the entry (BPF programs too, also unloaded)",
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
	case '+': case 'e': case 'E': case 'c': case 'C':
	case '\n': case '\r': case KEY_ENTER:
		if (tui_report__fold(t, ch))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;
	case 'a':
		tui_report__annotate(t);
		break;
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
	free(t->view_row);
	free(t->expanded);
	t->view = NULL;
	t->view_row = NULL;
	t->expanded = NULL;
	t->nr_view = 0;
	report_rows__exit(&t->rows);
	report_annotate__exit(&t->ann);
}

int tui_report__run(struct report *rep, struct perf_session *session,
		    volatile sig_atomic_t *done)
{
	struct tui_report t = { .done = done };
	bool redraw = true;
	int err, ch;

	report_annotate__init(&t.ann, rep, session->data->path);
	err = report_rows__build(&t.rows, rep, session);
	if (!err && !t.rows.title[0])
		err = -ENODATA;
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
