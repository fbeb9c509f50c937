// SPDX-License-Identifier: GPL-2.0
/* util/data.c: bounded slices, pipe reads, commit and discard of output. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tap.h"
#include "util/data.h"

static char dir[] = "/tmp/perf-unit-data.XXXXXX";

static char *path_in_dir(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static void test_read(void)
{
	struct perf_data data;
	char path[256];
	const u8 *p;
	int fd;

	snprintf(path, sizeof(path), "%s", path_in_dir("in"));
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	ok(fd >= 0 && write(fd, "0123456789", 10) == 10, "wrote a 10-byte file");
	close(fd);

	is_int(perf_data__open_read(&data, path), 0, "open for reading");
	is_int(data.size, 10, "size");
	p = perf_data__slice(&data, 2, 3);
	ok(p && !memcmp(p, "234", 3), "slice inside");
	ok(perf_data__slice(&data, 8, 2) != NULL, "slice up to the end");
	ok(perf_data__slice(&data, 8, 3) == NULL, "slice past the end refused");
	ok(perf_data__slice(&data, 11, 0) == NULL, "offset past the end refused");
	ok(perf_data__slice(&data, 5, ~0ULL) == NULL, "overflowing length refused");
	ok(!perf_data__foreign(&data), "the caller's own file is not foreign");
	perf_data__close(&data);

	/* root (the suite's user in CI) reads anyone's file only when forced */
	if (geteuid() == 0 && !chown(path, 65534, 65534)) {
		is_int(perf_data__open_read(&data, path), 0, "another user's file opens");
		ok(perf_data__foreign(&data), "and is foreign");
		perf_data__close(&data);
		ok(!chown(path, 0, 0) && !perf_data__open_read(&data, path) &&
		   !perf_data__foreign(&data), "root's own file is not foreign");
		perf_data__close(&data);
	} else {
		ok(1, "# SKIP not root: cannot give a file away");
	}

	is_int(perf_data__open_read(&data, path_in_dir("missing")), -ENOENT, "missing file");
	ok(strstr(data.err, "No such file") != NULL, "error says why: %s", data.err);
	ok(perf_data__open_read(&data, dir) < 0, "a directory is refused: %s", data.err);
}

static void test_pipe(void)
{
	struct perf_data data;
	int fds[2], saved = dup(0);
	char buf[8];

	ok(pipe(fds) == 0, "pipe");
	ok(write(fds[1], "abcdefg", 7) == 7, "fill");
	close(fds[1]);
	dup2(fds[0], 0);
	close(fds[0]);

	is_str(perf_data__input_name(NULL), "-", "stdin pipe is the default input");
	is_int(perf_data__open_read(&data, "-"), 0, "open '-'");
	ok(data.is_pipe, "is a pipe");
	ok(!perf_data__foreign(&data), "a pipe is never foreign");
	is_int(perf_data__read_pipe(&data, buf, 4), 0, "read 4");
	ok(!memcmp(buf, "abcd", 4), "bytes in order");
	is_int(perf_data__read_pipe(&data, buf, 4), -EIO, "short read at EOF is an error");
	is_int(perf_data__read_pipe(&data, buf, 1), 1, "clean EOF");
	perf_data__close(&data);
	dup2(saved, 0);
	close(saved);
}

static void test_write(void)
{
	struct perf_data data;
	char path[256], old[300];
	struct stat st;

	snprintf(path, sizeof(path), "%s", path_in_dir("out.data"));
	snprintf(old, sizeof(old), "%s.old", path);

	is_int(perf_data__open_write(&data, path), 0, "open for writing");
	is_int(perf_data__write(&data, "first", 5), 0, "write");
	ok(access(path, F_OK) != 0, "nothing at the final name before commit");
	is_int(perf_data__commit(&data), 0, "commit");
	perf_data__close(&data);
	ok(stat(path, &st) == 0 && st.st_size == 5, "committed file in place");
	is_int(st.st_mode & 0777, 0600, "mode 0600");

	is_int(perf_data__open_write(&data, path), 0, "second output");
	is_int(perf_data__pwrite(&data, "xy", 2, 3), 0, "pwrite at an offset");
	is_int(perf_data__commit(&data), 0, "commit");
	perf_data__close(&data);
	ok(stat(old, &st) == 0 && st.st_size == 5, "the previous file became .old");
	ok(stat(path, &st) == 0 && st.st_size == 5, "new file has the pwritten size");

	is_int(perf_data__open_write(&data, path_in_dir("never.data")), 0, "third output");
	perf_data__write(&data, "x", 1);
	perf_data__close(&data);
	ok(access(path_in_dir("never.data"), F_OK) != 0, "closed without commit: no file");
}

/* record: the output under its name early; an error puts the old one back. */
static void test_publish(void)
{
	struct perf_data data;
	char path[256], old[300];
	struct stat st;

	snprintf(path, sizeof(path), "%s", path_in_dir("pub.data"));
	snprintf(old, sizeof(old), "%s.old", path);
	is_int(perf_data__open_write(&data, path), 0, "publish: open");
	perf_data__write(&data, "abc", 3);
	is_int(perf_data__commit(&data), 0, "publish: a first file");
	perf_data__close(&data);

	is_int(perf_data__open_write(&data, path), 0, "publish: second output");
	perf_data__write(&data, "12345", 5);
	is_int(perf_data__publish(&data), 0, "publish");
	ok(stat(path, &st) == 0 && st.st_size == 5, "published: under its name");
	ok(stat(old, &st) == 0 && st.st_size == 3, "published: the previous one is .old");
	ok(!strcmp(perf_data__write_path(&data), path), "published: written at its name");
	perf_data__close(&data);
	ok(stat(path, &st) == 0 && st.st_size == 3, "closed uncommitted: the previous is back");
	ok(access(old, F_OK) != 0, "closed uncommitted: no .old");

	is_int(perf_data__open_write(&data, path), 0, "publish: third output");
	is_int(perf_data__publish(&data), 0, "publish again");
	perf_data__write(&data, "1234567", 7);
	is_int(perf_data__commit(&data), 0, "commit a published file");
	perf_data__close(&data);
	ok(stat(path, &st) == 0 && st.st_size == 7, "committed: stays");
	ok(stat(old, &st) == 0 && st.st_size == 3, "committed: .old stays");
}

int main(void)
{
	char cmd[300];

	if (!mkdtemp(dir))
		skip_all("no temporary directory");
	test_read();
	test_pipe();
	test_write();
	test_publish();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		diag("cleanup failed");
	return done_testing();
}
