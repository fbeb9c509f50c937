/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TRACEFS_H
#define __PERF_TRACEFS_H

#include <stddef.h>

/*
 * Where the kernel's tracing file system is: tracefs where it is mounted
 * (/sys/kernel/tracing first, then any other tracefs mount point), else
 * the tracing directory of a mounted debugfs (/sys/kernel/debug/tracing).
 * When neither is there, tracefs__dir() mounts tracefs at
 * /sys/kernel/tracing, as upstream perf does.
 */

#define TRACEFS_DEFAULT	"/sys/kernel/tracing"

/*
 * The directory of a mounted tracefs into dir (with an events/ below it);
 * mounts is the mount table to read (NULL: /proc/self/mounts).  0, or
 * -ENOENT when none is mounted.
 */
int tracefs__find(const char *mounts, char *dir, size_t size);

/*
 * Mount tracefs at mnt (NULL: TRACEFS_DEFAULT).  0, -EPERM when not
 * permitted, -ENODEV when the kernel has no tracefs, else -errno.
 */
int tracefs__mount(const char *mnt);

/* tracefs__find(), else tracefs__mount() of the default: 0 with the directory in dir. */
int tracefs__dir(char *dir, size_t size);

/*
 * The one-line reason of a tracefs__dir() error, as "no tracefs" or
 * "tracefs is not mounted and mounting it at /sys/kernel/tracing is not
 * permitted".
 */
const char *tracefs__strerror(int err);

#endif /* __PERF_TRACEFS_H */
