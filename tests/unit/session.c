// SPDX-License-Identifier: GPL-2.0
/*
 * util/session.c: record walking and time ordering.  A pipe-mode stream
 * is built in memory: an attr, then samples whose times go backwards
 * across FINISHED_ROUND markers.  It is read from a pipe and from a file
 * holding the same bytes, and the delivery order is checked against the
 * FINISHED_ROUND rule: at round N, records up to the highest time seen
 * before round N-1 go out; the rest at the end.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe-stream.h"
#include "tap.h"
#include "util/header.h"
#include "util/session.h"

static void put_attr(void)
{
	struct perf_event_header h = { .type = PERF_RECORD_HEADER_ATTR };
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 1000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_ID,
		.sample_id_all = 1,
	};

	h.size = sizeof(h) + sizeof(attr) + 8;
	put(&h, sizeof(h));
	put(&attr, sizeof(attr));
	put_u64(42);	/* its id */
}

/* A sample whose ip is its tag, at time t. */
static void put_sample(u64 tag, u64 t)
{
	struct perf_event_header h = { .type = PERF_RECORD_SAMPLE, .size = 8 + 4 * 8 };

	put(&h, sizeof(h));
	put_u64(tag);
	put_u64(1 | (1ULL << 32));	/* pid 1, tid 1 */
	put_u64(t);
	put_u64(42);
}

static void put_round(void)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = 8 };

	put(&h, sizeof(h));
}

static u64 order[64];
static int at_round[64];	/* FINISHED_ROUNDs read when each sample came out */
static int nr_order, rounds;
static u64 nr_seen, last_time, nr_backwards, tag_sum;

static int on_sample(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	if (nr_order < 64) {
		at_round[nr_order] = rounds;
		order[nr_order++] = sample->ip;
	}
	nr_backwards += sample->time < last_time;
	last_time = sample->time;
	tag_sum += sample->ip;
	nr_seen++;
	return 0;
}

static int on_user(struct perf_tool *tool, struct perf_session *session,
		   const union perf_event *ev, u64 file_offset)
{
	if (ev->header.type == PERF_RECORD_FINISHED_ROUND)
		rounds++;
	return 0;
}

static u64 nr_unordered;

static int run(const char *path, bool ordered, char *err, size_t errlen)
{
	struct perf_tool tool = { .sample = on_sample, .user = on_user, .ordered = ordered };
	struct perf_session *session = NULL;
	struct perf_data data;
	int ret;

	nr_order = rounds = 0;
	nr_seen = last_time = nr_backwards = tag_sum = nr_unordered = 0;
	ret = perf_data__open_read(&data, path);
	if (!ret)
		ret = perf_session__new(&session, &data, &tool);
	if (!ret)
		ret = perf_session__process(session);
	if (session)
		nr_unordered = session->stats.nr_unordered;
	snprintf(err, errlen, "%s", data.err);
	perf_session__delete(session);
	perf_data__close(&data);
	return ret;
}

