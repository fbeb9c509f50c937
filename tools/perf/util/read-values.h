/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_READ_VALUES_H
#define __PERF_READ_VALUES_H

#include <stdbool.h>
#include <stdio.h>
#include "types.h"

/*
 * perf report -T/--threads: the counts PERF_RECORD_READ records give
 * (perf record -s: each inherited task's, when it exits), summed by
 * thread and event, threads and events in the order they first came;
 * printed as upstream's table (a "PID  TID" header alone without any).
 */
struct read_values_thread {
	u32	pid;
	u32	tid;
	u64	*values;	/* by counter */
};

struct read_values_counter {
	int		idx;	/* the event's */
	const char	*name;	/* the event's, kept by the caller */
};

struct read_values {
	struct read_values_thread	*threads;
	u32				nr_threads;
	u32				alloc_threads;
	struct read_values_counter	*counters;
	u32				nr_counters;
	u32				alloc_counters;	/* each thread's values hold as many */
};

/* value to (pid, tid)'s count of the event idx (named name); -ENOMEM */
int read_values__add(struct read_values *rv, u32 pid, u32 tid, int idx, const char *name,
		     u64 value);

/*
 * The table: "# PID  TID" and each event's name, then a line a thread;
 * raw (--pretty raw): "# PID  TID  Name  Raw  Count" and a value each.
 */
void read_values__fprintf(const struct read_values *rv, bool raw, FILE *fp);

void read_values__exit(struct read_values *rv);

#endif /* __PERF_READ_VALUES_H */
