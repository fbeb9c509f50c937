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

#include "tap.h"
#include "util/data-json.h"
#include "util/event.h"
#include "util/header.h"

static u8 stream[1 << 16];
static size_t len;

static void put(const void *p, size_t n)
{
	memcpy(stream + len, p, n);
	len += n;
}

static void put_u64(u64 v)
{
	put(&v, sizeof(v));
}

static void put_stream(void)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	struct perf_event_header h = { .type = PERF_RECORD_HEADER_ATTR };
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 1000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
			       PERF_SAMPLE_CALLCHAIN,
		.sample_id_all = 1,
	};
	char comm[16] = "work";
	int i;

	put(&ph, sizeof(ph));
	h.size = sizeof(h) + sizeof(attr) + 8;
	put(&h, sizeof(h));
	put(&attr, sizeof(attr));
	put_u64(42);
	/* COMM 7/8 "work", trailer: pid/tid, time, id, cpu */
	h.type = PERF_RECORD_COMM;
	h.misc = 0;
	h.size = sizeof(h) + 8 + sizeof(comm) + 4 * 8;
	put(&h, sizeof(h));
	put_u64(7 | (8ULL << 32));
	put(comm, sizeof(comm));
	put_u64(7 | (8ULL << 32));
	put_u64(1);
	put_u64(42);
	put_u64(0);
	/* 3 samples of tid 8, user ips nothing maps: [unknown] frames */
	for (i = 0; i < 3; i++) {
		h.type = PERF_RECORD_SAMPLE;
		h.misc = PERF_RECORD_MISC_USER;
		h.size = sizeof(h) + 7 * 8 + 3 * 8;
		put(&h, sizeof(h));
		put_u64(0x1000 + i);		/* ip */
		put_u64(7 | (8ULL << 32));	/* pid, tid */
		put_u64(100 + i);		/* time */
		put_u64(42);			/* id */
		put_u64(i);			/* cpu i, res 0 */
		put_u64(250);			/* period */
		put_u64(3);			/* callchain: nr, then the ips */
		put_u64(PERF_CONTEXT_USER);
		put_u64(0x1000 + i);
		put_u64(0x2000);
	}
}

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
