/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TIME_RANGE_H
#define __PERF_TIME_RANGE_H

#include "types.h"

/*
 * --time of report and script, upstream's syntax:
 *
 *	START,STOP [START,STOP ...]	seconds[.fraction], either may be
 *					left out (an open end); ranges
 *					separated by spaces
 *	A%/N[,B%/M ...]			the Nth slice of A% of the file's
 *					span (first to last sample time)
 *	A%-B%[,C%-D% ...]		from A% to B% of the span
 *
 * A time is in a range when start <= time <= stop (0: open).
 */
struct time_range {
	u64	start;
	u64	end;
};

struct time_ranges {
	struct time_range	*r;
	int			nr;
	bool			percent;	/* of the percent forms */
};

/*
 * Parse str; first and last are the file's first and last sample times
 * (HEADER_SAMPLE_TIME), used by the percent forms only.  0, -ENOMEM, or
 * -EINVAL: not a time string, or percents without first and last (what
 * is wrong said through the error sink, in upstream's words).
 */
int time_ranges__parse(struct time_ranges *tr, const char *str, u64 first, u64 last);
void time_ranges__exit(struct time_ranges *tr);

/*
 * Script's --reltime: the times given (not the open ends, not the
 * percents, already of the file's span) count from base, the file's
 * first sample time.
 */
void time_ranges__rebase(struct time_ranges *tr, u64 base);

/* No ranges: every time. */
bool time_ranges__contain(const struct time_ranges *tr, u64 time);

#endif /* __PERF_TIME_RANGE_H */
