// SPDX-License-Identifier: GPL-2.0
/* util/time-range.c: --time's absolute ranges and percent slices. */
#include <errno.h>
#include <stdio.h>

#include "tap.h"
#include "util/time-range.h"

#define S 1000000000ULL

int main(void)
{
	const char *bad[] = { "abc", "1,x", "2,1", "1", "10%/11", "0%/1", "10%-5%", "10%/2x",
			      "5.1234567891,", "101%-102%", "1,2,3" };
	struct time_ranges tr;
	FILE *saved = stderr;
	size_t i;

	is_int(time_ranges__parse(&tr, NULL, 0, 0), 0, "no --time");
	ok(time_ranges__contain(&tr, 5), "no ranges: every time");

	is_int(time_ranges__parse(&tr, "1.5,2", 0, 0), 0, "1.5,2");
	ok(tr.nr == 1 && tr.r[0].start == S + S / 2 && tr.r[0].end == 2 * S, "seconds.fraction");
	ok(time_ranges__contain(&tr, 2 * S) && !time_ranges__contain(&tr, 2 * S + 1) &&
	   time_ranges__contain(&tr, S + S / 2) && !time_ranges__contain(&tr, S),
	   "both ends in");
	time_ranges__rebase(&tr, 10 * S);
	ok(tr.r[0].start == 11 * S + S / 2, "--reltime: from the first sample");
	time_ranges__exit(&tr);

	is_int(time_ranges__parse(&tr, ",1 3, ", 0, 0), 0, "open ends, two ranges");
	ok(tr.nr == 2 && time_ranges__contain(&tr, 1) && !time_ranges__contain(&tr, 2 * S) &&
	   time_ranges__contain(&tr, 100 * S), "an open start and an open end");
	time_ranges__rebase(&tr, 10 * S);
	ok(!tr.r[0].start && !tr.r[1].end, "open ends stay open");
	time_ranges__exit(&tr);

	is_int(time_ranges__parse(&tr, "10%/2,0%-10%", 100, 1100), 0, "percents");
	ok(tr.nr == 2 && tr.r[0].start == 200 && tr.r[0].end == 300 && tr.r[1].start == 100 &&
	   tr.r[1].end == 200, "the second 10%% slice, 0%% to 10%%");
	time_ranges__rebase(&tr, 1000);
	ok(tr.r[0].start == 200, "percents are not moved by --reltime");
	time_ranges__exit(&tr);

	stderr = fopen("/dev/null", "w");
	is_int(time_ranges__parse(&tr, "10%/1", 0, 0), -EINVAL, "percents need the file's span");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		is_int(time_ranges__parse(&tr, bad[i], 100, 1100), -EINVAL, "'%s' is refused",
		       bad[i]);
		time_ranges__exit(&tr);
	}
	fclose(stderr);
	stderr = saved;
	return done_testing();
}
