/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record --switch-output-event: a side-band event opened on every
 * online CPU (all tasks, as upstream's side-band evlist without a
 * target), watched by a thread of its own that calls fire() after each
 * wakeup that brought records.  A tracepoint samples every hit (period
 * 1, as upstream's parse gives it); other events keep the period they
 * are given (none: they never fire, as upstream's).
 */
#ifndef PERF_UTIL_SWITCH_EVENT_H
#define PERF_UTIL_SWITCH_EVENT_H

#include <pthread.h>
#include <stdbool.h>
#include "mmap.h"

struct switch_event {
	int			nr;		/* CPUs */
	struct perf_mmap	*maps;		/* one ring per CPU */
	int			stop[2];	/* a pipe: written to stop the thread */
	pthread_t		thread;
	bool			running;
	void			(*fire)(void *priv);
	void			*priv;
	unsigned long		fired;
};

/*
 * Open and map EVENT on every online CPU.  -ENOENT/-EINVAL for a name
 * ours does not know, else -errno of the open (msg says which).
 */
int switch_event__open(struct switch_event *se, const char *event, char *msg, size_t msgsz);
/* The thread, signals blocked, calling fire(priv) from it. */
int switch_event__start(struct switch_event *se, void (*fire)(void *priv), void *priv);
/* Stop the thread (if started) and close everything; safe to call twice. */
void switch_event__close(struct switch_event *se);

#endif /* PERF_UTIL_SWITCH_EVENT_H */
