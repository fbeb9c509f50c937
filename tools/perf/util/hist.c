// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms: entries aggregated by sort key (a hash of their keys), the
 * caches in front of it, and the renaming of comms at the end; chains are
 * hist-chain.c, the orderings hist-sort.c, the output hist-print.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "bpf-progs.h"
#include "cgroups.h"
#include "hist.h"
#include "hist-internal.h"
#include "huge.h"
#include "rb-order.h"

/* short name -> first dso, and (dso, symbol start and end) -> first symbol */
struct hist_canon {
	struct hist_canon	*next;
	const struct dso	*dso;
	const struct symbol	*sym;	/* NULL: a dso entry */
	u64			hash;
};

int hists__init(struct hists *hists, const struct sort_spec *sort)
{
	memset(hists, 0, sizeof(*hists));
	hists->sort = *sort;
	arena__init(&hists->arena, 0);
	hists->nr_buckets = 1024;
	hists->buckets = hist_zalloc(hists->nr_buckets * sizeof(*hists->buckets));
	return hists->buckets ? 0 : -ENOMEM;
}

/* An entry's own copies of the sample's tracepoint data (the arena has the rest). */
static void hist_entry__put_raw(struct hist_entry *he)
{
	free(he->raw);
	he->raw = NULL;
	free((void *)he->key.fields);
	he->key.fields = NULL;
}

/* An entry taken out of the table goes for reuse. */
static void hists__free_entry(struct hists *hists, struct hist_entry *he)
{
	hist_entry__put_raw(he);
	he->hnext = hists->free_entries;
	hists->free_entries = he;
}

void hists__remove_if(struct hists *hists, bool (*fn)(struct hist_entry *he, void *arg),
		      void *arg)
{
	size_t b;

	for (b = 0; b < hists->nr_buckets; b++) {
		struct hist_entry **pp = &hists->buckets[b];

		while (*pp) {
			struct hist_entry *he = *pp;

			if (!fn(he, arg)) {
				pp = &he->hnext;
				continue;
			}
			*pp = he->hnext;
			hists__free_entry(hists, he);
			hists->nr_entries--;
		}
	}
}

void hists__exit(struct hists *hists)
{
	size_t i;

	for (i = 0; hists->buckets && i < hists->nr_buckets; i++) {
		struct hist_entry *he;

		for (he = hists->buckets[i]; he; he = he->hnext)
			hist_entry__put_raw(he);
	}
	free(hists->fields_buf);
	hists->fields_buf = NULL;
	hists->fields_alloc = 0;
	/* the entries and chains: the arena's */
	arena__exit(&hists->arena);
	hists->free_entries = NULL;
	hist_free(hists->buckets, hists->nr_buckets * sizeof(*hists->buckets));
	hists->buckets = NULL;
	if (hists->chain_slots)
		hist_free(hists->chain_slots,
			  (hists->chain_slots_mask + 1) * sizeof(*hists->chain_slots));
	hists->chain_slots = NULL;
	huge_buf__free(&hists->chain_list_buf);
	hists->chain_list = NULL;
	huge_buf__free(&hists->frames_buf);
	hists->frames = NULL;
	if (hists->frame_slots)
		hist_free(hists->frame_slots, (hists->frame_slots_mask + 1) * sizeof(u32));
	hists->frame_slots = NULL;
	free(hists->sym_cache);
	hists->sym_cache = NULL;
	hist_free(hists->ip_cache, (1ULL << hists->ip_cache_bits) * sizeof(*hists->ip_cache));
	hists->ip_cache = NULL;
	hist_free(hists->raw_cache, (1ULL << HIST_RAW_BITS) * sizeof(*hists->raw_cache));
	hists->raw_cache = NULL;
	for (i = 0; hists->canon && i <= hists->canon_mask; i++) {
		struct hist_canon *c = hists->canon[i], *next;

		for (; c; c = next) {
			next = c->next;
			free(c);
		}
	}
	free(hists->canon);
	hists->canon = NULL;
	hists->nr_canon = 0;
}

