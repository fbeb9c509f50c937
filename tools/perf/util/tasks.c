// SPDX-License-Identifier: GPL-2.0
/* perf report --tasks: the task tree of the threads the records made. */
#include <errno.h>
#include <stdlib.h>

#include "machine.h"
#include "tasks.h"
#include "thread.h"

struct task {
	struct thread	*thread;
	int		first_child;	/* index in the sorted array, -1: none */
	int		last_child;
	int		next;		/* the next sibling (or root) */
	bool		linked;
};

/* upstream's table order: 256 buckets by tid, each sorted by tid */
static int task__cmp(const void *a, const void *b)
{
	const struct thread *x = *(struct thread * const *)a, *y = *(struct thread * const *)b;
	unsigned int bx = (unsigned int)x->tid % 256, by = (unsigned int)y->tid % 256;

	if (bx != by)
		return bx < by ? -1 : 1;
	return x->tid < y->tid ? -1 : x->tid > y->tid;
}

static int tasks__find(struct thread **v, int n, s32 tid)
{
	struct thread key = { .tid = tid }, *k = &key, **hit;

	hit = bsearch(&k, v, (size_t)n, sizeof(*v), task__cmp);
	return hit ? (int)(hit - v) : -1;
}

static void task__append(struct task *tasks, int *first, int *last, int i)
{
	if (*first < 0)
		*first = i;
	else
		tasks[*last].next = i;
	*last = i;
}

static void task__fprintf(const struct task *tasks, int i, int level, FILE *fp)
{
	const struct thread *t = tasks[i].thread;
	int c;

	fprintf(fp, "  %8d %8d %8d |%*s%s\n", t->pid, t->tid, t->ppid, level, "", t->comm);
	for (c = tasks[i].first_child; c >= 0; c = tasks[c].next)
		task__fprintf(tasks, c, level + 1, fp);
}

int tasks__fprintf(struct machine *machine, FILE *fp)
{
	struct thread **v;
	struct task *tasks;
	int n = machine__threads(machine, &v), i, first = -1, last = -1, err = 0;

	if (n < 0)
		return n;
	tasks = calloc(n ? (size_t)n : 1, sizeof(*tasks));
	if (!tasks) {
		free(v);
		return -ENOMEM;
	}
	/* (a tid of -1, from a record of no task, is no thread upstream keeps) */
	for (i = 0; i < n; i++)
		if (v[i]->tid < 0)
			v[i--] = v[--n];
	qsort(v, (size_t)n, sizeof(*v), task__cmp);
	for (i = 0; i < n; i++)
		tasks[i] = (struct task){ .thread = v[i], .first_child = -1, .next = -1 };
	/* link each task under its parent up the chain, a root last */
	for (i = 0; i < n && !err; i++) {
		int t = i;

		while (!tasks[t].linked) {
			int p;

			tasks[t].linked = true;
			if (tasks[t].thread->ppid == -1) {
				task__append(tasks, &first, &last, t);
				break;
			}
			p = tasks__find(v, n, tasks[t].thread->ppid);
			if (p < 0) {
				err = -ENOENT;
				break;
			}
			task__append(tasks, &tasks[p].first_child, &tasks[p].last_child, t);
			t = p;
		}
	}
	if (!err) {
		fprintf(fp, "# %8s %8s %8s  %s\n", "pid", "tid", "ppid", "comm");
		for (i = first; i >= 0; i = tasks[i].next)
			task__fprintf(tasks, i, 0, fp);
	}
	free(tasks);
	free(v);
	return err;
}
