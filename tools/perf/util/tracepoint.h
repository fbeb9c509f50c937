/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TRACEPOINT_H
#define __PERF_TRACEPOINT_H

#include <stdbool.h>
#include "types.h"

/*
 * The tracepoints of a tracefs directory (tracefs__dir()): dir/events/
 * <system>/<event>/{id,format}.  A tracepoint is an event directory with
 * an id file (ftrace's internal events have only a format and are not
 * tracepoints one can open).
 */

/* Is "sys:name" (or "sys:glob") tracepoint syntax rather than "event:modifiers"? */
bool tracepoint__is_glob(const char *s);

/*
 * The id of sys:name into *id: 0, -ENOENT when there is no such event
 * (tracepoint__has_system() tells which part is missing), -EACCES when
 * tracefs may not be read, -EINVAL for a name that is no file name.
 */
int tracepoint__id(const char *dir, const char *sys, const char *name, u64 *id);

/* 0 when dir has the system sys, else -ENOENT or -EACCES. */
int tracepoint__has_system(const char *dir, const char *sys);

/*
 * Call fn for every tracepoint whose system matches sys_glob and whose
 * name matches name_glob (fnmatch(3) patterns: * ? [...]; NULL matches
 * everything), in the order of the directories (readdir, as upstream's
 * record expands a glob) or sorted by name (as perf list prints them).
 * Stops at fn's first non-zero return and returns it; -errno when the
 * events directory cannot be read.
 */
int tracepoint__for_each(const char *dir, const char *sys_glob, const char *name_glob,
			 bool sorted, int (*fn)(const char *sys, const char *name, void *priv),
			 void *priv);

#endif /* __PERF_TRACEPOINT_H */
