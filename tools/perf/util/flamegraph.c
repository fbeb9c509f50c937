// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph page: HTML around the call tree as JSON, our script and
 * style sheet (util/flamegraph/, built in by flamegraph-assets.c) inline.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "calltree-read.h"
#include "flamegraph.h"
#include "fmt-buf.h"

#define NONE	((u32)-1)

static const char *const kind_labels[CALLTREE_NR_KINDS] = {
	[CALLTREE_ROOT]		= "all samples",
	[CALLTREE_GROUP]	= "command",
	[CALLTREE_KERNEL]	= "kernel",
	[CALLTREE_USER]		= "user",
	[CALLTREE_BPF]		= "BPF program",
	[CALLTREE_BPF_TRAMP]	= "BPF trampoline / dispatcher",
	[CALLTREE_JIT]		= "JIT (perf-PID.map)",
	[CALLTREE_UNKNOWN]	= "unknown",
	[CALLTREE_DSO]		= "dso (no call chains)",
};

/* Text for HTML: &, <, > and " escaped. */
static void html_str(struct fmt_buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fmt_buf__puts(b, "&amp;");
			break;
		case '<':
			fmt_buf__puts(b, "&lt;");
			break;
		case '>':
			fmt_buf__puts(b, "&gt;");
			break;
		case '"':
			fmt_buf__puts(b, "&quot;");
			break;
		default:
			fmt_buf__putc(b, *s);
		}
	}
}

static void json_str(struct fmt_buf *b, const char *s)
{
	fmt_buf__json_str(b, s, FMT_JSON_HTML);
}

static int child_cmp(const void *pa, const void *pb, void *arg)
{
	const struct calltree *t = arg;
	u32 na = *(const u32 *)pa, nb = *(const u32 *)pb;
	const struct calltree_frame *a = calltree__frame_at(t, calltree__node(t, na)->frame);
	const struct calltree_frame *b = calltree__frame_at(t, calltree__node(t, nb)->frame);
	int r = strcmp(calltree__str(t, a->name), calltree__str(t, b->name));

	if (r)
		return r;
	r = strcmp(calltree__str(t, a->dso_name), calltree__str(t, b->dso_name));
	if (r)
		return r;
	return a->tag < b->tag ? -1 : a->tag > b->tag;
}

/* The node of base on the same path of names as node of t under base_parent. */
static u32 base_match(const struct calltree *t, u32 node, const struct calltree *base,
		      u32 base_parent)
{
	const struct calltree_frame *f = calltree__frame_at(t, calltree__node(t, node)->frame);
	struct calltree_frame key = *f;
	u32 id;

	key.name = calltree__find_str(base, calltree__str(t, f->name));
	key.dso_name = f->dso_name ? calltree__find_str(base, calltree__str(t, f->dso_name)) : 0;
	if (key.name == NONE || key.dso_name == NONE)
		return 0;
	id = calltree__find_frame(base, &key);
	return id == NONE ? 0 : calltree__child(base, base_parent, id);
}

struct fg_level {
	u32	*kids;
	u32	nr, next;
	u32	base;		/* the node's counterpart in the base tree, 0: none */
};

/* The nodes in preorder, children by name: name, dso, kind, children, samples, period[, base]. */
static int fg__nodes(struct fmt_buf *b, const struct calltree *t, const struct calltree *base,
		     u32 root_name)
{
	u32 depth = calltree__max_depth(t) + 2, sp = 0, nodes = 0;
	struct fg_level *stack = calloc(depth, sizeof(*stack));
	int err = 0;

	if (!stack)
		return -ENOMEM;
	/* push the root, then visit: print a node when pushed */
	for (;;) {
		u32 node, base_node;

		if (!sp) {
			node = 0;
			base_node = 0;
		} else {
			struct fg_level *top = &stack[sp - 1];

			if (top->next == top->nr) {
				free(top->kids);
				sp--;
				if (!sp)
					break;
				continue;
			}
			node = top->kids[top->next++];
			base_node = base && (top->base || sp == 1) ?
				    base_match(t, node, base, top->base) : 0;
		}
		{
			const struct calltree_node *cn = calltree__node(t, node);
			const struct calltree_frame *f = calltree__frame_at(t, cn->frame);
			struct fg_level *lv = &stack[sp];
			u32 name = node ? f->name : root_name;

			lv->kids = calltree__children(t, node, &lv->nr);
			if (lv->nr == NONE) {
				err = -ENOMEM;
				lv->nr = 0;
			}
			lv->next = 0;
			lv->base = base_node;
			if (lv->nr > 1)
				qsort_r(lv->kids, lv->nr, sizeof(*lv->kids), child_cmp, (void *)t);
			if (nodes++)
				fmt_buf__putc(b, ',');
			fmt_buf__u64(b, name, 0, 0);
			fmt_buf__putc(b, ',');
			fmt_buf__u64(b, f->dso_name, 0, 0);
			fmt_buf__putc(b, ',');
			fmt_buf__u64(b, node ? f->kind : CALLTREE_ROOT, 0, 0);
			fmt_buf__putc(b, ',');
			fmt_buf__u64(b, lv->nr, 0, 0);
			fmt_buf__putc(b, ',');
			fmt_buf__u64(b, cn->samples, 0, 0);
			fmt_buf__putc(b, ',');
			fmt_buf__u64(b, cn->period, 0, 0);
			if (base) {
				fmt_buf__putc(b, ',');
				fmt_buf__u64(b, node ? (base_node ?
					     calltree__node(base, base_node)->period : 0) :
					     calltree__node(base, 0)->period, 0, 0);
			}
			sp++;
			if (err || sp >= depth)
				break;
		}
	}
	while (sp)
		free(stack[--sp].kids);
	free(stack);
	return err;
}

