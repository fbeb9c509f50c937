// SPDX-License-Identifier: GPL-2.0
/*
 * util/mmap.c: the ring buffer protocol on a buffer built here (a control
 * page and data pages, as the kernel lays them out): records in order,
 * a record wrapping the end made contiguous, pushes in two pieces, the
 * tail moved, a corrupt size refused; backward (overwrite) rings read
 * from head, newest first, one ring's worth once wrapped; -m parsing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tap.h"
#include "util/event.h"
#include "util/mmap.h"

struct seen {
	int	records;
	u64	sum;	/* of the first u64 of each body */
	size_t	pushed;
	int	pushes;
	bool	contiguous;
};

static int on_record(void *priv, struct perf_mmap *map, const union perf_event *ev)
{
	struct seen *s = priv;
	u64 v;

	memcpy(&v, (const u8 *)ev + 8, sizeof(v));
	s->records++;
	s->sum += v;
	/* every u64 of the body holds v: checks the wrapped copy */
	s->contiguous = s->contiguous &&
			!memcmp((const u8 *)ev + 8, (const u8 *)ev + ev->header.size - 8, 8);
	return 0;
}

static int on_push(void *priv, struct perf_mmap *map, const void *buf, size_t len)
{
	struct seen *s = priv;

	s->pushed += len;
	s->pushes++;
	return 0;
}

/* Write a record of size bytes (body: v repeated) at head. */
static void put(struct perf_mmap *m, u64 *head, u16 size, u64 v)
{
	u8 rec[256];
	struct perf_event_header h = { .type = PERF_RECORD_SAMPLE, .size = size };
	u16 i;

	memcpy(rec, &h, sizeof(h));
	for (i = 8; i < size; i += 8)
		memcpy(rec + i, &v, 8);
	for (i = 0; i < size; i++)
		m->data[(*head + i) & m->mask] = rec[i];
	*head += size;
}

/* A backward ring (write_backward): each record below the last. */
static void put_back(struct perf_mmap *m, u64 *head, u16 size, u64 v)
{
	u64 at = *head - size;

	put(m, &at, size, v);
	*head -= size;
}

/* Cut records of 48 bytes to 32, as record does with grown KSYMBOLs. */
static u16 cut48(void *priv, const union perf_event *ev)
{
	return ev->header.size == 48 ? 32 : 0;
}

int main(void)
{
	const struct perf_mmap_ops ops = { .record = on_record, .push = on_push };
	size_t psz = sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *pc;
	struct perf_mmap m;
	struct seen s = { .contiguous = true };
	unsigned int pages;
	u64 head;
	s64 n;

	memset(&m, 0, sizeof(m));
	m.len = 2 * psz;
	m.base = mmap(NULL, m.len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	m.data = (u8 *)m.base + psz;
	m.mask = psz - 1;
	m.bounce = malloc(65536);
	pc = m.base;

	is_int(perf_mmap__read(&m, &ops, &s), 0, "empty buffer: nothing read");
	/* start near the end so that a record wraps */
	head = psz - 24;
	pc->data_tail = head;
	put(&m, &head, 16, 1);
	put(&m, &head, 48, 2);	/* wraps */
	put(&m, &head, 32, 3);
	pc->data_head = head;
	is_int(perf_mmap__pending(&m), 96, "96 bytes pending");
	n = perf_mmap__read(&m, &ops, &s);
	is_int(n, 96, "read everything");
	is_int(s.records, 3, "three records");
	ok(s.sum == 6, "in order, bodies intact");
	ok(s.contiguous, "the wrapped record came contiguous");
	is_int(s.pushes, 2, "pushed in two pieces around the end");
	is_int(s.pushed, 96, "every byte pushed");
	ok(pc->data_tail == head, "tail moved to head");
	is_int(perf_mmap__pending(&m), 0, "nothing pending");

	put(&m, &head, 16, 4);
	memcpy(&m.data[(head - 16) & m.mask], &(struct perf_event_header){ .size = 4 }, 8);
	pc->data_head = head;
	is_int(perf_mmap__read(&m, &ops, &s), -EIO, "a record too small is refused");
	ok(pc->data_tail != head, "and nothing consumed");

	/* a record the kernel made too long: pushed one by one, cut */
	head = pc->data_tail = psz - 8;
	put(&m, &head, 16, 1);
	put(&m, &head, 48, 2);	/* wraps */
	put(&m, &head, 24, 3);
	pc->data_head = head;
	{
		const struct perf_mmap_ops cut_ops = { .push = on_push, .size = cut48 };

		memset(&s, 0, sizeof(s));
		is_int(perf_mmap__read(&m, &cut_ops, &s), 88, "all 88 bytes consumed");
		is_int(s.pushes, 3, "record by record");
		is_int(s.pushed, 16 + 32 + 24, "the long one cut to 32");
	}

	/* --overwrite: a backward ring, newest first, read from head */
	memset(m.data, 0, psz);
	memset(&s, 0, sizeof(s));
	s.contiguous = true;
	m.prev = 0;
	head = 0;
	put_back(&m, &head, 16, 1);
	put_back(&m, &head, 48, 2);
	put_back(&m, &head, 32, 3);
	pc->data_head = head;
	is_int(perf_mmap__read_backward(&m, &ops, &s), 96, "backward: the 96 bytes written");
	ok(s.records == 3 && s.sum == 6 && s.contiguous, "backward: three records intact");
	is_int(perf_mmap__read_backward(&m, &ops, &s), 0, "backward: nothing new the second time");
	put_back(&m, &head, 24, 4);
	pc->data_head = head;
	memset(&s, 0, sizeof(s));
	is_int(perf_mmap__read_backward(&m, &ops, &s), 24, "backward: only what came since");
	ok(s.records == 1 && s.sum == 4, "backward: the new record");
	/* overwritten: 200 records of 32 bytes in a ring of 128 */
	memset(&s, 0, sizeof(s));
	for (pages = 1; pages <= 200; pages++)
		put_back(&m, &head, 32, pages);
	pc->data_head = head;
	is_int(perf_mmap__read_backward(&m, &ops, &s), (int)psz, "backward, wrapped: one ring's worth");
	ok(s.records == (int)(psz / 32) &&
	   s.sum == (u64)(200 + 200 - psz / 32 + 1) * (psz / 32) / 2,
	   "backward, wrapped: the newest records only");

	is_int(perf_mmap__parse_pages("128", &pages), 0, "-m 128");
	is_int(pages, 128, "128 pages");
	is_int(perf_mmap__parse_pages("100", &pages), -EINVAL, "not a power of two");
	is_int(perf_mmap__parse_pages("512K", &pages), 0, "-m 512K");
	is_int(pages, 512 * 1024 / psz, "512K in pages");
	is_int(perf_mmap__parse_pages("1M", &pages), 0, "-m 1M");
	is_int(perf_mmap__parse_pages("x", &pages), -EINVAL, "garbage");
	is_int(perf_mmap__parse_pages("0", &pages), -EINVAL, "zero");

	free(m.bounce);
	munmap(m.base, m.len);
	return done_testing();
}
