// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser, B: the BPF programs of the event's samples, one
 * line each (share, samples, id, functions, name), most sampled first;
 * Enter zooms the entries into one program's functions, a annotates its
 * hottest function.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/annotate.h"
#include "util/bpf-progs.h"
#include "tui.h"
#include "tui-list.h"
#include "tui-report.h"

void tui_bpf__line(const struct tui_report *t, int i, char *buf, size_t size)
{
	const struct report_bpf_prog *p = &t->progs[i];
	double total = t->rows.total_period ? (double)t->rows.total_period : 1;

	snprintf(buf, size, "%7.2f%%  %8llu  %6u  %9u  %s", 100.0 * (double)p->period / total,
		 (unsigned long long)p->nr_samples, p->prog->id, p->prog->nr_funcs,
		 bpf_prog_entry__short_name(p->prog));
}

void tui_bpf__draw(struct tui_report *t)
{
	struct tui_row *rows = calloc(t->nr_progs + 1, sizeof(*rows));
	char title[800], line[512];
	struct tui_list l = {
		.header = title, .titles = "Overhead   Samples      ID  Functions  Program",
		.rows = rows, .nr_rows = rows ? t->nr_progs : 0, .selected = t->prog_sel,
		.first = &t->prog_first,
		.message = t->message[0] ? t->message :
			   "ENTER: its entries, a: annotate its hottest function, q/ESC/LEFT: back",
	};
	int i;

	snprintf(title, sizeof(title), "BPF programs of %s", t->title[0] ? t->title : t->rows.title);
	for (i = 0; rows && i < t->nr_progs; i++) {
		tui_bpf__line(t, i, line, sizeof(line));
		rows[i].text = strdup(line);
		rows[i].percent = t->rows.total_period ? 100.0 * (double)t->progs[i].period /
						      (double)t->rows.total_period : 0;
	}
	tui_list__draw(&l);
	for (i = 0; rows && i < t->nr_progs; i++)
		free(rows[i].text);
	free(rows);
}

int tui_bpf__open(struct tui_report *t)
{
	snprintf(t->message, sizeof(t->message), "Reading the BPF programs ...");
	tui_report__draw(t);
	t->message[0] = '\0';
	free(t->progs);
	t->progs = NULL;
	if (report_annotate__bpf_progs(&t->ann, t->rows.idx, &t->progs, &t->nr_progs,
				       t->message, sizeof(t->message)))
		return 0;
	if (!t->nr_progs) {
		snprintf(t->message, sizeof(t->message), "no sample of this event is a BPF program's");
		return 0;
	}
	t->prog_sel = 0;
	t->prog_first = 0;
	t->in_progs = true;
	return 0;
}

int tui_bpf__key(struct tui_report *t, int ch)
{
	int sel = tui_list__move(t->prog_sel, t->nr_progs, tui_list__page(), ch);
	const struct report_bpf_prog *p = &t->progs[t->prog_sel];
	struct annotation *a;

	t->message[0] = '\0';
	if (sel >= 0) {
		t->prog_sel = sel;
		return 0;
	}
	switch (ch) {
	case 'q': case 'Q': case 27: case KEY_LEFT: case 'B':
		t->in_progs = false;
		break;
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
		t->in_progs = false;
		return tui_report__zoom_prog(t, p->prog);
	case 'a':
		if (!report_annotate__entry(&t->ann, t->rows.idx, p->hottest, &a, t->message,
					    sizeof(t->message)))
			tui_report__browse(t, a);
		break;
	default:
		break;
	}
	return 0;
}
