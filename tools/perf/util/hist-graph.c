// SPDX-License-Identifier: GPL-2.0
/* The call graphs under the rows: built from the chains when printing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "hist.h"
#include "hist-internal.h"
#include "huge.h"
#include "rb-order.h"

/*
 * The graphs: a tree of the chains through an entry, built when printing.
 * A node's children are found through a hash of (parent, frame key), not
 * by walking its siblings: frameless code's garbage chains give a node
 * thousands of distinct children.
 */
static u64 graph__hash(u32 parent, const struct hist_frame *f)
{
	u64 k = f->sym ? (u64)(uintptr_t)f->sym : f->ip;
	u64 h = (k ^ ((u64)parent << 1 | !f->sym) * 0x9e3779b97f4a7c15ULL) * 0xff51afd7ed558ccdULL;

	return h ^ (h >> 31);
}

/* as upstream keys a child: the symbol, or without one the address */
static bool graph__same_frame(const struct hist_frame *k, const struct hist_frame *f)
{
	return k->sym == f->sym && (f->sym || k->ip == f->ip);
}

/* An index twice as big, holding the nodes made so far. */
static int graph__grow_index(struct graph *g)
{
	u32 n = g->nr_slots ? g->nr_slots * 2 : 1024, i, k;
	struct graph_slot *s = hist_zalloc(n * sizeof(*s));

	if (!s)
		return -ENOMEM;
	if (g->slots)
		hist_free(g->slots, g->nr_slots * sizeof(*s));
	g->slots = s;
	g->nr_slots = n;
	g->gen = 1;
	for (i = 1; i < g->nr; i++) {
		for (k = graph__hash(g->nodes[i].parent, g->nodes[i].frame) & (n - 1);
		     s[k].gen == g->gen; k = (k + 1) & (n - 1))
			;
		s[k] = (struct graph_slot){ .node = i, .gen = g->gen };
	}
	return 0;
}

/* An empty graph: the root alone, every slot of the index free. */
static void graph__reset(struct graph *g)
{
	g->nr = 1;
	g->nodes[0] = (struct graph_node){ 0 };
	if (++g->gen == 0) {
		memset(g->slots, 0, g->nr_slots * sizeof(*g->slots));
		g->gen = 1;
	}
}

static u32 graph__child(struct graph *g, u32 parent, const struct hist_frame *f)
{
	struct graph_node *p;
	u32 i, k, mask;

	/* the chains of an entry mostly repeat the last one's frames */
	i = g->nodes[parent].last_found;
	if (i && graph__same_frame(g->nodes[i].frame, f))
		return i;
	if ((g->nr + 1) * 2 > g->nr_slots && graph__grow_index(g))
		return 0;
	mask = g->nr_slots - 1;
	for (k = graph__hash(parent, f) & mask; g->slots[k].gen == g->gen; k = (k + 1) & mask) {
		i = g->slots[k].node;
		g->stats->probes++;
		if (g->nodes[i].parent == parent && graph__same_frame(g->nodes[i].frame, f)) {
			g->nodes[parent].last_found = i;
			return i;
		}
	}
	if (g->nr == g->alloc) {
		if (huge_buf__grow(&g->nodes_buf, (g->nr + 1) * sizeof(*g->nodes)))
			return 0;
		g->nodes = g->nodes_buf.p;
		g->alloc = (u32)min(g->nodes_buf.cap / sizeof(*g->nodes), (size_t)UINT32_MAX);
	}
	i = g->nr++;
	g->stats->nodes++;
	g->nodes[i] = (struct graph_node){ .frame = f, .parent = parent };
	g->slots[k] = (struct graph_slot){ .node = i, .gen = g->gen };
	p = &g->nodes[parent];
	p->last_found = i;
	if (p->last_child)
		g->nodes[p->last_child].next = i;
	else
		p->first_child = i;
	p->last_child = i;
	p->nr_children++;
	return i;
}

