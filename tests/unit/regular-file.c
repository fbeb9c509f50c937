// SPDX-License-Identifier: GPL-2.0
/*
 * util/regular-file.c: regular files open, the rest fail at once: a FIFO
 * nobody writes (a plain open would wait for ever), a device whose reads
 * never end, a directory, a missing file; and the readers of names from
 * perf.data files that use it (ELF symbols, JIT maps).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tap.h"
#include "util/perf-map.h"
#include "util/regular-file.h"
#include "util/symbol-elf.h"

int main(void)
{
	char dir[] = "/tmp/perf-regular-file.XXXXXX", fifo[64], file[64];
	struct symbols syms;
	bool symtab;
	FILE *fp;
	int fd;

	if (!mkdtemp(dir))
		skip_all("cannot create a temporary directory");
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	snprintf(file, sizeof(file), "%s/file", dir);
	fp = fopen(file, "w");
	if (!fp || mkfifo(fifo, 0600))
		skip_all("cannot make the files");
	fputs("1000 10 jitted\n", fp);
	fclose(fp);
	/* a test that blocks fails by the alarm, not by the suite's timeout */
	alarm(20);

	fd = regular_file__open(file);
	ok(fd >= 0, "a regular file opens");
	if (fd >= 0)
		close(fd);
	is_int(regular_file__open(fifo), -EINVAL, "a FIFO without a writer: -EINVAL at once");
	is_int(regular_file__open("/dev/urandom"), -EINVAL, "a device: -EINVAL");
	is_int(regular_file__open(dir), -EINVAL, "a directory: -EINVAL");
	is_int(regular_file__open("/nonexistent/file"), -ENOENT, "a missing file: -ENOENT");

	symbols__init(&syms);
	ok(symbol_elf__load("/dev/urandom", NULL, &syms, &symtab) < 0,
	   "ELF symbols of /dev/urandom: an error, not an endless read");
	ok(symbol_elf__load(fifo, NULL, &syms, &symtab) < 0, "ELF symbols of a FIFO: an error");
	is_int(perf_map__load(fifo, &syms), -EINVAL, "a JIT map that is a FIFO: -EINVAL");
	is_int(perf_map__load(file, &syms), 0, "a JIT map that is a file reads");
	is_int(syms.nr, 1, "its symbol");
	symbols__exit(&syms);

	unlink(fifo);
	unlink(file);
	rmdir(dir);
	return done_testing();
}
