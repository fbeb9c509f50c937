/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TASKS_H
#define __PERF_TASKS_H

#include <stdbool.h>
#include <stdio.h>

struct machine;

/*
 * perf report --tasks: the machine's threads as a tree of parents (by the
 * ppid FORK gave) and children, as upstream prints it: a header line,
 * then "pid tid ppid |" and the name, indented one space a level.  The
 * roots are the threads of no parent; siblings and roots come in
 * upstream's order of its thread table (tid % 256, then tid).
 * 0, -ENOMEM, or -ENOENT when a thread's parent is not a thread of the
 * machine (nothing printed then).  With maps (--mmaps), under each
 * thread its maps by address, as upstream's: "START-END rwxp PGOFF INODE
 * NAME", indented 32 spaces and one a level.
 */
int tasks__fprintf(struct machine *machine, bool maps, FILE *fp);

#endif /* __PERF_TASKS_H */
