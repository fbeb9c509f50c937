// SPDX-License-Identifier: GPL-2.0
/*
 * util/data-json.c: a pipe-mode stream made in memory (an attr with call
 * chains, a COMM, three samples) converted to upstream's JSON: the
 * version and headers, one object per sample with timestamp, pid, tid,
 * cpu, comm and its frames (ip only where no symbol is known); errors.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe-stream.h"
#include "tap.h"
#include "util/data-json.h"
#include "util/event.h"
#include "util/header.h"

static int count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s++;
	}
	return n;
}

int main(void)
{
	char path[] = "/tmp/data-json-test.XXXXXX", out[] = "/tmp/data-json-out.XXXXXX";
	struct data_json_opts o = { .kallsyms = "/dev/null" };
	struct data_json_stats st = { 0 };
	const char *head = "{\n\t\"linux-perf-json-version\": 1,\n\t\"headers\": {";
	char err[256], *json;
	int fd, ofd, ret;
	ssize_t n;

	put_stream();
	fd = mkstemp(path);
	ok(fd >= 0 && write(fd, stream, len) == (ssize_t)len, "stream saved");
	close(fd);
	ofd = mkstemp(out);
	unlink(out);
	ret = data_json__convert(path, &o, ofd, &st, err, sizeof(err));
	is_int(ret, 0, "converted");
	is_int(st.nr_samples, 3, "3 samples");
	json = calloc(1, st.bytes + 1);
	n = pread(ofd, json, st.bytes, 0);
	close(ofd);
	is_int(n, st.bytes, "the bytes it says it wrote");
	ok(!strncmp(json, head, strlen(head)), "version and headers first");
	is_int(count(json, "\"timestamp\": "), 3, "a timestamp per sample");
	ok(strstr(json, "\"timestamp\": 100,\n\t\t\t\"pid\": 7,\n\t\t\t\"tid\": 8,\n"
			"\t\t\t\"cpu\": 0,\n\t\t\t\"comm\": \"work\",") != NULL,
	   "timestamp, pid, tid, cpu, comm");
	is_int(count(json, "\"ip\": \"0x2000\"\n"), 3, "unresolved frames: the ip alone");
	ok(strstr(json, "\n\t]\n}\n") != NULL, "closed");
	free(json);

	fd = open(path, O_WRONLY | O_TRUNC);
	ok(write(fd, "garbage, garbage, garbage", 25) == 25, "garbage written");
	close(fd);
	ofd = open("/dev/null", O_WRONLY);
	ret = data_json__convert(path, &o, ofd, &st, err, sizeof(err));
	close(ofd);
	ok(ret < 0 && err[0], "a garbage file: %s", err);
	unlink(path);
	done_testing();
}
