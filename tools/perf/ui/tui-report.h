/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_REPORT_H
#define __PERF_UI_TUI_REPORT_H

#include <signal.h>
#include "util/report-annotate.h"
#include "util/report-rows.h"
#include "tui-list.h"

struct report;
struct perf_session;
struct bpf_prog_entry;


/*
 * perf report's browser over the rows of its first event, until q, Esc
 * or *done; with more than one event (dummies aside), upstream's menu of
 * the events ("Available samples") first, Enter opening one, Esc coming
 * back to it.  Keys: arrows, PgUp/PgDn, Home/End move; +, e or Enter
 * expand or collapse the selected entry's graph (-g files), c collapses
 * it, E and C expand and collapse all; a annotates the selected entry's
 * symbol (ui/tui-annotate.h); d and t zoom into the entry's object and
 * command (again: out), Esc and Left zoom out; B lists the BPF programs
 * of the entries (Enter zooms into one); TAB/'.' and shift-TAB/','
 * go to the next and previous event with samples; / filters by symbol;
 * h or ? help; q quits, Esc too when nothing is zoomed, once confirmed.
 * The terminal is restored before it returns.  0, -ENOTTY (no terminal)
 * or -ENODATA (no event with samples): nothing was drawn; else -errno.
 */
int tui_report__run(struct report *rep, struct perf_session *session,
		    volatile sig_atomic_t *done);

/*
 * The browser's state and its steps, apart so that tests drive them on
 * a curses screen of their own: rows holds every row, view the lines
 * shown: the rows the filter keeps (their text borrowed from rows, whose
 * fold marks the view sets: '-' where expanded) and, under those
 * expanded, their graphs as upstream's browser folds them: a frame per
 * line, "+"/"-" where a frame hides or shows more (view_row[i] the row of
 * line i, view_line[i] its frame or -1).
 */
struct tui_report {
	struct report_rows	rows;
	volatile sig_atomic_t	*done;
	struct tui_row		*view;
	int			*view_row;
	int			*view_line;	/* the frame (rows.v[].tree) of line i, -1: a row */
	char			**view_text;	/* the frames' lines, made for the view */
	int			nr_view;
	bool			*expanded;	/* by row */
	bool			**unfolded;	/* by row, by frame: NULL until one opens */
	int			selected;
	int			first;		/* first row shown */
	char			filter[128];
	char			message[512];
	/* d, t: the entries of an object, of a command (upstream's zooms); B: of a program */
	const struct dso	*zoom_dso;
	const char		*zoom_comm;	/* interned */
	const struct bpf_prog_entry *zoom_prog;
	char			zooms[3];	/* 'd', 't', 'p' as given: Esc and Left undo the last */
	int			nr_zooms;
	char			title[768];	/* the rows' title and the zooms */
	struct report		*rep;		/* to build the rows again (zooms, events) */
	struct perf_session	*session;
	bool			confirm_exit;	/* Esc asked "Do you really want to exit?" */
	/* more than one event that is not a dummy: upstream's menu of them first */
	bool			has_menu;
	bool			in_menu;
	int			menu_sel;
	/* B: the BPF view (ui/tui-report-bpf.c) */
	struct report_bpf_prog	*progs;		/* from ann: each load apart */
	int			nr_progs;
	int			prog_sel;
	int			prog_first;
	bool			in_progs;
	/* Enter on an entry without a graph to fold: upstream's menu of actions */
#define TUI_REPORT_ACTIONS	4
	char			actions[TUI_REPORT_ACTIONS][600];
	char			action_kind[TUI_REPORT_ACTIONS];	/* a, t, d, q */
	int			nr_actions;
	int			action_sel;
	bool			in_actions;
	struct report_annotate	ann;		/* `a`: the file read again, on first use */
};

/*
 * The view of the rows the filter keeps (a symbol substring), the
 * selection on the first; 0 or -ENOMEM.
 */
int tui_report__filter(struct tui_report *t);
/* The screen on the current curses screen: title, column titles, rows, status line. */
void tui_report__draw(struct tui_report *t);
/* A key: -1 to quit, else 0. */
int tui_report__key(struct tui_report *t, int ch);
/* The menu of events when the file has more than one (has_menu, in_menu set). */
void tui_report__use_menu(struct tui_report *t);

/* The entries of one BPF program's functions only (a zoom); 0 or -ENOMEM. */
int tui_report__zoom_prog(struct tui_report *t, const struct bpf_prog_entry *prog);
/* The annotate browser on a. */
void tui_report__browse(struct tui_report *t, struct annotation *a);

/*
 * The BPF view (B): the BPF programs of the event's samples (through the
 * report's filters: the file read again, as for a; each load of a program
 * apart) with their share, samples, id, number of functions and name,
 * most sampled first; Enter zooms into the entries of a program's
 * functions, a annotates its hottest function, q, Esc, Left or B go
 * back.  tui_bpf__open() fills it (a message instead when no sample is
 * BPF's); tui_bpf__key(): 0, or -ENOMEM.
 */
int tui_bpf__open(struct tui_report *t);
void tui_bpf__draw(struct tui_report *t);
int tui_bpf__key(struct tui_report *t, int ch);
void tui_bpf__line(const struct tui_report *t, int i, char *buf, size_t size);
void tui_report__exit(struct tui_report *t);

#endif /* __PERF_UI_TUI_REPORT_H */
