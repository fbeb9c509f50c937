/* SPDX-License-Identifier: GPL-2.0 */
/* What the histogram's files (hist*.c) share. */
#ifndef PERF_UTIL_HIST_INTERNAL_H
#define PERF_UTIL_HIST_INTERNAL_H

#include <stdlib.h>
#include "hist.h"
#include "huge.h"

/*
 * Tables of a megabyte and more (the caches, the chains' and frames'
 * slots, the entries' buckets) in huge pages: a fault for 2 MiB instead
 * of one per 4 KiB, each dear in a VM.  Freed with the size they had.
 */
static inline void *hist_zalloc(size_t size)
{
	return size >= HUGE_PAGE_SIZE / 2 ? huge_zalloc(size) : calloc(1, size);
}

static inline void hist_free(void *p, size_t size)
{
	if (size >= HUGE_PAGE_SIZE / 2)
		huge_free(p, size);
	else
		free(p);
}

/* The buffered stream (hist-out.c) */
#define HIST_OUT_SIZE	(64 * 1024)
#define HIST_PCT_SLOTS	1024

struct hist_pct {
	u64	bits;		/* of the double */
	u8	width;
	u8	len;		/* 0: empty */
	char	s[30];
};

struct hist_out {
	FILE		*fp;
	size_t		len;
	char		*buf;
	struct hist_pct	*pct;
	long		room;	/* what the line may still take; < 0: no limit */
	bool		color;	/* shares in upstream's colors (out__pct()) */
};

/* The graphs (hist-graph.c) */
struct graph_node {
	const struct hist_frame	*frame;
	u64			hits;
	u32			parent;
	u32			first_child;	/* 0: none (node 0 is the root) */
	u32			last_child;
	u32			next;		/* next sibling (made after), 0: none */
	u32			nr_children;
	u32			last_found;	/* the child found last: chains share runs */
};

/* One slot of the child index: a node, valid while gen is the graph's. */
struct graph_slot {
	u32	node;
	u32	gen;
};

struct graph {
	const struct hist_frame	*frames;	/* the hists', by id */
	struct graph_node	*nodes;		/* in nodes_buf */
	struct huge_buf		nodes_buf;
	u32			nr;
	u32			alloc;
	struct graph_slot	*slots;		/* open addressing, a power of two */
	u32			nr_slots;
	u32			gen;		/* a new graph, a new one: no clearing */
	u32			*kids;		/* printing: each level's kids, stacked */
	u32			*tmp;		/*  and the merge's half */
	u32			nr_kids;	/* room in each */
	u64			total;		/* of the hists: the percentages */
	u64			min_hit;
	struct hist_out		*out;
	bool			hide_top;
	/* upstream's browser's tree of the entry: hists_print_opts.tree_hook */
	void			(*tree_hook)(void *priv, const struct hist_entry *he,
					     const struct graph_tree_line *l);
	void			*tree_priv;
	const struct hist_entry	*he;
	u32			tree_nodes;	/* nodes given out so far */
	struct hists_graph_stats *stats;
};

struct graph_ref {
	const struct hist_chain	*chain;
	u32			pos;	/* the entry's frame, or GRAPH_REF_OWN */
};

#define GRAPH_REF_OWN	UINT32_MAX	/* the chain of the entry's own samples */
#define GRAPH_NONE	UINT32_MAX	/* hist_entry.idx: an entry drawing no graph */

void sort_dyn__bytes(const struct sort_dyn *d, const u8 *raw, u32 raw_size, u32 *off, u32 *len);
void hists__ip_cache_flush(struct hists *hists);
struct hist_entry *hists__chain_entry(struct hists *hists, const struct addr_location *frame,
				      char *level, s32 cpu);
void hists__chains_flush(struct hists *hists);
void hists__trace_known(struct hists *hists, struct hist_entry **v, int n, bool *known);
struct graph_ref *hists__graph_refs(struct hists *hists, struct hist_entry **v, u32 n,
				    u32 nr_graphs, u32 **startp);
void hists__print_graph(struct hists *hists, struct hist_entry *he, struct graph *g,
			const struct graph_ref *refs, const u32 *start);
void out__mem(struct hist_out *o, const void *s, size_t n);
void out__puts(struct hist_out *o, const char *s);
void out__putc(struct hist_out *o, char c);
void out__spaces(struct hist_out *o, int n);
void out__pct(struct hist_out *o, double v, int width);
void out__hex(struct hist_out *o, u64 v);
void hist_out__init(struct hist_out *o, FILE *fp);
void hist_out__exit(struct hist_out *o);
/* What is buffered written to the FILE (a row hook may look at its position). */
void hist_out__flush(struct hist_out *o);
const char *hist_entry__key_text(const struct hist_entry *he, enum sort_key key, char *buf,
				 size_t size, int *len);

#endif /* PERF_UTIL_HIST_INTERNAL_H */
