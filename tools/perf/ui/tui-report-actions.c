// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser: Enter on an entry with no graph to fold opens
 * upstream's menu of what can be done with it (annotate its symbol, zoom
 * into or out of its command and its object, exit).
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/dso.h"
#include "util/hist.h"
#include "util/symbol.h"
#include "util/thread.h"
#include "tui-list.h"
#include "tui-report.h"
#include "tui-report-priv.h"

static void add(struct tui_report *t, char kind, const char *fmt, const char *name)
{
	snprintf(t->actions[t->nr_actions], sizeof(t->actions[0]), fmt, name);
	t->action_kind[t->nr_actions++] = kind;
}

int tui_report__actions(struct tui_report *t)
{
	const struct hist_entry *he;
	const struct dso *d;
	const char *comm;

	if (t->selected >= t->nr_view || t->view_line[t->selected] >= 0)
		return 0;
	he = t->rows.v[t->view_row[t->selected]].he;
	d = he->key.dso ? he->key.dso : he->dso;
	comm = he->key.comm ? he->key.comm : he->thread ? he->thread->comm : NULL;
	t->nr_actions = 0;
	if (he->key.sym)
		add(t, 'a', "Annotate %s", he->key.sym->name);
	if (t->zoom_comm)
		add(t, 't', "Zoom out of %s thread", t->zoom_comm);
	else if (comm)
		add(t, 't', "Zoom into %s thread", comm);
	if (t->zoom_dso)
		add(t, 'd', "Zoom out of %s DSO", t->zoom_dso->short_name);
	else if (d && d->kind == DSO_KIND_KERNEL)
		add(t, 'd', "%sZoom into the Kernel DSO (use the 'k' hotkey to zoom directly into the "
		    "kernel)", "");
	else if (d)
		add(t, 'd', "Zoom into %s DSO", d->short_name);
	add(t, 'q', "%sExit", "");
	t->action_sel = 0;
	t->in_actions = true;
	return 0;
}

void tui_report__draw_actions(struct tui_report *t)
{
	struct tui_row rows[TUI_REPORT_ACTIONS];
	int first = 0, i;
	struct tui_list l = {
		.header = t->title[0] ? t->title : t->rows.title, .titles = "",
		.rows = rows, .nr_rows = t->nr_actions, .selected = t->action_sel, .first = &first,
		.message = "ENTER: do it, ESC/LEFT/q: back",
	};

	memset(rows, 0, sizeof(rows));
	for (i = 0; i < t->nr_actions; i++)
		rows[i].text = t->actions[i];
	tui_list__draw(&l);
}

/* A key of the menu: the action's key to apply to the entry, -1 to go back, else 0. */
int tui_report__actions_key(struct tui_report *t, int ch)
{
	int sel = tui_list__move(t->action_sel, t->nr_actions, tui_list__page(), ch);

	if (sel >= 0) {
		t->action_sel = sel;
		return 0;
	}
	switch (ch) {
	case 'q': case 'Q': case 27: case KEY_LEFT:
		t->in_actions = false;
		return -1;
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
		t->in_actions = false;
		return t->action_kind[t->action_sel];
	default:
		return 0;
	}
}
