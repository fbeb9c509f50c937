// SPDX-License-Identifier: GPL-2.0
/* util/record-switch.c: --switch-output's forms, the names, the files kept. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/record-switch.h"

int main(void)
{
	struct record_switch s;
	struct timeval tv = { .tv_sec = 0, .tv_usec = 456789 };
	char buf[64], *drop;

	plan(32);
	setenv("TZ", "UTC", 1);
	memset(&s, 0, sizeof(s));
	is_int(record_switch__parse(&s, NULL), 0, "no argument");
	ok(s.enabled && s.signal && s.timestamp_filename, "SIGUSR2, timestamped names");
	is_int(record_switch__parse(&s, "signal"), 0, "signal");
	ok(s.signal && !s.size && !s.secs, "signal only");
	is_int(record_switch__parse(&s, "10M"), 0, "10M");
	ok(!s.signal && s.size == 10ULL << 20, "a size in bytes");
	is_int(record_switch__parse(&s, "3B"), 0, "3B");
	ok(s.size == 3, "bytes");
	is_int(record_switch__parse(&s, "2G"), 0, "2G");
	ok(s.size == 2ULL << 30, "gigabytes");
	is_int(record_switch__parse(&s, "2s"), 0, "2s");
	ok(s.secs == 2 && !s.size, "seconds");
	is_int(record_switch__parse(&s, "2m"), 0, "2m: minutes, not megabytes");
	ok(s.secs == 120, "two minutes");
	is_int(record_switch__parse(&s, "1d"), 0, "1d");
	ok(s.secs == 86400, "a day");
	is_int(record_switch__parse(&s, "0K"), 0, "0K accepted, as upstream");
	ok(s.enabled && !s.signal && !s.size && !s.secs, "and never rotates");
	is_int(record_switch__parse(&s, "1000"), -EINVAL, "a bare number refused");
	is_int(record_switch__parse(&s, "10k"), -EINVAL, "lower-case k refused");
	is_int(record_switch__parse(&s, "1S"), -EINVAL, "upper-case S refused");
	is_int(record_switch__parse(&s, "foo"), -EINVAL, "a word refused");
	is_int(record_switch__parse(&s, "-1s"), -EINVAL, "negative refused");
	is_int(record_switch__parse(&s, "10MB"), -EINVAL, "two suffixes refused");

	ok(record_switch__size_due(&(struct record_switch){ .enabled = true, .size = 100 }, 100),
	   "size reached");
	ok(!record_switch__size_due(&(struct record_switch){ .enabled = true }, 1000),
	   "no size: never");

	tv.tv_sec = 1700000000;		/* 2023-11-14 22:13:20 UTC */
	is_int(record_switch__name(buf, sizeof(buf), "perf.data", &tv), 0, "a name");
	is_str(buf, "perf.data.2023111422132045", "path, date, time, hundredths");
	is_int(record_switch__name(buf, 12, "perf.data", &tv), -ENAMETOOLONG, "too long");

	memset(&s, 0, sizeof(s));
	s.max_files = 2;
	record_switch__keep(&s, "a", &drop);
	ok(!drop, "first kept");
	record_switch__keep(&s, "b", &drop);
	record_switch__keep(&s, "c", &drop);
	ok(drop && !strcmp(drop, "a"), "the oldest goes past two");
	free(drop);
	record_switch__keep(&s, "d", &drop);
	ok(drop && !strcmp(drop, "b"), "then the next");
	free(drop);
	record_switch__exit(&s);
	return done_testing();
}
