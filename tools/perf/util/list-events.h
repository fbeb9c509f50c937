/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_LIST_EVENTS_H
#define __PERF_LIST_EVENTS_H

#include <stdbool.h>
#include "types.h"

/*
 * The events of `perf list`, as upstream names and sorts them: hardware
 * and software events ("context-switches OR cs") sorted by that name,
 * tracepoints ("sched:sched_switch") sorted by that whole name.  Each
 * goes to fn(name, kind, priv) with kind upstream's "Hardware event",
 * "Software event", "Tracepoint event", ...; fn's non-zero return stops
 * the walk and is returned.
 */
typedef int (*list_events_fn)(const char *name, const char *kind, void *priv);

#define LIST_KIND_HW		"Hardware event"
#define LIST_KIND_SW		"Software event"
#define LIST_KIND_RAW		"Raw hardware event descriptor"
#define LIST_KIND_TRACEPOINT	"Tracepoint event"

/*
 * Can this process open the event (pid 0, any cpu), as upstream tests
 * it: a PMU the machine lacks says no.  A refusal for the kernel part
 * (perf_event_paranoid) is retried with exclude_kernel.
 */
bool list_events__supported(u32 type, u64 config);

/*
 * The hardware (type PERF_TYPE_HARDWARE) or software events that glob
 * matches (name or alias, fnmatch(3); NULL: all) and that supported()
 * accepts (NULL: all).
 */
int list_events__symbols(u32 type, const char *glob, bool (*supported)(u32 type, u64 config),
			 list_events_fn fn, void *priv);

/* The tracepoints of tracefs directory dir whose system and event match the globs (NULL: all). */
int list_events__tracepoints(const char *dir, const char *sys_glob, const char *event_glob,
			     list_events_fn fn, void *priv);

#endif /* __PERF_LIST_EVENTS_H */
