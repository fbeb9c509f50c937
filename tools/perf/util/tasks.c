// SPDX-License-Identifier: GPL-2.0
/* perf report --tasks: the task tree of the threads the records made. */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "machine.h"
#include "map.h"
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

/* --mmaps: a task's maps, by address, under its line */
static void task__fprintf_maps(const struct thread *t, int level, FILE *fp)
{
	size_t i;

	for (i = 0; t->maps && i < t->maps->nr; i++) {
		const struct map *m = t->maps->entries[i];

		fprintf(fp, "%*s%llx-%llx %c%c%c%c %08llx %llu %s\n",
			32 + level, "", (unsigned long long)m->start, (unsigned long long)m->end,
			m->prot & PROT_READ ? 'r' : '-',
			m->prot & PROT_WRITE ? 'w' : '-', m->prot & PROT_EXEC ? 'x' : '-',
			m->flags & MAP_SHARED ? 's' : 'p', (unsigned long long)m->pgoff,
			(unsigned long long)m->ino, m->dso->long_name);
	}
}

static void task__fprintf(const struct task *tasks, int i, int level, bool maps, FILE *fp)
{
	const struct thread *t = tasks[i].thread;
	int c;

	fprintf(fp, "  %8d %8d %8d |%*s%s\n", t->pid, t->tid, t->ppid, level, "", t->comm);
	if (maps)
		task__fprintf_maps(t, level, fp);
	for (c = tasks[i].first_child; c >= 0; c = tasks[c].next)
		task__fprintf(tasks, c, level + 1, maps, fp);
}

int tasks__fprintf(struct machine *machine, bool maps, FILE *fp)
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
			task__fprintf(tasks, i, 0, maps, fp);
	}
	free(tasks);
	free(v);
	return err;
}