static size_t key_hash(const struct hist_key *k)
{
	u64 h = (u64)(uintptr_t)k->comm * 0x9e3779b97f4a7c15ULL;

	h ^= (u64)(uintptr_t)k->dso * 0xc2b2ae3d27d4eb4fULL;
	h ^= (u64)(uintptr_t)k->sym * 0x165667b19e3779f9ULL;
	h ^= k->addr * 0xff51afd7ed558ccdULL;
	h ^= ((u64)(u32)k->tid << 32 | (u32)k->cpu) * 0xc4ceb9fe1a85ec53ULL;
	h ^= (u64)(uintptr_t)k->trace * 0x27d4eb2f165667c5ULL;
	h ^= (u64)(uintptr_t)k->prog * 0x94d049bb133111ebULL;
	h ^= (u64)(uintptr_t)k->parent * 0xd6e8feb86659fd93ULL;
	h ^= (u64)(uintptr_t)k->srcline * 0xbf58476d1ce4e5b9ULL;
	h ^= k->cgroup * 0x9fb21c651e98df25ULL;
	h ^= k->fields_hash;
	return (size_t)(h ^ (h >> 29));
}

static bool key_equal(const struct hist_key *a, const struct hist_key *b)
{
	return a->comm == b->comm && a->dso == b->dso && a->sym == b->sym &&
	       a->addr == b->addr && a->tid == b->tid && a->cpu == b->cpu &&
	       a->trace == b->trace && a->prog == b->prog && a->parent == b->parent &&
	       a->srcline == b->srcline && a->cgroup == b->cgroup &&
	       a->fields_len == b->fields_len &&
	       (!a->fields_len || !memcmp(a->fields, b->fields, a->fields_len));
}

static void hists__grow(struct hists *hists)
{
	size_t n = hists->nr_buckets * 2, i;
	struct hist_entry **b = hist_zalloc(n * sizeof(*b));

	if (!b)
		return;
	for (i = 0; i < hists->nr_buckets; i++) {
		struct hist_entry *he = hists->buckets[i], *next;

		for (; he; he = next) {
			size_t h = key_hash(&he->key) & (n - 1);

			next = he->hnext;
			he->hnext = b[h];
			b[h] = he;
		}
	}
	hist_free(hists->buckets, hists->nr_buckets * sizeof(*b));
	hists->buckets = b;
	hists->nr_buckets = n;
}

/*
 * The canonical dsos (the first of each short name) and symbols (the
 * first of a canonical dso's start and end that its own table lacks),
 * in a hash: a file with many dsos of one name (binaries rebuilt in many
 * trees, all "perf") has thousands, and a list walked for each new one
 * was quadratic.
 */
static u64 canon_hash_name(const char *s)
{
	u64 h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h | 1;	/* (sym entries' hashes are even) */
}

static u64 canon_hash_sym(const struct dso *canon, u64 start, u64 end)
{
	u64 h = ((u64)(uintptr_t)canon * 0x9e3779b97f4a7c15ULL) ^
		(start * 0xc2b2ae3d27d4eb4fULL) ^ (end * 0xff51afd7ed558ccdULL);

	return (h ^ (h >> 29)) & ~1ULL;
}

/* A new entry; false without memory (the caller then goes without). */
static bool hists__canon_add(struct hists *hists, const struct dso *dso,
			     const struct symbol *sym, u64 hash)
{
	struct hist_canon *c;

	if (hists->nr_canon >= (hists->canon ? hists->canon_mask + 1 : 0)) {
		size_t n = hists->canon ? (hists->canon_mask + 1) * 2 : 256, i;
		struct hist_canon **b = calloc(n, sizeof(*b));

		if (!b)
			return false;
		for (i = 0; hists->canon && i <= hists->canon_mask; i++) {
			struct hist_canon *e = hists->canon[i], *next;

			for (; e; e = next) {
				next = e->next;
				e->next = b[e->hash & (n - 1)];
				b[e->hash & (n - 1)] = e;
			}
		}
		free(hists->canon);
		hists->canon = b;
		hists->canon_mask = n - 1;
	}
	c = malloc(sizeof(*c));
	if (!c)
		return false;
	*c = (struct hist_canon){ .next = hists->canon[hash & hists->canon_mask], .dso = dso,
				  .sym = sym, .hash = hash };
	hists->canon[hash & hists->canon_mask] = c;
	hists->nr_canon++;
	return true;
}

