// SPDX-License-Identifier: GPL-2.0
/*
 * util/srcline.c: this test binary's own DWARF (built with -g): the file,
 * line and function of a function's code, its source text, the reader
 * cache, and objects without DWARF.
 */
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/dso.h"
#include "util/machine.h"
#include "util/srcline.h"
#include "util/symbol.h"

static int marker_first_line = __LINE__ + 2;
static __attribute__((noinline)) int srcline_marker(int x)
{
	return x * 3 + 1;
}
static int marker_last_line = __LINE__ - 1;

static int main_bias(struct dl_phdr_info *info, size_t size, void *arg)
{
	*(uintptr_t *)arg = info->dlpi_addr;
	return 1;	/* the first is the program */
}

int main(void)
{
	struct srcline *s = NULL;
	struct srclines *cache;
	struct srcline_info in;
	uintptr_t bias = 0;
	const char *text;
	char exe[4096], file[4096];
	ssize_t n;
	u32 line;
	int found;
	size_t len;
	u64 addr;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	dl_iterate_phdr(main_bias, &bias);
	addr = (u64)((uintptr_t)srcline_marker - bias);
	if (!ok(!srcline__new(&s, exe, NULL), "this binary's DWARF"))
		return done_testing();
	memset(&in, 0, sizeof(in));
	found = srcline__find(s, addr, &in);
	ok(!found && in.file && in.file[0] == '/' && strstr(in.file, "tests/unit/srcline.c") &&
	   (int)in.line >= marker_first_line && (int)in.line <= marker_last_line,
	   "the file (absolute) and line of a function: %s:%u", in.file ? in.file : "?",
	   in.line);
	ok(in.func && !strcmp(in.func, "srcline_marker") && !in.func_demangled,
	   "its name from DWARF");
	text = in.file ? srcline__source(s, in.file, in.line, &len) : NULL;
	ok(text && (memmem(text, len, "srcline_marker", 14) || memmem(text, len, "return", 6) ||
		   (len == 1 && text[0] == '{')),
	   "the source text of that line");
	ok(!srcline__source(s, in.file ? in.file : "/", 1000000, &len), "no line past the end");
	snprintf(file, sizeof(file), "%s", in.file ? in.file : "/");
	line = in.line;
	ok(srcline__find(s, 0x10, &in) == -ENOENT, "no line for an address without code");
	srcline__delete(s);

	cache = srclines__new();
	ok(cache && srclines__get(cache, exe, NULL) &&
	   srclines__get(cache, exe, NULL) == srclines__get(cache, exe, NULL),
	   "the cache opens a file once");
	setenv("PERF_DEBUG_DIR", "/nonexistent", 1);
	ok(srcline__new(&s, "/bin/sh", NULL) == -ENOENT && !srclines__get(cache, "/bin/sh", NULL),
	   "a stripped object without a debug file: none");
	srclines__delete(cache);

	/* --prefix: this file read under "/nonexistent" (none), and under "" after 0 dirs */
	cache = srclines__new();
	srclines__set_prefix(cache, "/nonexistent", 0);
	s = cache ? srclines__get(cache, exe, NULL) : NULL;
	ok(s && !srcline__source(s, file, line, &len),
	   "--prefix: the source read under the prefix only");
	srclines__delete(cache);
	cache = srclines__new();
	srclines__set_prefix(cache, "", 0);
	s = cache ? srclines__get(cache, exe, NULL) : NULL;
	ok(s && srcline__source(s, file, line, &len),
	   "--prefix '' --prefix-strip 0: the file itself");
	srclines__delete(cache);

	/* a location's text (report's srcline key, script's -F srcline) */
	{
		struct addr_location al = { .map = NULL };
		struct srclines *c = NULL;
		char buf[256];
		struct dso *d = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
		struct symbol *sym = symbol__new(0x1000, 0x100, 'T', "a_func");

		srclines__location(&c, &al, false, true, buf, sizeof(buf));
		ok(!strcmp(buf, "??:0"), "no map: ??:0 (%s)", buf);
		al.map = (struct map *)1;	/* only tested for NULL */
		al.dso = d;
		al.addr = 0x1010;
		al.sym = sym;
		srclines__location(&c, &al, false, true, buf, sizeof(buf));
		ok(!strcmp(buf, "a_func+16"), "no DWARF, the key's way: name+offset (%s)", buf);
		srclines__location(&c, &al, false, false, buf, sizeof(buf));
		ok(!strcmp(buf, "[kernel.kallsyms][1010]"), "script's way: dso[addr] (%s)", buf);
		srclines__delete(c);
		free(sym);
		dso__delete(d);
	}
	return done_testing() + srcline_marker(0) * 0;
}
