// SPDX-License-Identifier: GPL-2.0
/*
 * util/calltree-read.c: a pipe-mode stream made in memory (an attr with
 * call chains, a COMM, samples) read into trees: the group level by
 * comm, comm-pid/tid and labels, frames outermost first, names merged
 * for folded stacks, the sample hook, the stats; frame kinds by dso;
 * errors of a missing and a garbage file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "pipe-stream.h"
#include "tap.h"
#include "util/calltree-read.h"
#include "util/dso.h"
#include "util/header.h"
#include "util/machine.h"

static int nr_hook;
static u64 hook_time;

static int hook(void *arg, u32 leaf, u32 group, const char *comm, const struct perf_sample *s)
{
	nr_hook++;
	hook_time = s->time;
	return strcmp(comm, "work") ? -1 : 0;
}

static struct calltree *read_tree(const char *path, const struct calltree_read_opts *o,
				  int *err)
{
	struct calltree *t = calltree__new();
	struct calltree_source *src;
	char msg[256];

	*err = calltree_source__open(&src, path, o, msg, sizeof(msg));
	if (*err)
		return t;
	*err = calltree_source__read(src, t, msg, sizeof(msg));
	if (!*err) {
		const struct calltree_stats *st = calltree_source__stats(src);

		ok(st->nr_samples == 3 && st->total_period == 750 && st->first_time == 100 &&
		   st->last_time == 102 && st->callchains && st->sample_period == 1000,
		   "stats: 3 samples, period 750, times 100..102");
	}
	calltree_source__delete(src);
	return t;
}

int main(void)
{
	char path[] = "/tmp/calltree-read-test.XXXXXX", msg[256];
	struct calltree_read_opts o = { .kallsyms = "/dev/null", .merge_names = true,
					.sample = hook };
	struct calltree_source *src;
	struct calltree *t;
	struct addr_location al = { 0 };
	struct dso *d;
	u32 g, n;
	int fd, err;

	put_stream();
	fd = mkstemp(path);
	ok(fd >= 0 && write(fd, stream, len) == (ssize_t)len, "stream saved");
	close(fd);

	t = read_tree(path, &o, &err);
	is_int(err, 0, "read by comm, names merged");
	is_int(nr_hook, 3, "the hook saw every sample, with its comm");
	is_int(hook_time, 102, "in time order");
	g = calltree__child(t, 0, calltree__node(t, calltree__node(t, 0)->child)->frame);
	is_str(calltree__str(t, calltree__frame_at(t, calltree__node(t, g)->frame)->name), "work",
	       "the group is the comm");
	/* outermost first: 0x2000 then 0x100x, both [unknown]: one path */
	n = calltree__node(t, g)->child;
	ok(n && !calltree__node(t, n)->next, "one frame under the comm");
	n = calltree__node(t, n)->child;
	ok(n && calltree__node(t, n)->self_samples == 3, "[unknown];[unknown]: 3 samples");
	is_str(calltree__str(t, calltree__frame_at(t, calltree__node(t, n)->frame)->name),
	       "[unknown]", "unresolved frames are [unknown]");
	calltree__delete(t);

	o.sample = NULL;
	o.comm_pid = o.comm_tid = true;
	t = read_tree(path, &o, &err);
	g = calltree__node(t, 0)->child;
	is_str(calltree__str(t, calltree__frame_at(t, calltree__node(t, g)->frame)->name),
	       "work-7/8", "--include-pid --include-tid: comm-pid/tid");
	calltree__delete(t);

	o.comm_pid = o.comm_tid = false;
	o.merge_names = false;
	o.group = CALLTREE_GROUP_LABELS;
	t = read_tree(path, &o, &err);
	n = 0;
	calltree__for_each_child(t, 0, g) {
		const struct calltree_frame *f = calltree__frame_at(t, calltree__node(t, g)->frame);

		n += f->pid == 7 && f->tid == 8 && f->cpu >= 0 && f->cpu <= 2;
	}
	is_int(n, 3, "labels: a group per cpu, with pid and tid");
	calltree__delete(t);

	ok(calltree_source__open(&src, "/nonexistent/perf.data", &o, msg, sizeof(msg)) < 0 &&
	   strstr(msg, "try 'perf record' first"), "a missing file: %s", msg);
	fd = open(path, O_WRONLY | O_TRUNC);
	ok(write(fd, "garbage garbage garbage!", 24) == 24, "garbage written");
	close(fd);
	ok(calltree_source__open(&src, path, &o, msg, sizeof(msg)) < 0 && msg[0],
	   "a garbage file: %s", msg);
	unlink(path);

	d = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
	al.dso = d;
	is_int(calltree__location_kind(&al), CALLTREE_KERNEL, "kernel");
	dso__delete(d);
	d = dso__new("bpf_prog_0123456789abcdef_x", DSO_KIND_BPF);
	al.dso = d;
	is_int(calltree__location_kind(&al), CALLTREE_BPF, "a BPF program");
	dso__delete(d);
	d = dso__new("bpf_trampoline_6442", DSO_KIND_BPF);
	al.dso = d;
	is_int(calltree__location_kind(&al), CALLTREE_BPF_TRAMP, "a BPF trampoline");
	dso__delete(d);
	d = dso__new("/tmp/perf-5.map", DSO_KIND_JIT);
	al.dso = d;
	is_int(calltree__location_kind(&al), CALLTREE_JIT, "JIT code");
	dso__delete(d);
	al.dso = NULL;
	is_int(calltree__location_kind(&al), CALLTREE_UNKNOWN, "no dso: unknown");
	done_testing();
}
