// SPDX-License-Identifier: GPL-2.0
/*
 * ui/tui-top.c without a terminal: perf top's screen for a session with
 * two BPF programs and an unresolved user address, drawn on a curses
 * screen of the test's own (on /dev/null) and read back: the header, the
 * titles, the rows with the selection bar, the status line and its
 * state; the keys (moving, paging, End and Home clamped, K and U with a
 * new snapshot, z, q and Esc); the selection staying on its symbol when
 * the order changes; the list scrolling to the selection on a small
 * screen; annotating a row without a symbol said on the status line.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "ui/tui-top.h"
#include "util/evlist.h"
#include "util/synthesize.h"
#include "util/top.h"

#define A	0xffffffffc0001000ULL
#define B	0xffffffffc0002000ULL

static void ksym(struct perf_top *top, u64 addr, const char *name)
{
	struct perf_synth s = {
		.emit = top_inbox__emit, .priv = &top->inbox, .id_hdr_size = top->id_hdr_size,
		.sample_type = evlist__first(top->evlist)->attr.sample_type, .time = 1,
	};

	perf_synth__ksymbol(&s, addr, 64, PERF_RECORD_KSYMBOL_TYPE_BPF, 0, name);
}

static void add(struct perf_top *top, u8 cpumode, u64 ip, u64 period)
{
	struct addr_location al = { 0 };

	machine__resolve_ip(top->machine, NULL, cpumode, ip, &al);
	hists__add(top__hists(top), &al, 0, period);
}

static const char *row(int y)
{
	static char buf[512];
	int n = mvinnstr(y, 0, buf, COLS);

	if (n < 0)
		n = 0;
	buf[n] = '\0';
	while (n && buf[n - 1] == ' ')
		buf[--n] = '\0';
	return buf;
}

static const char *sel_name(const struct tui_top *t)
{
	const struct tui_row *r = &t->rows[t->selected];

	return r->sym ? r->sym->name : "(none)";
}

int main(void)
{
	volatile sig_atomic_t done = 1;
	struct top_opts opts = { 0 };
	struct perf_top top;
	struct tui_top t = { 0 };
	FILE *out, *in;
	SCREEN *scr;
	char tid[32];

	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = out && in ? newterm("xterm", out, in) : NULL;
	if (!scr || top__init(&top, &opts))
		skip_all("no curses screen for xterm, or no perf top here");
	set_term(scr);
	resizeterm(10, 80);
	plan(24);
	ksym(&top, A, "bpf_prog_aaaa_a");
	ksym(&top, B, "bpf_prog_bbbb_b");
	top__read(&top);
	add(&top, PERF_RECORD_MISC_KERNEL, A + 8, 6);
	add(&top, PERF_RECORD_MISC_KERNEL, B + 8, 3);
	add(&top, PERF_RECORD_MISC_USER, 0x1234, 1);

	t.top = &top;
	t.done = &done;
	snprintf(t.header, sizeof(t.header), "   PerfTop: a header");
	is_int(tui_top__snapshot(&t), 0, "a snapshot");
	is_int(t.nr_rows, 3, "of three rows");
	ok(!strncmp(t.rows[0].text, "    60.00%", 10) && t.rows[0].percent == 60.0 &&
	   !strcmp(sel_name(&t), "bpf_prog_aaaa_a"), "most period first, selected");

	tui_top__draw(&t);
	is_str(row(0), "   PerfTop: a header", "the header on the first row");
	ok(!strncmp(row(1), "  Overhead  Shared Object", 25) && (mvinch(1, 0) & A_UNDERLINE),
	   "the column titles, underlined");
	ok(strstr(row(2), "bpf_prog_aaaa_a") && (mvinch(2, 0) & A_REVERSE), "the selected row's bar");
	ok(strstr(row(3), "bpf_prog_bbbb_b") && !(mvinch(3, 0) & A_REVERSE) &&
	   (mvinch(3, 0) & A_BOLD), "a row of 5% or more in bold");
	ok(strstr(row(4), "10.00%") && !strcmp(row(5), ""), "the third row, then nothing");
	ok(strstr(row(9), "Press 'h' for help") && strstr(row(9), "(synthesizing...)"),
	   "the status line and the state (%s)", row(9));

	/* keys */
	tui_top__key(&t, KEY_DOWN);
	is_str(sel_name(&t), "bpf_prog_bbbb_b", "Down");
	tui_top__key(&t, KEY_END);
	is_int(t.selected, 2, "End: the last row");
	tui_top__key(&t, 'j');
	is_int(t.selected, 2, "not past it");
	tui_top__key(&t, KEY_HOME);
	tui_top__key(&t, 'k');
	is_int(t.selected, 0, "Home; not above the first");
	tui_top__key(&t, KEY_NPAGE);
	is_int(t.selected, 2, "PgDn, clamped");

	/* the order changes: the selection stays on its symbol */
	tui_top__key(&t, KEY_UP);
	add(&top, PERF_RECORD_MISC_KERNEL, B + 8, 10);
	tui_top__snapshot(&t);
	ok(t.selected == 0 && !strcmp(sel_name(&t), "bpf_prog_bbbb_b"),
	   "a new snapshot: the selection followed its symbol to the top");

	ok(tui_top__key(&t, 'K') == 1 && top.opts.hide_kernel, "K: hide kernel, rebuild");
	tui_top__snapshot(&t);
	ok(t.nr_rows == 1 && !t.rows[0].sym && t.selected == 0, "only the user row is left");
	tui_top__key(&t, 'a');
	tui_top__draw(&t);
	ok(strstr(row(9), "no symbol to annotate here") != NULL,
	   "annotating it: the reason on the status line");
	tui_top__key(&t, 'K');
	ok(tui_top__key(&t, 'U') == 1 && top.opts.hide_user, "U: hide user, rebuild");
	tui_top__snapshot(&t);
	is_int(t.nr_rows, 2, "the kernel rows");
	ok(tui_top__key(&t, 'z') == 0 && top.opts.zero, "z: zeroing on, nothing to rebuild");
	resizeterm(10, 120);
	tui_top__draw(&t);
	ok(strstr(row(9), "[U hidden]") && strstr(row(9), "[zeroing]"), "the state says so, on a screen wide enough");

	/* a small screen: the list scrolls to the selection */
	resizeterm(4, 80);
	t.selected = 1;
	tui_top__draw(&t);
	ok(t.first == 1 && strstr(row(2), "bpf_prog_aaaa_a") && (mvinch(2, 0) & A_REVERSE),
	   "one row of list: the selected one shown");
	ok(tui_top__key(&t, 'q') == -1 && tui_top__key(&t, 27) == -1, "q and Esc quit");
	tui_top__free_rows(&t);
	endwin();
	delscreen(scr);
	top__exit(&top);
	return done_testing();
}
