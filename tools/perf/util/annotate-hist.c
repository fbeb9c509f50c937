// SPDX-License-Identifier: GPL-2.0
/*
 * Per symbol, per offset sample counts for annotation.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "annotate-hist.h"
#include "array.h"
#include "machine.h"
#include "symbol.h"

#define NO_INDEX	((u32)-1)

int annotate_hist__init(struct annotate_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->nr_buckets = 256;
	h->buckets = calloc(h->nr_buckets, sizeof(*h->buckets));
	return h->buckets ? 0 : -ENOMEM;
}

static void entry__delete(struct annotate_entry *e)
{
	free(e->samples);
	free(e->index);
	free(e);
}

void annotate_hist__exit(struct annotate_hist *h)
{
	size_t i;

	for (i = 0; h->buckets && i < h->nr_buckets; i++) {
		struct annotate_entry *e = h->buckets[i], *next;

		for (; e; e = next) {
			next = e->hnext;
			entry__delete(e);
		}
	}
	free(h->buckets);
	memset(h, 0, sizeof(*h));
}

static size_t ptr_hash(const void *a, const void *b)
{
	u64 k = (u64)(uintptr_t)a * 0x9e3779b97f4a7c15ULL ^ (u64)(uintptr_t)b * 0xc2b2ae3d27d4eb4fULL;

	return (size_t)(k ^ (k >> 31));
}

static size_t off_hash(u64 off)
{
	off *= 0xff51afd7ed558ccdULL;
	return (size_t)(off ^ (off >> 29));
}

static void annotate_hist__grow(struct annotate_hist *h)
{
	size_t n = h->nr_buckets * 2, i;
	struct annotate_entry **b = calloc(n, sizeof(*b));

	if (!b)
		return;
	for (i = 0; i < h->nr_buckets; i++) {
		struct annotate_entry *e = h->buckets[i], *next;

		for (; e; e = next) {
			size_t k = ptr_hash(e->target.dso, e->target.sym) & (n - 1);

			next = e->hnext;
			e->hnext = b[k];
			b[k] = e;
		}
	}
	free(h->buckets);
	h->buckets = b;
	h->nr_buckets = n;
}

struct annotate_entry *annotate_hist__find(struct annotate_hist *h, const struct dso *dso,
					   const struct symbol *sym)
{
	struct annotate_entry *e = h->buckets[ptr_hash(dso, sym) & (h->nr_buckets - 1)];

	for (; e; e = e->hnext)
		if (e->target.dso == dso && e->target.sym == sym)
			return e;
	return NULL;
}

static int entry__reindex(struct annotate_entry *e, size_t size)
{
	u32 *index = malloc(size * sizeof(*index));
	size_t i;

	if (!index)
		return -ENOMEM;
	memset(index, 0xff, size * sizeof(*index));
	for (i = 0; i < e->nr; i++) {
		size_t k = off_hash(e->samples[i].offset) & (size - 1);

		while (index[k] != NO_INDEX)
			k = (k + 1) & (size - 1);
		index[k] = (u32)i;
	}
	free(e->index);
	e->index = index;
	e->index_size = size;
	return 0;
}

static struct annotate_sample *entry__findnew(struct annotate_entry *e, u64 off)
{
	size_t k;

	if ((e->nr + 1) * 2 > e->index_size &&
	    entry__reindex(e, e->index_size ? e->index_size * 2 : 16))
		return NULL;
	for (k = off_hash(off) & (e->index_size - 1); e->index[k] != NO_INDEX;
	     k = (k + 1) & (e->index_size - 1))
		if (e->samples[e->index[k]].offset == off)
			return &e->samples[e->index[k]];
	if (e->nr == e->alloc &&
	    array__grow((void **)&e->samples, &e->alloc, e->nr + 1, sizeof(*e->samples), 8))
		return NULL;
	e->index[k] = (u32)e->nr;
	e->samples[e->nr] = (struct annotate_sample){ .offset = off };
	return &e->samples[e->nr++];
}

int annotate_hist__add(struct annotate_hist *h, const struct addr_location *al, u64 period)
{
	return annotate_hist__add_n(h, al, 1, period);
}

/* nr samples at addr (in t's dso) of t's symbol; t->sym set. */
static int hist_add(struct annotate_hist *h, const struct annotate_target *t, u64 addr,
		    u64 nr, u64 period)
{
	struct annotate_entry *e;
	struct annotate_sample *s;

	e = annotate_hist__find(h, t->dso, t->sym);
	if (!e) {
		size_t k = ptr_hash(t->dso, t->sym) & (h->nr_buckets - 1);

		e = calloc(1, sizeof(*e));
		if (!e)
			return -ENOMEM;
		e->target = *t;
		e->hnext = h->buckets[k];
		h->buckets[k] = e;
		if (++h->nr_entries > h->nr_buckets)
			annotate_hist__grow(h);
	}
	s = entry__findnew(e, addr - t->sym->start);
	if (!s)
		return -ENOMEM;
	s->nr_samples += nr;
	s->period += period;
	e->nr_samples += nr;
	e->period += period;
	return 0;
}

