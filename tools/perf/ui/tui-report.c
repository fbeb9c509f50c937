// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser: upstream's title line, the column titles and
 * the rows of an event as --stdio prints them, their graphs under them
 * on request (tui-report-tree.c), a selection bar, a symbol filter, the
 * zooms, the annotate browser, the menu of events (tui-report-menu.c),
 * the BPF view (tui-report-bpf.c) and a status line.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/annotate.h"
#include "util/bpf-progs.h"
#include "util/dso.h"
#include "util/evlist.h"
#include "util/report.h"
#include "util/hist.h"
#include "util/sort.h"
#include "util/thread.h"
#include "util/session.h"
#include "tui.h"
#include "tui-annotate.h"
#include "tui-report.h"
#include "tui-report-priv.h"

/* The view line of row i (its own line): -1 when the filter left it out. */
static int tui_report__line_of(const struct tui_report *t, int row)
{
	int i;

	for (i = 0; i < t->nr_view; i++)
		if (t->view_row[i] == row)
			return i;
	return -1;
}

static const struct dso *entry_dso(const struct hist_entry *he)
{
	return he->key.dso ? he->key.dso : he->dso;
}

/* the command of an entry: its key, else its thread's */
static const char *entry_comm(const struct hist_entry *he)
{
	if (he->key.comm)
		return he->key.comm;
	return he->thread ? he->thread->comm : NULL;
}

/* Whether name is one of prog's functions (its loads' objects are named by them). */
static bool tui_report__prog_func(const struct bpf_prog_entry *prog, const char *name)
{
	u32 i;

	for (i = 0; i < prog->nr_funcs; i++)
		if (prog->funcs[i].name && !strcmp(prog->funcs[i].name, name))
			return true;
	return false;
}

/* The entries the zooms keep (objects by name: each load of a BPF program is one). */
static bool tui_report__zoomed(void *priv, const struct hist_entry *he)
{
	const struct tui_report *t = priv;
	const struct dso *d = entry_dso(he);

	if (t->zoom_dso && (!d || strcmp(d->short_name, t->zoom_dso->short_name)))
		return false;
	if (t->zoom_prog && (!d || !tui_report__prog_func(t->zoom_prog, d->short_name)))
		return false;
	return !t->zoom_comm || entry_comm(he) == t->zoom_comm;
}

static bool tui_report__keep(const struct tui_report *t, const struct report_row *r)
{
	char sym[1024];

	if (!t->filter[0])
		return true;
	report_row__sym(r, sym, sizeof(sym));
	return strstr(sym, t->filter) != NULL;
}

/* The title line: the rows' and upstream's zoom notes. */
static void tui_report__title(struct tui_report *t)
{
	int n = snprintf(t->title, sizeof(t->title), "%s", t->rows.title);

	if (t->zoom_comm && n < (int)sizeof(t->title))
		n += snprintf(t->title + n, sizeof(t->title) - n, ", Thread: %s", t->zoom_comm);
	if (t->zoom_dso && n < (int)sizeof(t->title))
		n += snprintf(t->title + n, sizeof(t->title) - n, ", DSO: %s",
			      t->zoom_dso->short_name);
	if (t->zoom_prog && n < (int)sizeof(t->title))
		snprintf(t->title + n, sizeof(t->title) - n, ", BPF program: %u %s",
			 t->zoom_prog->id, bpf_prog_entry__short_name(t->zoom_prog));
}

/* The entries' and frames' folds (of rows about to go). */
static void tui_report__free_folds(struct tui_report *t)
{
	int i;

	for (i = 0; t->unfolded && i < t->rows.nr; i++)
		free(t->unfolded[i]);
	free(t->unfolded);
	free(t->expanded);
	t->unfolded = NULL;
	t->expanded = NULL;
}

static void tui_report__free_view(struct tui_report *t)
{
	int i;

	for (i = 0; t->view_text && i < t->nr_view; i++)
		free(t->view_text[i]);
	free(t->view_text);
	free(t->view);
	free(t->view_row);
	free(t->view_line);
	t->view_text = NULL;
	t->view = NULL;
	t->view_row = NULL;
	t->view_line = NULL;
	t->nr_view = 0;
}

