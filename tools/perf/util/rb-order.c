// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "rb-order.h"

#define NIL UINT32_MAX

struct rb_tree {
	uint32_t	*left;
	uint32_t	*right;
	uint32_t	*parent;
	bool		*red;
	uint32_t	root;
};

/* x's child c takes x's place; x becomes c's child on the other side */
static void rb_rotate(struct rb_tree *t, uint32_t x, bool to_left)
{
	uint32_t *down = to_left ? t->right : t->left;	/* c's side of x */
	uint32_t *up = to_left ? t->left : t->right;	/* x's side of c */
	uint32_t c = down[x], p = t->parent[x];

	down[x] = up[c];
	if (up[c] != NIL)
		t->parent[up[c]] = x;
	t->parent[c] = p;
	if (p == NIL)
		t->root = c;
	else if (t->left[p] == x)
		t->left[p] = c;
	else
		t->right[p] = c;
	up[c] = x;
	t->parent[x] = c;
}

static void rb_fix(struct rb_tree *t, uint32_t x)
{
	while (t->parent[x] != NIL && t->red[t->parent[x]]) {
		uint32_t p = t->parent[x], g = t->parent[p];
		bool p_left = t->left[g] == p;
		uint32_t u = p_left ? t->right[g] : t->left[g];

		if (u != NIL && t->red[u]) {
			t->red[p] = t->red[u] = false;
			t->red[g] = true;
			x = g;
			continue;
		}
		/* an inner grandchild first turns outer */
		if (x == (p_left ? t->right[p] : t->left[p])) {
			rb_rotate(t, p, p_left);
			x = p;
			p = t->parent[x];
		}
		t->red[p] = false;
		t->red[g] = true;
		rb_rotate(t, g, !p_left);
	}
	t->red[t->root] = false;
}

int rb_order(void **items, size_t n,
	     int (*before)(const void *item, const void *node, void *ctx), void *ctx)
{
	struct rb_tree t = { .root = NIL };
	void **in = malloc(n * sizeof(*in));
	uint32_t *stack, i, sp = 0, k = 0, x;
	int err = -ENOMEM;

	t.left = malloc(n * sizeof(*t.left));
	t.right = malloc(n * sizeof(*t.right));
	t.parent = malloc(n * sizeof(*t.parent));
	t.red = malloc(n * sizeof(*t.red));
	stack = malloc(n * sizeof(*stack));
	if (!in || !t.left || !t.right || !t.parent || !t.red || !stack)
		goto out;
	for (i = 0; i < n; i++) {
		uint32_t p = NIL, *link = &t.root;

		in[i] = items[i];
		while (*link != NIL) {
			p = *link;
			link = before(in[i], in[p], ctx) ? &t.left[p] : &t.right[p];
		}
		*link = i;
		t.left[i] = t.right[i] = NIL;
		t.parent[i] = p;
		t.red[i] = true;
		rb_fix(&t, i);
	}
	for (x = t.root; x != NIL || sp;) {
		if (x != NIL) {
			stack[sp++] = x;
			x = t.left[x];
			continue;
		}
		x = stack[--sp];
		items[k++] = in[x];
		x = t.right[x];
	}
	err = 0;
out:
	free(in);
	free(t.left);
	free(t.right);
	free(t.parent);
	free(t.red);
	free(stack);
	return err;
}
