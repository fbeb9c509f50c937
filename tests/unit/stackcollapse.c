// SPDX-License-Identifier: GPL-2.0
/*
 * util/stackcollapse.c: folded lines in the byte order of their text
 * (a name that is a prefix of a sibling's, '.' sorting before ';'), the
 * kernel tag's "_[k]", the empty stack, self counts only.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/fmt-buf.h"
#include "util/stackcollapse.h"

static u32 frame(struct calltree *t, const char *name, u32 tag, u8 kind)
{
	struct calltree_frame f = { .pid = -1, .tid = -1, .cpu = -1, .tag = tag, .kind = kind };

	f.name = calltree__intern_str(t, name);
	return calltree__frame(t, &f);
}

static void add(struct calltree *t, const char *stack, u32 count)
{
	char buf[256], *p, *save = NULL;
	u32 path[16], nr = 0, i;

	snprintf(buf, sizeof(buf), "%s", stack);
	for (p = strtok_r(buf, ";", &save); p; p = strtok_r(NULL, ";", &save)) {
		size_t n = strlen(p);
		bool k = n > 4 && !strcmp(p + n - 4, "_[k]");

		if (k)
			p[n - 4] = '\0';
		path[nr] = frame(t, p, nr ? k : 0x200, nr ? CALLTREE_KERNEL : CALLTREE_GROUP);
		nr++;
	}
	for (i = 0; i < count; i++)
		calltree__add(t, path, nr, 100, NULL);
}

static char *fold(struct calltree *t)
{
	char path[] = "/tmp/stackcollapse-test.XXXXXX";
	int fd = mkstemp(path);
	struct fmt_buf b;
	static char out[4096];
	ssize_t n;

	unlink(path);
	fmt_buf__init(&b, fd, 0);
	stackcollapse__write(t, &b);
	fmt_buf__exit(&b);
	n = pread(fd, out, sizeof(out) - 1, 0);
	out[n > 0 ? n : 0] = '\0';
	close(fd);
	return out;
}

int main(void)
{
	struct calltree *t = calltree__new();
	const char *want =
		"bash;a 2\n"
		"bash;a.isra 1\n"
		"bash;a;b 3\n"
		"bash;ab 1\n"
		"bash;b_[k] 4\n"
		"bash;b_[k];c 1\n"
		"perf 1\n"
		"perf-exec 1\n";

	add(t, "perf-exec", 1);
	add(t, "bash;a;b", 3);
	add(t, "bash;ab", 1);
	add(t, "bash;b_[k];c", 1);
	add(t, "bash;a", 2);
	add(t, "perf", 1);
	add(t, "bash;a.isra", 1);
	add(t, "bash;b_[k]", 4);
	is_str(fold(t), want, "lines in byte order of their text, self counts, _[k]");
	calltree__delete(t);

	t = calltree__new();
	calltree__add(t, NULL, 0, 1, NULL);
	calltree__add(t, NULL, 0, 1, NULL);
	is_str(fold(t), " 2\n", "the empty stack: no frames, as upstream's --no-comm");
	calltree__delete(t);
	done_testing();
}