static struct dso *hists__canon_dso(struct hists *hists, struct dso *dso)
{
	u64 h;
	struct hist_canon *c;

	if (dso->canon)
		return dso->canon;
	h = canon_hash_name(dso->short_name);
	for (c = hists->canon ? hists->canon[h & hists->canon_mask] : NULL; c; c = c->next)
		if (c->hash == h && !c->sym && !strcmp(c->dso->short_name, dso->short_name)) {
			dso->canon = (struct dso *)c->dso;
			return dso->canon;
		}
	if (!hists__canon_add(hists, dso, NULL, h))
		return dso;
	dso->canon = dso;
	return dso;
}

static const struct symbol *hists__canon_sym_slow(struct hists *hists, struct dso *canon,
						  const struct symbol *sym)
{
	struct symbol *own = dso__find_symbol(canon, sym->start);
	struct hist_canon *c;
	u64 h;

	/* as upstream's keys: the same start and end (not only the start) */
	if (own && own->start == sym->start && own->end == sym->end)
		return own;
	h = canon_hash_sym(canon, sym->start, sym->end);
	for (c = hists->canon ? hists->canon[h & hists->canon_mask] : NULL; c; c = c->next)
		if (c->hash == h && c->sym && c->dso == canon && c->sym->start == sym->start &&
		    c->sym->end == sym->end)
			return c->sym;
	hists__canon_add(hists, canon, sym, h);
	return sym;
}

/* The same, remembered per symbol: a sample's symbol maps to one row's. */
static const struct symbol *hists__canon_sym(struct hists *hists, struct dso *canon,
					     const struct symbol *sym)
{
	size_t h = ((uintptr_t)sym >> 4) * 0x9e3779b97f4a7c15ULL >> (64 - HIST_SYM_CACHE_BITS);
	struct hist_sym_cache *e;

	if (!hists->sym_cache) {
		hists->sym_cache = calloc(1u << HIST_SYM_CACHE_BITS, sizeof(*hists->sym_cache));
		if (!hists->sym_cache)
			return hists__canon_sym_slow(hists, canon, sym);
	}
	e = &hists->sym_cache[h];
	if (e->sym != sym || e->canon != canon) {
		e->sym = sym;
		e->canon = canon;
		e->to = hists__canon_sym_slow(hists, canon, sym);
	}
	return e->to;
}

/*
 * Where a field's bytes are in raw data, as upstream's dynamic keys take
 * them (a __data_loc's offset and length from its u32), cut to the data.
 */
void sort_dyn__bytes(const struct sort_dyn *d, const u8 *raw, u32 raw_size,
			    u32 *off, u32 *len)
{
	u32 o = d->offset, n = d->size;

	if (d->dynamic && (u64)d->offset + 4 <= raw_size) {
		u32 v;

		memcpy(&v, raw + d->offset, 4);
		o = v & 0xffff;
		n = v >> 16;
		if (d->rel)
			o += d->offset + d->size;
	}
	if (o > raw_size)
		o = raw_size;
	if (n > raw_size - o)
		n = raw_size - o;
	*off = o;
	*len = n;
}

/* The sample's field keys: each one's bytes after their length, and a hash. */
static void hists__make_fields(struct hists *hists, struct hist_key *k)
{
	const u8 *raw = hists->sample_raw;
	u32 size = raw ? hists->sample_raw_size : 0, need = 0, off, len;
	u64 h = 0xcbf29ce484222325ULL;
	int i;
	u8 *p;

	for (i = 0; i < hists->sort.nr; i++) {
		if (hists->sort.keys[i] < SORT_DYN)
			continue;
		sort_dyn__bytes(&hists->sort.dyn[hists->sort.keys[i] - SORT_DYN], raw, size, &off,
				&len);
		need += 4 + len;
	}
	if (need > hists->fields_alloc) {
		p = realloc(hists->fields_buf, need);
		if (!p)
			return;		/* (no key: the entries merge) */
		hists->fields_buf = p;
		hists->fields_alloc = need;
	}
	p = hists->fields_buf;
	for (i = 0; i < hists->sort.nr; i++) {
		if (hists->sort.keys[i] < SORT_DYN)
			continue;
		sort_dyn__bytes(&hists->sort.dyn[hists->sort.keys[i] - SORT_DYN], raw, size, &off,
				&len);
		memcpy(p, &len, 4);
		if (len)	/* (a sample without raw data has none) */
			memcpy(p + 4, raw + off, len);
		p += 4 + len;
	}
	for (i = 0; i < (int)need; i++)
		h = (h ^ hists->fields_buf[i]) * 0x100000001b3ULL;
	k->fields = hists->fields_buf;
	k->fields_len = need;
	k->fields_hash = h;
}

