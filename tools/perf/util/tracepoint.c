// SPDX-License-Identifier: GPL-2.0
/* Tracepoints of tracefs: their ids, and the ones a glob names. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "tracepoint.h"

bool tracepoint__is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* A system or event name that is one plain directory entry. */
static bool name__ok(const char *s)
{
	return s[0] && s[0] != '.' && !strchr(s, '/') && strlen(s) < 256;
}

int tracepoint__has_system(const char *dir, const char *sys)
{
	char path[4096];

	if (!name__ok(sys))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s", dir, sys);
	if (access(path, F_OK))
		return errno == EACCES ? -EACCES : -ENOENT;
	return 0;
}

int tracepoint__id(const char *dir, const char *sys, const char *name, u64 *id)
{
	char path[4096], buf[32], *end;
	ssize_t n;
	int fd;

	if (!name__ok(sys) || !name__ok(name))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", dir, sys, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == EACCES || errno == EPERM ? -EACCES : -ENOENT;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -ENOENT;
	buf[n] = '\0';
	*id = strtoull(buf, &end, 10);
	return end == buf ? -ENOENT : 0;
}

/* The names of the directories in path matching glob, in readdir order or sorted. */
struct names {
	char	**v;
	int	nr;
};

static void names__free(struct names *n)
{
	while (n->nr > 0)
		free(n->v[--n->nr]);
	free(n->v);
	n->v = NULL;
}

static int names__cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int names__read(struct names *n, const char *path, const char *glob, bool sorted)
{
	struct dirent *de;
	u32 cap = 0;
	int err = 0;
	DIR *d = opendir(path);

	n->v = NULL;
	n->nr = 0;
	if (!d)
		return errno == EACCES || errno == EPERM ? -EACCES : -ENOENT;
	while ((de = readdir(d))) {
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (!name__ok(de->d_name) || (glob && fnmatch(glob, de->d_name, 0)))
			continue;
		if (array__grow((void **)&n->v, &cap, (size_t)n->nr + 1, sizeof(*n->v), 64)) {
			err = -ENOMEM;
			break;
		}
		n->v[n->nr] = strdup(de->d_name);
		if (!n->v[n->nr]) {
			err = -ENOMEM;
			break;
		}
		n->nr++;
	}
	closedir(d);
	if (err)
		names__free(n);
	else if (sorted && n->nr)
		qsort(n->v, n->nr, sizeof(*n->v), names__cmp);
	return err;
}

int tracepoint__for_each(const char *dir, const char *sys_glob, const char *name_glob,
			 bool sorted, int (*fn)(const char *sys, const char *name, void *priv),
			 void *priv)
{
	struct names systems, events;
	char path[4096];
	int err, i, j;

	snprintf(path, sizeof(path), "%s/events", dir);
	err = names__read(&systems, path, sys_glob, sorted);
	for (i = 0; !err && i < systems.nr; i++) {
		snprintf(path, sizeof(path), "%s/events/%s", dir, systems.v[i]);
		if (names__read(&events, path, name_glob, sorted))
			continue;
		for (j = 0; !err && j < events.nr; j++) {
			char id[4400];

			snprintf(id, sizeof(id), "%s/%s/id", path, events.v[j]);
			if (access(id, F_OK))
				continue;
			err = fn(systems.v[i], events.v[j], priv);
		}
		names__free(&events);
	}
	names__free(&systems);
	return err;
}
