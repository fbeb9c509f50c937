// SPDX-License-Identifier: GPL-2.0
/*
 * Addresses to where they are: the map of the thread's (or the kernel's)
 * address space, its dso and symbol; the fallbacks when the side-band
 * said nothing of an address (live modules, the kernel's own text).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bpf-prog-info.h"
#include "bpf-progs.h"
#include "header.h"
#include "huge.h"
#include "kallsyms.h"
#include "machine.h"
#include "machine-internal.h"

static char cpumode_level(u8 cpumode)
{
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		return 'k';
	case PERF_RECORD_MISC_HYPERVISOR:
		return 'H';
	case PERF_RECORD_MISC_GUEST_KERNEL:
		return 'g';
	case PERF_RECORD_MISC_GUEST_USER:
		return 'u';
	default:
		return '.';
	}
}

/* Beyond upstream: a kernel address in a program of the header's BPF_PROG_INFO. */
static struct map *machine__fallback_map(struct machine *m, u64 ip)
{
	const struct bpf_prog_info_node *node;
	struct map *map;
	struct dso *dso;
	char name[512];
	u64 addr;
	u32 idx, len;

	if (!m->bpf_info || !m->bpf_info->nr_progs)
		return NULL;
	map = maps__find(m->fallback_maps, ip);
	if (map)
		return map;
	if (perf_env_bpf__find_func(m->bpf_info, ip, &node, &idx) ||
	    perf_env_bpf__func(m->bpf_info, node, idx, &addr, &len, name, sizeof(name)) ||
	    !len || ip < addr || ip >= addr + len)
		return NULL;
	dso = dsos__findnew(&m->dsos, name, DSO_KIND_FALLBACK);
	if (!dso || dso__add_symbol(dso, 0, len, name))
		return NULL;
	if (!dso->prog) {
		dso->prog = bpf_progs__of_header(m->progs, node);
		dso->prog_func = idx;
	}
	if (maps__insert(m->fallback_maps, map__new(addr, addr + len, 0, dso, false)))
		return NULL;
	return maps__find(m->fallback_maps, ip);
}

static int live_module(void *arg, const char *name, u64 start, u64 size)
{
	struct machine *m = arg;
	char mod[260];

	if (maps__find(m->kmaps, start))
		return 0;
	snprintf(mod, sizeof(mod), "[%s]", name);
	return machine__add_kernel_mmap(m, start, size, 0, mod) == -ENOMEM ? -ENOMEM : 0;
}

/*
 * A kernel address no map holds, when the report runs on the kernel that
 * was recorded (its live kallsyms): a module loaded after the recording
 * started has no MMAP record.  Upstream maps every module of /proc/modules
 * when a report starts; the same, once, the first time one is missing.
 */
static struct map *machine__live_module_map(struct machine *m, u64 ip)
{
	if (m->kallsyms || m->live_modules_read)
		return NULL;
	m->live_modules_read = true;
	if (modules__for_each("/proc/modules", live_module, m))
		return NULL;
	return maps__find(m->kmaps, ip);
}

/* kallsyms__load_modules(): the table of a module dso not loaded yet */
static struct symbols *module_symbols(void *arg, const char *mod, size_t len, u64 *base)
{
	struct machine *m = arg;
	char name[260];
	struct dso *dso;

	if (len + 3 > sizeof(name))
		return NULL;
	name[0] = '[';
	memcpy(name + 1, mod, len);
	memcpy(name + 1 + len, "]", 2);
	dso = dsos__find(&m->dsos, name);
	if (!dso || dso->kind != DSO_KIND_MODULE || dso->loaded)
		return NULL;
	*base = dso->base;
	return &dso->symbols;
}

/*
 * The symbols of every module dso not loaded yet, in one pass over the
 * kallsyms file: reading it costs more than parsing it.
 */
static void machine__load_modules(struct machine *m, const char *kallsyms)
{
	struct dsos_iter it;
	struct dso *d;

	kallsyms__load_modules(kallsyms ? kallsyms : "/proc/kallsyms", module_symbols, m);
	dsos__for_each(&m->dsos, &it, d) {
		if (d->kind != DSO_KIND_MODULE || d->loaded)
			continue;
		d->loaded = true;
		symbols__fixup(&d->symbols);
	}
}

/*
 * The map of ip in maps (the kernel's or thread's, by cpumode; NULL: no
 * address space), else for the kernel a module loaded later or a program
 * of the header's BPF_PROG_INFO (*fallback).
 */
static struct map *machine__find_map(struct machine *m, struct maps *maps, u8 cpumode, u64 ip,
				     bool *fallback)
{
	struct map *map = maps ? maps__find(maps, ip) : NULL;

	*fallback = false;
	if (!map && cpumode == PERF_RECORD_MISC_KERNEL) {
		map = machine__live_module_map(m, ip);
		if (!map) {
			map = machine__fallback_map(m, ip);
			*fallback = map != NULL;
		}
	}
	return map;
}