static void hists__make_key(struct hists *hists, const struct addr_location *al, s32 cpu,
			    struct hist_key *k)
{
	u32 mask = hists->sort.mask;
	struct dso *canon;

	memset(k, 0, sizeof(*k));
	if (mask & (1u << SORT_COMM))
		k->comm = al->thread ? al->thread->comm : NULL;
	if (mask & ((1u << SORT_PID) | (1u << SORT_TID)))
		k->tid = al->thread ? al->thread->tid : -1;
	canon = al->dso ? hists__canon_dso(hists, al->dso) : NULL;
	if (mask & (1u << SORT_DSO))
		k->dso = canon;
	if (mask & (1u << SORT_SYM)) {
		k->sym = al->sym;
		if (al->sym && canon != al->dso)
			k->sym = hists__canon_sym(hists, canon, al->sym);
		if (!al->sym)
			k->addr = al->addr;
	}
	if (mask & (1u << SORT_CPU))
		k->cpu = cpu;
	if (mask & (1u << SORT_TRACE))
		k->trace = hists->sample_trace;
	if (mask & (1u << SORT_PARENT))
		k->parent = hists->sample_parent;
	if (mask & (1u << SORT_SRCLINE))
		k->srcline = hists->srcline_of ? hists->srcline_of(hists->srcline_priv, al) : NULL;
	if (mask & (1u << SORT_BPF_PROG))
		k->prog = al->dso ? al->dso->prog : NULL;
	if (mask & (1u << SORT_CGROUP)) {
		k->cgroup = hists->sample_cgroup;
		k->cgroup_path = hists->sample_cgroup_path;
	}
	if (hists->sort.nr_dyn && mask >> SORT_DYN)
		hists__make_fields(hists, k);
}

void hists__set_sample_cgroup(struct hists *hists, const struct cgroups *cg, u64 id)
{
	hists->sample_cgroup = id;
	hists->sample_cgroup_path = cgroups__find(cg, id);
}

struct hist_entry *hists__findnew(struct hists *hists, const struct addr_location *al, s32 cpu)
{
	struct hist_key k;
	struct hist_entry *he;
	size_t h;

	hists__make_key(hists, al, cpu, &k);
	h = key_hash(&k) & (hists->nr_buckets - 1);
	for (he = hists->buckets[h]; he; he = he->hnext)
		if (key_equal(&he->key, &k))
			goto found;
	he = hists->free_entries;
	if (he) {
		hists->free_entries = he->hnext;
		memset(he, 0, sizeof(*he));
	} else {
		he = arena__zalloc(&hists->arena, sizeof(*he));
		if (!he)
			return NULL;
	}
	he->key = k;
	if (k.fields_len || (hists->sort.nr_dyn && hists->sample_raw)) {
		/* the entry keeps its own copies: the sample's go away */
		he->key.fields = k.fields_len ? malloc(k.fields_len) : NULL;
		he->raw = malloc(hists->sample_raw_size ? hists->sample_raw_size : 1);
		if ((k.fields_len && !he->key.fields) || !he->raw) {
			hists__free_entry(hists, he);
			return NULL;
		}
		if (k.fields_len)
			memcpy((void *)he->key.fields, k.fields, k.fields_len);
		if (hists->sample_raw)
			memcpy(he->raw, hists->sample_raw, hists->sample_raw_size);
		he->raw_size = hists->sample_raw ? hists->sample_raw_size : 0;
	}
	he->level = al->level;
	he->thread = al->thread;
	he->dso = al->dso;
	he->first_sym = al->sym;
	if (al->sym)
		he->obj_off = al->addr - al->sym->start;
	he->seq = (u32)hists->nr_made++;
	he->hnext = hists->buckets[h];
	hists->buckets[h] = he;
	if (++hists->nr_entries > hists->nr_buckets)
		hists__grow(hists);
found:
	/* the thread keys show the thread's latest name (not part of the key) */
	if (al->thread)
		he->thread_comm = al->thread->comm;
	return he;
}

