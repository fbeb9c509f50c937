/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ANNOTATE_HIST_H
#define __PERF_ANNOTATE_HIST_H

#include "annotate.h"

/*
 * Samples per symbol and per offset in it, for annotation: add resolved
 * samples as they come (perf annotate, perf top), then take the symbols,
 * most period first, each with its annotate_target and the sample counts
 * annotation__new() wants.  Grows with distinct (symbol, offset) pairs
 * only, never per sample.
 */
struct annotate_entry {
	struct annotate_target	target;		/* bpf, machine, vmlinux: the caller's */
	u64			nr_samples;
	u64			period;
	struct annotate_sample	*samples;	/* distinct offsets, ascending */
	size_t			nr;
	/* internal */
	u32			alloc;
	u32			*index;		/* hash of offsets -> samples[] */
	size_t			index_size;
	struct annotate_entry	*hnext;
};

struct annotate_hist {
	struct annotate_entry	**buckets;	/* private: annotate_hist__for_each() */
	size_t			nr_buckets;	/* private */
	size_t			nr_entries;
	u64			nr_samples;	/* all added, with a symbol or not */
};

int annotate_hist__init(struct annotate_hist *h);
void annotate_hist__exit(struct annotate_hist *h);

/* One sample at al (ignored, returning 0, when it has no symbol); -ENOMEM. */
int annotate_hist__add(struct annotate_hist *h, const struct addr_location *al, u64 period);
/* nr samples at al of period in all. */
int annotate_hist__add_n(struct annotate_hist *h, const struct addr_location *al, u64 nr,
			 u64 period);

/*
 * nr samples at addr (in the dso's space) of sym, in the dso and map of t
 * (an entry's target): to resolve symbols late, from samples kept by
 * address under a symbol covering the whole dso.  sym NULL: counted only.
 */
int annotate_hist__add_target(struct annotate_hist *h, const struct annotate_target *t,
			      struct symbol *sym, u64 addr, u64 nr, u64 period);

/* The entry of a symbol, NULL when it got no sample. */
struct annotate_entry *annotate_hist__find(struct annotate_hist *h, const struct dso *dso,
					   const struct symbol *sym);

/*
 * A walk over every entry, in no set order; entries may change but none
 * may be added meanwhile.
 *
 *	struct annotate_hist_iter it;
 *	struct annotate_entry *e;
 *
 *	annotate_hist__for_each(h, &it, e)
 *		total += e->period;
 */
struct annotate_hist_iter {
	const struct annotate_hist	*h;
	size_t				bucket;
	struct annotate_entry		*e;
};

struct annotate_entry *annotate_hist_iter__first(struct annotate_hist_iter *it,
						 const struct annotate_hist *h);
struct annotate_entry *annotate_hist_iter__next(struct annotate_hist_iter *it);

#define annotate_hist__for_each(h, it, e) \
	for ((e) = annotate_hist_iter__first((it), (h)); (e); (e) = annotate_hist_iter__next(it))

/*
 * Every entry, most period first (then by symbol name), samples sorted by
 * offset: an array to free(), the entries stay the hist's.  -ENOMEM.
 */
int annotate_hist__sorted(struct annotate_hist *h, struct annotate_entry ***out, size_t *nr);

#endif /* __PERF_ANNOTATE_HIST_H */
