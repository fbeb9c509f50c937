// SPDX-License-Identifier: GPL-2.0
/* Thread lists from /proc for -p and -t. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "thread-map.h"

static int thread_map__append(struct perf_thread_map **map, pid_t pid)
{
	struct perf_thread_map *m = *map;
	int nr = m ? m->nr : 0, i;

	for (i = 0; i < nr; i++)
		if (m->pids[i] == pid)
			return 0;
	m = realloc(m, sizeof(*m) + (nr + 1) * sizeof(pid_t));
	if (!m)
		return -ENOMEM;
	m->nr = nr + 1;
	m->pids[nr] = pid;
	*map = m;
	return 0;
}

/* Calls fn for each number of a comma list; -EINVAL on anything else. */
static int for_each_pid(const char *list, int (*fn)(struct perf_thread_map **, pid_t),
			struct perf_thread_map **map)
{
	const char *p = list;
	int err;

	if (!list || !*list)
		return -EINVAL;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v <= 0 || v > 0x3fffffff)
			return -EINVAL;
		err = fn(map, (pid_t)v);
		if (err)
			return err;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return -EINVAL;
	}
	return 0;
}

int thread_map__add_process(struct perf_thread_map **map, const char *proc, pid_t pid)
{
	char path[512];
	struct dirent *de;
	DIR *dir;
	int err = 0;

	snprintf(path, sizeof(path), "%s/%d/task", proc, pid);
	dir = opendir(path);
	if (!dir)
		return errno == ENOENT ? -ESRCH : -errno;
	while (!err && (de = readdir(dir))) {
		char *end;
		long tid = strtol(de->d_name, &end, 10);

		if (de->d_name[0] == '.' || *end)
			continue;
		err = thread_map__append(map, (pid_t)tid);
	}
	closedir(dir);
	return err;
}

static int add_process(struct perf_thread_map **map, pid_t pid)
{
	return thread_map__add_process(map, "/proc", pid);
}

static int add_thread(struct perf_thread_map **map, pid_t tid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	if (access(path, F_OK))
		return -ESRCH;
	return thread_map__append(map, tid);
}

static int thread_map__new_list(struct perf_thread_map **out, const char *list,
				int (*fn)(struct perf_thread_map **, pid_t))
{
	struct perf_thread_map *map = NULL;
	int err = for_each_pid(list, fn, &map);

	if (!err && !map)
		err = -EINVAL;
	if (err) {
		free(map);
		map = NULL;
	}
	*out = map;
	return err;
}

int thread_map__new_by_pids(struct perf_thread_map **out, const char *list)
{
	return thread_map__new_list(out, list, add_process);
}

int thread_map__new_by_tids(struct perf_thread_map **out, const char *list)
{
	return thread_map__new_list(out, list, add_thread);
}

struct perf_thread_map *thread_map__new_one(pid_t pid)
{
	struct perf_thread_map *map = malloc(sizeof(*map) + sizeof(pid_t));

	if (!map)
		return NULL;
	map->nr = 1;
	map->pids[0] = pid;
	return map;
}

void thread_map__delete(struct perf_thread_map *map)
{
	free(map);
}
