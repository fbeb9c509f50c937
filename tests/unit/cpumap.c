// SPDX-License-Identifier: GPL-2.0
/* util/cpumap.c: CPU list parsing, the online map, the any-CPU map. */
#include <errno.h>

#include "tap.h"
#include "util/cpumap.h"

int main(void)
{
	struct perf_cpu_map *map;

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
	map = perf_cpu_map__any();
	ok(map && map->nr == 1 && map->cpus[0] == -1, "the any-CPU map");
	perf_cpu_map__delete(map);
	return done_testing();
}
