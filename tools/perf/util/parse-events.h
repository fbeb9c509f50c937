/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PARSE_EVENTS_H
#define __PERF_PARSE_EVENTS_H

#include <linux/perf_event.h>
#include "types.h"

/*
 * Event names as `perf record -e` takes them: the hardware and software
 * event names of `perf list` ("cycles", "cpu-clock", "dummy", ...), raw
 * "rNNNN", each with optional modifiers after ':' (u, k, h, G, H, p, pp,
 * ppp), or a tracepoint "sys:name" (its id from tracefs).  Fills type, config and the exclude/precise bits of attr and
 * leaves the rest zero.  name gets the canonical spelling
 * ("cpu-clock", "cycles:u").  -ENOENT for an unknown name, -EINVAL for bad
 * modifiers.
 */
int parse_events__event(const char *str, struct perf_event_attr *attr,
			char *name, size_t namesz);

/*
 * Split a comma list "a,b:u" into its events, calling fn for each one;
 * stops at the first non-zero return.
 */
int parse_events__list(const char *list,
		       int (*fn)(const char *event, void *priv), void *priv);

struct evlist;

/*
 * Add every event of the -e list to evlist, named as given.  An error is
 * said once, "perf <cmd>: -e <event>: <why>", and returned.
 */
int parse_events__add_list(struct evlist *evlist, const char *list, const char *cmd);

/* Is this a hardware event (a PMU that this machine may lack)? */
static inline bool parse_events__is_hw(const struct perf_event_attr *attr)
{
	return attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE;
}

struct evsel;

/*
 * perf_event_open of a hardware event failed with err (-errno): when the
 * machine has no such PMU, turn evsel into cpu-clock as upstream does and
 * return true.  cmd: say so on stderr as "perf <cmd>: ..."; NULL: quietly.
 */
bool parse_events__fallback_cpu_clock(struct evsel *evsel, int err, const char *cmd);

#endif /* __PERF_PARSE_EVENTS_H */
