// SPDX-License-Identifier: GPL-2.0
/*
 * Call chains of the histograms: distinct chains by hash, their frames
 * kept once by id, the entries of their frames, and the cache of raw
 * chains seen before.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "hist.h"
#include "hist-internal.h"
#include "huge.h"
#include "rb-order.h"

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
void hists__chains_flush(struct hists *hists)
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

