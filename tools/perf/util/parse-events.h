/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PARSE_EVENTS_H
#define __PERF_PARSE_EVENTS_H

#include <linux/perf_event.h>
#include "types.h"

/* A hardware or software event of `perf list`: its name, alias ("cycles"), type, config. */
struct event_symbol {
	const char	*name;
	const char	*alias;
	u32		type;
	u64		config;
};

/* The table of them, in upstream's order (hardware, then software). */
const struct event_symbol *parse_events__symbols(size_t *nr);

/*
 * Event names as `perf record -e` takes them: the hardware and software
 * event names of `perf list` ("cycles", "cpu-clock", "dummy", ...), raw
 * "rNNNN", each with optional modifiers after ':' (u, k, h, G, H, p, pp,
 * ppp), or a tracepoint "sys:name" (its id from tracefs, mounted if it is
 * not).  Fills type, config and the exclude/precise bits of attr and
 * leaves the rest zero.  name gets the spelling given ("cpu-clock",
 * "cycles:u").  -ENOENT for an unknown name, -EINVAL for bad modifiers.
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

/* Is str "sys:name" (globs allowed) rather than an event name with modifiers? */
bool parse_events__is_tracepoint(const char *str);

/*
 * Add every event of the -e list to evlist, named as given; a tracepoint
 * glob ("sched:*", "*:sched_switch", "sched:sched_wak*") adds each
 * tracepoint it matches, in tracefs's order, named "sys:name".  tracefs
 * is found, or mounted where it is not (tracefs__dir()).  On an error
 * msg says what is wrong in one line ("-e sched:nope: unknown tracepoint:
 * subsystem 'sched' has no event 'nope' ..."), and -errno comes back.
 */
int parse_events__add_list(struct evlist *evlist, const char *list, char *msg, size_t msgsz);

/*
 * --filter after a -e: filter (the kernel's tracepoint filter syntax) for
 * every event from evlist's index first on, which must all be
 * tracepoints; a second filter joins the first as "(first) && (second)".
 * -EINVAL with msg when first is past the end (no -e before) or an event
 * is no tracepoint.
 */
int parse_events__set_filter(struct evlist *evlist, int first, const char *filter,
			     char *msg, size_t msgsz);

/*
 * The -e and --filter options of a command line, in their order: each
 * --filter applies to the events of the -e before it.
 */
#define EVENT_ARGS_MAX	64

struct event_args {
	struct {
		const char	*str;
		bool		filter;
		bool		exclude_self;	/* --exclude-perf: no str */
		bool		cgroup;		/* -G: str names cgroups */
	} v[EVENT_ARGS_MAX];
	int	nr;
	int	nr_events;	/* of them -e */
};

/* Keep one (the string is not copied); -E2BIG past EVENT_ARGS_MAX. */
int event_args__add(struct event_args *args, const char *str, bool filter);
/*
 * A filter leaving out this process's own hits ("common_pid != PID") on
 * the tracepoints of the -e before it, all of which must be tracepoints.
 */
int event_args__add_exclude_pid(struct event_args *args);
/*
 * -G NAME,...: the cgroups (paths under the perf_event hierarchy's
 * mount) of the events before it: the n-th name of all -G so far to the
 * n-th event, an empty name to none; a single name in all goes to every
 * event so far, as upstream's.
 */
int event_args__add_cgroup(struct event_args *args, const char *names);
bool event_args__has_cgroup(const struct event_args *args);

/*
 * Every -e of args into evlist (parse_events__add_list()) with its
 * --filters (parse_events__set_filter()) and cgroups (their directories
 * opened); def when there is no -e (NULL: none).  -errno with msg as
 * those say.
 */
int parse_events__add_args(struct evlist *evlist, const struct event_args *args,
			   const char *def, char *msg, size_t msgsz);

/* Is this a hardware event (a PMU that this machine may lack)? */
static inline bool parse_events__is_hw(const struct perf_event_attr *attr)
{
	return attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE;
}

struct evsel;

/*
 * perf_event_open of a hardware event failed with err (-errno): when the
 * machine has no such PMU, turn evsel into cpu-clock as upstream does and
 * return true, saying so to the error sink.
 */
bool parse_events__fallback_cpu_clock(struct evsel *evsel, int err);

#endif /* __PERF_PARSE_EVENTS_H */
