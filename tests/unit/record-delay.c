// SPDX-License-Identifier: GPL-2.0
/* util/record-delay.c: -D's forms and the schedule they make. */
#include <errno.h>

#include "tap.h"
#include "util/record-delay.h"

int main(void)
{
	struct record_delay d;

	plan(27);
	is_int(record_delay__parse(&d, "100"), 0, "-D 100");
	ok(record_delay__given(&d), "given: start disabled");
	is_int(record_delay__due(&d, 50), -1, "nothing due at 50 ms");
	ok(record_delay__wait(&d, 50) == 50, "50 ms to wait");
	is_int(record_delay__due(&d, 100), 1, "enabled at 100 ms");
	is_int(record_delay__due(&d, 200), -1, "then nothing");
	ok(record_delay__wait(&d, 200) == RECORD_DELAY_NEVER, "nothing left");

	is_int(record_delay__parse(&d, "-1"), 0, "-D -1");
	ok(record_delay__given(&d), "start disabled");
	is_int(record_delay__due(&d, 1000000), -1, "never enabled");
	ok(record_delay__wait(&d, 0) == RECORD_DELAY_NEVER, "no wait");

	is_int(record_delay__parse(&d, "10-20,30-40"), 0, "ranges");
	is_int(d.nr, 4, "four toggles");
	is_int(record_delay__due(&d, 5), -1, "not yet");
	is_int(record_delay__due(&d, 12), 1, "enabled in the first range");
	ok(record_delay__wait(&d, 12) == 8, "8 ms to its end");
	is_int(record_delay__due(&d, 45), 0, "late: its end first");
	is_int(record_delay__due(&d, 45), 1, "then the second's start");
	is_int(record_delay__due(&d, 45), 0, "and its end");
	is_int(record_delay__due(&d, 45), -1, "all done");

	is_int(record_delay__parse(&d, "0"), -EINVAL, "-D 0 refused, as upstream");
	is_int(record_delay__parse(&d, "abc"), -EINVAL, "not a number");
	is_int(record_delay__parse(&d, "20-10"), -EINVAL, "an end before its start");
	is_int(record_delay__parse(&d, "10-20,15-30"), -EINVAL, "overlapping ranges");
	is_int(record_delay__parse(&d, "10-20,"), -EINVAL, "a trailing comma");
	is_int(record_delay__parse(&d, "-5"), -EINVAL, "a negative delay but -1");
	ok(!record_delay__given(&d), "a refused one leaves nothing");
	return done_testing();
}
