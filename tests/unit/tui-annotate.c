// SPDX-License-Identifier: GPL-2.0
/*
 * ui/tui-annotate.c without a terminal: the annotate browser over a
 * small annotation (a source line, six instructions: a loop's backward
 * jump, a forward jump, a call, a return), drawn on a curses screen of
 * the test's own and read back: the title, the symbol line, upstream's
 * "percent | offset: mnemonic operands" rows with jump-target offsets
 * and arrows, "Percent" over an empty first share, the selection bar;
 * and the keys: H and TAB by share, Enter and Right on a jump (its
 * target), on a call (the callee asked for), on a return (leaves), on
 * other lines (the hint, or Right leaving when asked to), s and o, q,
 * Esc and Left.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curses-screen.h"
#include "tap.h"
#include "util/annotate.h"
#include "ui/tui-annotate.h"

static struct annotation_line lines[] = {
	{ .type = ANNOTATION_LINE_SOURCE, .text = "for (i = 0; i < n; i++)" },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x0, .text = "pushq  %rbp" },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x1, .text = "addq   $1,%rdi",
	  .nr_samples = 6, .period = 6, .percent = 60.0 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x5, .text = "jne    1 <f+0x1>",
	  .is_jump = true, .target = 0x1, .nr_samples = 1, .period = 1, .percent = 10.0 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x7, .text = "je     10 <f+0x10>",
	  .is_jump = true, .target = 0x10 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0xb, .text = "callq  ffffffff81000000 <g>",
	  .is_call = true, .target = 0xffffffff81000000ULL, .nr_samples = 3, .period = 3,
	  .percent = 30.0 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x10, .text = "retq" },
};

static int nr_calls;
static unsigned long long called;

static int callee(void *arg, const struct annotation_line *l, char *msg, size_t size)
{
	nr_calls++;
	called = l->target;
	snprintf(msg, size, "no samples in the called function");
	return -1;
}

int main(void)
{
	volatile sig_atomic_t done = 0;
	struct annotation a = {
		.sym_name = "f", .dso_name = "/usr/lib/libf.so", .size = 0x11,
		.nr_samples = 10, .period = 10, .lines = lines,
		.nr_lines = sizeof(lines) / sizeof(lines[0]), .nr_insns = 6,
	};
	struct tui_annotate t = {
		.a = &a, .title = "Samples: 10  of event 'cpu-clock', Event count (approx.): 10",
		.done = &done, .call = callee, .ascii = true,
	};
	SCREEN *scr = test_screen__new(12, 100);

	if (!scr)
		skip_all("no curses screen for xterm here");
	plan(39);
	is_int(tui_annotate__view(&t), 0, "the view");
	is_int(t.nr_view, 7, "source line and instructions");

	tui_annotate__draw(&t);
	is_str(test_screen__row(0), t.title, "the title on the first row");
	is_str(test_screen__row(1), "f  /usr/lib/libf.so [Percent: local period]",
	       "the symbol, its object, the percent type");
	is_str(test_screen__row(2), "Percent|    for (i = 0; i < n; i++)",
	       "the source line; the column named over its empty share");
	ok(!(mvinch(2, 0) & A_REVERSE), "no selection shown before a key");
	is_str(test_screen__row(3), "       |      pushq      %rbp", "an instruction without samples");
	is_str(test_screen__row(4), " 60.00 | 1:   addq       $1,%rdi",
	       "a jump target: its offset; the share");
	ok(mvinch(4, 0) & A_BOLD, "5%% and more: bold");
	is_str(test_screen__row(5), " 10.00 |    ^ jne        1", "a backward jump: ^ and the target");
	is_str(test_screen__row(6), "       |    v je         10", "a forward jump: v");
	is_str(test_screen__row(7), " 30.00 |    > callq      g", "a call: > and the callee's name");
	is_str(test_screen__row(8), "       |10: < retq", "a return: <; a jump target");
	ok(strstr(test_screen__row(11), "Press 'h' for help") != NULL, "the status line");

	tui_annotate__key(&t, KEY_DOWN);
	tui_annotate__draw(&t);
	ok(t.selected == 0 && (mvinch(2, 0) & A_REVERSE),
	   "the first move only shows the selection, as upstream's");

	/* a selected jump: the line to its target; the fused pair */
	t.selected = 3;
	tui_annotate__draw(&t);
	ok(!strcmp(test_screen__row(4), " 60.00 | 1:+->addq       $1,%rdi") &&
	   !strcmp(test_screen__row(5), " 10.00 |   +--jne        1"),
	   "a jump up: +-- on it, +-> on its target (%s)", test_screen__row(4));
	t.fusion = ANNOTATE_FUSE_ALU;
	tui_annotate__draw(&t);
	is_str(test_screen__row(4), " 60.00 | 1:+--addq       $1,%rdi",
	       "the add before it fuses on a newer Intel CPU");
	t.fusion = ANNOTATE_FUSE_NONE;
	t.selected = 4;
	tui_annotate__draw(&t);
	ok(!strcmp(test_screen__row(6), "       |   +--je         10") &&
	   !strcmp(test_screen__row(7), " 30.00 |   |> callq      g") &&
	   !strcmp(test_screen__row(8), "       |10:+->retq"),
	   "a jump down: the line passes the rows between (%s)", test_screen__row(7));
	t.selected = 0;

	tui_annotate__key(&t, 'H');
	is_int(t.selected, 2, "H: the hottest instruction");
	tui_annotate__key(&t, '\t');
	is_int(t.selected, 5, "TAB: the next by share");
	tui_annotate__key(&t, '\t');
	is_int(t.selected, 3, "TAB again: the third");
	tui_annotate__key(&t, '\t');
	is_int(t.selected, 2, "TAB: round to the hottest");
	tui_annotate__key(&t, KEY_BTAB);
	is_int(t.selected, 3, "shift-TAB: back round");

	is_int(tui_annotate__key(&t, '\n'), 0, "Enter on a jump stays in the browser");
	is_int(t.selected, 2, "... at its target");
	t.selected = 4;
	tui_annotate__key(&t, KEY_RIGHT);
	ok(t.selected == 6 && !t.message[0], "Right on a forward jump: its target");
	t.selected = 5;
	is_int(tui_annotate__key(&t, '\n'), 0, "Enter on a call");
	ok(nr_calls == 1 && called == 0xffffffff81000000ULL &&
	   !strcmp(t.message, "no samples in the called function"),
	   "asks for the callee; its reason shown (%s)", t.message);
	t.selected = 1;
	tui_annotate__key(&t, '\n');
	ok(strstr(t.message, "only available for function call/return & jump/branch") != NULL,
	   "Enter elsewhere: upstream's hint");
	t.selected = 0;
	tui_annotate__key(&t, '\n');
	is_str(t.message, "Actions are only available for assembly lines.",
	       "Enter on a source line: upstream's hint");
	t.selected = 1;
	is_int(tui_annotate__key(&t, KEY_RIGHT), 0, "Right elsewhere stays...");
	t.right_leaves = true;
	is_int(tui_annotate__key(&t, KEY_RIGHT), KEY_RIGHT, "... unless asked to leave (perf annotate)");
	t.selected = 6;
	is_int(tui_annotate__key(&t, '\n'), 27, "Enter on a return leaves");

	t.selected = 2;
	t.first = 0;
	tui_annotate__key(&t, 's');
	tui_annotate__draw(&t);
	ok(t.nr_view == 6 && t.selected == 1 &&
	   !strcmp(test_screen__row(2), "Percent|      pushq      %rbp") &&
	   !strcmp(test_screen__row(3), " 60.00 | 1:   addq       $1,%rdi"),
	   "s: no source line, the selection on the same instruction");
	tui_annotate__key(&t, 'o');
	tui_annotate__draw(&t);
	is_str(test_screen__row(5), "       | 7: v je         10", "o: every offset");
	tui_annotate__key(&t, 's');
	ok(t.nr_view == 7 && t.selected == 2, "s again: the source line back");

	/* a tie for the hottest: the later line, as upstream's tree gives it */
	lines[4].period = lines[2].period;
	lines[4].nr_samples = lines[2].nr_samples;
	tui_annotate__key(&t, 'H');
	is_int(t.view[t.selected], 4, "H with a tie: the later instruction");
	tui_annotate__key(&t, '\t');
	is_int(t.view[t.selected], 2, "TAB: the earlier one of the tie");
	lines[4].period = lines[4].nr_samples = 0;

	ok(tui_annotate__key(&t, 'q') == 'q' && tui_annotate__key(&t, 27) == 27 &&
	   tui_annotate__key(&t, KEY_LEFT) == KEY_LEFT, "q, Esc and Left leave");
	tui_annotate__exit(&t);
	endwin();
	delscreen(scr);
	return done_testing();
}
