// SPDX-License-Identifier: GPL-2.0
/*
 * The annotate browser: one symbol's instructions with their shares and
 * source lines, in upstream's layout, with a selection to move, jumps to
 * follow and calls to open.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/annotate.h"
#include "tui.h"
#include "tui-annotate.h"
#include "tui-list.h"

enum { G_BAR, G_DOWN, G_UP, G_CALL, G_RET, G_FROM_UP, G_FROM_DOWN, G_TO_UP, G_TO_DOWN, G_FUSED };

static const char *const glyphs_utf8[] = {
	"\u2502", "\u2193", "\u2191", "\u2192", "\u2190",
	"\u2514\u2500\u2500", "\u250c\u2500\u2500", "\u250c\u2500\u2192", "\u2514\u2500\u2192",
	"\u251c\u2500\u2500",
};
static const char *const glyphs_ascii[] = {
	"|", "v", "^", ">", "<", "+--", "+--", "+->", "+->", "+--",
};

static const char *glyph(const struct tui_annotate *t, int g)
{
	return t->ascii ? glyphs_ascii[g] : glyphs_utf8[g];
}

static const struct annotation_line *view_line(const struct tui_annotate *t, int i)
{
	return &t->a->lines[t->view[i]];
}

/* The view line of the instruction at offset, -1 when none starts there. */
static int line_of_offset(const struct tui_annotate *t, u64 offset)
{
	int i;

	for (i = 0; i < t->nr_view; i++) {
		const struct annotation_line *l = view_line(t, i);

		if (l->type == ANNOTATION_LINE_INSN && l->offset == offset)
			return i;
	}
	return -1;
}

