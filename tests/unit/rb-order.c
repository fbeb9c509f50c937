// SPDX-License-Identifier: GPL-2.0
/*
 * util/rb-order.c: with a total order it sorts, ties kept in the order
 * given (every fix-up case runs on the random inputs); with one that is not
 * total, the order is the balanced tree's, not a plain search tree's; the
 * context given reaches the comparisons.
 */
#include <stdlib.h>

#include "tap.h"
#include "util/rb-order.h"

struct item {
	int	key;
	int	pos;	/* place in the input */
	char	name;
};

static int key_before(const void *a, const void *b, void *ctx)
{
	(*(int *)ctx)++;
	return ((const struct item *)a)->key < ((const struct item *)b)->key;
}

/* a, b, c in a row; d: before a and c, not before b (so not transitive) */
static int odd_before(const void *a, const void *b, void *ctx)
{
	const struct item *x = a, *y = b;

	if (x->name == 'd')
		return y->name != 'b';
	return 0;
}

static int sorted_run(int n, int keys)
{
	struct item *it = malloc(n * sizeof(*it));
	void **v = malloc(n * sizeof(*v));
	int i, good = 1, calls = 0;

	for (i = 0; i < n; i++) {
		it[i].key = rand() % keys;
		it[i].pos = i;
		v[i] = &it[i];
	}
	if (rb_order(v, n, key_before, &calls) || (n > 1 && !calls))
		good = 0;
	for (i = 1; good && i < n; i++) {
		const struct item *p = v[i - 1], *q = v[i];

		good = p->key < q->key || (p->key == q->key && p->pos < q->pos);
	}
	free(v);
	free(it);
	return good;
}

int main(void)
{
	struct item abcd[4] = { { .name = 'a' }, { .name = 'b' }, { .name = 'c' }, { .name = 'd' } };
	void *v[4] = { &abcd[0], &abcd[1], &abcd[2], &abcd[3] };
	char got[5] = "";
	int i, good = 1;

	plan(5);
	srand(7);
	for (i = 0; i < 200; i++)
		good &= sorted_run(1 + rand() % 1000, 1000);
	ok(good, "distinct keys come out sorted (200 random inputs)");
	good = 1;
	for (i = 0; i < 200; i++)
		good &= sorted_run(1 + rand() % 1000, 7);
	ok(good, "equal keys keep their input order");
	ok(sorted_run(1, 1), "one item");
	/*
	 * a, b, c: b becomes the root; d goes by b, then c.  A search tree
	 * without balancing would have compared d with a first.
	 */
	is_int(rb_order(v, 4, odd_before, NULL), 0, "ordered");
	for (i = 0; i < 4; i++)
		got[i] = ((struct item *)v[i])->name;
	is_str(got, "abdc", "a comparison that is not total goes the balanced tree's way");
	return done_testing();
}