int annotate_hist__add_n(struct annotate_hist *h, const struct addr_location *al, u64 nr,
			 u64 period)
{
	struct annotate_target t;

	h->nr_samples += nr;
	/* (a location without map, dso or symbol is counted only) */
	if (annotate_target__init(&t, al, NULL, NULL) || al->addr < al->sym->start)
		return 0;
	return hist_add(h, &t, al->addr, nr, period);
}

int annotate_hist__add_target(struct annotate_hist *h, const struct annotate_target *t,
			      struct symbol *sym, u64 addr, u64 nr, u64 period)
{
	struct annotate_target st = *t;

	h->nr_samples += nr;
	if (!sym || addr < sym->start)
		return 0;
	st.sym = sym;
	return hist_add(h, &st, addr, nr, period);
}

static int sample__cmp(const void *pa, const void *pb)
{
	const struct annotate_sample *a = pa, *b = pb;

	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static int entry__cmp(const void *pa, const void *pb)
{
	const struct annotate_entry *a = *(struct annotate_entry * const *)pa;
	const struct annotate_entry *b = *(struct annotate_entry * const *)pb;

	int c;

	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	c = strcmp(a->target.sym->name, b->target.sym->name);
	if (!c)
		c = strcmp(a->target.dso->long_name, b->target.dso->long_name);
	if (!c && a->target.sym->start != b->target.sym->start)
		c = a->target.sym->start < b->target.sym->start ? -1 : 1;
	return c;
}

/* the first entry of the first chain from bucket b on */
static struct annotate_entry *annotate_hist_iter__chain(struct annotate_hist_iter *it, size_t b)
{
	it->e = NULL;
	for (; !it->e && b < it->h->nr_buckets; b++)
		it->e = it->h->buckets[b];
	it->bucket = b;
	return it->e;
}

struct annotate_entry *annotate_hist_iter__first(struct annotate_hist_iter *it,
						 const struct annotate_hist *h)
{
	it->h = h;
	return annotate_hist_iter__chain(it, 0);
}

struct annotate_entry *annotate_hist_iter__next(struct annotate_hist_iter *it)
{
	if (it->e->hnext)
		return it->e = it->e->hnext;
	return annotate_hist_iter__chain(it, it->bucket);
}

int annotate_hist__sorted(struct annotate_hist *h, struct annotate_entry ***out, size_t *nr)
{
	struct annotate_entry **arr = calloc(h->nr_entries ? h->nr_entries : 1, sizeof(*arr));
	struct annotate_hist_iter it;
	struct annotate_entry *e;
	size_t n = 0;

	if (!arr)
		return -ENOMEM;
	annotate_hist__for_each(h, &it, e) {
		qsort(e->samples, e->nr, sizeof(*e->samples), sample__cmp);
		/* the order moved: the index is rebuilt on the next add */
		if (e->index_size && entry__reindex(e, e->index_size)) {
			free(arr);
			return -ENOMEM;
		}
		arr[n++] = e;
	}
	qsort(arr, n, sizeof(*arr), entry__cmp);
	*out = arr;
	*nr = n;
	return 0;
}
