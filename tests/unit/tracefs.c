// SPDX-License-Identifier: GPL-2.0
/* util/tracefs.c: where tracefs is mounted, and its errors. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/tracefs.h"

static const char *mounts(const char *text)
{
	static char path[64];
	FILE *fp;
	int fd;

	snprintf(path, sizeof(path), "/tmp/tracefs-test.XXXXXX");
	fd = mkstemp(path);
	fp = fd < 0 ? NULL : fdopen(fd, "w");
	if (!fp)
		return "/nonexistent";
	fputs(text, fp);
	fclose(fp);
	return path;
}

int main(void)
{
	char dir[4096], small[8];
	const char *m;

	m = mounts("proc /proc proc rw 0 0\n"
		   "none /mnt/other\\040place tracefs rw 0 0\n"
		   "nodev /sys/kernel/tracing tracefs rw,relatime 0 0\n");
	is_int(tracefs__find(m, dir, sizeof(dir)), 0, "tracefs mounted");
	is_str(dir, "/sys/kernel/tracing", "the default mount point is preferred");
	unlink(m);
	m = mounts("none /mnt/other\\040place tracefs rw 0 0\n");
	is_int(tracefs__find(m, dir, sizeof(dir)), 0, "tracefs elsewhere");
	is_str(dir, "/mnt/other place", "its mount point, \\040 unescaped");
	is_int(tracefs__find(m, small, sizeof(small)), -ENAMETOOLONG, "a buffer too small");
	unlink(m);
	m = mounts("proc /proc proc rw 0 0\nsysfs /sys sysfs rw 0 0\n");
	is_int(tracefs__find(m, dir, sizeof(dir)), -ENOENT, "not mounted: -ENOENT");
	unlink(m);
	m = mounts("debugfs /nonexistent/debug debugfs rw 0 0\n");
	is_int(tracefs__find(m, dir, sizeof(dir)), -ENOENT,
	       "a debugfs without tracing/ is no tracefs");
	unlink(m);
	m = mounts("garbage\n\n  \nx y\n");
	is_int(tracefs__find(m, dir, sizeof(dir)), -ENOENT, "short lines are skipped");
	unlink(m);

	ok(tracefs__mount("/nonexistent/tracing") < 0, "mounting on nothing fails");
	ok(strstr(tracefs__strerror(-EPERM), "not permitted") != NULL, "EPERM: not permitted");
	ok(strstr(tracefs__strerror(-ENODEV), "no tracefs") != NULL, "ENODEV: no tracefs");
	ok(strchr(tracefs__strerror(-EBUSY), '\n') == NULL, "one line for any error");
	if (!tracefs__dir(dir, sizeof(dir))) {
		char ev[4200];

		snprintf(ev, sizeof(ev), "%s/events", dir);
		ok(!access(ev, F_OK) || errno == EACCES, "the live tracefs has events/ (%s)", dir);
	}
	return done_testing();
}