/* frames[from], then toward frames[to] (step +1 or -1) */
static void graph__add(struct graph *g, const struct hist_chain *c, int from, int to, u64 period)
{
	int step = to >= from ? 1 : -1, i;
	u32 cur = 0;

	for (i = from;; i += step) {
		cur = graph__child(g, cur, &g->frames[c->frames[i]]);
		if (!cur)
			return;
		g->nodes[cur].hits += period;
		if (i == to)
			break;
	}
}

static void graph__name(const struct graph *g, u32 n)
{
	const struct hist_frame *f = g->nodes[n].frame;

	if (f->sym)
		out__puts(g->out, f->sym->name);
	else
		out__hex(g->out, f->ip);
}

/* The last node of the run that starts at n: single children with all the hits. */
static u32 graph__run_end(const struct graph *g, u32 n)
{
	while (g->nodes[n].nr_children == 1 &&
	       g->nodes[g->nodes[n].first_child].hits == g->nodes[n].hits)
		n = g->nodes[n].first_child;
	return n;
}

static void graph__print_run(const struct graph *g, u32 n, u32 end, const char *prefix)
{
	while (n != end) {
		n = g->nodes[n].first_child;
		out__puts(g->out, prefix);
		graph__name(g, n);
		out__putc(g->out, '\n');
	}
}

/*
 * Siblings by hits; on a tie as upstream's tree of children walks them:
 * its key is (dso, symbol start) or, when either frame has no symbol,
 * (dso, address), walked from the highest; dsos compare by pointer there,
 * which follows their creation order.
 */
static bool graph__kid_before(const struct graph *g, u32 a, u32 b)
{
	const struct hist_frame *fa = g->nodes[a].frame, *fb = g->nodes[b].frame;
	u32 da = fa->dso ? fa->dso->seq + 1 : 0, db = fb->dso ? fb->dso->seq + 1 : 0;

	g->stats->compares++;
	if (g->nodes[a].hits != g->nodes[b].hits)
		return g->nodes[a].hits > g->nodes[b].hits;
	if (da != db)
		return da > db;
	if (fa->sym && fb->sym)
		return fa->sym->start > fb->sym->start;
	return fa->ip > fb->ip;
}

/*
 * kids[0..n) in graph__kid_before() order, stable (siblings that tie keep
 * their order of making): a merge sort, with the left half of each merge
 * in tmp; short runs by insertion.
 */
static void graph__sort_kids(const struct graph *g, u32 *kids, u32 n, u32 *tmp)
{
	u32 mid = n / 2, i, j, k;

	if (n <= 8) {
		for (i = 1; i < n; i++) {
			u32 kid = kids[i];

			for (j = i; j > 0 && graph__kid_before(g, kid, kids[j - 1]); j--)
				kids[j] = kids[j - 1];
			kids[j] = kid;
		}
		return;
	}
	graph__sort_kids(g, kids, mid, tmp);
	graph__sort_kids(g, kids + mid, n - mid, tmp);
	/* already in order: the common case of a few hot children */
	if (!graph__kid_before(g, kids[mid], kids[mid - 1]))
		return;
	memcpy(tmp, kids, mid * sizeof(*kids));
	for (i = 0, j = mid, k = 0; i < mid && j < n;)
		kids[k++] = graph__kid_before(g, kids[j], tmp[i]) ? kids[j++] : tmp[i++];
	while (i < mid)
		kids[k++] = tmp[i++];
}

/*
 * kids: room for the children of parent and of every level below it (the
 * nodes of the graph are enough: each is the child of one parent).
 */
