// SPDX-License-Identifier: GPL-2.0
/*
 * Call chains: resolution of a sample's chain and the -g option.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "err-sink.h"
#include "callchain.h"
#include "huge.h"

#define CACHE_BITS	TABLE_BITS(14)

/*
 * A frame resolved before: the version of the address space it was
 * resolved in (machine__addr_version(): the kernel's maps for every
 * thread's kernel frames, a process's for its threads' user frames), so
 * a record changing one address space leaves the others' frames here.
 */
struct callchain_cache_entry {
	u64			version;	/* 0 with ip 0: empty */
	u64			ip;
	u8			cpumode;
	bool			used;
	struct addr_location	al;
};

void callchain_cursor__init(struct callchain_cursor *c)
{
	memset(c, 0, sizeof(*c));
}

void callchain_cursor__exit(struct callchain_cursor *c)
{
	free(c->entries);
	free(c->cache);
	memset(c, 0, sizeof(*c));
}

int callchain_cursor__enable_cache(struct callchain_cursor *c)
{
	if (!c->cache)
		c->cache = calloc(1u << CACHE_BITS, sizeof(*c->cache));
	return c->cache ? 0 : -ENOMEM;
}

/*
 * machine__resolve_ip() through the cache: the same frames come back in
 * sample after sample (the outer ones above all), and a lookup here is
 * cheaper than the map and symbol searches.  version: of the address
 * space of cpumode (machine__maps_version()), taken once for all the
 * frames of one cpumode (machine__kernel_version() for each kernel one).
 */
static void cursor__resolve_ip(struct callchain_cursor *c, struct machine *machine,
			       struct thread *thread, u8 cpumode, u64 version, u64 ip,
			       struct addr_location *al)
{
	struct callchain_cache_entry *e;
	u64 h;

	if (!c->cache) {
		machine__resolve_ip(machine, thread, cpumode, ip, al);
		return;
	}
	h = (ip ^ version * 0x9e3779b97f4a7c15ULL ^ cpumode) * 0xff51afd7ed558ccdULL;
	e = &c->cache[h >> (64 - CACHE_BITS)];
	if (e->used && e->version == version && e->ip == ip && e->cpumode == cpumode) {
		*al = e->al;
		al->thread = thread;
		/* as the lookup would have counted it */
		if (al->fallback)
			machine->nr_fallback++;
		return;
	}
	machine__resolve_ip(machine, thread, cpumode, ip, al);
	/* (the lookup may change the kernel's maps: live modules) */
	e->version = machine__addr_version(machine, thread, cpumode, ip);
	e->ip = ip;
	e->cpumode = cpumode;
	e->used = true;
	e->al = *al;
}

/* Room for n entries; 0 or -ENOMEM. */
static int cursor__reserve(struct callchain_cursor *c, u64 n)
{
	return array__grow((void **)&c->entries, &c->alloc, n, sizeof(*c->entries), 64);
}

int callchain__resolve(struct machine *machine, struct thread *thread,
		       const struct perf_sample *sample, u8 cpumode, u32 max_stack,
		       struct callchain_cursor *c)
{
	u64 i, version, nr = sample->callchain ? sample->callchain_nr : 0;

	c->nr = 0;
	if (cursor__reserve(c, nr ? nr : 1))
		return -ENOMEM;
	version = c->cache ? machine__maps_version(machine, thread, cpumode) : 0;
	if (!nr) {
		if (c->cache && cpumode == PERF_RECORD_MISC_KERNEL)
			version = machine__kernel_version(machine, sample->ip);
		cursor__resolve_ip(c, machine, thread, cpumode, version, sample->ip,
				   &c->entries[0]);
		c->nr = 1;
		return 0;
	}
	for (i = 0; i < nr; i++) {
		u64 ip = sample->callchain[i];

		if (ip >= PERF_CONTEXT_MAX) {
			u8 mode = machine__context_cpumode(ip);

			if (mode) {
				cpumode = mode;
				version = !c->cache ? 0 :
					  machine__maps_version(machine, thread, cpumode);
			} else if (ip != PERF_CONTEXT_GUEST) {
				/* a corrupt chain: upstream drops all of it */
				c->nr = 0;
				return 0;
			}
			continue;
		}
		if (max_stack && c->nr >= max_stack)
			break;
		/* the kernel's own map has a version of its own */
		if (c->cache && cpumode == PERF_RECORD_MISC_KERNEL)
			version = machine__kernel_version(machine, ip);
		cursor__resolve_ip(c, machine, thread, cpumode, version, ip, &c->entries[c->nr++]);
	}
	return 0;
}

int callchain_param__parse(struct callchain_param *p, const char *str)
{
	char buf[256], *tok, *save = NULL;

	p->enabled = true;
	p->none = false;
	if (!str)
		return 0;
	snprintf(buf, sizeof(buf), "%s", str);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *end;
		double v;

		if (!strcmp(tok, "none")) {
			p->none = true;
			p->enabled = false;
		} else if (!strcmp(tok, "caller")) {
			p->caller = true;
			p->order_set = true;
		} else if (!strcmp(tok, "callee")) {
			p->caller = false;
			p->order_set = true;
		} else if (!strcmp(tok, "graph") || !strcmp(tok, "flat") ||
			   !strcmp(tok, "fractal") || !strcmp(tok, "folded") ||
			   !strcmp(tok, "function") || !strcmp(tok, "address") ||
			   !strcmp(tok, "percent") || !strcmp(tok, "period") ||
			   !strcmp(tok, "count") || !strcmp(tok, "fp")) {
			continue;
		} else {
			v = strtod(tok, &end);
			if (end == tok || *end)
				return -EINVAL;
			p->min_percent = v;
		}
	}
	return 0;
}

static bool ignore__match(const regex_t *re, const struct addr_location *e)
{
	return e->sym && !regexec(re, e->sym->name, 0, NULL, 0);
}

void callchain_cursor__ignore_callees(struct callchain_cursor *c, const regex_t *re,
				      bool caller, struct addr_location *al)
{
	u32 i;

	if (caller) {
		for (i = 0; i < c->nr && !ignore__match(re, &c->entries[i]); i++)
			;
		if (i < c->nr) {
			*al = c->entries[i];
			c->nr = i + 1;
		}
		return;
	}
	for (i = c->nr; i-- > 0;) {
		if (!ignore__match(re, &c->entries[i]))
			continue;
		*al = c->entries[i];
		memmove(c->entries, c->entries + i, (c->nr - i) * sizeof(*c->entries));
		c->nr -= i;
		return;
	}
}

int callchain__compile_ignore(regex_t *re, const char *pattern)
{
	char msg[256];
	int err = regcomp(re, pattern, REG_EXTENDED);

	if (!err)
		return 0;
	regerror(err, re, msg, sizeof(msg));
	pr_err("Invalid --ignore-callees regex: %s: %s", pattern, msg);
	return -EINVAL;
}
