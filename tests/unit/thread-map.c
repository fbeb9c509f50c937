// SPDX-License-Identifier: GPL-2.0
/* util/thread-map.c: -p and -t lists from /proc. */
#include <errno.h>
#include <pthread.h>
#include <unistd.h>

#include "tap.h"
#include "util/thread-map.h"

static void *sleeper(void *arg)
{
	pause();
	return arg;
}

int main(void)
{
	struct perf_thread_map *map;
	pthread_t th;
	char list[64];

	pthread_create(&th, NULL, sleeper, NULL);
	snprintf(list, sizeof(list), "%d", getpid());
	is_int(thread_map__new_by_pids(&map, list), 0, "-p of this process");
	ok(map && map->nr >= 2, "both threads of this process");
	thread_map__delete(map);
	is_int(thread_map__new_by_tids(&map, list), 0, "-t of this thread");
	ok(map && map->nr == 1 && map->pids[0] == getpid(), "just the one thread");
	thread_map__delete(map);
	snprintf(list, sizeof(list), "%d,%d", getpid(), getpid());
	is_int(thread_map__new_by_tids(&map, list), 0, "a repeated tid");
	ok(map && map->nr == 1, "is kept once");
	thread_map__delete(map);
	is_int(thread_map__new_by_pids(&map, "1073741823"), -ESRCH, "no such process");
	is_int(thread_map__new_by_pids(&map, "1,x"), -EINVAL, "garbage refused");
	is_int(thread_map__new_by_tids(&map, ""), -EINVAL, "empty list refused");
	map = thread_map__new_one(-1);
	ok(map && map->nr == 1 && map->pids[0] == -1, "the single -1 entry");
	thread_map__delete(map);
	return done_testing();
}