int hists__add(struct hists *hists, const struct addr_location *al, s32 cpu, u64 period)
{
	struct hist_entry *he = hists__findnew(hists, al, cpu);

	if (!he)
		return -ENOMEM;
	hists__add_entry(hists, he, period);
	return 0;
}

static struct hist_ip_cache *hists__ip_slot(struct hists *hists, const struct thread *thread,
					    u64 ip, s32 cpu)
{
	u64 h = (ip ^ ((u64)(uintptr_t)thread >> 4) * 0x9e3779b97f4a7c15ULL ^ (u64)(u32)cpu) *
		0xff51afd7ed558ccdULL;

	return &hists->ip_cache[h >> (64 - hists->ip_cache_bits)];
}

/* What a slot's hits were: to its entry. */
static void hist_ip_cache__flush(struct hist_ip_cache *e)
{
	if (!e->nr_pending)
		return;
	e->he->period += e->pending;
	hist_entry__add_mode(e->he, e->cpumode, e->pending);
	e->he->children += e->pending;
	e->he->nr_samples += e->nr_pending;
	e->pending = 0;
	e->nr_pending = 0;
}

/* Every slot's hits to their entries: before the entries are read or the cache goes. */
void hists__ip_cache_flush(struct hists *hists)
{
	size_t i;

	for (i = 0; hists->ip_cache && i < (1ULL << hists->ip_cache_bits); i++)
		if (hists->ip_cache[i].thread)
			hist_ip_cache__flush(&hists->ip_cache[i]);
}

struct hist_ip_cache *hists__ip_cache_find(struct hists *hists, u64 version,
					   const struct thread *thread, u8 cpumode, u64 ip, s32 cpu)
{
	struct hist_ip_cache *e;

	if (!hists->ip_cache)
		return NULL;
	/* the cpu is no key unless sorted by: any cpu finds the entry */
	if (!(hists->sort.mask & (1u << SORT_CPU)))
		cpu = 0;
	e = hists__ip_slot(hists, thread, ip, cpu);
	if (e->thread != thread || e->version != version || e->ip != ip ||
	    e->tid != thread->tid || e->comm != thread->comm || e->cpu != cpu ||
	    e->cpumode != cpumode)
		return NULL;
	return e;
}

void hists__ip_cache_add(struct hists *hists, u64 version, const struct addr_location *al,
			 u8 cpumode, s32 cpu, struct hist_entry *he)
{
	struct hist_ip_cache *e;

	if (!al->thread)
		return;
	/*
	 * Small files keep a small cache; one that has missed more often
	 * than it has slots holds too few of the file's distinct samples:
	 * four times the slots (what it held goes).
	 */
	if (hists->ip_cache && ++hists->ip_cache_misses > (1ULL << hists->ip_cache_bits) &&
	    hists->ip_cache_bits < HIST_IP_CACHE_MAX_BITS) {
		hists__ip_cache_flush(hists);
		hist_free(hists->ip_cache,
			  (1ULL << hists->ip_cache_bits) * sizeof(*hists->ip_cache));
		hists->ip_cache = NULL;
		hists->ip_cache_bits = min(hists->ip_cache_bits + 2, HIST_IP_CACHE_MAX_BITS);
	}
	if (!hists->ip_cache) {
		if (!hists->ip_cache_bits)
			hists->ip_cache_bits = HIST_IP_CACHE_BITS;
		hists->ip_cache = hist_zalloc((1ULL << hists->ip_cache_bits) *
					      sizeof(*hists->ip_cache));
		hists->ip_cache_misses = 0;
		if (!hists->ip_cache)
			return;
	}
	if (!(hists->sort.mask & (1u << SORT_CPU)))
		cpu = 0;
	e = hists__ip_slot(hists, al->thread, al->ip, cpu);
	if (e->thread)
		hist_ip_cache__flush(e);
	*e = (struct hist_ip_cache){ .version = version, .ip = al->ip, .thread = al->thread,
				     .tid = al->thread->tid, .comm = al->thread->comm, .he = he,
				     .cpu = cpu,
				     .cpumode = cpumode, .fallback = al->fallback };
}

