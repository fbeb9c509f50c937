// SPDX-License-Identifier: GPL-2.0
/*
 * Threads: comm and maps of one task.
 */
#include <stdlib.h>

#include "thread.h"

struct thread *thread__new(s32 pid, s32 tid, const char *comm)
{
	struct thread *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->pid = pid;
	t->tid = tid;
	t->ppid = -1;
	t->comm = comm;
	return t;
}

void thread__delete(struct thread *thread)
{
	if (!thread)
		return;
	maps__put(thread->maps);
	free(thread);
}
