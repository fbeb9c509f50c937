// SPDX-License-Identifier: GPL-2.0
/* -u/--uid: a user's uid and processes (see target-uid.h). */
#include <dirent.h>
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "target-uid.h"
#include "thread-map.h"

int target_uid__parse(const char *user, uid_t *uid)
{
	struct passwd pw, *res = NULL;
	char buf[4096], *end;
	long v;

	if (!user || !*user)
		return -ENOENT;
	if (!getpwnam_r(user, &pw, buf, sizeof(buf), &res) && res) {
		*uid = res->pw_uid;
		return 0;
	}
	v = strtol(user, &end, 10);
	if (*end || v < 0)
		return -ENOENT;
	res = NULL;
	if (getpwuid_r((uid_t)v, &pw, buf, sizeof(buf), &res) || !res)
		return -ESRCH;
	*uid = res->pw_uid;
	return 0;
}

int target_uid__threads(const char *proc, uid_t uid, struct perf_thread_map **out)
{
	struct perf_thread_map *map = NULL;
	struct dirent *de;
	DIR *dir = opendir(proc);
	int err = 0;

	*out = NULL;
	if (!dir)
		return -errno;
	while (!err && (de = readdir(dir))) {
		char path[512], *end;
		struct stat st;

		strtol(de->d_name, &end, 10);
		if (de->d_name[0] < '1' || de->d_name[0] > '9' || *end)
			continue;
		snprintf(path, sizeof(path), "%s/%s", proc, de->d_name);
		/* gone meanwhile: not one of them any more */
		if (stat(path, &st) || st.st_uid != uid)
			continue;
		err = thread_map__add_process(&map, proc, atoi(de->d_name));
		if (err == -ESRCH)
			err = 0;
	}
	closedir(dir);
	if (!err && !map)
		err = -ESRCH;
	if (err) {
		thread_map__delete(map);
		return err;
	}
	*out = map;
	return 0;
}
