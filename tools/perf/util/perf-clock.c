// SPDX-License-Identifier: GPL-2.0
/* How far the kernel's sample clock is from CLOCK_MONOTONIC. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "perf-clock.h"

u64 perf_clock__monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/*
 * Renaming the thread to its own name makes the kernel write a COMM
 * record, timed between two readings of CLOCK_MONOTONIC; the narrowest
 * of a few tries wins.
 */
int perf_clock__offset(s64 *offset)
{
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);
	u64 best_window = ~0ULL;
	char name[17] = "";
	void *base;
	int fd, i, err = -ENOENT;

	*offset = 0;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.comm = 1;
	attr.sample_id_all = 1;
	attr.sample_type = PERF_SAMPLE_TIME;
	attr.exclude_kernel = 1;
	fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	base = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		err = -errno;
		close(fd);
		return err;
	}
	if (prctl(PR_GET_NAME, name))
		goto out;
	for (i = 0; i < 5; i++) {
		struct perf_event_mmap_page *pg = base;
		const char *data = (const char *)base + page;
		struct perf_event_header hdr;
		u64 head, tail = pg->data_tail, t0, t1, t;

		t0 = perf_clock__monotonic();
		if (prctl(PR_SET_NAME, name))
			break;
		t1 = perf_clock__monotonic();
		head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
		/* one small record in a fresh page: it does not wrap */
		if (head - tail < sizeof(hdr) + sizeof(t) ||
		    (tail % page) + head - tail > (u64)page)
			break;
		memcpy(&hdr, data + tail % page, sizeof(hdr));
		if (hdr.type == PERF_RECORD_COMM && hdr.size >= sizeof(hdr) + sizeof(t) &&
		    head - tail >= hdr.size) {
			memcpy(&t, data + tail % page + hdr.size - sizeof(t), sizeof(t));
			if (t1 - t0 < best_window) {
				best_window = t1 - t0;
				*offset = (s64)(t - (t0 + (t1 - t0) / 2));
				err = 0;
			}
		}
		__atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
	}
out:
	munmap(base, 2 * page);
	close(fd);
	return err;
}

int perf_clock__parse_id(const char *name, int *clockid)
{
	static const struct {
		const char	*name;
		const char	*abbrev;
		int		id;
	} clocks[] = {
		{ "monotonic", "mono", CLOCK_MONOTONIC },
		{ "monotonic_raw", "raw", CLOCK_MONOTONIC_RAW },
		{ "realtime", "real", CLOCK_REALTIME },
		{ "boottime", "boot", CLOCK_BOOTTIME },
		{ "tai", NULL, CLOCK_TAI },
	};
	long n;
	size_t i;

	if (!name || !*name)
		return -EINVAL;
	/* a number as upstream reads it: its leading digits ("0x1" is 0) */
	while (*name == ' ' || *name == '\t')
		name++;
	if (*name >= '0' && *name <= '9') {
		n = strtol(name, NULL, 10);
		if (n > 0x7fffffff)
			return -EINVAL;
		*clockid = (int)n;
		return 0;
	}
	if (!strncasecmp(name, "CLOCK_", 6))
		name += 6;
	for (i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		if (!strcasecmp(name, clocks[i].name) ||
		    (clocks[i].abbrev && !strcasecmp(name, clocks[i].abbrev))) {
			*clockid = clocks[i].id;
			return 0;
		}
	}
	return -EINVAL;
}
