// SPDX-License-Identifier: GPL-2.0
/* util/perf-map.c: JIT map lines as upstream reads them, a file of them. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tap.h"
#include "util/perf-map.h"

int main(void)
{
	char path[] = "/tmp/perf-map-test.XXXXXX";
	const char *name;
	struct symbols s;
	struct symbol *f;
	u64 start, size;
	FILE *fp;
	int fd;

	is_int(perf_map__parse_line("7f0012340000 40 jit_fn", &start, &size, &name), 0, "a line");
	ok(start == 0x7f0012340000ULL && size == 0x40, "start and size in hex");
	is_str(name, "jit_fn", "the name");
	is_int(perf_map__parse_line("0x1000 0x10 LazyCompile:*foo bar.js:1", &start, &size,
				    &name), 0, "0x prefixes, a name with spaces");
	is_str(name, "LazyCompile:*foo bar.js:1", "the rest of the line is the name");
	ok(perf_map__parse_line("1000 10 ab", &start, &size, &name),
	   "a name of two characters is skipped, as upstream");
	ok(perf_map__parse_line("1000", &start, &size, &name), "no size: skipped");
	ok(perf_map__parse_line("zz 10 name", &start, &size, &name), "no start: skipped");

	fd = mkstemp(path);
	fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!fp)
		skip_all("no temporary file");
	fprintf(fp, "1000 20 first\n\ngarbage\n2000 0 zero_size\n3000 100 last");
	fclose(fp);
	symbols__init(&s);
	is_int(perf_map__load(path, &s), 0, "load");
	symbols__fixup(&s);
	is_int(s.nr, 3, "three functions");
	f = symbols__find(&s, 0x101f);
	is_str(f ? f->name : NULL, "first", "inside a function");
	ok(!symbols__find(&s, 0x1020), "past its size: nothing (sizes are kept)");
	f = symbols__find(&s, 0x2000);
	is_str(f ? f->name : NULL, "zero_size", "size 0: its first byte");
	ok(!symbols__find(&s, 0x2001), "and no more");
	f = symbols__find(&s, 0x30ff);
	is_str(f ? f->name : NULL, "last", "a last line without a newline");
	symbols__exit(&s);
	unlink(path);
	is_int(perf_map__load(path, &s), -2, "missing file: -ENOENT");
	return done_testing();
}
