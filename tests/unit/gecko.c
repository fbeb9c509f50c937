// SPDX-License-Identifier: GPL-2.0
/*
 * util/gecko.c: samples of two threads through the hook; the profile
 * has both threads, each its own stack table (preorder, the root's
 * prefix null), frame strings "name (in dso)", categories by kind
 * (BPF its own), samples in order with times in ms.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/dso.h"
#include "util/event.h"
#include "util/gecko.h"

static u32 frame(struct calltree *t, const char *name, u8 kind, const struct dso *dso)
{
	struct calltree_frame f = { .pid = -1, .tid = -1, .cpu = -1, .tag = kind, .kind = kind,
				    .dso = dso };

	f.name = calltree__intern_str(t, name);
	return calltree__frame(t, &f);
}

static u32 group(struct calltree *t, s32 tid)
{
	struct calltree_frame f = { .kind = CALLTREE_GROUP, .tag = 0x200, .pid = 1, .tid = tid,
				    .cpu = -1 };

	return calltree__frame(t, &f);
}

int main(void)
{
	struct gecko_opts o = { .user_color = "yellow", .kernel_color = "orange",
				.bpf_color = "green" };
	struct calltree *t = calltree__new();
	struct dso *k = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
	struct dso *b = dso__new("bpf_prog_0123456789abcdef_p", DSO_KIND_BPF);
	struct perf_sample s = { .time = 2000000 };
	char path[] = "/tmp/gecko-test.XXXXXX";
	struct gecko *g;
	u32 p[3], leaf;
	char *json;
	off_t size;
	int fd;

	is_int(gecko__new(&g, t, &o), 0, "new");
	p[0] = group(t, 5);
	p[1] = frame(t, "sys", CALLTREE_KERNEL, k);
	p[2] = frame(t, "bpf_prog_0123456789abcdef_p", CALLTREE_BPF, b);
	calltree__add(t, p, 3, 1, &leaf);
	is_int(gecko__sample(g, leaf, p[0], "first", &s), 0, "a sample of tid 5");
	s.time = 3500000;
	calltree__add(t, p, 2, 1, &leaf);
	gecko__sample(g, leaf, p[0], "renamed", &s);
	p[0] = group(t, 6);
	calltree__add(t, p, 2, 1, &leaf);
	gecko__sample(g, leaf, p[0], "other", &s);

	fd = mkstemp(path);
	unlink(path);
	is_int(gecko__write(g, NULL, NULL, fd), 0, "written");
	size = lseek(fd, 0, SEEK_END);
	json = calloc(1, size + 1);
	ok(pread(fd, json, size, 0) == size, "read back");
	close(fd);
	ok(strstr(json, "\"startTime\":2.000,") != NULL, "startTime: the first sample, in ms");
	ok(strstr(json, "{\"name\":\"BPF\",\"color\":\"green\",\"subcategories\":[\"Other\"]}"),
	   "a BPF category");
	ok(strstr(json, "{\"tid\":5,\"pid\":1,\"name\":\"renamed\"") != NULL,
	   "thread 5 named after its last comm");
	ok(strstr(json, "{\"tid\":6,\"pid\":1,\"name\":\"other\"") != NULL, "thread 6");
	ok(strstr(json, "\"data\":[[1,2.000,0],[0,3.500,0]]") != NULL,
	   "thread 5's samples: leaf stacks, times in ms");
	ok(strstr(json, "\"data\":[[null,0],[0,1]]") != NULL, "its stack table in preorder");
	ok(strstr(json, "[0,false,0,null,null,null,null,1,null],[1,false,0,null,null,null,null,2,"
		  "null]") != NULL, "frames: kernel category 1, BPF category 2");
	ok(strstr(json, "[\"sys (in [kernel.kallsyms])\",\"bpf_prog_0123456789abcdef_p (in "
		  "bpf_prog_0123456789abcdef_p)\"]") != NULL, "strings: name (in dso)");
	free(json);
	gecko__delete(g);
	calltree__delete(t);
	dso__delete(k);
	dso__delete(b);
	done_testing();
}