static int run_pipe(bool ordered, char *err, size_t errlen)
{
	int fds[2], saved = dup(0), ret;

	if (pipe(fds))
		return -1;
	if (fork() == 0) {
		close(fds[0]);
		if (write(fds[1], stream, len) != (ssize_t)len)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	dup2(fds[0], 0);
	close(fds[0]);
	ret = run("-", ordered, err, errlen);
	dup2(saved, 0);
	close(saved);
	return ret;
}

static int check_order(const u64 *want, int n)
{
	int i;

	if (nr_order != n)
		return 0;
	for (i = 0; i < n; i++)
		if (order[i] != want[i])
			return 0;
	return 1;
}

static int save(char *path)
{
	int fd = mkstemp(path);
	bool ok = fd >= 0 && write(fd, stream, len) == (ssize_t)len;

	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

/*
 * Ties: records of one time go out in file order, also when they sit in
 * different runs; a record older than one already delivered is counted.
 */
static void test_ties(void)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	static const u64 want[] = { 2, 3, 1, 4, 6, 5 };
	char path[] = "/tmp/perf-unit-session.XXXXXX", err[256];

	len = 0;
	put(&ph, sizeof(ph));
	put_attr();
	put_sample(1, 60);
	put_sample(2, 50);	/* a second run starts */
	put_sample(3, 50);
	put_sample(4, 60);
	put_round();
	put_round();		/* releases all of them */
	put_sample(5, 70);
	put_sample(6, 10);	/* older than what went out: first of the rest */
	if (save(path)) {
		ok(0, "save");
		return;
	}
	is_int(run(path, true, err, sizeof(err)), 0, "ties read (%s)", err);
	ok(check_order(want, 6), "equal times in file order across runs");
	is_int(nr_unordered, 1, "one record older than what was delivered");
	unlink(path);
}

/*
 * A file bigger than the reader's window, with records cut at its end:
 * four interleaved runs per round, every sample delivered once, in order.
 */
static void test_big_file(void)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	char path[] = "/tmp/perf-unit-session.XXXXXX", err[256];
	u64 n = 0, sum = 0, r, k, i;

	len = 0;
	put(&ph, sizeof(ph));
	put_attr();
	for (r = 0; len + 5000 * 40 < sizeof(stream); r++) {
		for (k = 0; k < 4; k++) {
			for (i = 0; i < 1000; i++) {
				put_sample(n + 1, 1000 + r * 4000 + i * 4 + (3 - k));
				sum += ++n;
			}
		}
		put_round();
	}
	if (save(path)) {
		ok(0, "save");
		return;
	}
	is_int(run(path, true, err, sizeof(err)), 0, "%llu samples in %zu bytes (%s)",
	       (unsigned long long)n, len, err);
	ok(nr_seen == n && tag_sum == sum, "every sample once");
	is_int(nr_backwards, 0, "in time order");
	is_int(run(path, false, err, sizeof(err)), 0, "unordered read");
	ok(nr_seen == n && tag_sum == sum, "unordered: every sample once");
	unlink(path);
}

int main(void)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	/* tags in file order; times chosen so that rounds release in steps */
	static const u64 file_order[] = { 1, 2, 3, 4, 5, 6, 7 };
	static const u64 time_order[] = { 2, 1, 4, 3, 5, 7, 6 };
	char path[] = "/tmp/perf-unit-session.XXXXXX", err[256];
	int fd;

	put(&ph, sizeof(ph));
	put_attr();
	put_sample(1, 200);
	put_sample(2, 100);
	put_round();		/* round 1: nothing out yet (limit 0) */
	put_sample(3, 400);
	put_sample(4, 300);	/* round 2 releases times <= 200: 2, 1 */
	put_round();
	put_sample(5, 500);
	put_sample(6, 700);	/* round 3 releases times <= 400: 4, 3 */
	put_round();
	put_sample(7, 600);	/* the end releases the rest: 5, 7, 6 */

	plan(17);
	is_int(run_pipe(true, err, sizeof(err)), 0, "ordered pipe read (%s)", err);
	ok(check_order(time_order, 7), "ordered: delivered by time");
	ok(at_round[0] == 2 && at_round[1] == 2 && at_round[2] == 3 && at_round[3] == 3 &&
	   at_round[4] == 3 && at_round[6] == 3 && nr_order == 7,
	   "ordered: round 2 releases the first round's, round 3 the second's, the end the rest");
	is_int(run_pipe(false, err, sizeof(err)), 0, "unordered pipe read");
	ok(check_order(file_order, 7), "unordered: delivered in file order");

	fd = mkstemp(path);
	ok(fd >= 0 && write(fd, stream, len) == (ssize_t)len, "pipe stream saved to a file");
	close(fd);
	is_int(run(path, true, err, sizeof(err)), 0, "ordered read of the file (%s)", err);
	ok(check_order(time_order, 7), "file: same order as the pipe");

	/* a record cut short at the end of the file is an error with a message */
	if (truncate(path, len - 4) == 0)
		ok(run(path, true, err, sizeof(err)) != 0 && strstr(err, "truncated"),
		   "truncated last record: %s", err);
	else
		ok(0, "truncate");
	unlink(path);

	test_ties();
	test_big_file();
	return done_testing();
}