/* The entry a chain frame falls into (as upstream keys chain entries). */
struct hist_entry *hists__chain_entry(struct hists *hists, const struct addr_location *frame,
					     char *level, s32 cpu)
{
	struct addr_location cal = *frame;

	/*
	 * As upstream: an unresolved chain entry is keyed and shown by its
	 * raw address, and a frame without a map shows the level of the
	 * last mapped frame before it on the chain (at first the sample's).
	 */
	if (!cal.sym)
		cal.addr = cal.ip;
	if (cal.map)
		*level = cal.level;
	else
		cal.level = *level;
	return hists__findnew(hists, &cal, cpu);
}

int hists__add_cumulative(struct hists *hists, const struct addr_location *al,
			  const struct addr_location *chain, u32 nr, s32 cpu, u64 period)
{
	struct hist_entry *self = hists__findnew(hists, al, cpu);
	u64 stamp = ++hists->nr_cumulated;
	char level = al->level;
	u32 i;

	if (!self)
		return -ENOMEM;
	hists__add_entry(hists, self, period);
	/* each entry once per sample, however often it is on the chain */
	self->cumulated = stamp;
	if (nr > self->max_depth)
		self->max_depth = nr;
	/* walked as upstream walks it: from the root in caller order */
	for (i = 0; i < nr; i++) {
		u32 k = hists->caller ? nr - 1 - i : i;
		struct hist_entry *he = hists__chain_entry(hists, &chain[k], &level, cpu);

		if (!he)
			return -ENOMEM;
		if (he->cumulated == stamp)
			continue;
		he->cumulated = stamp;
		he->children += period;
		if (nr - i > he->max_depth)
			he->max_depth = nr - i;
	}
	return 0;
}

/* The chains' entries after merges: dead entries point to their survivor. */
static struct hist_entry *hist_entry__survivor(struct hist_entry *he)
{
	while (he->merged)
		he = he->merged;
	return he;
}

/* he's period and the rest go to into: he is dead, into survives */
static void hist_entry__merge(struct hist_entry *into, struct hist_entry *he)
{
	into->period += he->period;
	into->period_sys += he->period_sys;
	into->period_us += he->period_us;
	into->children += he->children;
	into->nr_samples += he->nr_samples;
	if (he->max_depth > into->max_depth)
		into->max_depth = he->max_depth;
	he->merged = into;
}

/*
 * Dead entries -> their survivors, by address: the chains' frames are
 * redirected without touching the (many, scattered) entries they name.
 */
struct dead_set {
	struct hist_entry	**keys;
	u32			mask;
};

static u32 dead_set__slot(const struct dead_set *set, const struct hist_entry *he)
{
	return (u32)(((u64)(uintptr_t)he * 0x9e3779b97f4a7c15ULL) >> 32) & set->mask;
}

static struct hist_entry *dead_set__survivor(const struct dead_set *set, struct hist_entry *he)
{
	u32 k;

	for (k = dead_set__slot(set, he); set->keys[k]; k = (k + 1) & set->mask)
		if (set->keys[k] == he)
			return hist_entry__survivor(he);
	return he;
}

void hists__filter_by_symbol(struct hists *hists, const char *str, bool relative)
{
	struct hist_entry *he;
	size_t i;

	hists__ip_cache_flush(hists);
	hists__chains_flush(hists);
	for (i = 0; i < hists->nr_buckets; i++) {
		for (he = hists->buckets[i]; he; he = he->hnext) {
			if (he->filtered || (he->first_sym && strstr(he->first_sym->name, str)))
				continue;
			he->filtered = true;
			if (relative) {
				hists->total_period -= he->period;
				hists->filtered_period += he->period;
				hists->row_filtered_period += he->period;
			}
		}
	}
}

