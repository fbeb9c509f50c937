// SPDX-License-Identifier: GPL-2.0
/*
 * util/perf-clock.c on the live kernel: with the offset, a COMM record of
 * our own made between two readings of CLOCK_MONOTONIC carries a time
 * between them.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "tap.h"
#include "util/perf-clock.h"

int main(void)
{
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *pg;
	struct perf_event_header hdr;
	char name[17] = "";
	u64 t0, t1, t, head;
	s64 off;
	int fd, err;

	int id = -1;

	plan(15);
	ok(!perf_clock__parse_id("mono", &id) && id == CLOCK_MONOTONIC, "mono");
	ok(!perf_clock__parse_id("CLOCK_MONOTONIC_RAW", &id) && id == CLOCK_MONOTONIC_RAW,
	   "CLOCK_MONOTONIC_RAW");
	ok(!perf_clock__parse_id("Clock_Raw", &id) && id == CLOCK_MONOTONIC_RAW, "any case");
	ok(!perf_clock__parse_id("real", &id) && id == CLOCK_REALTIME, "real");
	ok(!perf_clock__parse_id("boottime", &id) && id == CLOCK_BOOTTIME, "boottime");
	ok(!perf_clock__parse_id("tai", &id) && id == CLOCK_TAI, "tai");
	ok(!perf_clock__parse_id("11", &id) && id == 11, "a number");
	ok(!perf_clock__parse_id("0x1", &id) && id == 0, "its leading digits, as upstream");
	is_int(perf_clock__parse_id("foo", &id), -EINVAL, "an unknown name");
	is_int(perf_clock__parse_id("", &id), -EINVAL, "nothing");
	is_int(perf_clock__parse_id("CLOCK_REALTIME_COARSE", &id), -EINVAL,
	       "a clock upstream does not name");

	err = perf_clock__offset(&off);
	if (err == -EACCES || err == -EPERM) {
		diag("no permission to open perf events: the offset is not tested");
		return done_testing();
	}
	is_int(err, 0, "the offset is measured");
	diag("offset %lld ns", (long long)off);

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.comm = 1;
	attr.sample_id_all = 1;
	attr.sample_type = PERF_SAMPLE_TIME;
	attr.exclude_kernel = 1;
	fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
	pg = fd < 0 ? MAP_FAILED : mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(pg != MAP_FAILED, "a COMM listener on this thread");
	if (pg == MAP_FAILED)
		return done_testing();
	prctl(PR_GET_NAME, name);
	t0 = perf_clock__monotonic();
	prctl(PR_SET_NAME, name);
	t1 = perf_clock__monotonic();
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	memcpy(&hdr, (char *)pg + page, sizeof(hdr));
	ok(head >= sizeof(hdr) && hdr.type == PERF_RECORD_COMM, "the rename wrote a COMM record");
	memcpy(&t, (char *)pg + page + hdr.size - sizeof(t), sizeof(t));
	/* 20 us of slack for the clocks' own drift over the test */
	ok(t + 20000 >= t0 + off && t <= t1 + off + 20000,
	   "its time lies between the two readings moved by the offset (%llu in [%llu, %llu])",
	   (unsigned long long)t, (unsigned long long)(t0 + off), (unsigned long long)(t1 + off));
	munmap(pg, 2 * page);
	close(fd);
	return done_testing();
}
