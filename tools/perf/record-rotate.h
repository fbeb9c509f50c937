/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record --switch-output and --timestamp-filename, the command's
 * side: when to rotate (signals, timer) and what is said on stderr.
 */
#ifndef PERF_RECORD_ROTATE_H
#define PERF_RECORD_ROTATE_H

#include <stdbool.h>

struct record;

/*
 * SIGUSR2 (with --switch-output[=signal]) and SIGALRM (a time) caught;
 * --switch-output-event's side-band opened and started (it sends
 * SIGUSR2).  0 or -errno (said).
 */
int record_rotate__setup(struct record *rec);
/* The side-band stopped and closed. */
void record_rotate__exit(void);
/* A rotation is due: asked by a signal or past the size. */
bool record_rotate__due(struct record *rec);
/*
 * The current file finished under "<output>.<timestamp>", "[ perf record:
 * Dump NAME ]" said (before it, mid-run, the wakeups since the last);
 * unless at_exit a new file is started.  With --switch-max-files the
 * oldest file past the limit is removed.  0 or -errno (said).
 */
int record_rotate(struct record *rec, bool at_exit);

#endif