/*
 * Entries whose comm takes another name in the end are taken out of the
 * table and put back under it, merging with an entry of the same key:
 * of equal keys the first in the table's order before the renaming
 * survives, as when every entry was put into a new table in that order.
 * Only the renamed ones move, and the chains learn only of those that
 * died.
 */
void hists__rename_comms(struct hists *hists, struct machine *machine)
{
	struct hist_entry *he, **pp, *dead = NULL, *next, **moved = NULL;
	size_t i, n = hists->nr_buckets, nr_moved = 0, nr_dead = 0;
	u32 alloc = 0;
	struct dead_set set = { 0 };
	u32 pos = 0;

	if ((!machine->nr_renames && !machine->placeholders) ||
	    !(hists->sort.mask & (1u << SORT_COMM)))
		return;
	hists__ip_cache_flush(hists);
	hists__chains_flush(hists);
	/* the raw cache's samples are counted: no more come */
	hist_free(hists->raw_cache, (1ULL << HIST_RAW_BITS) * sizeof(*hists->raw_cache));
	hists->raw_cache = NULL;
	/* the table's order (idx), and the renamed ones out of it */
	for (i = 0; i < n; i++) {
		for (pp = &hists->buckets[i]; (he = *pp);) {
			const char *comm = he->key.comm ?
					   machine__final_comm(machine, he->key.comm) : NULL;

			he->idx = pos++;
			if (comm == he->key.comm) {
				pp = &he->hnext;
				continue;
			}
			if (array__grow((void **)&moved, &alloc, nr_moved + 1, sizeof(*moved), 64)) {
				/* keep the names they had */
				for (size_t k = 0; k < nr_moved; k++) {
					size_t h = key_hash(&moved[k]->key) & (n - 1);

					moved[k]->hnext = hists->buckets[h];
					hists->buckets[h] = moved[k];
				}
				free(moved);
				return;
			}
			*pp = he->hnext;
			moved[nr_moved++] = he;
			/* (the table's hash of it is no more: it is out of it) */
			he->key.comm = comm;
		}
	}
	for (i = 0; i < nr_moved; i++) {
		struct hist_entry *into, **ip;
		size_t h;

		he = moved[i];
		h = key_hash(&he->key) & (n - 1);
		for (ip = &hists->buckets[h]; (into = *ip); ip = &into->hnext)
			if (key_equal(&into->key, &he->key))
				break;
		if (!into) {
			he->hnext = hists->buckets[h];
			hists->buckets[h] = he;
			continue;
		}
		if (into->idx > he->idx) {
			/* he came first: it takes into's place */
			struct hist_entry *t = into;

			he->hnext = into->hnext;
			*ip = he;
			into = he;
			he = t;
		}
		hist_entry__merge(into, he);
		he->hnext = dead;
		dead = he;
		nr_dead++;
		hists->nr_entries--;
	}
	free(moved);
	/* what the caches point to may be gone, or keyed otherwise */
	if (nr_moved) {
		/* (flushed above) */
		hist_free(hists->ip_cache,
			  (1ULL << hists->ip_cache_bits) * sizeof(*hists->ip_cache));
		hists->ip_cache = NULL;
	}
	if (!dead)
		return;
	for (set.mask = 15; set.mask < 2 * nr_dead; set.mask = set.mask * 2 + 1)
		;
	set.keys = calloc(set.mask + 1, sizeof(*set.keys));
	for (he = dead; he; he = he->hnext) {
		u32 k = 0;

		if (!set.keys)
			break;
		for (k = dead_set__slot(&set, he); set.keys[k]; k = (k + 1) & set.mask)
			;
		set.keys[k] = he;
	}
	for (i = 0; i < hists->nr_chains; i++) {
		struct hist_chain *c = hists->chain_list[i];
		struct hist_entry **entries = hist_chain__entries(c);
		u32 f;

		c->self = set.keys ? dead_set__survivor(&set, c->self) :
			  hist_entry__survivor(c->self);
		for (f = 0; hists->cumulate && f < c->nr; f++)
			entries[f] = set.keys ? dead_set__survivor(&set, entries[f]) :
				     hist_entry__survivor(entries[f]);
	}
	free(set.keys);
	for (; dead; dead = next) {
		next = dead->hnext;
		hists__free_entry(hists, dead);
	}
}
