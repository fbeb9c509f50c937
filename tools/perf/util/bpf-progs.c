// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-progs.c - the BPF programs of a recording, from its KSYMBOL and
 * BPF_EVENT records and its BPF_PROG_INFO (see bpf-progs.h).
 *
 * The kernel emits, per program load, one KSYMBOL per JITed function
 * (main first) and then the PROG_LOAD, all from the loading task: the
 * functions wait here, by the tid of their sample_id, until a PROG_LOAD
 * of that tid claims them.  When the header has the program's info, its
 * jited_ksyms say which functions are the program's; otherwise those of
 * the tid waiting since the main function (the one named after the
 * program's tag).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "array.h"
#include "bpf-progs.h"
#include "bpf-prog-info.h"
#include "dso.h"
#include "event.h"
#include "evlist.h"

struct bpf_progs *bpf_progs__new(void)
{
	return calloc(1, sizeof(struct bpf_progs));
}

static void entry__delete(struct bpf_prog_entry *e)
{
	u32 i;

	for (i = 0; i < e->nr_funcs; i++)
		free(e->funcs[i].name);
	free(e->funcs);
	free(e);
}

void bpf_progs__delete(struct bpf_progs *progs)
{
	u32 i;

	if (!progs)
		return;
	for (i = 0; i < progs->nr; i++)
		entry__delete(progs->entries[i]);
	for (i = 0; i < progs->nr_pending; i++)
		free(progs->pending[i].name);
	free(progs->pending);
	free(progs->entries);
	free(progs->by_id);
	free(progs->by_addr);
	free(progs);
}

void bpf_progs__set_env(struct bpf_progs *progs, struct perf_env_bpf *env)
{
	progs->env = env && env->nr_progs ? env : NULL;
}

void bpf_progs__use_evlist(struct bpf_progs *progs, const struct evlist *evlist)
{
	struct evsel *evsel;
	int i;

	progs->no_bpf_events = true;
	evlist__for_each(evlist, evsel, i)
		if (evsel->attr.bpf_event)
			progs->no_bpf_events = false;
}

static struct bpf_prog_entry *bpf_progs__orphan(struct bpf_progs *progs, u32 i);

static u32 id_slot(u32 id, u32 mask)
{
	return (id * 2654435761u) & mask;
}

static struct bpf_prog_entry *bpf_progs__find_id(struct bpf_progs *progs, u32 id)
{
	u32 i;

	if (!progs->by_id || !id)
		return NULL;
	for (i = id_slot(id, progs->id_mask); progs->by_id[i]; i = (i + 1) & progs->id_mask)
		if (progs->entries[progs->by_id[i] - 1]->id == id)
			return progs->entries[progs->by_id[i] - 1];
	return NULL;
}

static int bpf_progs__index_id(struct bpf_progs *progs, u32 idx)
{
	u32 id = progs->entries[idx]->id, i;

	if (!id)
		return 0;
	if (!progs->by_id || progs->nr * 2 > progs->id_mask) {
		u32 mask = progs->id_mask ? progs->id_mask * 2 + 1 : 255, j;
		u32 *slots = calloc((size_t)mask + 1, sizeof(*slots));

		if (!slots)
			return -ENOMEM;
		for (j = 0; j < progs->nr; j++) {
			u32 jid = progs->entries[j]->id;

			if (!jid || j == idx)
				continue;
			for (i = id_slot(jid, mask); slots[i]; i = (i + 1) & mask)
				if (progs->entries[slots[i] - 1]->id == jid)
					break;
			slots[i] = j + 1;
		}
		free(progs->by_id);
		progs->by_id = slots;
		progs->id_mask = mask;
	}
	for (i = id_slot(id, progs->id_mask); progs->by_id[i]; i = (i + 1) & progs->id_mask)
		if (progs->entries[progs->by_id[i] - 1]->id == id)
			break;
	progs->by_id[i] = idx + 1;
	return 0;
}

static struct bpf_prog_entry *bpf_progs__add(struct bpf_progs *progs, u32 id,
					     enum bpf_prog_origin origin)
{
	struct bpf_prog_entry *e;

	if (array__grow((void **)&progs->entries, &progs->alloc, progs->nr + 1,
			sizeof(*progs->entries), 64))
		return NULL;
	e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	e->id = id;
	e->origin = origin;
	e->seq = progs->nr;
	e->pid = e->tid = -1;
	progs->entries[progs->nr] = e;
	if (bpf_progs__index_id(progs, progs->nr)) {
		free(e);
		return NULL;
	}
	if (origin == BPF_PROG_TRAMPOLINE || origin == BPF_PROG_DISPATCHER ||
	    origin == BPF_PROG_KSYMBOL_ONLY) {
		if (array__grow((void **)&progs->by_addr, &progs->alloc_by_addr,
				progs->nr_by_addr + 1, sizeof(*progs->by_addr), 16)) {
			free(e);
			return NULL;
		}
		progs->by_addr[progs->nr_by_addr++] = e;
	}
	progs->nr++;
	return e;
}

static int entry__add_func(struct bpf_prog_entry *e, u64 addr, u32 len, const char *name)
{
	struct bpf_prog_func *f;

	if (array__grow((void **)&e->funcs, &e->alloc_funcs, e->nr_funcs + 1, sizeof(*e->funcs), 4))
		return -ENOMEM;
	f = &e->funcs[e->nr_funcs];
	memset(f, 0, sizeof(*f));
	f->addr = addr;
	f->len = len;
	f->name = strdup(name ? name : "");
	if (!f->name)
		return -ENOMEM;
	e->nr_funcs++;
	e->jited_bytes += len;
	return 0;
}

int bpf_prog_entry__func_at(const struct bpf_prog_entry *e, u64 addr)
{
	u32 i;

	for (i = 0; i < e->nr_funcs; i++)
		if (addr >= e->funcs[i].addr && addr - e->funcs[i].addr < e->funcs[i].len)
			return (int)i;
	return -1;
}

static void pending__drop(struct bpf_progs *progs, u32 i)
{
	free(progs->pending[i].name);
	memmove(&progs->pending[i], &progs->pending[i + 1],
		(progs->nr_pending - i - 1) * sizeof(*progs->pending));
	progs->nr_pending--;
}

/* Pending function i becomes function of e (its dso points at e). */
static int pending__claim(struct bpf_progs *progs, u32 i, struct bpf_prog_entry *e)
{
	struct bpf_prog_pending *p = &progs->pending[i];
	int err = entry__add_func(e, p->addr, p->len, p->name);

	if (err)
		return err;
	if (p->dso) {
		p->dso->prog = e;
		p->dso->prog_func = e->nr_funcs - 1;
	}
	pending__drop(progs, i);
	return 0;
}

static bool name__is(const char *name, const char *prefix)
{
	return !strncmp(name, prefix, strlen(prefix));
}

/* The tag in "bpf_prog_<16 hex>...", false when it has none. */
static bool name__tag(const char *name, u8 tag[BPF_TAG_SIZE])
{
	int i;

	if (!name__is(name, "bpf_prog_") || strlen(name) < 25)
		return false;
	/* by hand: sixteen sscanf() calls per name were 3% of a churning file's report */
	for (i = 0; i < 2 * BPF_TAG_SIZE; i++) {
		char c = name[9 + i];
		int v = c >= '0' && c <= '9' ? c - '0' :
			c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (v < 0)
			return false;
		if (i & 1)
			tag[i / 2] |= (u8)v;
		else
			tag[i / 2] = (u8)(v << 4);
	}
	return true;
}

/* Trampolines and the dispatcher: entries of their own, at once. */
static int bpf_progs__image(struct bpf_progs *progs, u64 addr, u32 len, const char *name,
			    const struct perf_sample *sample, struct dso *dso, const char *comm)
{
	bool tramp = name__is(name, "bpf_trampoline_");
	struct bpf_prog_entry *e;
	unsigned long long key;

	e = bpf_progs__add(progs, 0, tramp ? BPF_PROG_TRAMPOLINE : BPF_PROG_DISPATCHER);
	if (!e)
		return -ENOMEM;
	/* the key of a trampoline on a BPF program: that program's id, then a BTF id */
	if (tramp && sscanf(name + strlen("bpf_trampoline_"), "%llu", &key) == 1)
		e->serves = (u32)(key >> 32);
	e->load_time = sample->time;
	e->pid = (s32)sample->pid;
	e->tid = (s32)sample->tid;
	e->comm = comm;
	if (entry__add_func(e, addr, len, name))
		return -ENOMEM;
	if (dso) {
		dso->prog = e;
		dso->prog_func = 0;
	}
	return 0;
}

/*
 * The entry without BPF_EVENTs (a trampoline, the dispatcher, a function
 * of KSYMBOLs alone) whose function starts at addr: its unregister is its
 * unload.  The latest first: they are few, or come and go in order.
 */
/*
 * The loaded entry matched by address, the latest first; it leaves the
 * list (an UNREGISTER unloads it), as do the unloaded ones passed over.
 */
static struct bpf_prog_entry *bpf_progs__find_addr(struct bpf_progs *progs, u64 addr)
{
	struct bpf_prog_entry *e;
	u32 i, out;

	for (i = progs->nr_by_addr; i-- > 0;) {
		e = progs->by_addr[i];
		if (!e->unloaded && e->nr_funcs && e->funcs[0].addr == addr)
			break;
	}
	if (i == (u32)-1)
		return NULL;
	memmove(&progs->by_addr[i], &progs->by_addr[i + 1],
		(progs->nr_by_addr - i - 1) * sizeof(*progs->by_addr));
	progs->nr_by_addr--;
	/* the unloaded ones go too (unloads matched otherwise) */
	for (i = 0, out = 0; i < progs->nr_by_addr; i++)
		if (!progs->by_addr[i]->unloaded)
			progs->by_addr[out++] = progs->by_addr[i];
	progs->nr_by_addr = out;
	return e;
}

int bpf_progs__ksymbol(struct bpf_progs *progs, const union perf_event *ev,
		       const struct perf_sample *sample, struct dso *dso, const char *comm)
{
	size_t fixed = sizeof(struct perf_record_ksymbol);
	struct bpf_prog_pending *p;
	char name[512];
	size_t n;

	bpf_progs__see_time(progs, sample->time);
	if (ev->header.size <= fixed || ev->ksymbol.ksym_type != PERF_RECORD_KSYMBOL_TYPE_BPF)
		return 0;
	n = strnlen(ev->ksymbol.name, min(ev->header.size - fixed, sizeof(name) - 1));
	memcpy(name, ev->ksymbol.name, n);
	name[n] = '\0';
	if (ev->ksymbol.flags & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER) {
		struct bpf_prog_entry *e = bpf_progs__find_addr(progs, ev->ksymbol.addr);

		if (e) {
			e->unloaded = true;
			e->unload_time = sample->time;
		}
		return 0;
	}
	/* the same function again (synthesized again after losses): known */
	if (dso && dso->prog)
		return 0;
	if (name__is(name, "bpf_trampoline_") || name__is(name, "bpf_dispatcher_"))
		return bpf_progs__image(progs, ev->ksymbol.addr, ev->ksymbol.len, name, sample,
					dso, comm);
	if (array__grow((void **)&progs->pending, &progs->alloc_pending, progs->nr_pending + 1,
			sizeof(*progs->pending), 16))
		return -ENOMEM;
	p = &progs->pending[progs->nr_pending];
	p->pid = (s32)sample->pid;
	p->tid = (s32)sample->tid;
	p->comm = comm;
	p->time = sample->time;
	p->addr = ev->ksymbol.addr;
	p->len = ev->ksymbol.len;
	p->dso = dso;
	p->name = strdup(name);
	if (!p->name)
		return -ENOMEM;
	progs->nr_pending++;
	/* no BPF_EVENT will claim it */
	if (progs->no_bpf_events && !bpf_progs__orphan(progs, progs->nr_pending - 1))
		return -ENOMEM;
	return 0;
}

/* e's functions from its info: jited_ksyms, with their KSYMBOL names when pending. */
static int entry__funcs_from_info(struct bpf_progs *progs, struct bpf_prog_entry *e,
				  const struct bpf_prog_info_node *node)
{
	u32 nr_ksyms = 0, nr_lens = 0, i, j;
	char name[512];
	int err;

	bpf_prog_info_node__array(node, PERF_BPIL_JITED_KSYMS, &nr_ksyms, NULL);
	bpf_prog_info_node__array(node, PERF_BPIL_JITED_FUNC_LENS, &nr_lens, NULL);
	if (nr_ksyms != nr_lens || nr_ksyms != node->info.nr_jited_ksyms)
		e->info = BPF_PROG_INFO_BAD;
	for (i = 0; i < nr_ksyms; i++) {
		u64 addr;
		u32 len;

		if (perf_env_bpf__func(progs->env, node, i, &addr, &len, name,
					      sizeof(name)))
			break;
		for (j = 0; j < progs->nr_pending; j++)
			if (progs->pending[j].addr == addr)
				break;
		if (j < progs->nr_pending) {
			/* the kernel's length and name, the info's order */
			err = pending__claim(progs, j, e);
			if (!err && len != e->funcs[e->nr_funcs - 1].len)
				e->info = BPF_PROG_INFO_BAD;
		} else {
			err = entry__add_func(e, addr, len, name);
		}
		if (err)
			return err;
	}
	return 0;
}

/* Type, BTF and functions from the header, when it has the program. */
static int entry__use_info(struct bpf_progs *progs, struct bpf_prog_entry *e)
{
	const struct bpf_prog_info_node *node;

	node = progs->env && e->id ? perf_env_bpf__find_prog(progs->env, e->id) : NULL;
	if (!node)
		return 0;
	e->info = BPF_PROG_INFO_OK;
	e->type = node->info.type;
	e->has_btf = node->info.btf_id != 0;
	if (!e->has_tag) {
		memcpy(e->tag, node->info.tag, BPF_TAG_SIZE);
		e->has_tag = true;
	}
	return entry__funcs_from_info(progs, e, node);
}

/* Without info: the tid's pending functions from the one named after the tag on. */
static int entry__funcs_from_pending(struct bpf_progs *progs, struct bpf_prog_entry *e,
				     s32 tid)
{
	u32 i, start = progs->nr_pending;
	int err;
	u8 tag[BPF_TAG_SIZE];

	/* from the main function (the program's tag) on, else all the tid's */
	for (i = 0; i < progs->nr_pending; i++)
		if (progs->pending[i].tid == tid && name__tag(progs->pending[i].name, tag) &&
		    !memcmp(tag, e->tag, BPF_TAG_SIZE))
			start = i;
	for (i = 0; start == progs->nr_pending && i < progs->nr_pending; i++)
		if (progs->pending[i].tid == tid)
			start = i;
	for (i = start; i < progs->nr_pending;) {
		if (progs->pending[i].tid != tid) {
			i++;
			continue;
		}
		err = pending__claim(progs, i, e);
		if (err)
			return err;
	}
	return 0;
}

int bpf_progs__bpf_event(struct bpf_progs *progs, const union perf_event *ev,
			 const struct perf_sample *sample, const char *comm)
{
	const struct perf_record_bpf_event *be = &ev->bpf;
	enum bpf_prog_origin origin = BPF_PROG_LOADED;
	struct bpf_prog_entry *e;
	int err;

	bpf_progs__see_time(progs, sample->time);
	if (ev->header.size < sizeof(*be))
		return -EINVAL;
	e = bpf_progs__find_id(progs, be->id);
	if (be->type == PERF_BPF_EVENT_PROG_UNLOAD) {
		if (e && !e->unloaded) {
			e->unloaded = true;
			e->unload_time = sample->time;
		}
		return 0;
	}
	if (be->type != PERF_BPF_EVENT_PROG_LOAD || !be->id)
		return 0;
	/* synthesized: by pid 0 (no task loads programs as the idle task) */
	if (sample->pid == 0 && sample->tid == 0)
		origin = sample->time ? BPF_PROG_RESCAN : BPF_PROG_SYNTHESIZED;
	/* loaded again, by a rescan after losses: the first word stays */
	if (e && !e->unloaded && e->origin != BPF_PROG_HEADER_ONLY) {
		u32 i;

		for (i = progs->nr_pending; i-- > 0;)
			if (progs->pending[i].tid == (s32)sample->tid)
				pending__drop(progs, i);
		return 0;
	}
	e = bpf_progs__add(progs, be->id, origin);
	if (!e)
		return -ENOMEM;
	memcpy(e->tag, be->tag, BPF_TAG_SIZE);
	e->has_tag = true;
	if (origin == BPF_PROG_LOADED) {
		e->load_time = sample->time;
		e->pid = (s32)sample->pid;
		e->tid = (s32)sample->tid;
		e->comm = comm;
	}
	err = entry__use_info(progs, e);
	if (!err && !e->nr_funcs)
		err = entry__funcs_from_pending(progs, e, (s32)sample->tid);
	return err;
}

struct bpf_prog_entry *bpf_progs__of_header(struct bpf_progs *progs,
					    const struct bpf_prog_info_node *node)
{
	struct bpf_prog_entry *e = bpf_progs__find_id(progs, node->info.id);

	if (e)
		return e;
	e = bpf_progs__add(progs, node->info.id, BPF_PROG_HEADER_ONLY);
	if (!e)
		return NULL;
	if (entry__use_info(progs, e))
		return NULL;
	return e;
}

/* A function no BPF_EVENT claimed: a program of its own, for now. */
static struct bpf_prog_entry *bpf_progs__orphan(struct bpf_progs *progs, u32 i)
{
	struct bpf_prog_entry *e = bpf_progs__add(progs, 0, BPF_PROG_KSYMBOL_ONLY);

	if (!e)
		return NULL;
	e->has_tag = name__tag(progs->pending[i].name, e->tag);
	e->pid = progs->pending[i].pid;
	e->tid = progs->pending[i].tid;
	e->comm = progs->pending[i].comm;
	e->load_time = progs->pending[i].time;
	if (pending__claim(progs, i, e))
		return NULL;
	return e;
}

struct bpf_prog_entry *bpf_progs__of_dso(struct bpf_progs *progs, struct dso *dso)
{
	u32 i;

	if (dso->prog || dso->kind != DSO_KIND_BPF)
		return dso->prog;
	for (i = 0; i < progs->nr_pending; i++)
		if (progs->pending[i].dso == dso)
			return bpf_progs__orphan(progs, i);
	return NULL;
}

int bpf_progs__finish(struct bpf_progs *progs)
{
	u32 i;

	while (progs->nr_pending)
		if (!bpf_progs__orphan(progs, 0))
			return -ENOMEM;
	if (progs->header_merged || !progs->env)
		return 0;
	progs->header_merged = true;
	for (i = 0; i < progs->env->nr_progs; i++)
		if (!bpf_progs__of_header(progs, &progs->env->progs[i]))
			return -ENOMEM;
	return 0;
}

const char *bpf_prog_entry__short_name(const struct bpf_prog_entry *e)
{
	const char *n = e->nr_funcs ? e->funcs[0].name : "";

	if (name__is(n, "bpf_prog_") && strlen(n) >= 25)
		return n[25] == '_' ? n + 26 : n + 25;
	return n;
}

const char *bpf_prog_entry__type_name(const struct bpf_prog_entry *e)
{
	const char *s;

	if (e->origin == BPF_PROG_TRAMPOLINE)
		return "trampoline";
	if (e->origin == BPF_PROG_DISPATCHER)
		return "dispatcher";
	if (e->info == BPF_PROG_INFO_NONE)
		return "-";
	s = libbpf_bpf_prog_type_str((enum bpf_prog_type)e->type);
	return s ? s : "unknown";
}

const char *bpf_prog_entry__origin_name(const struct bpf_prog_entry *e)
{
	switch (e->origin) {
	case BPF_PROG_SYNTHESIZED:
		return "synthesized";
	case BPF_PROG_RESCAN:
		return "rescan";
	case BPF_PROG_HEADER_ONLY:
		return "header-only";
	case BPF_PROG_KSYMBOL_ONLY:
		return "ksymbol-only";
	default:
		return NULL;
	}
}

void bpf_prog_entry__account(struct bpf_prog_entry *e, int f, u64 period, const char *caller)
{
	u32 i;

	e->nr_samples++;
	e->period += period;
	if (f >= 0 && (u32)f < e->nr_funcs) {
		e->funcs[f].nr_samples++;
		e->funcs[f].period += period;
	}
	if (!caller)
		return;
	for (i = 0; i < e->nr_callers; i++)
		if (e->callers[i].name == caller)
			break;
	if (i == e->nr_callers) {
		if (i == BPF_PROG_MAX_CALLERS) {
			e->other_callers++;
			return;
		}
		e->callers[i].name = caller;
		e->nr_callers++;
	}
	e->callers[i].nr_samples++;
}
