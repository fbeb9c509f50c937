/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_THREAD_H
#define __PERF_THREAD_H

#include "map.h"

/*
 * A thread as the records describe it: its process id, its current name
 * (interned by the machine: compare comms by pointer) and the maps of its
 * process, shared with the other threads of that process.
 */
struct thread {
	s32		pid;
	s32		tid;
	s32		ppid;		/* the tid of the parent a FORK gave, -1: none */
	const char	*comm;		/* ":<tid>" until a COMM names it */
	bool		comm_set;
	struct maps	*maps;
	struct thread	*hnext;
};

struct thread *thread__new(s32 pid, s32 tid, const char *comm);
void thread__delete(struct thread *thread);

#endif /* __PERF_THREAD_H */