int tui_annotate__view(struct tui_annotate *t)
{
	const struct annotation *a = t->a;
	int keep = t->nr_view ? t->view[t->selected] : -1, i, n = 0;
	int *v = realloc(t->view, (a->nr_lines + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	t->view = v;
	for (i = 0; i < (int)a->nr_lines; i++)
		if (!t->hide_source || a->lines[i].type == ANNOTATION_LINE_INSN)
			v[n++] = i;
	t->nr_view = n;
	/* the same line, else the first shown after it */
	t->selected = 0;
	for (i = 0; keep >= 0 && i < n; i++) {
		if (v[i] >= keep) {
			t->selected = i;
			break;
		}
	}
	return 0;
}

/* Is some instruction's jump landing at offset (upstream shows those offsets)? */
static bool is_jump_target(const struct annotation *a, u64 offset)
{
	size_t i;

	for (i = 0; i < a->nr_lines; i++)
		if (a->lines[i].is_jump && a->lines[i].target == offset)
			return true;
	return false;
}

/* "mnemonic operands" apart; a call's operands become the callee's name. */
static void split_insn(const struct annotation_line *l, char *mn, size_t mnsz, char *ops,
		       size_t opsz)
{
	const char *s = l->text, *sp = strchr(s, ' '), *lt, *gt;
	size_t n = sp ? (size_t)(sp - s) : strlen(s);

	snprintf(mn, mnsz, "%.*s", (int)n, s);
	s += n;
	while (*s == ' ')
		s++;
	if (l->is_jump) {
		snprintf(ops, opsz, "%llx", (unsigned long long)l->target);
		return;
	}
	lt = l->is_call ? strchr(s, '<') : NULL;
	gt = lt ? strrchr(lt, '>') : NULL;
	if (gt)
		snprintf(ops, opsz, "%.*s", (int)(gt - lt - 1), lt + 1);
	else
		snprintf(ops, opsz, "%s", s);
}

static bool is_ret(const struct annotation_line *l)
{
	return !strncmp(l->text, "ret", 3) || !strncmp(l->text, "exit", 4);
}

/* a jump or call through a register or memory: upstream's browser marks it as a call */
static bool is_indirect(const struct annotation_line *l)
{
	return !l->is_jump && !l->is_call &&
	       (!strncmp(l->text, "jmp", 3) || !strncmp(l->text, "call", 4));
}

/* The view line of the instruction before view line i (source lines passed over), or -1. */
static int insn_before(const struct tui_annotate *t, int i)
{
	while (--i >= 0)
		if (view_line(t, i)->type == ANNOTATION_LINE_INSN)
			return i;
	return -1;
}

/*
 * The jump drawing of view line i when the selection is a jump inside the
 * function: its three columns after the offset (NULL: none), or *vline
 * when only the line passes by.
 */
static const char *jump_mark(const struct tui_annotate *t, int i, bool *vline)
{
	const struct annotation_line *j;
	int sel = t->selected, to, fused, lo, hi;
	bool up;

	*vline = false;
	if (sel < 0 || sel >= t->nr_view)
		return NULL;
	j = view_line(t, sel);
	if (j->type != ANNOTATION_LINE_INSN || !j->is_jump)
		return NULL;
	to = line_of_offset(t, j->target);
	if (to < 0 || to == sel)
		return NULL;
	up = to < sel;
	fused = insn_before(t, sel);
	if (fused >= 0 && !annotate_fusion__fused(t->fusion, view_line(t, fused)->text, j->text))
		fused = -1;
	if (i == fused)
		return glyph(t, up ? G_FUSED : G_FROM_DOWN);
	if (i == sel)
		return glyph(t, fused >= 0 && !up ? G_FUSED : up ? G_FROM_UP : G_FROM_DOWN);
	if (i == to)
		return glyph(t, up ? G_TO_UP : G_TO_DOWN);
	lo = up ? to : (fused >= 0 ? fused : sel);
	hi = up ? sel : to;
	*vline = i > lo && i < hi;
	return NULL;
}

void tui_annotate__line(const struct tui_annotate *t, int i, char *buf, size_t size)
{
	const struct annotation *a = t->a;
	const struct annotation_line *l = view_line(t, i);
	int w = annotate__hex_width(a->size);
	char pct[16] = "      ", off[24], mn[64], ops[640], lead[32];
	const char *arrow = " ", *mark;
	bool vline;

	mark = jump_mark(t, i, &vline);
	if (l->type != ANNOTATION_LINE_INSN) {
		snprintf(buf, size, "       %s%*s%s%s", glyph(t, G_BAR), w + 1, "",
			 vline ? glyph(t, G_BAR) : " ", l->text);
		return;
	}
	if (l->nr_samples)
		snprintf(pct, sizeof(pct), "%6.2f", l->percent);
	if (t->all_offsets || is_jump_target(a, l->offset))
		snprintf(off, sizeof(off), "%*llx:", w, (unsigned long long)l->offset);
	else
		snprintf(off, sizeof(off), "%*s", w + 1, "");
	if (l->is_jump)
		arrow = glyph(t, l->target > l->offset ? G_DOWN : G_UP);
	else if (l->is_call || is_indirect(l))
		arrow = glyph(t, G_CALL);
	else if (is_ret(l))
		arrow = glyph(t, G_RET);
	split_insn(l, mn, sizeof(mn), ops, sizeof(ops));
	/* the column after the offset, the arrow, a blank: or the jump's drawing */
	if (mark)
		snprintf(lead, sizeof(lead), "%s", mark);
	else
		snprintf(lead, sizeof(lead), "%s%s ", vline ? glyph(t, G_BAR) : " ", arrow);
	snprintf(buf, size, "%s %s%s%s%-10s %s", pct, glyph(t, G_BAR), off, lead, mn, ops);
	/* no trailing blanks: a mnemonic without operands */
	for (i = (int)strlen(buf); i > 0 && buf[i - 1] == ' '; i--)
		buf[i - 1] = '\0';
}

void tui_annotate__draw(struct tui_annotate *t)
{
	const struct annotation *a = t->a;
	int page = tui_list__page(), i;
	char line[1024];

	if (t->selected < t->first)
		t->first = t->selected;
	if (t->selected >= t->first + page)
		t->first = t->selected - page + 1;
	if (t->first < 0)
		t->first = 0;
	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, t->title ? t->title : "", COLS);
	attroff(A_BOLD);
	snprintf(line, sizeof(line), "%s  %s [Percent: local period]", a->sym_name, a->dso_name);
	mvaddnstr(1, 0, line, COLS);
	for (i = 0; i < page && t->first + i < t->nr_view; i++) {
		const struct annotation_line *l = view_line(t, t->first + i);
		bool sel = t->nav_active && t->first + i == t->selected;

		tui_annotate__line(t, t->first + i, line, sizeof(line));
		/* upstream names the column on its first row when that row has no share */
		if (i == 0 && !l->nr_samples)
			memcpy(line, "Percent", 7);
		if (sel)
			attron(A_REVERSE);
		else if (l->type == ANNOTATION_LINE_INSN && l->percent >= 5.0)
			attron(A_BOLD);
		move(i + 2, 0);
		clrtoeol();
		mvaddnstr(i + 2, 0, line, COLS);
		if (sel)
			chgat(-1, A_REVERSE, 0, NULL);
		attroff(A_REVERSE | A_BOLD);
	}
	attron(A_REVERSE);
	mvprintw(LINES - 1, 0, "%-*.*s", COLS, COLS,
		 t->message[0] ? t->message : "Press 'h' for help on key bindings");
	attroff(A_REVERSE);
	refresh();
}

/* The instructions with samples, most period first: view lines, n of them. */
static int *hot_lines(const struct tui_annotate *t, int *n)
{
	int *v = malloc((t->nr_view + 1) * sizeof(*v)), i, j, k = 0;

	if (!v)
		return NULL;
	for (i = 0; i < t->nr_view; i++) {
		const struct annotation_line *l = view_line(t, i);

		if (l->type != ANNOTATION_LINE_INSN || !l->nr_samples)
			continue;
		/* ties: the later line first, as upstream's tree of lines gives them */
		for (j = k; j > 0 && view_line(t, v[j - 1])->period <= l->period; j--)
			v[j] = v[j - 1];
		v[j] = i;
		k++;
	}
	*n = k;
	return v;
}

/*
 * Select view line i half a page down the screen, as upstream moves to a
 * line: its browser's height counts the symbol's line (hence the + 1).
 */
static void select_centered(struct tui_annotate *t, int i)
{
	t->nav_active = true;
	t->selected = i;
	t->first = i - (tui_list__page() + 1) / 2;
	if (t->first < 0)
		t->first = 0;
}

/* H (rank 0), TAB (the next rank) and shift-TAB (the previous), cycling. */
static void go_hot(struct tui_annotate *t, int ch)
{
	int n, *v = hot_lines(t, &n);

	if (!v || !n) {
		if (ch)
			snprintf(t->message, sizeof(t->message), "no instruction has samples");
		free(v);
		return;
	}
	if (ch == 'H' || !ch)
		t->hot = 0;
	else
		t->hot = (t->hot + (ch == '\t' ? 1 : n - 1)) % n;
	select_centered(t, v[t->hot]);
	free(v);
}

static int follow(struct tui_annotate *t, int ch)
{
	const struct annotation_line *l = t->nr_view ? view_line(t, t->selected) : NULL;
	int i;

	if (l && l->type == ANNOTATION_LINE_INSN && l->is_jump) {
		i = line_of_offset(t, l->target);
		if (i < 0)
			snprintf(t->message, sizeof(t->message),
				 "the jump lands inside an instruction (offset %llx)",
				 (unsigned long long)l->target);
		else
			select_centered(t, i);
		return 0;
	}
	if (l && l->type == ANNOTATION_LINE_INSN && l->is_call) {
		if (!t->call)
			snprintf(t->message, sizeof(t->message), "the callee cannot be annotated here");
		else if (t->call(t->call_arg, l, t->message, sizeof(t->message)) == 0)
			t->message[0] = '\0';
		return 0;
	}
	/* upstream's: a return leaves the function */
	if (l && l->type == ANNOTATION_LINE_INSN && is_ret(l))
		return 27;
	if (ch == KEY_RIGHT && t->right_leaves)
		return KEY_RIGHT;
	snprintf(t->message, sizeof(t->message), "%s",
		 l && l->type != ANNOTATION_LINE_INSN ?
		 "Actions are only available for assembly lines." :
		 "Actions are only available for function call/return & jump/branch instructions.");
	return 0;
}

static const char *const tui_annotate__help[] = {
	"UP/DOWN/PGUP/PGDN/HOME/END  move the selection",
	"H           go to the hottest instruction",
	"TAB/shift+TAB  cycle through the instructions by share",
	"ENTER, RIGHT  a jump: go to its target; a call: annotate the callee;",
	"            a return: back",
	"s           show or hide the source lines",
	"o           show the offset of every instruction, or of jump targets only",
	"h, ?        this help",
	"q, ESC, LEFT  back",
};

int tui_annotate__key(struct tui_annotate *t, int ch)
{
	int sel = tui_list__move(t->selected, t->nr_view, tui_list__page(), ch);

	t->message[0] = '\0';
	if (sel >= 0 && !t->nav_active) {
		/* upstream's: the first move only shows where the selection is */
		t->nav_active = true;
		return 0;
	}
	if (sel >= 0) {
		t->selected = sel;
		return 0;
	}
	switch (ch) {
	case 'q': case 'Q': case 27: case KEY_LEFT:
		return ch;
	case 'H': case '\t': case KEY_BTAB:
		go_hot(t, ch);
		break;
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
		return follow(t, ch);
	case 's':
		t->hide_source = !t->hide_source;
		if (tui_annotate__view(t))
			snprintf(t->message, sizeof(t->message), "out of memory");
		break;
	case 'o':
		t->all_offsets = !t->all_offsets;
		break;
	case 'h': case '?':
		tui__text_view("perf annotate: key bindings", (char *const *)tui_annotate__help,
			       (int)(sizeof(tui_annotate__help) / sizeof(tui_annotate__help[0])),
			       NULL, NULL, t->done);
		break;
	default:
		break;
	}
	return 0;
}

void tui_annotate__exit(struct tui_annotate *t)
{
	free(t->view);
	t->view = NULL;
	t->nr_view = 0;
}

void tui_annotate__title(char *buf, size_t size, const char *title, const char *event,
			 unsigned long long freq)
{
	char name[512];
	const char *p;

	snprintf(name, sizeof(name), "'%s',", event);
	p = strstr(title, name);
	if (!p) {
		snprintf(buf, size, "%s", title);
		return;
	}
	p += strlen(name);
	/* upstream prints the u64 with %d */
	snprintf(buf, size, "%.*s %d Hz,%s", (int)(p - title), title, (int)freq, p);
}

int tui_annotate__run(struct tui_annotate *t)
{
	const char *cs = nl_langinfo(CODESET);
	bool redraw = true;
	int ch, key = 0;

	t->ascii = !cs || strcmp(cs, "UTF-8");
	if (tui_annotate__view(t))
		return -ENOMEM;
	/* upstream opens on the hottest instruction, the selection not shown yet */
	go_hot(t, 0);
	t->nav_active = false;
	while (!*t->done && !key) {
		if (redraw)
			tui_annotate__draw(t);
		redraw = false;
		tui__poll(100);
		while (!key && (ch = getch()) != ERR) {
			redraw = true;
			if (ch != KEY_RESIZE)
				key = tui_annotate__key(t, ch);
		}
	}
	tui_annotate__exit(t);
	return key;
}
