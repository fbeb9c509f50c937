/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_ANNOTATE_H
#define __PERF_UI_TUI_ANNOTATE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/annotate-fuse.h"

struct annotation;
struct annotation_line;

/*
 * The annotate browser of perf report's `a` and of perf annotate on a
 * terminal: one symbol's instructions with their shares, source lines
 * between them, laid out as upstream's browser: the title, the symbol
 * and its object, then "percent │ offset: mnemonic operands", jumps
 * marked ↓/↑ with the target's offset, calls →, returns ←.
 *
 * It opens on the hottest instruction, half a page down the screen, as
 * upstream's does, with the selection not shown yet: the first of
 * arrows, PgUp/PgDn, Home/End and space only shows it (upstream's too).
 * Keys: arrows, PgUp/PgDn, Home/End move; H the hottest
 * instruction, TAB and shift-TAB the next and previous by share (ties:
 * the later line first); Enter or Right on a jump goes to its target
 * (these three put the line half a page down), on a call asks call() for
 * the callee (the caller opens a browser of its own on it), on a return
 * leaves; s shows or hides source lines, o the offset of every
 * instruction (else of jump targets only); h or ? help; q, Esc or Left
 * leave.  A selected jump to inside the function is drawn as upstream
 * draws it: a line from the jump (└── up, ┌── down) to its target (┌─→,
 * └─→), and ├── on the instruction the CPU fuses with it.
 */
struct tui_annotate {
	const struct annotation	*a;
	const char		*title;		/* first line: the event, as report's */
	volatile sig_atomic_t	*done;
	/* Enter on a call: 0 when the callee was shown, else a reason in msg */
	int			(*call)(void *arg, const struct annotation_line *l, char *msg,
					size_t size);
	void			*call_arg;
	bool			right_leaves;	/* Right with nothing to follow leaves */
	/* the recording CPU's: marks a fused pair at a selected jump */
	enum annotate_fusion	fusion;
	/* state */
	int			*view;		/* index in a->lines of each line shown */
	int			nr_view;
	int			selected;
	int			first;
	int			hot;		/* TAB: rank of the selection by share */
	bool			nav_active;	/* the selection shown: after a key */
	bool			hide_source;
	bool			all_offsets;
	bool			ascii;		/* no UTF-8 on this terminal */
	char			message[512];
};

/*
 * Browse t->a until a leaving key or *t->done; the key that left (q,
 * Esc, KEY_LEFT, KEY_RIGHT with right_leaves; Esc for Enter on a
 * return), or 0 for *done.  The caller has the terminal in TUI
 * mode (tui__init()).
 */
int tui_annotate__run(struct tui_annotate *t);

/*
 * The browser's first line from a report title: upstream's annotate
 * browser adds the event's sample frequency (its attr's sample_freq, the
 * period's field when it samples by period) after the event's name:
 * "... of event 'E', 4000 Hz, Event count (approx.): C".  A title without
 * "'E'," is copied as it is.
 */
void tui_annotate__title(char *buf, size_t size, const char *title, const char *event,
			 unsigned long long freq);

/*
 * The steps without the loop, for tests on a curses screen of their own:
 * tui_annotate__view() builds the lines shown from the toggles (the
 * selection kept on the same line where it still shows; 0 or -ENOMEM);
 * tui_annotate__line() lays out line i of the view without the bar;
 * tui_annotate__key() applies a key: the key when it leaves, else 0.
 */
int tui_annotate__view(struct tui_annotate *t);
void tui_annotate__line(const struct tui_annotate *t, int i, char *buf, size_t size);
void tui_annotate__draw(struct tui_annotate *t);
int tui_annotate__key(struct tui_annotate *t, int ch);
void tui_annotate__exit(struct tui_annotate *t);

struct annotator;
struct evlist;

/*
 * perf annotate on a terminal: the symbols of every event with samples,
 * most sampled first, one browser at a time from the hottest: Right on a
 * line with nothing to follow goes to the next symbol, Left to the
 * previous one (from the first: out), q or Esc quit; a call opens its
 * callee when it got samples.  Symbols that cannot be annotated are
 * passed over.  note (or NULL): the first browser's status line, say
 * why the kernel's functions are missing.  The terminal is taken and
 * restored here.  cpuid: the file's (its CPU's macro-fusion, or NULL).  0, -ENODATA
 * when no symbol can be annotated (nothing was drawn), -ENOTTY or
 * -ENOMEM.
 */
int tui_annotate__symbols(struct annotator *ann, struct evlist *evlist, const char *cpuid,
			  const char *note, volatile sig_atomic_t *done);

#endif /* __PERF_UI_TUI_ANNOTATE_H */
