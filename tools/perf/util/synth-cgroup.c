// SPDX-License-Identifier: GPL-2.0
/* record --all-cgroups: the cgroups that exist at start (see synth-cgroup.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "synth-cgroup.h"
#include "synthesize.h"

int synth_cgroup__mount(const char *mounts, char *buf, size_t size)
{
	char line[4096], dev[256], dir[2048], type[64], opts[1024];
	FILE *fp = fopen(mounts, "r");
	bool v2 = false;

	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		char *o, *save = NULL;

		if (sscanf(line, "%255s %2047s %63s %1023s", dev, dir, type, opts) != 4)
			continue;
		if (!strcmp(type, "cgroup2") && !v2) {
			snprintf(buf, size, "%s", dir);
			v2 = true;
			continue;
		}
		if (strcmp(type, "cgroup"))
			continue;
		for (o = strtok_r(opts, ",", &save); o; o = strtok_r(NULL, ",", &save)) {
			if (!strcmp(o, "perf_event")) {
				snprintf(buf, size, "%s", dir);
				fclose(fp);
				return 0;
			}
		}
	}
	fclose(fp);
	return v2 ? 0 : -ENOENT;
}

/* The cgroup id of a directory: its file handle, 8 bytes on kernfs. */
static int cgroup__id(const char *path, u64 *id)
{
	struct {
		struct file_handle	fh;
		u64			id;
	} h;
	int mount_id;

	h.fh.handle_bytes = sizeof(h.id);
	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0) < 0)
		return -errno;
	memcpy(id, h.fh.f_handle, sizeof(*id));
	return 0;
}

static int synth_cgroup__emit(struct perf_synth *s, u64 id, const char *path)
{
	union {
		union perf_event	ev;
		u64			words[(PATH_MAX + 256) / 8];
	} b;
	size_t len = strnlen(path, PATH_MAX - 1), padded = PERF_ALIGN(len + 1, (size_t)8);

	memset(&b.ev.cgroup, 0, sizeof(b.ev.cgroup));
	b.ev.header.type = PERF_RECORD_CGROUP;
	b.ev.cgroup.id = id;
	memcpy(b.ev.cgroup.path, path, len);
	memset(b.ev.cgroup.path + len, 0, padded - len);
	b.ev.header.size = (u16)(sizeof(b.ev.cgroup) + padded);
	return perf_synth__emit(s, &b.ev);
}

/* dir (mnt + rel) and what is under it; rel is "" for the root */
static int synth_cgroup__dir(struct perf_synth *s, const char *mnt, const char *rel)
{
	char path[PATH_MAX], sub[PATH_MAX];
	struct dirent *de;
	DIR *dir;
	u64 id = 0;
	int err = 0;

	if (snprintf(path, sizeof(path), "%s%s", mnt, rel) >= (int)sizeof(path))
		return 0;
	if (!cgroup__id(path, &id))
		err = synth_cgroup__emit(s, id, *rel ? rel : "/");
	dir = opendir(path);
	if (!dir)
		return err;
	while (!err && (de = readdir(dir))) {
		if (de->d_type != DT_DIR || !strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", rel, de->d_name) >= (int)sizeof(sub))
			continue;
		err = synth_cgroup__dir(s, mnt, sub);
	}
	closedir(dir);
	return err;
}

int synth_cgroup__walk(struct perf_synth *s, const char *mnt)
{
	return synth_cgroup__dir(s, mnt, "");
}
