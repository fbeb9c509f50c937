// SPDX-License-Identifier: GPL-2.0
/*
 * Folded stacks from the call tree.  Lines come out in the order of
 * their text without building them first: under one parent, the line of
 * a child c is the text "c" and the lines below it all start "c;", so
 * sorting a parent's children by those two keys (each child's line, then
 * its subtree) gives the order of the whole text.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-buf.h"
#include "stackcollapse.h"

#define KERNEL_SUFFIX	"_[k]"

struct fold_item {
	const char	*name;
	const char	*suffix;	/* "" or "_[k]" */
	u32		node;
	bool		subtree;	/* the lines below node, else node's own line */
};

struct fold_ctx {
	const struct calltree	*t;
	struct fmt_buf		*out;
	char			*path;
	size_t			len, alloc;
};

/* The byte at i of a + b + (semi ? ";" : ""), 0 past its end. */
static int key_at(const struct fold_item *x, size_t i, size_t nlen, size_t slen)
{
	if (i < nlen)
		return (unsigned char)x->name[i];
	i -= nlen;
	if (i < slen)
		return (unsigned char)x->suffix[i];
	i -= slen;
	return i == 0 && x->subtree ? ';' : -1;
}

static int fold_item__cmp(const void *pa, const void *pb)
{
	const struct fold_item *a = pa, *b = pb;
	size_t an = strlen(a->name), as = strlen(a->suffix);
	size_t bn = strlen(b->name), bs = strlen(b->suffix), i;

	for (i = 0;; i++) {
		int ca = key_at(a, i, an, as), cb = key_at(b, i, bn, bs);

		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (ca < 0)
			return 0;
	}
}

static int fold__append(struct fold_ctx *c, const char *s, size_t n)
{
	if (c->len + n + 1 > c->alloc) {
		size_t a = (c->len + n + 1) * 2;
		char *p = realloc(c->path, a);

		if (!p)
			return -ENOMEM;
		c->path = p;
		c->alloc = a;
	}
	memcpy(c->path + c->len, s, n);
	c->len += n;
	return 0;
}

static int fold__node(struct fold_ctx *c, u32 node)
{
	const struct calltree *t = c->t;
	struct fold_item *items;
	u32 nr = 0, n = 0, ch, i;
	size_t base = c->len;
	int err = 0;

	calltree__for_each_child(t, node, ch)
		n++;
	if (!n)
		return 0;
	items = malloc(sizeof(*items) * n * 2);
	if (!items)
		return -ENOMEM;
	calltree__for_each_child(t, node, ch) {
		const struct calltree_node *cn = calltree__node(t, ch);
		const struct calltree_frame *f = calltree__frame_at(t, cn->frame);
		struct fold_item it = {
			.name = calltree__str(t, f->name),
			.suffix = f->kind != CALLTREE_GROUP && f->tag ? KERNEL_SUFFIX : "",
			.node = ch,
		};

		if (cn->self_samples)
			items[nr++] = it;
		if (cn->child) {
			it.subtree = true;
			items[nr++] = it;
		}
	}
	qsort(items, nr, sizeof(*items), fold_item__cmp);
	for (i = 0; i < nr && !err; i++) {
		const struct fold_item *it = &items[i];

		c->len = base;
		if (base)
			err = fold__append(c, ";", 1);
		if (!err)
			err = fold__append(c, it->name, strlen(it->name));
		if (!err)
			err = fold__append(c, it->suffix, strlen(it->suffix));
		if (err)
			break;
		if (it->subtree) {
			err = fold__node(c, it->node);
			continue;
		}
		fmt_buf__mem(c->out, c->path, c->len);
		fmt_buf__putc(c->out, ' ');
		fmt_buf__u64(c->out, calltree__node(t, it->node)->self_samples, 0, 0);
		fmt_buf__putc(c->out, '\n');
		err = fmt_buf__error(c->out);
	}
	c->len = base;
	free(items);
	return err;
}

int stackcollapse__write(const struct calltree *t, struct fmt_buf *out)
{
	struct fold_ctx c = { .t = t, .out = out };
	u64 root_self = calltree__node(t, 0)->self_samples;
	int err;

	/* samples of no frame at all (--no-comm, no call chains): the empty stack */
	if (root_self) {
		fmt_buf__putc(out, ' ');
		fmt_buf__u64(out, root_self, 0, 0);
		fmt_buf__putc(out, '\n');
	}
	err = fold__node(&c, 0);

	free(c.path);
	return err;
}