static void graph__print_children(struct graph *g, u32 parent, const char *prefix, int depth,
				  u32 *kids)
{
	u32 nr = 0, i;
	char next[1024];

	for (i = g->nodes[parent].first_child; i; i = g->nodes[i].next)
		if (g->nodes[i].hits >= g->min_hit && g->nodes[i].hits)
			kids[nr++] = i;
	graph__sort_kids(g, kids, nr, g->tmp);
	for (i = 0; i < nr; i++) {
		bool last = i == nr - 1;
		u32 end = graph__run_end(g, kids[i]);

		out__puts(g->out, prefix);
		out__puts(g->out, "|          \n");
		out__puts(g->out, prefix);
		out__puts(g->out, last ? " --" : "|--");
		out__pct(g->out, g->total ? 100.0 * (double)g->nodes[kids[i]].hits /
				 (double)g->total : 0, 0);
		out__puts(g->out, "--");
		graph__name(g, kids[i]);
		out__putc(g->out, '\n');
		snprintf(next, sizeof(next), "%s%s", prefix, last ? "           " : "|          ");
		graph__print_run(g, kids[i], end, next);
		if (depth < 200)
			graph__print_children(g, end, next, depth + 1, kids + nr);
	}
}

/* kids: the children of parent above the threshold, in drawing order; their number */
static u32 graph__shown_kids(struct graph *g, u32 parent, u32 *kids)
{
	u32 nr = 0, i;

	for (i = g->nodes[parent].first_child; i; i = g->nodes[i].next)
		if (g->nodes[i].hits >= g->min_hit && g->nodes[i].hits)
			kids[nr++] = i;
	graph__sort_kids(g, kids, nr, g->tmp);
	return nr;
}

/*
 * The tree upstream's browser folds: under parent, each child's run a
 * node, its frames one line each, then its children.  Siblings show
 * their shares; a lone node shows its share when it does not hold all of
 * base (at the top) or all of its level's hits (below: its siblings under
 * the threshold hold the rest).
 */
static void graph__tree(struct graph *g, u32 parent, u32 parent_node, u32 depth, u64 base,
			u32 *kids)
{
	u32 nr = graph__shown_kids(g, parent, kids), i;
	u64 all = 0;
	bool need_percent;
	char name[40];

	/* a lone child's share shows where it is not all of its level's: the hidden ones */
	for (i = g->nodes[parent].first_child; depth && i; i = g->nodes[i].next)
		all += g->nodes[i].hits;
	need_percent = nr > 1 || (nr && g->nodes[kids[0]].hits != (depth ? all : base));

	for (i = 0; i < nr; i++) {
		u32 end = graph__run_end(g, kids[i]), n = kids[i], node = ++g->tree_nodes, pos = 0;
		bool has_children = false, *hc = &has_children;
		u32 k;

		for (k = g->nodes[end].first_child; k && !*hc; k = g->nodes[k].next)
			*hc = g->nodes[k].hits >= g->min_hit && g->nodes[k].hits;
		for (;; n = g->nodes[n].first_child, pos++) {
			const struct hist_frame *f = g->nodes[n].frame;
			struct graph_tree_line l = {
				.node = node, .parent = parent_node, .depth = depth, .pos = pos,
				.last = n == end, .has_sibling = nr > 1, .has_children = has_children,
				.need_percent = need_percent,
				.percent = g->total ? 100.0 * (double)g->nodes[kids[i]].hits /
						      (double)g->total : 0,
				.name = f->sym ? f->sym->name : name,
			};

			if (!f->sym)
				snprintf(name, sizeof(name), "%#llx", (unsigned long long)f->ip);
			g->tree_hook(g->tree_priv, g->he, &l);
			if (n == end)
				break;
		}
		if (depth < 200)
			graph__tree(g, end, node, depth + 1, base, kids + nr);
	}
}

/*
 * One chain holding all of the entry's period starts with "---"; else the
 * top level is drawn as branches like the levels below it.  With
 * hide_top, that chain's first frame (the entry's own symbol) is left
 * out, and when it was the whole run the branches start at the margin.
 */
