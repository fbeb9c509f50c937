// SPDX-License-Identifier: GPL-2.0
/* util/thread.c: a thread owns a reference to its maps. */
#include "tap.h"
#include "util/thread.h"

int main(void)
{
	struct thread *t = thread__new(10, 11, "comm");
	struct maps *m = maps__new();

	ok(t && m, "allocated");
	ok(t->pid == 10 && t->tid == 11 && !t->comm_set, "fields");
	t->maps = maps__get(m);
	is_int(m->refcnt, 2, "shared");
	thread__delete(t);
	is_int(m->refcnt, 1, "released with the thread");
	maps__put(m);
	thread__delete(NULL);
	ok(1, "NULL is fine");
	return done_testing();
}
