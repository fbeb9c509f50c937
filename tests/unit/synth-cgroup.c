// SPDX-License-Identifier: GPL-2.0
/* util/synth-cgroup.c: the cgroup mount, and CGROUP records of a tree. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"
#include "util/event.h"
#include "util/synth-cgroup.h"
#include "util/synthesize.h"

struct out {
	int	nr;
	char	paths[8][64];
	u64	ids[8];
	u16	sizes[8];
};

static int emit(void *priv, const union perf_event *ev)
{
	struct out *o = priv;

	if (ev->header.type != PERF_RECORD_CGROUP || o->nr == 8)
		return 0;
	snprintf(o->paths[o->nr], sizeof(o->paths[0]), "%s", ev->cgroup.path);
	o->ids[o->nr] = ev->cgroup.id;
	o->sizes[o->nr++] = ev->header.size;
	return 0;
}

static void write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

int main(void)
{
	char dir[] = "/tmp/synth-cgroup.XXXXXX", path[256], mnt[256], cmd[300];
	struct out o = { 0 };
	struct perf_synth s = { .emit = emit, .priv = &o, .id_hdr_size = 8,
				.sample_type = PERF_SAMPLE_TID };
	int i;

	plan(10);
	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/mounts", dir);
	write_file(path, "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0\n"
			 "cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0\n");
	is_int(synth_cgroup__mount(path, mnt, sizeof(mnt)), 0, "cgroup2 mount");
	is_str(mnt, "/sys/fs/cgroup/unified", "its directory");
	write_file(path, "cgroup2 /sys/fs/cgroup/unified cgroup2 rw 0 0\n"
			 "cgroup /sys/fs/cgroup/perf_event cgroup rw,nosuid,perf_event 0 0\n");
	synth_cgroup__mount(path, mnt, sizeof(mnt));
	is_str(mnt, "/sys/fs/cgroup/perf_event", "a v1 perf_event hierarchy first");
	write_file(path, "proc /proc proc rw 0 0\n");
	is_int(synth_cgroup__mount(path, mnt, sizeof(mnt)), -ENOENT, "no cgroup mount");

	/* a tree: the root, a, a/b */
	snprintf(path, sizeof(path), "%s/tree", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/tree/a", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/tree/a/b", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/tree", dir);
	is_int(synth_cgroup__walk(&s, path), 0, "a tree walked");
	is_int(o.nr, 3, "a record per directory");
	is_str(o.paths[0], "/", "the root first, as /");
	ok(o.nr == 3 && !strcmp(o.paths[1], "/a") && !strcmp(o.paths[2], "/a/b"),
	   "then the parents before their children");
	for (i = 1; i < o.nr; i++)
		if (o.ids[i] == o.ids[0])
			break;
	ok(o.nr == 3 && i == o.nr && o.ids[0], "each its own id");
	is_int(o.sizes[0], 8 + 8 + 8 + 8, "header, id, the path padded to 8, the trailer");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return 1;
	return done_testing();
}
