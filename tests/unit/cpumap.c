// SPDX-License-Identifier: GPL-2.0
/* util/cpumap.c: CPU list parsing, the online map, the any-CPU map. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "util/cpumap.h"

/* cpu_ranges__parse(list): its ranges as "a-b a-b", or "EINVAL" */
static const char *ranges(const char *list)
{
	static char buf[128];
	struct cpu_range *r;
	int nr, i, n = 0;

	buf[0] = '\0';
	if (cpu_ranges__parse(list, &r, &nr))
		return "EINVAL";
	for (i = 0; i < nr; i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%u-%u", i ? " " : "", r[i].first,
			      r[i].last);
	free(r);
	return buf;
}

int main(void)
{
	struct perf_cpu_map *map;
	/* report's and script's -C as upstream reads it: list, ranges */
	static const char *const cases[][2] = {
		{ "0,2-3", "0-0 2-3" }, { "3,0-1", "0-1 3-3" }, { "", "" },
		{ "0x10,010", "8-8 16-16" }, { "0-", "0-0" }, { "0,,1", "0-0" },
		{ "1,x", "1-1" }, { "1,", "1-1" }, { "2-", "EINVAL" }, { "1-0", "EINVAL" },
		{ "x", "EINVAL" }, { " 0", "EINVAL" }, { "-1", "EINVAL" }, { "1x", "EINVAL" },
		{ "0,0", "EINVAL" }, { "0-2,1", "EINVAL" }, { "0-1-2", "EINVAL" },
		{ "08", "EINVAL" }, { "2147483647", "EINVAL" }, { "99999999999999999999", "EINVAL" },
	};
	size_t i;

	is_int(perf_cpu_map__parse(&map, "0-2,5"), 0, "parse a list with a range");
	ok(map && map->nr == 4 && map->cpus[0] == 0 && map->cpus[2] == 2 && map->cpus[3] == 5,
	   "0-2,5 -> 0 1 2 5");
	perf_cpu_map__delete(map);
	is_int(perf_cpu_map__parse(&map, "3,1,1"), 0, "unsorted with a duplicate");
	ok(map && map->nr == 2 && map->cpus[0] == 1 && map->cpus[1] == 3, "sorted, unique");
	perf_cpu_map__delete(map);
	is_int(perf_cpu_map__parse(&map, "x"), -EINVAL, "garbage refused");
	is_int(perf_cpu_map__parse(&map, "2-1"), -EINVAL, "reversed range refused");
	is_int(perf_cpu_map__parse(&map, "1-"), -EINVAL, "open range refused");
	is_int(perf_cpu_map__parse(&map, "99999"), -EINVAL, "absurd CPU refused");
	is_int(perf_cpu_map__parse(&map, NULL), 0, "NULL: the online CPUs");
	ok(map && map->nr >= 1 && map->cpus[0] >= 0, "at least one online CPU");
	ok(perf_cpu_map__all_online(map, NULL), "online CPUs are online");
	perf_cpu_map__delete(map);
	is_int(perf_cpu_map__parse(&map, "4000"), 0, "a CPU that is not there parses");
	ok(!perf_cpu_map__all_online(map, NULL), "but is not online");
	perf_cpu_map__delete(map);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_str(ranges(cases[i][0]), cases[i][1], "cpu_ranges__parse(\"%s\")", cases[i][0]);
	map = perf_cpu_map__any();
	ok(map && map->nr == 1 && map->cpus[0] == -1, "the any-CPU map");
	perf_cpu_map__delete(map);
	return done_testing();
}
