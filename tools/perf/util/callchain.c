// SPDX-License-Identifier: GPL-2.0
/*
 * Call chains: resolution of a sample's chain and the -g option.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "callchain.h"

void callchain_cursor__init(struct callchain_cursor *c)
{
	memset(c, 0, sizeof(*c));
}

void callchain_cursor__exit(struct callchain_cursor *c)
{
	free(c->entries);
	memset(c, 0, sizeof(*c));
}

static struct addr_location *cursor__next(struct callchain_cursor *c)
{
	if (c->nr == c->alloc) {
		u32 n = c->alloc ? c->alloc * 2 : 64;
		struct addr_location *e = realloc(c->entries, n * sizeof(*e));

		if (!e)
			return NULL;
		c->entries = e;
		c->alloc = n;
	}
	return &c->entries[c->nr++];
}

int callchain__resolve(struct machine *machine, struct thread *thread,
		       const struct perf_sample *sample, u8 cpumode, u32 max_stack,
		       struct callchain_cursor *c)
{
	struct addr_location *al;
	u64 i;

	c->nr = 0;
	if (!sample->callchain || !sample->callchain_nr) {
		al = cursor__next(c);
		if (!al)
			return -ENOMEM;
		machine__resolve_ip(machine, thread, cpumode, sample->ip, al);
		return 0;
	}
	for (i = 0; i < sample->callchain_nr; i++) {
		u64 ip = sample->callchain[i];

		if (ip >= PERF_CONTEXT_MAX) {
			u8 mode = machine__context_cpumode(ip);

			if (mode)
				cpumode = mode;
			else if (ip != PERF_CONTEXT_GUEST) {
				/* a corrupt chain: upstream drops all of it */
				c->nr = 0;
				return 0;
			}
			continue;
		}
		if (max_stack && c->nr >= max_stack)
			break;
		al = cursor__next(c);
		if (!al)
			return -ENOMEM;
		machine__resolve_ip(machine, thread, cpumode, ip, al);
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
