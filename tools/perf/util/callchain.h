/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_CALLCHAIN_H
#define __PERF_CALLCHAIN_H

#include <regex.h>
#include "machine.h"

/*
 * A sample's call chain resolved to symbols: the PERF_CONTEXT_* markers
 * set the cpumode of the entries after them and are dropped.  The cursor
 * is reused from sample to sample (it grows to the longest chain seen, at
 * most PERF_MAX_STACK_DEPTH + markers, never per sample).
 */
#define CALLCHAIN_MAX	512

struct callchain_cache_entry;

struct callchain_cursor {
	struct addr_location	*entries;
	u32			nr;
	u32			alloc;
	/*
	 * Optional: frames already resolved, by address space version (see
	 * machine__maps_version()), cpumode and ip.  Valid whatever records
	 * the machine applies in between.
	 */
	struct callchain_cache_entry *cache;
};

void callchain_cursor__init(struct callchain_cursor *c);
void callchain_cursor__exit(struct callchain_cursor *c);
/* Keep resolved frames from sample to sample (of one machine); 0 or -ENOMEM. */
int callchain_cursor__enable_cache(struct callchain_cursor *c);

/*
 * Resolve sample's chain in thread's address space, at most max_stack
 * entries (0: all).  A chain with a marker that is no PERF_CONTEXT_* value
 * is corrupt and resolves to no entries, as upstream treats it.  Without PERF_SAMPLE_CALLCHAIN the cursor holds the
 * sample's ip alone.  0 or -ENOMEM.
 */
int callchain__resolve(struct machine *machine, struct thread *thread,
		       const struct perf_sample *sample, u8 cpumode, u32 max_stack,
		       struct callchain_cursor *c);

/* perf report -g / --call-graph: the parts we use. */
struct callchain_param {
	bool	enabled;	/* the file has call chains and -g is not "none" */
	bool	none;		/* -g none */
	bool	caller;		/* caller order (children default), else callee */
	bool	order_set;	/* "caller" or "callee" given */
	double	min_percent;	/* graph threshold, 0.5 by default */
};

/* "graph,0.5,caller", "none", "callee", "flat", ...; -EINVAL on unknown words. */
int callchain_param__parse(struct callchain_param *p, const char *str);

/*
 * --ignore-callees, as upstream's: going along the chain in the graphs'
 * order (caller: from the outermost frame), a frame whose symbol matches
 * re takes the sample (al) and the frames before it are left out.
 * Callee order: the outermost match, from it outward; caller order: the
 * innermost, from it inward (its callers left out).
 */
void callchain_cursor__ignore_callees(struct callchain_cursor *c, const regex_t *re,
				      bool caller, struct addr_location *al);
/*
 * The --ignore-callees regex (extended) into re: 0, or -EINVAL said
 * through the error sink ("Invalid --ignore-callees regex: RE: why").
 */
int callchain__compile_ignore(regex_t *re, const char *pattern);

#endif /* __PERF_CALLCHAIN_H */
