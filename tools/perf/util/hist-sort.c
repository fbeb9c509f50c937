// SPDX-License-Identifier: GPL-2.0
/* The orderings of the entries: upstream's trees, with packed records. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "hist.h"
#include "hist-fields.h"
#include "hist-internal.h"
#include "huge.h"
#include "rb-order.h"

/* What the comparisons of one ordering need besides the two records. */
struct sort_ctx {
	const struct sort_spec	*spec;
	bool			cumulate;
	int			depth;	/* children graphs: 1 puts callers first, -1 callees */
	bool			coded;	/* the records' codes stand for their keys */
	const struct hist_layout *lay;	/* -F: the rows' order; NULL: the default */
};

static int null_cmp(const void *a, const void *b)
{
	/* entries that have one come first */
	return a ? -1 : b ? 1 : 0;
}

/* As upstream's dynamic keys: the field's bytes where a has them, in both raw records. */
static int hist_entry__cmp_field(const struct hist_entry *a, const struct hist_entry *b,
				 const struct sort_dyn *d)
{
	u32 off, len;

	sort_dyn__bytes(d, a->raw, a->raw_size, &off, &len);
	if ((u64)off + len > b->raw_size)
		len = b->raw_size > off ? b->raw_size - off : 0;
	return len ? memcmp(a->raw + off, b->raw + off, len) : 0;
}

static int hist_entry__cmp_key(const struct hist_entry *a, const struct hist_entry *b,
			       enum sort_key key, const struct sort_spec *spec)
{
	const char *na, *nb;

	switch (key) {
	case SORT_COMM:
		na = a->key.comm ? a->key.comm : "";
		nb = b->key.comm ? b->key.comm : "";
		return strcmp(na, nb);
	case SORT_PID:
	case SORT_TID:
		return a->key.tid < b->key.tid ? -1 : a->key.tid > b->key.tid;
	case SORT_CPU:
		return a->key.cpu < b->key.cpu ? -1 : a->key.cpu > b->key.cpu;
	case SORT_DSO:
		if (!a->key.dso || !b->key.dso)
			return null_cmp(a->key.dso, b->key.dso);
		return strcmp(a->key.dso->short_name, b->key.dso->short_name);
	case SORT_SYM:
		/* (two addresses keep the collapsed order) */
		if (!a->key.sym || !b->key.sym)
			return null_cmp(a->key.sym, b->key.sym);
		return strcmp(a->key.sym->name, b->key.sym->name);
	case SORT_TRACE:
		return strcmp(a->key.trace ? a->key.trace : "N/A", b->key.trace ? b->key.trace : "N/A");
	case SORT_PARENT:
		/* names, then "[other]" */
		if (!a->key.parent || !b->key.parent)
			return null_cmp(a->key.parent, b->key.parent);
		return strcmp(a->key.parent, b->key.parent);
	case SORT_SRCLINE:
		return strcmp(a->key.srcline ? a->key.srcline : "",
			      b->key.srcline ? b->key.srcline : "");
	case SORT_CGROUP:
		return a->key.cgroup < b->key.cgroup ? -1 : a->key.cgroup > b->key.cgroup;
	case SORT_BPF_PROG:
		/* programs by id (trampolines by name), then "[not bpf]" */
		if (!a->key.prog || !b->key.prog)
			return null_cmp(a->key.prog, b->key.prog);
		if (a->key.prog->id != b->key.prog->id)
			return a->key.prog->id < b->key.prog->id ? -1 : 1;
		return strcmp(bpf_prog_entry__short_name(a->key.prog),
			      bpf_prog_entry__short_name(b->key.prog));
	default:
		if (key >= SORT_DYN && key < SORT_NR_KEYS && spec)
			return hist_entry__cmp_field(a, b, &spec->dyn[key - SORT_DYN]);
		return 0;
	}
}

enum { RANK_COMM, RANK_DSO, RANK_SYM };

