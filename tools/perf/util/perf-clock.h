/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PERF_CLOCK_H
#define __PERF_PERF_CLOCK_H

#include "types.h"

/*
 * The kernel's default sample clock (local_clock(), what PERF_SAMPLE_TIME
 * holds unless use_clockid is set) minus CLOCK_MONOTONIC, in ns: records
 * we make ourselves are timed with CLOCK_MONOTONIC + *offset so they sort
 * among the kernel's.  Measured from the time of a COMM record of our own
 * thread; -errno when no perf event can be opened (then *offset is 0).
 */
int perf_clock__offset(s64 *offset);

/* CLOCK_MONOTONIC in ns. */
u64 perf_clock__monotonic(void);

/*
 * -k/--clockid: a clock by name (monotonic or mono, monotonic_raw or raw,
 * realtime or real, boottime or boot, tai; each also as CLOCK_NAME in any
 * case) or by number.  0 with *clockid set, -EINVAL otherwise.
 */
int perf_clock__parse_id(const char *name, int *clockid);

#endif /* __PERF_PERF_CLOCK_H */
