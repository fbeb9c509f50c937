// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's browser: an entry's graph as upstream's browser folds
 * it, frame by frame (the tree of util/report-rows.h's lines).
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui-report.h"
#include "tui-report-priv.h"

/* upstream's step between the levels of a graph */
#define TREE_STEP	3

/* The fold mark of tree line k: '+' or '-' where it hides or shows more, else ' '. */
char tui_report__tree_sign(const struct tui_report *t, int row, int k)
{
	const struct graph_tree_line *l = &t->rows.v[row].tree[k].l;
	/* upstream's: the first frame folds its siblings' level, the last its children */
	bool more = l->last ? l->has_children : l->pos == 0 && l->has_sibling;

	if (!more)
		return ' ';
	return t->unfolded[row] && t->unfolded[row][k] ? '-' : '+';
}

static int tree_add(struct tui_report *t, int row, int k, int offset, bool pct)
{
	const struct graph_tree_line *l = &t->rows.v[row].tree[k].l;
	char *text, sign = tui_report__tree_sign(t, row, k);
	int ret;

	if (pct)
		ret = asprintf(&text, "%*s%c %.2f%% %s", offset, "", sign, l->percent, l->name);
	else
		ret = asprintf(&text, "%*s%c %s", offset, "", sign, l->name);
	if (ret < 0)
		return -ENOMEM;
	t->view_line[t->nr_view] = k;
	t->view_row[t->nr_view] = row;
	t->view_text[t->nr_view] = text;
	t->view[t->nr_view++].text = text;
	return 0;
}

/*
 * The nodes under parent from tree line k on, at level, as upstream's
 * browser shows them: a node's frames until one folds ('+'), its share
 * on the first where upstream shows it (the others one step further in),
 * and its children when its last shown frame is open ('-').  The line
 * after the nodes (and all they hold), or -ENOMEM.
 */
int tui_report__tree(struct tui_report *t, int row, int k, u32 parent, int level)
{
	const struct report_row *r = &t->rows.v[row];

	while (k < r->nr_tree && r->tree[k].l.parent == parent) {
		const struct graph_tree_line *first = &r->tree[k].l;
		int j = k, extra = 0, err;
		char sign = ' ';

		for (; j < r->nr_tree && r->tree[j].l.node == first->node; j++) {
			if (j > k && first->need_percent)
				extra = TREE_STEP;
			if (sign == '+')
				continue;
			sign = tui_report__tree_sign(t, row, j);
			err = tree_add(t, row, j, level * TREE_STEP + extra,
				       j == k && first->need_percent);
			if (err)
				return err;
		}
		if (sign == '-') {
			j = tui_report__tree(t, row, j, first->node, level + (extra ? 2 : 1));
			if (j < 0)
				return j;
		}
		/* past what the node holds */
		while (j < r->nr_tree && r->tree[j].l.depth > first->depth)
			j++;
		k = j;
	}
	return k;
}