#define RANK_NONE	UINT32_MAX	/* no dso or symbol: after every name */

/*
 * What the orderings compare of an entry, packed together: comparing
 * touches neither the (scattered) entries nor their symbols.  rank[]: the
 * comm's, the dso's short name's and the symbol's name's place in
 * strcmp() order among the entries' (equal strings, equal ranks; none:
 * RANK_NONE, after all), so comparisons need no strcmp().
 */
struct sort_rec {
	u64			children;
	u64			period;
	u64			addr;
	u64			sym_start;
	u64			sym_end;
	const struct symbol	*sym;
	const struct thread	*thread;
	struct hist_entry	*he;
	u32			rank[3];
	s32			tid;
	s32			cpu;
	u32			max_depth;
	/*
	 * The keys' comparisons folded into numbers (sort_recs__code()):
	 * all the keys (full), those before the symbol (pre) and after it
	 * (post), each key's value in as many bits as it needs, the first
	 * key highest; compared as numbers they order as the keys do.
	 */
	unsigned __int128	full, pre, post;
};

static const char *rank_comm(const struct hist_entry *he)
{
	return he->key.comm ? he->key.comm : "";
}

/*
 * Upstream compares the objects' names before two symbols whether or not
 * dso is a sort key: the entry's own object when it is not.
 */
static const char *rank_dso(const struct hist_entry *he)
{
	const struct dso *dso = he->key.dso ? he->key.dso : he->dso;

	return dso ? dso->short_name : NULL;
}

static const char *rank_sym(const struct hist_entry *he)
{
	return he->key.sym ? he->key.sym->name : NULL;
}

struct str_rank {
	const char	*s;
	u32		rank;
};

static int str_rank__str_cmp(const void *pa, const void *pb)
{
	const struct str_rank *a = pa, *b = pb;

	return strcmp(a->s, b->s);
}

