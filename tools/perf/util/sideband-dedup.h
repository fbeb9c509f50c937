/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SIDEBAND_DEDUP_H
#define __PERF_SIDEBAND_DEDUP_H

#include <pthread.h>
#include <stddef.h>
#include "types.h"

union perf_event;

/*
 * perf record in per-thread mode gets KSYMBOL/BPF_EVENT records twice for
 * programs its own tasks load: from the tasks' events, with the kernel's
 * time, and from the side-band event that sees every CPU, timed when it
 * was read.  Readers then see a program registered again after its
 * unregister (upstream keeps the stale map).  So the side-band's copies
 * wait here until the rings have been read past the time they were taken,
 * and only those the rings did not deliver go out.
 */
struct sb_dedup_held;

struct sb_dedup {
	pthread_mutex_t		lock;
	struct sb_dedup_held	*held;		/* side-band copies, in arrival order */
	size_t			nr_held;
	u32			held_cap;
	struct sb_dedup_seen	*seen;		/* keys the rings delivered */
	size_t			nr_seen;
	u32			seen_cap;
};

void sb_dedup__init(struct sb_dedup *d);
void sb_dedup__exit(struct sb_dedup *d);

/* A side-band copy taken at now (any thread); -ENOMEM. */
int sb_dedup__hold(struct sb_dedup *d, const union perf_event *ev, u64 now);

/* A KSYMBOL/BPF_EVENT the rings delivered at now; others are ignored. */
int sb_dedup__seen(struct sb_dedup *d, const union perf_event *ev, u64 now);

/*
 * The rings were read from before on: emit the copies taken before it
 * that no ring delivered, in order, drop the others, and forget ring keys
 * older than before - keep_ns.  Returns how many went out, or the first
 * error of emit.
 */
int sb_dedup__flush(struct sb_dedup *d, u64 before, u64 keep_ns,
		    int (*emit)(void *priv, const union perf_event *ev), void *priv);

#endif /* __PERF_SIDEBAND_DEDUP_H */
