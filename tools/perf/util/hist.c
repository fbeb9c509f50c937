// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms: hash aggregation by sort key, sorting and stdio output.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "hist.h"
#include "huge.h"
#include "rb-order.h"

/*
 * Tables of a megabyte and more (the caches, the chains' and frames'
 * slots, the entries' buckets) in huge pages: a fault for 2 MiB instead
 * of one per 4 KiB, each dear in a VM.  Freed with the size they had.
 */
static void *hist_zalloc(size_t size)
{
	return size >= HUGE_PAGE_SIZE / 2 ? huge_zalloc(size) : calloc(1, size);
}

static void hist_free(void *p, size_t size)
{
	if (size >= HUGE_PAGE_SIZE / 2)
		huge_free(p, size);
	else
		free(p);
}

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

void hists__free_entry(struct hists *hists, struct hist_entry *he)
{
	hist_entry__put_raw(he);
	he->hnext = hists->free_entries;
	hists->free_entries = he;
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
	h ^= k->fields_hash;
	return (size_t)(h ^ (h >> 29));
}

static bool key_equal(const struct hist_key *a, const struct hist_key *b)
{
	return a->comm == b->comm && a->dso == b->dso && a->sym == b->sym &&
	       a->addr == b->addr && a->tid == b->tid && a->cpu == b->cpu &&
	       a->trace == b->trace && a->prog == b->prog && a->fields_len == b->fields_len &&
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
static void sort_dyn__bytes(const struct sort_dyn *d, const u8 *raw, u32 raw_size,
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
	if (mask & (1u << SORT_BPF_PROG))
		k->prog = al->dso ? al->dso->prog : NULL;
	if (hists->sort.nr_dyn && mask >> SORT_DYN)
		hists__make_fields(hists, k);
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
	e->he->children += e->pending;
	e->he->nr_samples += e->nr_pending;
	e->pending = 0;
	e->nr_pending = 0;
}

/* Every slot's hits to their entries: before the entries are read or the cache goes. */
static void hists__ip_cache_flush(struct hists *hists)
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
static struct hist_entry *hists__chain_entry(struct hists *hists, const struct addr_location *frame,
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

static u32 frame_hash(const struct symbol *sym, const struct dso *dso, u64 ip)
{
	u64 h = ((u64)(uintptr_t)sym * 0x9e3779b97f4a7c15ULL) ^
		((u64)(uintptr_t)dso * 0xc2b2ae3d27d4eb4fULL) ^ (ip * 0xff51afd7ed558ccdULL);

	return (u32)(h ^ (h >> 32));
}

/* Twice the slots, the frames put back. */
static int hists__grow_frame_slots(struct hists *hists)
{
	u32 size = hists->frame_slots ? (hists->frame_slots_mask + 1) * 2 : 4096, i, k;
	u32 *slots = hist_zalloc(size * sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (i = 0; i < hists->nr_frames; i++) {
		const struct hist_frame *f = &hists->frames[i];

		for (k = frame_hash(f->sym, f->dso, f->ip) & (size - 1); slots[k];
		     k = (k + 1) & (size - 1))
			;
		slots[k] = i + 1;
	}
	if (hists->frame_slots)
		hist_free(hists->frame_slots, (hists->frame_slots_mask + 1) * sizeof(*slots));
	hists->frame_slots = slots;
	hists->frame_slots_mask = size - 1;
	return 0;
}

/* The id of frame al's (symbol, dso, address), made when new: 0 or -ENOMEM. */
static int hists__frame_id(struct hists *hists, const struct addr_location *al, u32 *id)
{
	u32 k;

	if ((hists->nr_frames + 1) * 2 > (hists->frame_slots ? hists->frame_slots_mask + 1 : 0) &&
	    hists__grow_frame_slots(hists))
		return -ENOMEM;
	for (k = frame_hash(al->sym, al->dso, al->ip) & hists->frame_slots_mask;
	     hists->frame_slots[k]; k = (k + 1) & hists->frame_slots_mask) {
		const struct hist_frame *f = &hists->frames[hists->frame_slots[k] - 1];

		if (f->sym == al->sym && f->dso == al->dso && f->ip == al->ip) {
			*id = hists->frame_slots[k] - 1;
			return 0;
		}
	}
	/* (grown in place by the kernel: nothing copied) */
	if (huge_buf__grow(&hists->frames_buf, (hists->nr_frames + 1) * sizeof(*hists->frames)))
		return -ENOMEM;
	hists->frames = hists->frames_buf.p;
	*id = hists->nr_frames++;
	hists->frames[*id] = (struct hist_frame){ .sym = al->sym, .dso = al->dso, .ip = al->ip };
	hists->frame_slots[k] = *id + 1;
	return 0;
}

static u64 chain_hash(const struct hist_entry *self, const struct addr_location *chain, u32 nr)
{
	u64 h = (u64)(uintptr_t)self * 0x9e3779b97f4a7c15ULL;
	u32 i;

	for (i = 0; i < nr; i++) {
		u64 k = chain[i].sym ? (u64)(uintptr_t)chain[i].sym : chain[i].ip;

		h = (h ^ k) * 0xff51afd7ed558ccdULL;
		h ^= h >> 29;
	}
	return h;
}

/*
 * The same chain: the same entry, the frames by symbol or, without one,
 * by address; in children mode an address's dso too, since a chain's
 * entries stand for every sample of it.
 */
static bool chain_equal(const struct hists *hists, const struct hist_chain *c,
			const struct hist_entry *self, const struct addr_location *chain, u32 nr)
{
	u32 i;

	if (c->self != self || c->nr != nr)
		return false;
	for (i = 0; i < nr; i++) {
		const struct hist_frame *f = &hists->frames[c->frames[i]];

		if (f->sym != chain[i].sym)
			return false;
		if (!chain[i].sym && (f->ip != chain[i].ip ||
				      (hists->cumulate && f->dso != chain[i].dso)))
			return false;
	}
	return true;
}

/* Twice the slots (at first 1024), every chain put back; -ENOMEM. */
static int hists__grow_chain_slots(struct hists *hists)
{
	size_t n = hists->chain_slots ? (hists->chain_slots_mask + 1) * 2 : 1024, i, k;
	struct hist_chain_slot *s = hist_zalloc(n * sizeof(*s)), *old = hists->chain_slots;

	if (!s)
		return -ENOMEM;
	for (i = 0; old && i <= hists->chain_slots_mask; i++) {
		if (!old[i].chain)
			continue;
		for (k = old[i].chain->hash & (n - 1); s[k].chain; k = (k + 1) & (n - 1))
			;
		s[k] = old[i];
	}
	if (old)
		hist_free(old, (hists->chain_slots_mask + 1) * sizeof(*old));
	hists->chain_slots = s;
	hists->chain_slots_mask = n - 1;
	return 0;
}

/*
 * The chain of self and its frames, made (with no period) when new: in
 * children mode with the entry of each frame, made in the order
 * upstream's walk meets them (from the root in caller order), so entries
 * are made in the order they were when each sample looked them up.
 */
static struct hist_chain *hists__chain_findnew(struct hists *hists,
					       const struct addr_location *al,
					       struct hist_entry *self,
					       const struct addr_location *chain, u32 nr, s32 cpu)
{
	struct hist_entry **entries;
	struct hist_chain *c;
	char level = al->level;
	size_t k;
	u64 h;
	u32 i;

	/* at most 3/4 full */
	if ((hists->nr_chains + 1) * 4 >
	    (hists->chain_slots ? hists->chain_slots_mask + 1 : 0) * 3 &&
	    hists__grow_chain_slots(hists))
		return NULL;
	h = chain_hash(self, chain, nr);
	for (k = h & hists->chain_slots_mask; hists->chain_slots[k].chain;
	     k = (k + 1) & hists->chain_slots_mask)
		if (hists->chain_slots[k].tag == (u32)(h >> 32) &&
		    chain_equal(hists, hists->chain_slots[k].chain, self, chain, nr))
			return hists->chain_slots[k].chain;
	c = arena__zalloc(&hists->arena, sizeof(*c) + ((nr + 1) & ~1u) * sizeof(u32) +
			  (hists->cumulate ? nr * sizeof(struct hist_entry *) : 0));
	if (!c)
		return NULL;
	c->self = self;
	c->period = 0;
	c->hash = (u32)h;
	c->nr = nr;
	entries = hists->cumulate ? hist_chain__entries(c) : NULL;
	for (i = 0; i < nr; i++) {
		u32 w = hists->caller ? nr - 1 - i : i;

		/* (what a failure took stays the arena's) */
		if (hists__frame_id(hists, &chain[i], &c->frames[i]))
			return NULL;
		if (!entries)
			continue;
		entries[w] = hists__chain_entry(hists, &chain[w], &level, cpu);
		if (!entries[w])
			return NULL;
	}
	if (huge_buf__grow(&hists->chain_list_buf, (hists->nr_chains + 1) * sizeof(c)))
		return NULL;
	hists->chain_list = hists->chain_list_buf.p;
	hists->chain_list[hists->nr_chains++] = c;
	hists->chain_slots[k] = (struct hist_chain_slot){ .chain = c, .tag = (u32)(h >> 32) };
	return c;
}

int hists__add_chain(struct hists *hists, const struct addr_location *al,
		     struct hist_entry *self, const struct addr_location *chain, u32 nr, s32 cpu,
		     u64 period)
{
	struct hist_chain *c = hists__chain_findnew(hists, al, self, chain, nr, cpu);

	if (!c)
		return -ENOMEM;
	c->period += period;
	return 0;
}

/*
 * Children mode with graphs: the sample's own entry and its chain, and
 * the chain's period pending for the entries of its frames.  What
 * hists__add_cumulative() gives a sample's frames (the period once to
 * each distinct entry, the depth from the first met) is the same for
 * every sample of one chain, so it is given once per chain with all of
 * their period (hists__chains_flush()), not once per sample: a chain
 * seen before (most samples' are) costs no lookup and touches no entry
 * but the sample's own.  The frames' entries' thread_comm is not
 * renewed: printing takes the threads' final names anyway.
 */
static int hists__add_cumulative_chain(struct hists *hists, const struct addr_location *al,
				       const struct addr_location *chain, u32 nr, s32 cpu,
				       u64 period)
{
	struct hist_entry *self = hists__findnew(hists, al, cpu);
	struct hist_chain *c;

	if (!self)
		return -ENOMEM;
	hists__add_entry(hists, self, period);
	if (nr > self->max_depth)
		self->max_depth = nr;
	c = hists__chain_findnew(hists, al, self, chain, nr, cpu);
	if (!c)
		return -ENOMEM;
	c->period += period;
	c->pending += period;
	hists->last_chain = c;
	return 0;
}

/* Each chain's pending period to the entries of its frames, as a sample would give it. */
static void hists__chains_flush(struct hists *hists)
{
	size_t k;

	if (!hists->cumulate || !hists->graph)
		return;
	for (k = 0; k < hists->nr_chains; k++) {
		struct hist_chain *c = hists->chain_list[k];
		struct hist_entry **entries = hist_chain__entries(c);
		u64 stamp;
		u32 i, nr = c->nr;

		if (!c->pending)
			continue;
		/* each entry once, however often it is on the chain; the sample's own had it */
		stamp = ++hists->nr_cumulated;
		c->self->cumulated = stamp;
		for (i = 0; i < nr; i++) {
			struct hist_entry *he = entries[hists->caller ? nr - 1 - i : i];

			if (he->cumulated == stamp)
				continue;
			he->cumulated = stamp;
			he->children += c->pending;
			if (nr - i > he->max_depth)
				he->max_depth = nr - i;
		}
		c->pending = 0;
	}
}

int hists__add_sample(struct hists *hists, const struct addr_location *al,
		      const struct addr_location *chain, u32 nr, s32 cpu, u64 period)
{
	struct hist_entry *self;
	int err;

	if (hists->cumulate && hists->graph)
		return hists__add_cumulative_chain(hists, al, chain, nr, cpu, period);
	if (hists->cumulate)
		return hists__add_cumulative(hists, al, chain, nr, cpu, period);
	err = hists__add(hists, al, cpu, period);
	if (err || !hists->graph)
		return err;
	self = hists__findnew(hists, al, cpu);
	if (!self)
		return -ENOMEM;
	hists->last_chain = hists__chain_findnew(hists, al, self, chain, nr, cpu);
	if (!hists->last_chain)
		return -ENOMEM;
	hists->last_chain->period += period;
	return 0;
}

enum { RAW_USER = 1, RAW_KERNEL = 2, RAW_KCORE = 4 };

static u64 raw_hash(const struct hist_raw_key *k, s32 cpu)
{
	u64 h = ((u64)(uintptr_t)k->thread * 0x9e3779b97f4a7c15ULL) ^
		(k->ip * 0xc2b2ae3d27d4eb4fULL) ^ ((u64)k->cpumode << 56) ^ (u32)cpu;
	u32 i;

	for (i = 0; i < k->nr; i++)
		h = (h ^ k->raw[i]) * 0xff51afd7ed558ccdULL;
	return h ^ (h >> 31);
}

/* The slot of k (its hash computed once, kept in k). */
static struct hist_raw_slot *hists__raw_slot(struct hists *hists, struct hist_raw_key *k,
					     s32 *cpu)
{
	*cpu = hists->sort.mask & (1u << SORT_CPU) ? k->cpu : 0;
	if (!k->hash)
		k->hash = raw_hash(k, *cpu) | 1;
	return &hists->raw_cache[k->hash >> (64 - HIST_RAW_BITS)];
}

bool hists__raw_cache_find(struct hists *hists, struct machine *machine,
			   struct hist_raw_key *key, u64 period)
{
	struct hist_raw_slot *e;
	struct hist_chain *c;
	s32 cpu;

	if (!hists->graph || !hists->raw_cache || key->nr > HIST_RAW_MAX || !key->thread)
		return false;
	e = hists__raw_slot(hists, key, &cpu);
	if (e->hash != key->hash || e->thread != key->thread || e->nr != key->nr ||
	    e->ip != key->ip ||
	    e->cpumode != key->cpumode || e->cpu != cpu || e->tid != key->thread->tid ||
	    e->comm != key->thread->comm || memcmp(e->raw, key->raw, key->nr * sizeof(u64)))
		return false;
	if ((e->spaces & RAW_USER) &&
	    e->uversion != machine__maps_version(machine, key->thread, PERF_RECORD_MISC_USER))
		return false;
	if ((e->spaces & RAW_KERNEL) &&
	    e->kversion != (e->spaces & RAW_KCORE ? machine->kcore_version :
			    machine->kmaps->version))
		return false;
	/* what hists__add_sample() gave the sample that made the slot */
	c = e->chain;
	hists__add_entry(hists, c->self, period);
	if (hists->cumulate) {
		if (c->nr > c->self->max_depth)
			c->self->max_depth = c->nr;
		c->pending += period;
	}
	c->period += period;
	machine->nr_fallback += e->nr_fallback;
	return true;
}

/* The address space a location was resolved in, and whether in the kernel's own map. */
static void raw_space(const struct machine *machine, char level, u64 ip, u8 *spaces,
		      bool *kcore)
{
	if (level == 'k') {
		*spaces |= RAW_KERNEL;
		if (ip < machine->kcore_start || ip >= machine->kcore_end)
			*kcore = false;
	} else {
		/* user, and (conservatively) what has no address space */
		*spaces |= RAW_USER;
	}
}

void hists__raw_cache_add(struct hists *hists, struct machine *machine,
			  struct hist_raw_key *key, const struct addr_location *al,
			  const struct addr_location *chain, u32 nr)
{
	struct hist_raw_slot *e;
	bool kcore = true;
	u8 spaces = 0;
	u32 i, fallback = al->fallback;
	s32 cpu;

	if (!hists->graph || !hists->last_chain || key->nr > HIST_RAW_MAX || !key->thread)
		return;
	if (!hists->raw_cache) {
		hists->raw_cache = hist_zalloc((1ULL << HIST_RAW_BITS) * sizeof(*hists->raw_cache));
		if (!hists->raw_cache)
			return;
	}
	raw_space(machine, al->level, al->ip, &spaces, &kcore);
	for (i = 0; i < nr; i++) {
		raw_space(machine, chain[i].level, chain[i].ip, &spaces, &kcore);
		fallback += chain[i].fallback;
	}
	e = hists__raw_slot(hists, key, &cpu);
	/* field by field: the raw array is copied only as far as it is used */
	e->hash = key->hash;
	e->thread = key->thread;
	e->comm = key->thread->comm;
	e->chain = hists->last_chain;
	e->ip = key->ip;
	e->tid = key->thread->tid;
	e->cpu = cpu;
	e->nr = key->nr;
	e->nr_fallback = (u16)min(fallback, 0xffffu);
	e->cpumode = key->cpumode;
	e->spaces = spaces | (kcore ? RAW_KCORE : 0);
	e->uversion = spaces & RAW_USER ?
		      machine__maps_version(machine, key->thread, PERF_RECORD_MISC_USER) : 0;
	e->kversion = !(spaces & RAW_KERNEL) ? 0 :
		      kcore ? machine->kcore_version : machine->kmaps->version;
	memcpy(e->raw, key->raw, key->nr * sizeof(u64));
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
	size_t i, n = hists->nr_buckets, nr_moved = 0, alloc = 0, nr_dead = 0;
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
			if (nr_moved == alloc) {
				size_t na = alloc ? alloc * 2 : 64;
				struct hist_entry **nm = realloc(moved, na * sizeof(*nm));

				if (!nm) {
					/* keep the names they had */
					for (size_t k = 0; k < nr_moved; k++) {
						size_t h = key_hash(&moved[k]->key) & (n - 1);

						moved[k]->hnext = hists->buckets[h];
						hists->buckets[h] = moved[k];
					}
					free(moved);
					return;
				}
				moved = nm;
				alloc = na;
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

static const struct sort_spec *cmp_spec;
static bool cmp_cumulate;
static int cmp_depth;	/* children graphs: 1 puts callers first, -1 callees */

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
			       enum sort_key key)
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
	case SORT_BPF_PROG:
		/* programs by id (trampolines by name), then "[not bpf]" */
		if (!a->key.prog || !b->key.prog)
			return null_cmp(a->key.prog, b->key.prog);
		if (a->key.prog->id != b->key.prog->id)
			return a->key.prog->id < b->key.prog->id ? -1 : 1;
		return strcmp(bpf_prog_entry__short_name(a->key.prog),
			      bpf_prog_entry__short_name(b->key.prog));
	default:
		if (key >= SORT_DYN && key < SORT_NR_KEYS && cmp_spec)
			return hist_entry__cmp_field(a, b, &cmp_spec->dyn[key - SORT_DYN]);
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

static bool cmp_coded;	/* the records' codes stand for their keys */

static const char *rank_comm(const struct hist_entry *he)
{
	return he->key.comm ? he->key.comm : "";
}

static const char *rank_dso(const struct hist_entry *he)
{
	return he->key.dso ? he->key.dso->short_name : NULL;
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
			     enum sort_key key)
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
		return hist_entry__cmp_key(a->he, b->he, key);
	default:
		if (key >= SORT_DYN && key < SORT_NR_KEYS && cmp_spec)
			return hist_entry__cmp_field(a->he, b->he, &cmp_spec->dyn[key - SORT_DYN]);
		return 0;
	}
}

static int sort_rec__cmp(const struct sort_rec *a, const struct sort_rec *b)
{
	int i, c;

	if (cmp_cumulate && a->children != b->children)
		return a->children > b->children ? -1 : 1;
	/* as upstream: of one thread's equal entries, the caller above */
	if (cmp_depth && a->thread == b->thread && a->max_depth != b->max_depth)
		return (a->max_depth > b->max_depth ? -1 : 1) * cmp_depth;
	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	if (cmp_coded)
		return code_cmp(a->full, b->full);
	for (i = 0; i < cmp_spec->nr; i++) {
		c = sort_rec__cmp_key(a, b, cmp_spec->keys[i]);
		/* upstream's output puts the greater field bytes first */
		if (c && cmp_spec->keys[i] >= SORT_DYN)
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
	c = sort_rec__cmp_key(a, b, SORT_DSO);
	if (c || a->sym == b->sym)
		return c;
	if (!a->sym || !b->sym)
		return null_cmp(a->sym, b->sym);
	if (a->sym_start != b->sym_start)
		return addr_cmp(a->sym_start, b->sym_start);
	return addr_cmp(a->sym_end, b->sym_end);
}

static int sort_rec__collapse_cmp(const struct sort_rec *a, const struct sort_rec *b)
{
	int i, c = 0;

	if (cmp_coded) {
		c = code_cmp(a->pre, b->pre);
		if (c || !(cmp_spec->mask & (1u << SORT_SYM)))
			return c;
		c = sort_rec__collapse_sym(a, b);
		return c ? c : code_cmp(a->post, b->post);
	}
	for (i = 0; i < cmp_spec->nr && !c; i++) {
		if (cmp_spec->keys[i] == SORT_SYM)
			c = sort_rec__collapse_sym(a, b);
		else
			c = sort_rec__cmp_key(a, b, cmp_spec->keys[i]);
	}
	return c;
}

static int sort_rec__collapse_before(const void *a, const void *b)
{
	return sort_rec__collapse_cmp(a, b) < 0;
}

static int sort_rec__before(const void *a, const void *b)
{
	return sort_rec__cmp(a, b) < 0;
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
	cmp_coded = sort_recs__code(recs, n, &hists->sort, nr_ranks);
	cmp_spec = &hists->sort;
	cmp_cumulate = hists->cumulate;
	cmp_depth = hists->cumulate && hists->graph ? (hists->caller ? 1 : -1) : 0;
	if (n && (rb_order(items, n, sort_rec__collapse_before) ||
		  ((hists->sort.mask & (1u << SORT_COMM)) &&
		   rb_order(items, n, sort_rec__collapse_before)) ||
		  rb_order(items, n, sort_rec__before)))
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

int hist_entry__snprintf_key(const struct hist_entry *he, enum sort_key key, char *buf,
			     size_t size)
{
	switch (key) {
	case SORT_COMM:
		return snprintf(buf, size, "%s", he->key.comm ? he->key.comm : "");
	case SORT_PID:
	case SORT_TID:
		return snprintf(buf, size, "%7d:%s", he->key.tid,
				he->thread_comm ? he->thread_comm : "");
	case SORT_CPU:
		return snprintf(buf, size, "%3.3d", he->key.cpu);
	case SORT_DSO:
		return snprintf(buf, size, "%s", he->key.dso ? he->key.dso->short_name :
				"[unknown]");
	case SORT_SYM:
		/* a data object: with the offset of the address that made the entry */
		if (he->key.sym && he->key.sym->object)
			return snprintf(buf, size, "[%c] %s+0x%llx", he->level, he->key.sym->name,
					(unsigned long long)he->obj_off);
		if (he->key.sym)
			return snprintf(buf, size, "[%c] %s", he->level, he->key.sym->name);
		return snprintf(buf, size, "[%c] %#.*llx", he->level, 16,
				(unsigned long long)he->key.addr);
	case SORT_TRACE:
		return snprintf(buf, size, "%s", he->key.trace ? he->key.trace : "N/A");
	case SORT_BPF_PROG:
		if (!he->key.prog)
			return snprintf(buf, size, "[not bpf]");
		if (!he->key.prog->id)
			return snprintf(buf, size, "- %s",
					bpf_prog_entry__short_name(he->key.prog));
		return snprintf(buf, size, "%u %s", he->key.prog->id,
				bpf_prog_entry__short_name(he->key.prog));
	default:
		return snprintf(buf, size, "?");
	}
}

/*
 * The rows and graphs go to the stream through a buffer of their own: a
 * big report is millions of fields, and a stdio call for each (above all
 * printf's format parsing) was a fifth of it.  Numbers as printf would
 * print them: percentages through snprintf() itself, remembered (most
 * rows of a big report have the same few).
 */
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
};

static void out__flush(struct hist_out *o)
{
	if (o->len)
		fwrite(o->buf, 1, o->len, o->fp);
	o->len = 0;
}

static void out__mem(struct hist_out *o, const void *s, size_t n)
{
	if (!o->buf) {
		fwrite(s, 1, n, o->fp);
		return;
	}
	if (n > HIST_OUT_SIZE - o->len) {
		out__flush(o);
		if (n > HIST_OUT_SIZE) {
			fwrite(s, 1, n, o->fp);
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static void out__puts(struct hist_out *o, const char *s)
{
	out__mem(o, s, strlen(s));
}

static void out__putc(struct hist_out *o, char c)
{
	out__mem(o, &c, 1);
}

static void out__spaces(struct hist_out *o, int n)
{
	static const char sp[] = "                                                                ";

	for (; n > 0; n -= (int)sizeof(sp) - 1)
		out__mem(o, sp, min(n, (int)sizeof(sp) - 1));
}

/* "%*.2f%%" of v */
static void out__pct(struct hist_out *o, double v, int width)
{
	struct hist_pct *p = NULL, tmp;
	u64 bits;
	int n;

	memcpy(&bits, &v, sizeof(bits));
	if (o->pct) {
		p = &o->pct[((bits ^ (bits >> 29)) * 0x9e3779b97f4a7c15ULL + (u64)width) >>
			    (64 - 10)];
		if (p->len && p->bits == bits && p->width == width) {
			out__mem(o, p->s, p->len);
			return;
		}
	} else {
		p = &tmp;
	}
	n = snprintf(p->s, sizeof(p->s), "%*.2f%%", width, v);
	if (n <= 0 || n >= (int)sizeof(p->s)) {
		/* (no percentage is that long; as printf would say it anyway) */
		char big[512];

		n = snprintf(big, sizeof(big), "%*.2f%%", width, v);
		out__mem(o, big, (size_t)min(max(n, 0), (int)sizeof(big) - 1));
		p->len = 0;
		return;
	}
	p->bits = bits;
	p->width = (u8)width;
	p->len = (u8)n;
	out__mem(o, p->s, (size_t)n);
}

/* "%#llx" of v */
static void out__hex(struct hist_out *o, u64 v)
{
	char b[20];
	int n = sizeof(b);

	do {
		b[--n] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	if (n < (int)sizeof(b) - 1 || b[n] != '0') {
		b[--n] = 'x';
		b[--n] = '0';
	}
	out__mem(o, b + n, sizeof(b) - (size_t)n);
}

static void hist_out__init(struct hist_out *o, FILE *fp)
{
	o->fp = fp;
	o->len = 0;
	o->buf = malloc(HIST_OUT_SIZE);
	o->pct = calloc(HIST_PCT_SLOTS, sizeof(*o->pct));
}

static void hist_out__exit(struct hist_out *o)
{
	out__flush(o);
	free(o->buf);
	free(o->pct);
}

/*
 * The text of one key of an entry and its length, as
 * hist_entry__snprintf_key() gives them (into a buffer of 8192, so a
 * longer text is cut there): the common keys without formatting.
 */
static const char *hist_entry__key_text(const struct hist_entry *he, enum sort_key key,
					char *buf, size_t size, int *len)
{
	const char *s;
	size_t n;

	switch (key) {
	case SORT_COMM:
		s = he->key.comm ? he->key.comm : "";
		n = strlen(s);
		break;
	case SORT_DSO:
		s = he->key.dso ? he->key.dso->short_name : "[unknown]";
		n = he->key.dso ? he->key.dso->short_len : 9;
		break;
	case SORT_SYM:
		if (!he->key.sym) {
			/* "[%c] %#.*llx", 16: zero has no 0x */
			u64 a = he->key.addr;
			int i, p = 4;

			buf[0] = '[';
			buf[1] = he->level;
			buf[2] = ']';
			buf[3] = ' ';
			if (a) {
				buf[p++] = '0';
				buf[p++] = 'x';
			}
			for (i = 15; i >= 0; i--, a >>= 4)
				buf[p + i] = "0123456789abcdef"[a & 15];
			p += 16;
			buf[p] = '\0';
			*len = p;
			return buf;
		}
		if (he->key.sym->object)
			goto slow;
		s = he->key.sym->name;
		n = strlen(s);
		if (n + 5 > size)
			goto slow;
		buf[0] = '[';
		buf[1] = he->level;
		buf[2] = ']';
		buf[3] = ' ';
		memcpy(buf + 4, s, n + 1);
		*len = (int)n + 4;
		return buf;
	default:
		goto slow;
	}
	if (n < size) {
		*len = (int)n;
		return s;
	}
slow:
	*len = hist_entry__snprintf_key(he, key, buf, size);
	return buf;
}

/*
 * The graphs: a tree of the chains through an entry, built when printing.
 * A node's children are found through a hash of (parent, frame key), not
 * by walking its siblings: frameless code's garbage chains give a node
 * thousands of distinct children.
 */
struct graph_node {
	const struct hist_frame	*frame;
	u64			hits;
	u32			parent;
	u32			first_child;	/* 0: none (node 0 is the root) */
	u32			last_child;
	u32			next;		/* next sibling (made after), 0: none */
	u32			nr_children;
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
	struct hists_graph_stats *stats;
};

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

	if ((g->nr + 1) * 2 > g->nr_slots && graph__grow_index(g))
		return 0;
	mask = g->nr_slots - 1;
	for (k = graph__hash(parent, f) & mask; g->slots[k].gen == g->gen; k = (k + 1) & mask) {
		i = g->slots[k].node;
		g->stats->probes++;
		if (g->nodes[i].parent == parent && graph__same_frame(g->nodes[i].frame, f))
			return i;
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

struct graph_ref {
	const struct hist_chain	*chain;
	u32			pos;	/* the entry's frame, or GRAPH_REF_OWN */
};

#define GRAPH_REF_OWN	UINT32_MAX	/* the chain of the entry's own samples */
#define GRAPH_NONE	UINT32_MAX	/* hist_entry.idx: an entry drawing no graph */

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
static struct graph_ref *hists__graph_refs(struct hists *hists, struct hist_entry **v, u32 n,
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

static void hists__print_graph(struct hists *hists, struct hist_entry *he, struct graph *g,
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
}

/*
 * A key's text (in buf, or a string of the entry's) and its length; a
 * field key's from the caller's formatter, else its raw bytes in hex.
 */
static const char *hists__key_text(const struct hists *hists,
				   const struct hists_print_opts *opts,
				   const struct hist_entry *he, enum sort_key key, char *buf,
				   size_t size, int *len)
{
	const struct sort_dyn *d;
	u32 off, n, i;

	if (key < SORT_DYN)
		return hist_entry__key_text(he, key, buf, size, len);
	d = &hists->sort.dyn[key - SORT_DYN];
	if (opts && opts->field_text) {
		*len = opts->field_text(opts->field_priv, he, d, buf, size);
		return buf;
	}
	sort_dyn__bytes(d, he->raw, he->raw_size, &off, &n);
	buf[0] = '\0';
	*len = 0;
	for (i = 0; i < n && (size_t)*len + 3 < size; i++)
		*len += snprintf(buf + *len, size - *len, "%02x", he->raw[off + i]);
	return buf;
}

/* upstream's width of a field key: its name, its longest text, or what its size takes */
static int sort_dyn__width(const struct sort_dyn *d, int longest)
{
	int w = (int)strlen(d->field), f = d->string ? (int)d->size : (int)d->size * 2 + 2;

	if (longest > w)
		w = longest;
	return f > w ? f : w;
}

/* The sort keys before the trace key equal: upstream's trees compare such entries' traces. */
static int hist_entry__prefix_cmp(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;
	int i, c;

	for (i = 0; i < cmp_spec->nr && cmp_spec->keys[i] != SORT_TRACE; i++) {
		c = hist_entry__cmp_key(a, b, cmp_spec->keys[i]);
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
static void hists__trace_known(struct hists *hists, struct hist_entry **v, int n, bool *known)
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
	cmp_spec = &hists->sort;
	qsort(s, n, sizeof(*s), hist_entry__prefix_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !hist_entry__prefix_cmp(&s[i], &s[j]); j++)
			;
		if (j - i > 1)
			while (i < j)
				known[s[i++]->pos] = true;
	}
	free(s);
}

/* Column widths as upstream computes them from every entry. */
static void hists__col_widths(struct hists *hists, const struct hists_print_opts *opts,
			      struct hist_entry **v, int n, int width[SORT_NR_KEYS],
			      const bool *known)
{
	bool unresolved = false;
	char buf[8192];
	int i, k;

	for (k = 0; k < SORT_NR_KEYS; k++)
		width[k] = (int)strlen(sort_spec__header(&hists->sort, k));
	for (i = 0; i < n; i++) {
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];
			int w;

			hists__key_text(hists, opts, v[i], key, buf, sizeof(buf), &w);

			if (key == SORT_SYM && !v[i]->key.sym)
				unresolved = true;
			if (key == SORT_TRACE && v[i]->key.trace && known && !known[i])
				continue;
			/* upstream's cpu column is its header's, whatever it holds ("-001") */
			if (key != SORT_CPU && w > width[key])
				width[key] = w;
		}
	}
	/* an unresolved symbol widens the dso column to an address's width */
	if (unresolved && width[SORT_DSO] < 16)
		width[SORT_DSO] = 16;
	for (k = 0; k < hists->sort.nr; k++) {
		enum sort_key key = hists->sort.keys[k];
		const struct sort_dyn *d;
		u32 off, len;

		if (key < SORT_DYN)
			continue;
		d = &hists->sort.dyn[key - SORT_DYN];
		/* upstream also counts a __data_loc's length (its NUL too) */
		for (i = 0; d->dynamic && i < n; i++) {
			sort_dyn__bytes(d, v[i]->raw, v[i]->raw_size, &off, &len);
			if ((int)len > width[key])
				width[key] = (int)len;
		}
		width[key] = sort_dyn__width(d, width[key]);
	}
}

/* A row --percent-limit leaves out. */
static bool hists__row_hidden(const struct hists *hists, const struct hist_entry *he,
			      const struct hists_print_opts *opts)
{
	double pct = hists->total_period ?
		     100.0 * (double)(hists->cumulate ? he->children : he->period) /
		     (double)hists->total_period : 0;

	return opts->percent_limit > 0 && pct < opts->percent_limit;
}

void hists__fprintf(struct hists *hists, const struct hists_print_opts *opts, FILE *fp)
{
	struct hist_entry **v;
	int width[SORT_NR_KEYS], n, i, k, last = -1;
	bool *known = NULL;
	struct graph g = { 0 };
	struct graph_ref *refs = NULL;
	u32 *start = NULL, nr_graphs = 0;
	struct hist_out out;
	char buf[8192];

	n = hists__sorted(hists, &v);
	if (n < 0)
		return;
	/* upstream's threshold: a share of everything, not of the entry */
	g.min_hit = (u64)((double)hists->total_period * hists->graph_min_percent / 100.0);
	for (i = 0; i < n; i++) {
		u64 base = hists->cumulate ? v[i]->children : v[i]->period;

		/*
		 * A graph's nodes have at most its entry's period: below the
		 * threshold nothing would be drawn, so there is nothing to
		 * build (most entries of a big file).
		 */
		v[i]->idx = GRAPH_NONE;
		if (base && base >= g.min_hit && !hists__row_hidden(hists, v[i], opts))
			v[i]->idx = nr_graphs++;
		/* as upstream: the name the thread has at the end */
		if (opts->machine && (hists->sort.mask & ((1u << SORT_PID) | (1u << SORT_TID)))) {
			struct thread *t = machine__find_thread(opts->machine, v[i]->key.tid);

			if (t)
				v[i]->thread_comm = t->comm;
		}
	}
	if (hists->graph && hists->nr_chains) {
		refs = hists__graph_refs(hists, v, (u32)n, nr_graphs, &start);
		g.nodes = huge_buf__grow(&g.nodes_buf, 256 * sizeof(*g.nodes)) ? NULL :
			  g.nodes_buf.p;
		g.alloc = (u32)(g.nodes_buf.cap / sizeof(*g.nodes));
		g.total = hists->total_period;
		g.out = &out;
		g.stats = &hists->graph_stats;
		g.frames = hists->frames;
		if (!g.nodes) {
			free(refs);
			refs = NULL;
		}
	}
	if (hists->sort.mask & (1u << SORT_TRACE)) {
		known = calloc(n ? n : 1, sizeof(*known));
		if (known)
			hists__trace_known(hists, v, n, known);
	}
	hists__col_widths(hists, opts, v, n, width, known);
	free(known);
	for (k = 0; k < hists->sort.nr; k++)
		if (!(opts->hide_mask & (1u << hists->sort.keys[k])))
			last = k;

	if (!opts->quiet) {
		fprintf(fp, hists->cumulate ? "# Children      Self" : "# Overhead");
		if (opts->show_nr_samples)
			fprintf(fp, "  %12s", "Samples");
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];

			/* (upstream's header buffer holds 1023 characters a column) */
			if (!(opts->hide_mask & (1u << key)))
				fprintf(fp, key >= SORT_DYN ? "  %*s" : "  %-*s", min(width[key], 1023),
					sort_spec__header(&hists->sort, key));
		}
		fprintf(fp, hists->cumulate ? "\n# ........  ........" : "\n# ........");
		if (opts->show_nr_samples)
			fprintf(fp, "  ............");
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];

			if (opts->hide_mask & (1u << key))
				continue;
			fputs("  ", fp);
			for (i = 0; i < width[key]; i++)
				fputc('.', fp);
		}
		fprintf(fp, "\n#\n");
	}
	hist_out__init(&out, fp);
	for (i = 0; i < n; i++) {
		const struct hist_entry *he = v[i];
		double pct = hists->total_period ?
			     100.0 * (double)he->period / (double)hists->total_period : 0;

		double cpct = hists->total_period ?
			      100.0 * (double)he->children / (double)hists->total_period : 0;

		if (hists__row_hidden(hists, he, opts))
			continue;
		if (hists->cumulate) {
			out__pct(&out, cpct, 9);
			out__spaces(&out, 2);
		}
		out__pct(&out, pct, hists->cumulate ? 7 : 9);
		if (opts->show_nr_samples) {
			int len = snprintf(buf, sizeof(buf), "  %12llu",
					   (unsigned long long)he->nr_samples);

			out__mem(&out, buf, (size_t)len);
		}
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];
			const char *text;
			int len;

			if (opts->hide_mask & (1u << key))
				continue;
			text = hists__key_text(hists, opts, he, key, buf, sizeof(buf), &len);
			/* (what a buffer of 8192 holds) */
			len = min(len, (int)sizeof(buf) - 1);
			out__spaces(&out, 2);
			/* a field: right-aligned; a field or trace: cut to the width */
			if ((key >= SORT_DYN || key == SORT_TRACE) && len > width[key])
				len = width[key];
			if (key >= SORT_DYN)
				out__spaces(&out, width[key] - len);
			out__mem(&out, text, (size_t)len);
			/* upstream leaves the symbol and trace unpadded when they end the line */
			if (key < SORT_DYN && (k != last || (key != SORT_SYM && key != SORT_TRACE &&
								 key != SORT_BPF_PROG)))
				out__spaces(&out, width[key] - len);
		}
		out__putc(&out, '\n');
		if (refs)
			hists__print_graph(hists, v[i], &g, refs, start);
	}
	hist_out__exit(&out);
	huge_buf__free(&g.nodes_buf);
	if (g.slots)
		hist_free(g.slots, g.nr_slots * sizeof(*g.slots));
	free(g.kids);
	free(g.tmp);
	free(refs);
	free(start);
	free(v);
}