/* The address space of cpumode: a kernel address in user context stays unknown */
static struct maps *machine__cpumode_maps(struct machine *m, struct thread *thread, u8 cpumode)
{
	if (cpumode == PERF_RECORD_MISC_KERNEL)
		return m->kmaps;
	if (cpumode == PERF_RECORD_MISC_USER && thread)
		return machine__thread_maps(m, thread);
	return NULL;
}

void machine__resolve_map(struct machine *m, struct thread *thread, u8 cpumode, u64 ip,
			  struct addr_location *al)
{
	struct maps *maps = machine__cpumode_maps(m, thread, cpumode);
	struct map *map = maps ? machine__find_map(m, maps, cpumode, ip, &al->fallback) : NULL;

	al->thread = thread;
	al->ip = ip;
	al->addr = map ? map__map_ip(map, ip) : ip;
	al->map = map;
	al->dso = map ? map->dso : NULL;
	al->sym = NULL;
	al->level = cpumode_level(cpumode);
	if (!map)
		al->fallback = false;
	if (al->fallback)
		m->nr_fallback++;
}

u64 machine__maps_version(struct machine *m, struct thread *thread, u8 cpumode)
{
	struct maps *maps = machine__cpumode_maps(m, thread, cpumode);

	return maps ? maps->version : 0;
}

void machine__resolve_ip(struct machine *m, struct thread *thread, u8 cpumode, u64 ip,
			 struct addr_location *al)
{
	struct maps *maps = machine__cpumode_maps(m, thread, cpumode);
	struct resolved_ip *e;
	struct map *map;
	u64 h, version;

	al->thread = thread;
	al->ip = ip;
	al->level = cpumode_level(cpumode);
	if (!maps) {
		al->map = NULL;
		al->dso = NULL;
		al->sym = NULL;
		al->addr = ip;
		al->fallback = false;
		return;
	}
	h = (ip ^ ((u64)(uintptr_t)maps >> 4) * 0x9e3779b97f4a7c15ULL) * 0xff51afd7ed558ccdULL;
	e = &m->ip_cache[h >> (64 - m->ip_cache_bits)];
	version = maps == m->kmaps ? machine__kernel_version(m, ip) : maps->version;
	if (e->version != version || e->ip != ip || e->maps != maps) {
		/* missing more often than it has slots: four times as many */
		if (++m->ip_cache_misses > (1ULL << m->ip_cache_bits) &&
		    m->ip_cache_bits < IP_CACHE_MAX_BITS) {
			u32 bits = m->ip_cache_bits + 2;
			struct resolved_ip *c = huge_zalloc((1ULL << bits) * sizeof(*c));

			if (c) {
				huge_free(m->ip_cache, (1u << m->ip_cache_bits) * sizeof(*c));
				m->ip_cache = c;
				m->ip_cache_bits = bits;
				e = &m->ip_cache[h >> (64 - bits)];
			}
			m->ip_cache_misses = 0;
		}
		map = machine__find_map(m, maps, cpumode, ip, &e->fallback);
		e->map = map;
		e->sym = NULL;
		e->addr = ip;
		if (map) {
			e->addr = map__map_ip(map, ip);
			if (map->dso->kind == DSO_KIND_MODULE && !map->dso->loaded)
				machine__load_modules(m, map->dso->kallsyms);
			e->sym = dso__find_symbol(map->dso, e->addr);
		}
		/* after the lookup: mapping the live modules changes the kernel's */
		e->version = maps == m->kmaps ? machine__kernel_version(m, ip) : maps->version;
		e->ip = ip;
		e->maps = maps;
	}
	al->map = e->map;
	al->dso = e->map ? e->map->dso : NULL;
	al->sym = e->sym;
	al->addr = e->addr;
	al->fallback = e->fallback;
	if (al->fallback)
		m->nr_fallback++;
}

const char *machine__kernel_function(void *machine, u64 addr, u64 *start)
{
	struct addr_location al;

	machine__resolve_ip(machine, NULL, PERF_RECORD_MISC_KERNEL, addr, &al);
	if (!al.sym)
		return NULL;
	*start = addr - (al.addr - al.sym->start);
	return al.sym->name;
}

int machine__resolve(struct machine *m, const union perf_event *ev,
		     const struct perf_sample *sample, struct addr_location *al)
{
	struct thread *t = machine__findnew_thread(m, (s32)sample->pid, (s32)sample->tid);

	if (!t)
		return -ENOMEM;
	machine__resolve_ip(m, t, ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
			    sample->ip, al);
	return 0;
}

u8 machine__context_cpumode(u64 ip)
{
	switch (ip) {
	case PERF_CONTEXT_HV:
		return PERF_RECORD_MISC_HYPERVISOR;
	case PERF_CONTEXT_KERNEL:
		return PERF_RECORD_MISC_KERNEL;
	case PERF_CONTEXT_USER:
		return PERF_RECORD_MISC_USER;
	case PERF_CONTEXT_GUEST_KERNEL:
		return PERF_RECORD_MISC_GUEST_KERNEL;
	case PERF_CONTEXT_GUEST_USER:
		return PERF_RECORD_MISC_GUEST_USER;
	default:
		return 0;
	}
}
