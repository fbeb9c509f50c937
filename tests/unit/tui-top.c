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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "curses-screen.h"
#include "tap.h"
#include "top-session.h"
#include "ui/tui-top.h"

#define A	0xffffffffc0001000ULL
#define B	0xffffffffc0002000ULL

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
	SCREEN *scr;
	char tid[32];

	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	scr = test_screen__new(10, 80);
	if (!scr || top__init(&top, &opts))
		skip_all("no curses screen for xterm, or no perf top here");
	plan(24);
	top_test__ksym(&top, A, "bpf_prog_aaaa_a");
	top_test__ksym(&top, B, "bpf_prog_bbbb_b");
	top__read(&top);
	top_test__add(&top, PERF_RECORD_MISC_KERNEL, A + 8, 6);
	top_test__add(&top, PERF_RECORD_MISC_KERNEL, B + 8, 3);
	top_test__add(&top, PERF_RECORD_MISC_USER, 0x1234, 1);

	t.top = &top;
	t.done = &done;
	snprintf(t.header, sizeof(t.header), "   PerfTop: a header");
	is_int(tui_top__snapshot(&t), 0, "a snapshot");
	is_int(t.nr_rows, 3, "of three rows");
	ok(!strncmp(t.rows[0].text, "    60.00%", 10) && t.rows[0].percent == 60.0 &&
	   !strcmp(sel_name(&t), "bpf_prog_aaaa_a"), "most period first, selected");

	tui_top__draw(&t);
	is_str(test_screen__row(0), "   PerfTop: a header", "the header on the first row");
	ok(!strncmp(test_screen__row(1), "  Overhead  Shared Object", 25) && (mvinch(1, 0) & A_UNDERLINE),
	   "the column titles, underlined");
	ok(strstr(test_screen__row(2), "bpf_prog_aaaa_a") && (mvinch(2, 0) & A_REVERSE), "the selected row's bar");
	ok(strstr(test_screen__row(3), "bpf_prog_bbbb_b") && !(mvinch(3, 0) & A_REVERSE) &&
	   (mvinch(3, 0) & A_BOLD), "a row of 5% or more in bold");
	ok(strstr(test_screen__row(4), "10.00%") && !strcmp(test_screen__row(5), ""), "the third row, then nothing");
	ok(strstr(test_screen__row(9), "Press 'h' for help") && strstr(test_screen__row(9), "(synthesizing...)"),
	   "the status line and the state (%s)", test_screen__row(9));

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
	top_test__add(&top, PERF_RECORD_MISC_KERNEL, B + 8, 10);
	tui_top__snapshot(&t);
	ok(t.selected == 0 && !strcmp(sel_name(&t), "bpf_prog_bbbb_b"),
	   "a new snapshot: the selection followed its symbol to the top");

	ok(tui_top__key(&t, 'K') == 1 && top.opts.hide_kernel, "K: hide kernel, rebuild");
	tui_top__snapshot(&t);
	ok(t.nr_rows == 1 && !t.rows[0].sym && t.selected == 0, "only the user row is left");
	tui_top__key(&t, 'a');
	tui_top__draw(&t);
	ok(strstr(test_screen__row(9), "no symbol to annotate here") != NULL,
	   "annotating it: the reason on the status line");
	tui_top__key(&t, 'K');
	ok(tui_top__key(&t, 'U') == 1 && top.opts.hide_user, "U: hide user, rebuild");
	tui_top__snapshot(&t);
	is_int(t.nr_rows, 2, "the kernel rows");
	ok(tui_top__key(&t, 'z') == 0 && top.opts.zero, "z: zeroing on, nothing to rebuild");
	resizeterm(10, 120);
	tui_top__draw(&t);
	ok(strstr(test_screen__row(9), "[U hidden]") && strstr(test_screen__row(9), "[zeroing]"), "the state says so, on a screen wide enough");

	/* a small screen: the list scrolls to the selection */
	resizeterm(4, 80);
	t.selected = 1;
	tui_top__draw(&t);
	ok(t.first == 1 && strstr(test_screen__row(2), "bpf_prog_aaaa_a") && (mvinch(2, 0) & A_REVERSE),
	   "one row of list: the selected one shown");
	ok(tui_top__key(&t, 'q') == -1 && tui_top__key(&t, 27) == -1, "q and Esc quit");
	tui_top__free_rows(&t);
	endwin();
	delscreen(scr);
	top__exit(&top);
	return done_testing();
}
