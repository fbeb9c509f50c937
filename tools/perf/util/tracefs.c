// SPDX-License-Identifier: GPL-2.0
/* Finding tracefs, and mounting it where it is not. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "tracefs.h"

/* The mount table's octal escapes (\040 for a space) undone in place. */
static void mnt__unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = '\0';
}

static int dir__set(char *dir, size_t size, const char *a, const char *b)
{
	int n = snprintf(dir, size, "%s%s", a, b);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int tracefs__find(const char *mounts, char *dir, size_t size)
{
	char line[4096], debugfs[4096] = "", other[4096] = "";
	FILE *fp = fopen(mounts ? mounts : "/proc/self/mounts", "r");

	if (!fp) {
		/* no mount table: the usual places, if they have events */
		if (!access(TRACEFS_DEFAULT "/events", F_OK))
			return dir__set(dir, size, TRACEFS_DEFAULT, "");
		if (!access("/sys/kernel/debug/tracing/events", F_OK))
			return dir__set(dir, size, "/sys/kernel/debug/tracing", "");
		return -ENOENT;
	}
	while (fgets(line, sizeof(line), fp)) {
		char *save = NULL, *mnt, *type;

		if (!strtok_r(line, " \t\n", &save))
			continue;
		mnt = strtok_r(NULL, " \t\n", &save);
		type = strtok_r(NULL, " \t\n", &save);
		if (!mnt || !type)
			continue;
		mnt__unescape(mnt);
		if (!strcmp(type, "tracefs")) {
			if (!strcmp(mnt, TRACEFS_DEFAULT)) {
				fclose(fp);
				return dir__set(dir, size, mnt, "");
			}
			if (!other[0] && strlen(mnt) < sizeof(other))
				strcpy(other, mnt);
		} else if (!strcmp(type, "debugfs") && !debugfs[0] &&
			   strlen(mnt) < sizeof(debugfs)) {
			strcpy(debugfs, mnt);
		}
	}
	fclose(fp);
	if (other[0])
		return dir__set(dir, size, other, "");
	if (debugfs[0]) {
		char events[4200];

		/* debugfs mounts tracefs at tracing/ on first look */
		snprintf(events, sizeof(events), "%s/tracing/events", debugfs);
		if (!access(events, F_OK) || errno == EACCES)
			return dir__set(dir, size, debugfs, "/tracing");
	}
	return -ENOENT;
}

int tracefs__mount(const char *mnt)
{
	if (!mnt)
		mnt = TRACEFS_DEFAULT;
	if (mount("nodev", mnt, "tracefs", 0, NULL)) {
		if (errno == EACCES)
			return -EPERM;
		return -errno;
	}
	return 0;
}

int tracefs__dir(char *dir, size_t size)
{
	int err = tracefs__find(NULL, dir, size);

	if (err != -ENOENT)
		return err;
	err = tracefs__mount(NULL);
	if (err)
		return err;
	return dir__set(dir, size, TRACEFS_DEFAULT, "");
}

const char *tracefs__strerror(int err)
{
	switch (err) {
	case -EPERM:
	case -EACCES:
		return "tracefs is not mounted and mounting it at " TRACEFS_DEFAULT
		       " is not permitted (needs root)";
	case -ENODEV:
		return "no tracefs: this kernel has no tracing support (CONFIG_TRACING)";
	case -ENOENT:
		return "no tracefs: not mounted, and no " TRACEFS_DEFAULT " to mount it on";
	case -ENAMETOOLONG:
		return "tracefs: its mount point's name is too long";
	default:
		return "tracefs is not mounted and cannot be mounted";
	}
}