/* Lines for the rows the filter keeps, and the open graphs' lines under them. */
static int tui_report__view(struct tui_report *t)
{
	const struct report_rows *rows = &t->rows;
	int i, n = 0, err;

	for (i = 0; i < rows->nr; i++)
		n += 1 + (t->expanded && t->expanded[i] ? rows->v[i].nr_tree : 0);
	tui_report__free_view(t);
	tui_report__title(t);
	t->view = calloc(n + 1, sizeof(*t->view));
	t->view_row = calloc(n + 1, sizeof(*t->view_row));
	t->view_line = calloc(n + 1, sizeof(*t->view_line));
	t->view_text = calloc(n + 1, sizeof(*t->view_text));
	if (!t->view || !t->view_row || !t->view_line || !t->view_text)
		return -ENOMEM;
	for (i = 0; i < rows->nr; i++) {
		struct report_row *r = &rows->v[i];
		bool open = t->expanded && t->expanded[i];
		struct tui_row *v;

		if (!tui_report__keep(t, r))
			continue;
		if (rows->graph)
			r->text[0] = !r->nr_tree ? ' ' : open ? '-' : '+';
		t->view_row[t->nr_view] = i;
		t->view_line[t->nr_view] = -1;
		v = &t->view[t->nr_view++];
		v->text = r->text;
		v->dso = r->he->key.dso;
		v->sym = r->he->key.sym;
		v->addr = r->he->key.addr;
		v->percent = r->percent;
		if (open && r->nr_tree) {
			err = tui_report__tree(t, i, 0, 0, 1);
			if (err < 0)
				return err;
		}
	}
	return 0;
}

