/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record -D/--delay: when the sampling events are enabled and
 * disabled, in ms from the start of the recording (the command's start).
 * "-D N": enabled after N ms; "-D -1": never (until the end); "-D
 * A-B,C-D,...": enabled from A to B, from C to D, ... (increasing).
 */
#ifndef PERF_UTIL_RECORD_DELAY_H
#define PERF_UTIL_RECORD_DELAY_H

#include <stdbool.h>
#include "types.h"

#define RECORD_DELAY_MAX	64	/* toggles: 32 ranges */
#define RECORD_DELAY_NEVER	(~0ULL)

struct record_delay {
	u64	at[RECORD_DELAY_MAX];	/* ms; even: enable, odd: disable */
	int	nr;
	int	next;			/* the first toggle not done yet */
};

/* Parse -D's argument; -EINVAL when it is none of the forms above. */
int record_delay__parse(struct record_delay *d, const char *arg);

/* Any -D given: the sampling events start disabled. */
static inline bool record_delay__given(const struct record_delay *d)
{
	return d->nr > 0;
}

/*
 * The next toggle due at elapsed ms: 1 to enable, 0 to disable (and it
 * counts as done), -1 when none is due yet.
 */
int record_delay__due(struct record_delay *d, u64 elapsed);

/* ms from elapsed to the next toggle, RECORD_DELAY_NEVER when none is left. */
u64 record_delay__wait(const struct record_delay *d, u64 elapsed);

#endif /* PERF_UTIL_RECORD_DELAY_H */