static void fg__info(struct fmt_buf *b, const char *input, const struct calltree_stats *st)
{
	html_str(b, input ? input : "perf.data");
	if (!st)
		return;
	fmt_buf__puts(b, ": ");
	fmt_buf__u64(b, st->nr_samples, 0, 0);
	fmt_buf__puts(b, " samples");
	if (st->event) {
		fmt_buf__puts(b, " of ");
		html_str(b, st->event);
	}
	if (!st->callchains)
		fmt_buf__puts(b, " (no call chains: command, dso, symbol)");
}

int flamegraph__write(const struct calltree *t, const struct flamegraph_opts *opts, int fd)
{
	const char *title = opts->title ? opts->title : opts->base ? "Differential Flame Graph" :
			    "Flame Graph";
	struct fmt_buf b;
	u32 i, nr_strs = calltree__nr_strs(t);
	int err;

	err = fmt_buf__init(&b, fd, 1 << 20);
	if (err)
		return err;
	fmt_buf__puts(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta name=\"generator\" content=\"perf script report flamegraph\">\n"
		      "<title>");
	html_str(&b, title);
	fmt_buf__puts(&b, "</title>\n<style>\n");
	fmt_buf__puts(&b, flamegraph_css);
	fmt_buf__puts(&b, "</style>\n</head>\n<body");
	if (opts->base)
		fmt_buf__puts(&b, " class=\"diff\"");
	fmt_buf__puts(&b, ">\n<header>\n<h1>");
	html_str(&b, title);
	fmt_buf__puts(&b, "</h1>\n<div id=\"info\">");
	fg__info(&b, opts->input, opts->stats);
	if (opts->base) {
		fmt_buf__puts(&b, "; widths from it, colours from the change of each frame's "
			      "share since ");
		fg__info(&b, opts->base_input, opts->base_stats);
	}
	fmt_buf__puts(&b, "</div>\n<form id=\"search-form\"><div id=\"controls\">"
		      "<input id=\"search\" type=\"search\" "
		      "placeholder=\"search: text or /regex/\" aria-label=\"search frames\">"
		      "<button type=\"submit\">Search</button>"
		      "<button id=\"clear\" type=\"button\">Clear</button>"
		      "<button id=\"reset\" type=\"button\">Reset zoom</button>"
		      "<button id=\"toggle\" type=\"button\">Icicle</button>"
		      "<span id=\"matched\" role=\"status\"></span></div></form>\n"
		      "<div id=\"legend\"></div>\n</header>\n"
		      "<div id=\"details\">&nbsp;</div>\n"
		      "<div id=\"chart\" role=\"group\" aria-label=\"flame graph\"></div>\n"
		      "<script type=\"application/json\" id=\"fg-data\">{\"v\":1,\"diff\":");
	fmt_buf__puts(&b, opts->base ? "true" : "false");
	if (opts->base) {
		fmt_buf__puts(&b, ",\"baseTotal\":");
		fmt_buf__u64(&b, calltree__node(opts->base, 0)->period, 0, 0);
	}
	fmt_buf__puts(&b, ",\"kinds\":[");
	for (i = 0; i < CALLTREE_NR_KINDS; i++) {
		if (i)
			fmt_buf__putc(&b, ',');
		json_str(&b, calltree_kind__name(i));
	}
	fmt_buf__puts(&b, "],\"kindLabels\":[");
	for (i = 0; i < CALLTREE_NR_KINDS; i++) {
		if (i)
			fmt_buf__putc(&b, ',');
		json_str(&b, kind_labels[i]);
	}
	fmt_buf__puts(&b, "],\"strings\":[");
	for (i = 0; i < nr_strs; i++) {
		json_str(&b, calltree__str(t, i));
		fmt_buf__putc(&b, ',');
	}
	/* the root's name, after the tree's strings */
	json_str(&b, "all");
	fmt_buf__puts(&b, "],\n\"nodes\":[");
	err = fg__nodes(&b, t, opts->base, nr_strs);
	fmt_buf__puts(&b, "]}</script>\n<script>\n");
	fmt_buf__puts(&b, flamegraph_js);
	fmt_buf__puts(&b, "</script>\n</body>\n</html>\n");
	if (fmt_buf__exit(&b) && !err)
		err = b.err;
	return err;
}