static u32 str_rank__slot(const char *s, u32 mask)
{
	return (u32)(((u64)(uintptr_t)s * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
}

/*
 * rank[which] of every record: the place of its entry's string (get())
 * in strcmp() order among the distinct strings of all, equal strings
 * ranking equal, none (NULL) RANK_NONE.  A few strings are shared by many
 * entries (a comm, a dso): a set of the distinct pointers first, then
 * only those are sorted.
 */
static int sort_recs__rank(struct sort_rec *r, size_t n, int which,
			   const char *(*get)(const struct hist_entry *), u32 *nr_ranks)
{
	struct str_rank *set, *uniq;
	u32 mask = 15, k, rank = 0;
	size_t i, u = 0;

	while (mask + 1 < 2 * n)
		mask = mask * 2 + 1;
	set = calloc(mask + 1, sizeof(*set));
	uniq = malloc((n + 1) * sizeof(*uniq));
	if (!set || !uniq) {
		free(set);
		free(uniq);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		const char *str = get(r[i].he);

		if (!str)
			continue;
		for (k = str_rank__slot(str, mask); set[k].s && set[k].s != str; k = (k + 1) & mask)
			;
		if (!set[k].s) {
			set[k].s = str;
			uniq[u++].s = str;
		}
	}
	qsort(uniq, u, sizeof(*uniq), str_rank__str_cmp);
	for (i = 0; i < u; i++) {
		if (i && strcmp(uniq[i].s, uniq[i - 1].s))
			rank++;
		for (k = str_rank__slot(uniq[i].s, mask); set[k].s != uniq[i].s; k = (k + 1) & mask)
			;
		set[k].rank = rank;
	}
	for (i = 0; i < n; i++) {
		const char *str = get(r[i].he);

		r[i].rank[which] = RANK_NONE;
		if (!str)
			continue;
		for (k = str_rank__slot(str, mask); set[k].s != str; k = (k + 1) & mask)
			;
		r[i].rank[which] = set[k].rank;
	}
	*nr_ranks = u ? rank + 1 : 0;
	free(uniq);
	free(set);
	return 0;
}

/* Bits for the values 0..max. */
static u32 code_bits(u64 max)
{
	u32 b = 0;

	while (b < 64 && (max >> b))
		b++;
	return b;
}

/* Key k of r as a number in the order sort_rec__cmp_key() gives, and its bits. */
static u64 sort_rec__key_code(const struct sort_rec *r, enum sort_key key,
			      const u32 nr_ranks[3], u32 *bits)
{
	int which = key == SORT_COMM ? RANK_COMM : key == SORT_DSO ? RANK_DSO : RANK_SYM;

	switch (key) {
	case SORT_COMM:
	case SORT_DSO:
	case SORT_SYM:
		/* none: after every name */
		*bits = code_bits(nr_ranks[which]);
		return r->rank[which] == RANK_NONE ? nr_ranks[which] : r->rank[which];
	case SORT_PID:
	case SORT_TID:
		*bits = 32;
		return (u32)r->tid ^ 0x80000000u;
	case SORT_CPU:
		*bits = 32;
		return (u32)r->cpu ^ 0x80000000u;
	default:
		*bits = 0;
		return 0;
	}
}

/*
 * Every record's codes; false when the keys do not fit in 128 bits or
 * come with more than one symbol key (then the comparisons go key by
 * key).
 */
static bool sort_recs__code(struct sort_rec *r, size_t n, const struct sort_spec *spec,
			    const u32 nr_ranks[3])
{
	u32 bits, total = 0;
	int k, syms = 0;
	size_t i;

	for (k = 0; k < spec->nr; k++) {
		/* a trace or field key compares strings or bytes: no code */
		if (spec->keys[k] == SORT_TRACE || spec->keys[k] == SORT_BPF_PROG ||
		    spec->keys[k] == SORT_PARENT || spec->keys[k] == SORT_SRCLINE ||
		    spec->keys[k] == SORT_CGROUP ||
		    spec->keys[k] >= SORT_DYN)
			return false;
		sort_rec__key_code(r, spec->keys[k], nr_ranks, &bits);
		total += bits;
		syms += spec->keys[k] == SORT_SYM;
	}
	if (total > 128 || syms > 1)
		return false;
	for (i = 0; i < n; i++) {
		unsigned __int128 full = 0, pre = 0, post = 0;
		bool after = false;

		for (k = 0; k < spec->nr; k++) {
			u64 v = sort_rec__key_code(&r[i], spec->keys[k], nr_ranks, &bits);

			full = bits ? full << bits | v : full;
			if (spec->keys[k] == SORT_SYM) {
				after = true;
				continue;
			}
			if (after)
				post = bits ? post << bits | v : post;
			else
				pre = bits ? pre << bits | v : pre;
		}
		r[i].full = full;
		r[i].pre = pre;
		r[i].post = post;
	}
	return true;
}

static int code_cmp(unsigned __int128 a, unsigned __int128 b)
{
	return a < b ? -1 : a > b;
}

static int rank_cmp(u32 a, u32 b)
{
	return a < b ? -1 : a > b;
}

/* As strcmp() of the keys' names would order them: by their ranks. */
static int sort_rec__cmp_key(const struct sort_rec *a, const struct sort_rec *b,
			     enum sort_key key, const struct sort_spec *spec)
{
	switch (key) {
	case SORT_COMM:
		return rank_cmp(a->rank[RANK_COMM], b->rank[RANK_COMM]);
	case SORT_PID:
	case SORT_TID:
		return a->tid < b->tid ? -1 : a->tid > b->tid;
	case SORT_CPU:
		return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
	case SORT_DSO:
		/* (entries without a dso last) */
		return rank_cmp(a->rank[RANK_DSO], b->rank[RANK_DSO]);
	case SORT_SYM:
		/* (two addresses keep the collapsed order) */
		return rank_cmp(a->rank[RANK_SYM], b->rank[RANK_SYM]);
	case SORT_TRACE:
		return strcmp(a->he->key.trace ? a->he->key.trace : "N/A",
			      b->he->key.trace ? b->he->key.trace : "N/A");
	case SORT_BPF_PROG:
	case SORT_PARENT:
	case SORT_SRCLINE:
	case SORT_CGROUP:
		return hist_entry__cmp_key(a->he, b->he, key, spec);
	default:
		if (key >= SORT_DYN && key < SORT_NR_KEYS && spec)
			return hist_entry__cmp_field(a->he, b->he, &spec->dyn[key - SORT_DYN]);
		return 0;
	}
}

/* A value column's order: the greater first */
static int value_cmp(u64 a, u64 b)
{
	return a > b ? -1 : a < b;
}

/* -F's order: each column in turn, as upstream's output sort */
static int sort_rec__cmp_layout(const struct sort_rec *a, const struct sort_rec *b,
				const struct sort_ctx *ctx)
{
	const struct hist_layout *lay = ctx->lay;
	int i, c = 0;

	for (i = 0; i < lay->nr_order && !c; i++) {
		switch (lay->order[i]) {
		case HIST_COL_CHILDREN:
			/* only children mode compares it, with the callers' depth on a tie */
			if (!ctx->cumulate)
				break;
			c = value_cmp(a->children, b->children);
			if (!c && ctx->depth && a->thread == b->thread &&
			    a->max_depth != b->max_depth)
				c = (a->max_depth > b->max_depth ? -1 : 1) * ctx->depth;
			break;
		case HIST_COL_OVERHEAD:
		case HIST_COL_PERIOD:
			c = value_cmp(a->period, b->period);
			break;
		case HIST_COL_SYS:
			c = value_cmp(a->he->period_sys, b->he->period_sys);
			break;
		case HIST_COL_US:
			c = value_cmp(a->he->period_us, b->he->period_us);
			break;
		case HIST_COL_SAMPLE:
			c = value_cmp(a->he->nr_samples, b->he->nr_samples);
			break;
		case HIST_COL_GUEST_SYS:
		case HIST_COL_GUEST_US:
			break;
		default:
			c = sort_rec__cmp_key(a, b, lay->order[i], ctx->spec);
			/* upstream's output puts the greater field bytes first */
			if (lay->order[i] >= SORT_DYN)
				c = -c;
			break;
		}
	}
	return c;
}

static int sort_rec__cmp(const struct sort_rec *a, const struct sort_rec *b,
			 const struct sort_ctx *ctx)
{
	const struct sort_spec *spec = ctx->spec;
	int i, c;

	if (ctx->cumulate && a->children != b->children)
		return a->children > b->children ? -1 : 1;
	/* as upstream: of one thread's equal entries, the caller above */
	if (ctx->depth && a->thread == b->thread && a->max_depth != b->max_depth)
		return (a->max_depth > b->max_depth ? -1 : 1) * ctx->depth;
	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	if (ctx->coded)
		return code_cmp(a->full, b->full);
	for (i = 0; i < spec->nr; i++) {
		c = sort_rec__cmp_key(a, b, spec->keys[i], spec);
		/* upstream's output puts the greater field bytes first */
		if (c && spec->keys[i] >= SORT_DYN)
			return -c;
		if (c)
			return c;
	}
	return 0;
}

/* as upstream compares addresses: by their difference, wrapping (so not transitive) */
static int addr_cmp(u64 a, u64 b)
{
	s64 d = (s64)(a - b);

	return d < 0 ? -1 : d > 0;
}

/* How upstream's input and collapsed trees order entries: symbols by address. */
/* The symbol key's part of the collapsed order. */
static int sort_rec__collapse_sym(const struct sort_rec *a, const struct sort_rec *b)
{
	int c;

	if (!a->sym && !b->sym)
		return addr_cmp(a->addr, b->addr);
	c = sort_rec__cmp_key(a, b, SORT_DSO, NULL);
	if (c || a->sym == b->sym)
		return c;
	if (!a->sym || !b->sym)
		return null_cmp(a->sym, b->sym);
	if (a->sym_start != b->sym_start)
		return addr_cmp(a->sym_start, b->sym_start);
	return addr_cmp(a->sym_end, b->sym_end);
}

static int sort_rec__collapse_cmp(const struct sort_rec *a, const struct sort_rec *b,
				  const struct sort_ctx *ctx)
{
	const struct sort_spec *spec = ctx->spec;
	int i, c = 0;

	if (ctx->coded) {
		c = code_cmp(a->pre, b->pre);
		if (c || !(spec->mask & (1u << SORT_SYM)))
			return c;
		c = sort_rec__collapse_sym(a, b);
		return c ? c : code_cmp(a->post, b->post);
	}
	for (i = 0; i < spec->nr && !c; i++) {
		if (spec->keys[i] == SORT_SYM)
			c = sort_rec__collapse_sym(a, b);
		else
			c = sort_rec__cmp_key(a, b, spec->keys[i], spec);
	}
	return c;
}

static int sort_rec__collapse_before(const void *a, const void *b, void *ctx)
{
	return sort_rec__collapse_cmp(a, b, ctx) < 0;
}

static int sort_rec__before(const void *a, const void *b, void *ctx)
{
	return sort_rec__cmp(a, b, ctx) < 0;
}

static int sort_rec__layout_before(const void *a, const void *b, void *ctx)
{
	return sort_rec__cmp_layout(a, b, ctx) < 0;
}

static int hist_entry__seq_cmp(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * As upstream orders its output: entries go, in the order they were
 * made, into a red-black tree by their keys; its in-order walk into a
 * second one (the collapsed tree), and that one's walk into a third by
 * the output comparison.  Neither comparison is a total order (addresses
 * compare by a wrapping difference; children-mode ties, see
 * hist_entry__cmp(), depend on the thread), so only the same trees give
 * the same order.
 */
int hists__sorted(struct hists *hists, struct hist_entry ***out)
{
	struct hist_entry **v = malloc((hists->nr_entries + 1) * sizeof(*v)), **bys;
	struct sort_rec *recs = NULL;
	u32 nr_ranks[3] = { 0 };
	struct sort_ctx ctx;
	struct hist_layout lay;
	void **items = NULL;
	size_t i, n = 0;
	bool bys_used;

	if (!v)
		return -ENOMEM;
	hists__ip_cache_flush(hists);
	hists__chains_flush(hists);
	/*
	 * In the order they were made: placed by seq when the seqs are not
	 * much more than the entries (top's decayed ones are made again),
	 * else sorted.
	 */
	bys = hists->nr_made <= 2 * hists->nr_entries + 1024 ?
	      calloc(hists->nr_made + 1, sizeof(*bys)) : NULL;
	for (i = 0; i < hists->nr_buckets; i++) {
		struct hist_entry *he;

		for (he = hists->buckets[i]; he; he = he->hnext) {
			if (bys)
				bys[he->seq] = he;
			else
				v[n++] = he;
		}
	}
	bys_used = bys != NULL;
	if (bys) {
		for (i = 0; i < hists->nr_made; i++)
			if (bys[i])
				v[n++] = bys[i];
		free(bys);
	}
	if (!bys_used)
		qsort(v, n, sizeof(*v), hist_entry__seq_cmp);
	recs = hist_zalloc((n + 1) * sizeof(*recs));
	items = hist_zalloc((n + 1) * sizeof(*items));
	if (!recs || !items)
		goto fail;
	for (i = 0; i < n; i++) {
		const struct hist_entry *he = v[i];

		recs[i] = (struct sort_rec){
			.children = he->children, .period = he->period, .addr = he->key.addr,
			.sym = he->key.sym, .thread = he->thread, .he = v[i],
			.tid = he->key.tid, .cpu = he->key.cpu, .max_depth = he->max_depth,
		};
		if (he->key.sym) {
			recs[i].sym_start = he->key.sym->start;
			recs[i].sym_end = he->key.sym->end;
		}
		items[i] = &recs[i];
	}
	if (sort_recs__rank(recs, n, RANK_COMM, rank_comm, &nr_ranks[RANK_COMM]) ||
	    sort_recs__rank(recs, n, RANK_DSO, rank_dso, &nr_ranks[RANK_DSO]) ||
	    sort_recs__rank(recs, n, RANK_SYM, rank_sym, &nr_ranks[RANK_SYM]))
		goto fail;
	ctx = (struct sort_ctx){
		.spec = &hists->sort,
		.cumulate = hists->cumulate,
		.depth = hists->cumulate && hists->graph ? (hists->caller ? 1 : -1) : 0,
		.coded = sort_recs__code(recs, n, &hists->sort, nr_ranks),
	};
	if (hists->fields) {
		hist_fields__layout(hists->fields, &hists->sort, hists->cumulate, &lay);
		if (!hist_layout__default_order(&lay, &hists->sort, hists->cumulate))
			ctx.lay = &lay;
	}
	if (n && (rb_order(items, n, sort_rec__collapse_before, &ctx) ||
		  ((hists->sort.mask & (1u << SORT_COMM)) &&
		   rb_order(items, n, sort_rec__collapse_before, &ctx)) ||
		  rb_order(items, n, ctx.lay ? sort_rec__layout_before : sort_rec__before, &ctx)))
		goto fail;
	for (i = 0; i < n; i++)
		v[i] = ((struct sort_rec *)items[i])->he;
	hist_free(items, (n + 1) * sizeof(*items));
	hist_free(recs, (n + 1) * sizeof(*recs));
	*out = v;
	return (int)n;
fail:
	if (items)
		hist_free(items, (n + 1) * sizeof(*items));
	if (recs)
		hist_free(recs, (n + 1) * sizeof(*recs));
	free(v);
	return -ENOMEM;
}

/* The sort keys before the trace key equal: upstream's trees compare such entries' traces. */
static int hist_entry__prefix_cmp(const void *pa, const void *pb, void *pspec)
{
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;
	const struct sort_spec *spec = pspec;
	int i, c;

	for (i = 0; i < spec->nr && spec->keys[i] != SORT_TRACE; i++) {
		c = hist_entry__cmp_key(a, b, spec->keys[i], spec);
		if (c)
			return c;
	}
	return 0;
}

/*
 * Upstream formats an entry's trace when its trees first compare it on
 * that key: a second sample of it (the lookup ends comparing every key),
 * another entry equal on the keys before (a neighbour in the tree), or
 * in children mode the sample's chain entries (compared with each other).
 * Only traces formatted by then count for the column's width, and
 * longer ones are cut to it: a lone sample's trace is cut to the
 * header's width.  known[i] says which counted.
 */
void hists__trace_known(struct hists *hists, struct hist_entry **v, int n, bool *known)
{
	struct hist_entry **s = malloc(n * sizeof(*s));
	int i, j;

	bool fields = false;

	/* a field key shown from the formatted fields formats every entry's */
	for (i = 0; i < hists->sort.nr; i++)
		fields |= hists->sort.keys[i] >= SORT_DYN &&
			  !hists->sort.dyn[hists->sort.keys[i] - SORT_DYN].raw;
	/* children mode: each sample's chain entries are compared on every key */
	for (i = 0; i < n; i++)
		known[i] = v[i]->nr_samples >= 2 || hists->cumulate || fields;
	if (!s)
		return;
	for (i = 0; i < n; i++) {
		v[i]->pos = (u32)i;
		s[i] = v[i];
	}
	qsort_r(s, n, sizeof(*s), hist_entry__prefix_cmp, &hists->sort);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !hist_entry__prefix_cmp(&s[i], &s[j], &hists->sort); j++)
			;
		if (j - i > 1)
			while (i < j)
				known[s[i++]->pos] = true;
	}
	free(s);
}