static void graph__print(struct graph *g, u64 base)
{
	u32 top = g->nodes[0].first_child, end, i, shown = 0;

	for (i = top; i; i = g->nodes[i].next)
		shown += g->nodes[i].hits >= g->min_hit && g->nodes[i].hits;
	if (!shown)
		return;		/* nothing above the threshold: no graph at all */
	if (!g->nodes[top].next && g->nodes[top].hits == base) {
		end = graph__run_end(g, top);
		if (g->hide_top && top == end) {
			/* a blank line only after something was drawn */
			for (i = g->nodes[end].first_child; i; i = g->nodes[i].next)
				if (g->nodes[i].hits >= g->min_hit && g->nodes[i].hits)
					break;
			if (!i)
				return;
			graph__print_children(g, end, "            ", 0, g->kids);
			out__putc(g->out, '\n');
			return;
		}
		if (g->hide_top)
			top = g->nodes[top].first_child;
		out__puts(g->out, "            |\n            ---");
		graph__name(g, top);
		out__putc(g->out, '\n');
		graph__print_run(g, top, end, "               ");
		graph__print_children(g, end, "               ", 0, g->kids);
	} else {
		graph__print_children(g, 0, "            ", 0, g->kids);
	}
	out__putc(g->out, '\n');
}

/*
 * The entries that draw a graph (hist_entry.idx < nr) by address: few
 * pass the threshold, so a set of them small enough to stay in the cache
 * tells a chain's frames apart without touching their entries.
 */
struct graph_set {
	const struct hist_entry	**keys;
	u32			*idx;
	u32			mask;
};

static u32 graph_set__slot(const struct graph_set *set, const struct hist_entry *he)
{
	u64 h = (u64)(uintptr_t)he * 0x9e3779b97f4a7c15ULL;

	return (u32)(h >> 32) & set->mask;
}

static int graph_set__init(struct graph_set *set, struct hist_entry **v, u32 n, u32 nr_graphs)
{
	u32 size = 16, i, k;

	while (size < 2 * nr_graphs)
		size *= 2;
	set->mask = size - 1;
	set->keys = calloc(size, sizeof(*set->keys));
	set->idx = malloc(size * sizeof(*set->idx));
	if (!set->keys || !set->idx)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (v[i]->idx == GRAPH_NONE)
			continue;
		for (k = graph_set__slot(set, v[i]); set->keys[k]; k = (k + 1) & set->mask)
			;
		set->keys[k] = v[i];
		set->idx[k] = v[i]->idx;
	}
	return 0;
}

/* he's graph, or GRAPH_NONE */
static u32 graph_set__find(const struct graph_set *set, const struct hist_entry *he)
{
	u32 k;

	for (k = graph_set__slot(set, he); set->keys[k]; k = (k + 1) & set->mask)
		if (set->keys[k] == he)
			return set->idx[k];
	return GRAPH_NONE;
}

static void graph_set__exit(struct graph_set *set)
{
	free(set->keys);
	free(set->idx);
}

/*
 * Which chains go into each graph (v[0..n), nr_graphs of them draw one):
 * its entry's own samples', or in children mode every chain through it,
 * from the occurrence upstream's walk of the chain meets first (the
 * outermost in caller order, the innermost in callee order: recursion).
 * Refs of a graph in the order the chains were made (of their first
 * samples: the order upstream's tree of the entry meets them), start[g]
 * the first of graph g: counted in a first pass over the chains, filled
 * in a second (a big file's refs are millions: no list of them grows).
 */
