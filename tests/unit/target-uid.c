// SPDX-License-Identifier: GPL-2.0
/* util/target-uid.c: -u's user and the threads of its processes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "util/target-uid.h"
#include "util/thread-map.h"

/* dir/name, made */
static void mk(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	mkdir(path, 0755);
}

static bool has(const struct perf_thread_map *map, pid_t pid)
{
	int i;

	for (i = 0; map && i < map->nr; i++)
		if (map->pids[i] == pid)
			return true;
	return false;
}

int main(void)
{
	char dir[] = "/tmp/target-uid.XXXXXX", cmd[600];
	struct perf_thread_map *map = NULL;
	uid_t uid = 12345;

	plan(14);
	is_int(target_uid__parse("root", &uid), 0, "a user name");
	is_int(uid, 0, "root is uid 0");
	uid = 12345;
	is_int(target_uid__parse("0", &uid), 0, "a user's number");
	is_int(uid, 0, "uid 0");
	is_int(target_uid__parse("no-such-user-here", &uid), -ENOENT,
	       "no such name: Invalid User");
	is_int(target_uid__parse("2147483000", &uid), -ESRCH,
	       "a number no user has: no information");
	is_int(target_uid__parse("", &uid), -ENOENT, "an empty name");

	/* a /proc of two processes (one of two threads) and a non-process */
	if (!mkdtemp(dir))
		return 1;
	mk(dir, "10");
	mk(dir, "10/task");
	mk(dir, "10/task/10");
	mk(dir, "10/task/11");
	mk(dir, "20");
	mk(dir, "20/task");
	mk(dir, "20/task/20");
	mk(dir, "self");
	mk(dir, "self/task");
	mk(dir, "self/task/30");
	is_int(target_uid__threads(dir, getuid(), &map), 0, "the owner's processes");
	is_int(map ? map->nr : 0, 3, "every thread of each");
	ok(has(map, 10) && has(map, 11) && has(map, 20), "10, 11 and 20");
	ok(!has(map, 30), "not what is no process");
	thread_map__delete(map);
	is_int(target_uid__threads(dir, getuid() + 1, &map), -ESRCH,
	       "another user owns none");
	ok(!map, "and no map");
	is_int(target_uid__threads("/no/such/proc", getuid(), &map), -ENOENT, "no proc");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return 1;
	return done_testing();
}