int tui_report__filter(struct tui_report *t)
{
	if (!t->expanded) {
		t->expanded = calloc(t->rows.nr + 1, sizeof(*t->expanded));
		t->unfolded = calloc(t->rows.nr + 1, sizeof(*t->unfolded));
		if (!t->expanded || !t->unfolded)
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
	int row = t->selected < t->nr_view ? t->view_row[t->selected] : -1, i, k;
	int line = row >= 0 ? t->view_line[t->selected] : -1;

	if (!t->rows.graph || !t->expanded)
		return 0;
	if (ch == 'E' || ch == 'C') {
		/* every entry and every frame open, or all folded */
		for (i = 0; i < t->rows.nr; i++) {
			t->expanded[i] = ch == 'E' && t->rows.v[i].nr_tree;
			for (k = 0; t->unfolded[i] && k < t->rows.v[i].nr_tree; k++)
				t->unfolded[i][k] = ch == 'E';
			if (ch == 'E' && !t->unfolded[i] && t->rows.v[i].nr_tree) {
				t->unfolded[i] = malloc(t->rows.v[i].nr_tree);
				if (!t->unfolded[i])
					return -ENOMEM;
				memset(t->unfolded[i], 1, t->rows.v[i].nr_tree);
			}
		}
		line = -1;
	} else if (row >= 0 && line >= 0 && ch != 'e' && ch != 'c') {
		/* a frame: its fold, where it has one */
		if (tui_report__tree_sign(t, row, line) == ' ')
			return 0;
		if (!t->unfolded[row]) {
			t->unfolded[row] = calloc(t->rows.v[row].nr_tree, 1);
			if (!t->unfolded[row])
				return -ENOMEM;
		}
		t->unfolded[row][line] = !t->unfolded[row][line];
	} else if (row >= 0) {
		t->expanded[row] = ch != 'c' && !t->expanded[row] && t->rows.v[row].nr_tree;
		line = -1;
	}
	if (tui_report__view(t))
		return -ENOMEM;
	/* the selection on the same line, else on its row */
	for (i = 0; row >= 0 && i < t->nr_view; i++)
		if (t->view_row[i] == row && t->view_line[i] == line)
			break;
	if (row < 0 || i == t->nr_view)
		i = row >= 0 ? tui_report__line_of(t, row) : 0;
	t->selected = i < 0 ? 0 : i;
	return 0;
}

void tui_report__draw(struct tui_report *t)
{
	char state[192];
	struct tui_list l = {
		.header = t->title[0] ? t->title : t->rows.title, .titles = t->rows.titles,
		.rows = t->view,
		.nr_rows = t->nr_view, .selected = t->selected, .first = &t->first,
		.message = t->message, .state = state,
	};

	if (t->in_menu) {
		tui_report__draw_menu(t);
		return;
	}
	if (t->in_progs) {
		tui_bpf__draw(t);
		return;
	}
	if (t->in_actions) {
		tui_report__draw_actions(t);
		return;
	}

	snprintf(state, sizeof(state), "%s%.64s%s", t->filter[0] ? "filter: " : "", t->filter,
		 t->filter[0] && !t->nr_view ? "  (no entry)" : "");
	tui_list__draw(&l);
}

static int tui_report__call(void *arg, const struct annotation_line *l, char *msg,
			    size_t size);

/* The annotate browser on a, until it is left; its calls open browsers of their own. */
void tui_report__browse(struct tui_report *t, struct annotation *a)
{
	struct evsel *evsel = t->session->evlist->entries[t->rows.idx];
	struct tui_annotate ta = {
		.a = a, .done = t->done, .call = tui_report__call, .call_arg = t,
		.fusion = annotate_fusion__from_cpuid(t->session->header.env.cpuid),
		.hide_source = t->ann.ann.opts.print.no_source,	/* --no-source */
	};
	char title[sizeof(t->title) + 32];

	tui_annotate__title(title, sizeof(title), t->title[0] ? t->title : t->rows.title,
			    evsel__name(evsel), evsel->attr.sample_freq);
	ta.title = title;
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

/*
 * The rows of event idx again, through the zooms: widths of the entries
 * kept, the object column left out in an object, as upstream's; the
 * selection on the entry it was on where that still shows.
 */
int tui_report__rebuild(struct tui_report *t, int idx)
{
	struct report_rows_filter f = {
		.keep = tui_report__zoomed, .priv = t,
		.hide_mask = t->zoom_dso ? 1u << SORT_DSO : 0,
	};
	const struct hist_entry *he = NULL;
	int err, i;

	if (t->selected < t->nr_view)
		he = t->rows.v[t->view_row[t->selected]].he;
	tui_report__free_folds(t);
	report_rows__exit(&t->rows);
	err = report_rows__build_event(&t->rows, t->rep, t->session, idx,
				       t->nr_zooms ? &f : NULL);
	if (!err)
		err = tui_report__filter(t);
	if (err)
		return err;
	for (i = 0; he && i < t->nr_view; i++) {
		if (t->rows.v[t->view_row[i]].he == he) {
			t->selected = i;
			break;
		}
	}
	return 0;
}

/* d, t: zoom into the selected row's object or command, or out of it */
static int tui_report__zoom(struct tui_report *t, int ch)
{
	const struct hist_entry *he = NULL;
	int i;

	if (!t->rep)
		return 0;
	if (t->selected < t->nr_view)
		he = t->rows.v[t->view_row[t->selected]].he;
	if ((ch == 'd' && t->zoom_dso) || (ch == 't' && t->zoom_comm) || ch == 'p') {
		if (ch == 'd')
			t->zoom_dso = NULL;
		else if (ch == 't')
			t->zoom_comm = NULL;
		else
			t->zoom_prog = NULL;
		for (i = 0; i < t->nr_zooms && t->zooms[i] != ch; i++)
			;
		if (i < t->nr_zooms) {
			memmove(&t->zooms[i], &t->zooms[i + 1], t->nr_zooms - i - 1);
			t->nr_zooms--;
		}
	} else if (!he || (ch == 'd' && !entry_dso(he)) || (ch == 't' && !entry_comm(he))) {
		snprintf(t->message, sizeof(t->message), "no %s to zoom into here",
			 ch == 'd' ? "object" : "command");
		return 0;
	} else {
		if (ch == 'd')
			t->zoom_dso = entry_dso(he);
		else
			t->zoom_comm = entry_comm(he);
		t->zooms[t->nr_zooms++] = (char)ch;
	}
	return tui_report__rebuild(t, t->rows.idx);
}

/* k: straight into the kernel's object (again: out), as upstream's hotkey */
static int tui_report__zoom_kernel(struct tui_report *t)
{
	int i;

	if (t->zoom_dso)
		return tui_report__zoom(t, 'd');
	for (i = 0; i < t->rows.nr; i++) {
		const struct dso *d = entry_dso(t->rows.v[i].he);

		if (d && d->kind == DSO_KIND_KERNEL) {
			t->zoom_dso = d;
			t->zooms[t->nr_zooms++] = 'd';
			return tui_report__rebuild(t, t->rows.idx);
		}
	}
	snprintf(t->message, sizeof(t->message), "no kernel entry here");
	return 0;
}

int tui_report__zoom_prog(struct tui_report *t, const struct bpf_prog_entry *prog)
{
	/* another program's zoom gives way */
	if (t->zoom_prog) {
		int err = tui_report__zoom(t, 'p');

		if (err)
			return err;
	}
	t->zoom_prog = prog;
	t->zooms[t->nr_zooms++] = 'p';
	return tui_report__rebuild(t, t->rows.idx);
}

/* TAB, shift-TAB, '.' and ',': the next or previous event with samples */
static void tui_report__event(struct tui_report *t, int dir)
{
	int idx = t->rep ? report_rows__next_event(t->rep, t->session, t->rows.idx, dir) :
		  t->rows.idx;

	if (idx == t->rows.idx)
		snprintf(t->message, sizeof(t->message), "no other event has samples");
	else if (tui_report__rebuild(t, idx))
		snprintf(t->message, sizeof(t->message), "out of memory");
}

static const char *const tui_report__help[] = {
	"UP/DOWN/PGUP/PGDN/HOME/END  move the selection",
	"+, e, ENTER expand or collapse the call graph of the entry (-g files)",
	"ENTER       on an entry without a graph: its actions (annotate, zoom, exit)",
	"+, ENTER    on a frame of a graph: open or fold it",
	"c           collapse the call graph of the entry",
	"E, C        expand, collapse every call graph and every frame",
	"a           annotate the symbol of the entry (BPF programs too, also unloaded)",
	"B           the BPF programs of the entries: ENTER zooms into one, a annotates it",
	"d           zoom into the object of the entry (again: out)",
	"t           zoom into the command of the entry (again: out)",
	"k           zoom into the kernel (again: out)",
	"LEFT        zoom out of the last zoom",
	"TAB, .      the next event with samples; shift+TAB, , the previous",
	"/           filter the entries by a substring of their symbol (empty: no filter)",
	"h, ?        this help",
	"ESC         zoom out, else exit (after y to the question)",
	"q           exit (CTRL+C too)",
};

int tui_report__key(struct tui_report *t, int ch)
{
	int k;

	t->message[0] = '\0';
	if (t->confirm_exit) {
		t->confirm_exit = false;
		return ch == 'y' || ch == 'Y' || ch == '\n' || ch == '\r' || ch == KEY_ENTER ? -1 : 0;
	}
	if (t->in_menu)
		return tui_report__menu_key(t, ch);
	if (t->in_progs) {
		if (tui_bpf__key(t, ch))
			snprintf(t->message, sizeof(t->message), "out of memory");
		return 0;
	}
	if (t->in_actions) {
		ch = tui_report__actions_key(t, ch);
		if (ch == 'q')
			return -1;
		if (ch <= 0)
			return 0;
	}
	/* Esc and Left: out of the last zoom; Esc without one: the menu, else asks first */
	if (ch == 27 || ch == KEY_LEFT) {
		if (t->nr_zooms) {
			if (tui_report__zoom(t, t->zooms[t->nr_zooms - 1]))
				snprintf(t->message, sizeof(t->message), "out of memory");
		} else if (ch == 27 && t->has_menu) {
			t->in_menu = true;
		} else if (ch == 27) {
			t->confirm_exit = true;
			snprintf(t->message, sizeof(t->message),
				 "Do you really want to exit? [y/n]");
		}
		return 0;
	}
	/* upstream's hotkey, before the list takes k for Up */
	if (ch == 'k') {
		if (tui_report__zoom_kernel(t))
			snprintf(t->message, sizeof(t->message), "out of memory");
		return 0;
	}
	k = tui_list__key(&t->selected, t->nr_view, ch);
	if (k)
		return k < 0 ? -1 : 0;
	switch (ch) {
	case '\n': case '\r': case KEY_ENTER:
		/* an entry with no graph to fold: upstream's menu of actions */
		if (t->selected < t->nr_view && t->view_line[t->selected] < 0 &&
		    !t->rows.v[t->view_row[t->selected]].nr_tree) {
			tui_report__actions(t);
			break;
		}
		/* fall through */
	case '+': case 'e': case 'E': case 'c': case 'C':
		if (tui_report__fold(t, ch))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;
	case 'a':
		tui_report__annotate(t);
		break;
	case 'B':
		if (tui_bpf__open(t))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;
	case 'd': case 't':
		if (tui_report__zoom(t, ch))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;

	case '\t': case '.': case KEY_BTAB: case ',':
		tui_report__event(t, ch == '\t' || ch == '.' ? 1 : -1);
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
	free(t->progs);
	t->progs = NULL;
	t->nr_progs = 0;
	tui_report__free_view(t);
	tui_report__free_folds(t);
	report_rows__exit(&t->rows);
	report_annotate__exit(&t->ann);
}

int tui_report__run(struct report *rep, struct perf_session *session,
		    volatile sig_atomic_t *done)
{
	struct tui_report t = { .done = done };
	bool redraw = true;
	int err, ch;

	t.rep = rep;
	t.session = session;
	report_annotate__init(&t.ann, rep, session->data->path);
	err = report_rows__build(&t.rows, rep, session);
	if (!err && !t.rows.title[0])
		err = -ENODATA;
	if (!err)
		err = tui_report__filter(&t);
	if (!err) {
		tui_report__use_menu(&t);
		err = tui__init();
	}
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