struct graph_ref *hists__graph_refs(struct hists *hists, struct hist_entry **v, u32 n,
					   u32 nr_graphs, u32 **startp)
{
	u32 *start = calloc(nr_graphs + 1, sizeof(*start)), *seen = NULL, *fill = NULL;
	struct graph_ref *refs = NULL;
	struct graph_set set = { 0 };
	u32 stamp = 0, pass;
	size_t b;

	if (!start || graph_set__init(&set, v, n, nr_graphs))
		goto fail;
	seen = calloc(nr_graphs + 1, sizeof(*seen));
	fill = calloc(nr_graphs + 1, sizeof(*fill));
	if (!seen || !fill)
		goto fail;
	for (pass = 0; pass < 2; pass++) {
		for (b = 0; b < hists->nr_chains; b++) {
			const struct hist_chain *c = hists->chain_list[b];

			{
				u32 self = graph_set__find(&set, c->self), k;
				struct hist_entry **entries = hist_chain__entries(c);
				bool self_on = false;

				if (!hists->cumulate) {
					if (self == GRAPH_NONE)
						continue;
					if (!pass)
						start[self + 1]++;
					else
						refs[fill[self]++] = (struct graph_ref){ c, 0 };
					continue;
				}
				/* each graph once a chain: a stamp per chain */
				if (++stamp == 0) {
					memset(seen, 0, (nr_graphs + 1) * sizeof(*seen));
					stamp = 1;
				}
				for (k = 0; k < c->nr; k++) {
					u32 pos = hists->caller ? c->nr - 1 - k : k;
					u32 g = graph_set__find(&set, entries[pos]);

					self_on |= entries[pos] == c->self;
					if (g == GRAPH_NONE || seen[g] == stamp)
						continue;
					seen[g] = stamp;
					if (!pass)
						start[g + 1]++;
					else
						refs[fill[g]++] = (struct graph_ref){ c, pos };
				}
				/*
				 * A sample's own entry whose key no frame of its
				 * chain has (an unresolved leaf: the entry keeps
				 * the map's offset, the frames the address) still
				 * draws its samples' whole chains, as upstream's.
				 */
				if (self_on || self == GRAPH_NONE)
					continue;
				if (!pass)
					start[self + 1]++;
				else
					refs[fill[self]++] = (struct graph_ref){ c, GRAPH_REF_OWN };
			}
		}
		if (pass)
			break;
		for (b = 0; b < nr_graphs; b++)
			start[b + 1] += start[b];
		refs = malloc((start[nr_graphs] + 1) * sizeof(*refs));
		if (!refs)
			goto fail;
		memcpy(fill, start, nr_graphs * sizeof(*fill));
	}
	free(fill);
	free(seen);
	graph_set__exit(&set);
	*startp = start;
	return refs;
fail:
	free(refs);
	free(fill);
	free(seen);
	graph_set__exit(&set);
	free(start);
	return NULL;
}

void hists__print_graph(struct hists *hists, struct hist_entry *he, struct graph *g,
			       const struct graph_ref *refs, const u32 *start)
{
	u64 base = hists->cumulate ? he->children : he->period;
	u32 r;

	if (he->idx == GRAPH_NONE)
		return;
	graph__reset(g);
	g->hide_top = hists->graph_hide_top;
	for (r = start[he->idx]; r < start[he->idx + 1]; r++) {
		const struct hist_chain *c = refs[r].chain;

		int last = (int)c->nr - 1;

		if (!c->nr)
			continue;
		/* its own samples: the whole chain; else from the entry on */
		if (!hists->cumulate || refs[r].pos == GRAPH_REF_OWN ||
		    hist_chain__entries(c)[refs[r].pos] == c->self)
			graph__add(g, c, hists->caller ? last : 0, hists->caller ? 0 : last,
				   c->period);
		else
			graph__add(g, c, (int)refs[r].pos, hists->caller ? 0 : last, c->period);
	}
	if (!g->nodes[0].first_child)
		return;
	/* printing stacks each level's children: room for every node */
	if (g->nr > g->nr_kids) {
		u32 *kids = realloc(g->kids, g->nr * sizeof(*kids));
		u32 *tmp = kids ? realloc(g->tmp, g->nr * sizeof(*tmp)) : NULL;

		if (kids)
			g->kids = kids;
		if (!tmp)
			return;
		g->tmp = tmp;
		g->nr_kids = g->nr;
	}
	graph__print(g, base);
	if (g->tree_hook) {
		u32 top = 0;

		/* as the text: with hide_top, the entry's own symbol is left out */
		if (g->hide_top && g->nodes[0].first_child && !g->nodes[g->nodes[0].first_child].next &&
		    g->nodes[g->nodes[0].first_child].hits == base)
			top = g->nodes[0].first_child;
		g->he = he;
		g->tree_nodes = 0;
		graph__tree(g, top, 0, 0, base, g->kids);
	}
}
