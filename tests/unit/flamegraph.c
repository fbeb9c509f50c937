// SPDX-License-Identifier: GPL-2.0
/*
 * util/flamegraph.c: the page carries the script, the style sheet and the
 * tree in preorder; names cannot end the data's <script> early; nothing
 * refers outside the file; differential pages carry base periods.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/flamegraph.h"

static u32 frame(struct calltree *t, const char *name, u8 kind)
{
	struct calltree_frame f = { .pid = -1, .tid = -1, .cpu = -1, .tag = kind, .kind = kind };

	f.name = calltree__intern_str(t, name);
	return calltree__frame(t, &f);
}

static char *page(const struct calltree *t, const struct flamegraph_opts *o, int *err)
{
	char path[] = "/tmp/flamegraph-test.XXXXXX";
	int fd = mkstemp(path);
	off_t size;
	char *buf;

	unlink(path);
	*err = flamegraph__write(t, o, fd);
	size = lseek(fd, 0, SEEK_END);
	buf = calloc(1, size + 1);
	if (pread(fd, buf, size, 0) != size)
		buf[0] = '\0';
	close(fd);
	return buf;
}

int main(void)
{
	struct calltree *t = calltree__new(), *base = calltree__new();
	struct flamegraph_opts o = { .title = "T<1>", .input = "x.data" };
	u32 p[3];
	char *html;
	int err;

	ok(strstr(flamegraph_js, "fg-data") != NULL, "the script is built in");
	ok(strstr(flamegraph_css, ".k-bpf") != NULL, "the style sheet is built in");
	p[0] = frame(t, "bpfload", CALLTREE_GROUP);
	p[1] = frame(t, "</script><b>", CALLTREE_USER);
	p[2] = frame(t, "bpf_prog_1_x", CALLTREE_BPF);
	calltree__add(t, p, 3, 10, NULL);
	calltree__add(t, p, 2, 10, NULL);
	html = page(t, &o, &err);
	is_int(err, 0, "written");
	ok(!strncmp(html, "<!DOCTYPE html>", 15), "an HTML page");
	ok(strstr(html, "<title>T&lt;1&gt;</title>") != NULL, "the title, escaped");
	ok(!strstr(html, "</script><b>"), "a name cannot close the data's script");
	ok(strstr(html, "\\u003c/script>\\u003cb>") != NULL, "its '<' escaped in the JSON");
	ok(!strstr(html, "http:") && !strstr(html, "https:"), "no reference outside the file");
	/* root: "all" after the strings, 1 child, 2 samples, period 20 */
	ok(strstr(html, "\"nodes\":[") != NULL, "the nodes");
	ok(strstr(html, ",0,0,1,2,20,") != NULL, "the root first: 1 child, 2 samples, 20");
	ok(strstr(html, "\"diff\":false") != NULL, "not differential");
	free(html);

	calltree__add(base, NULL, 0, 5, NULL);
	p[0] = frame(base, "bpfload", CALLTREE_GROUP);
	calltree__add(base, p, 1, 5, NULL);
	o.base = base;
	html = page(t, &o, &err);
	is_int(err, 0, "differential page written");
	ok(strstr(html, "\"diff\":true,\"baseTotal\":10") != NULL, "the base's total");
	ok(strstr(html, "<body class=\"diff\">") != NULL, "the differential class");
	/* bpfload: 1 child, 2 samples, period 20, base period 5 */
	ok(strstr(html, ",1,2,20,5,") != NULL, "a frame's base period, matched by name");
	free(html);
	calltree__delete(t);
	calltree__delete(base);
	done_testing();
}
