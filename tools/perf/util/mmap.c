// SPDX-License-Identifier: GPL-2.0
/* Reading perf ring buffers: head/tail protocol, wrapped records. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "event.h"
#include "mmap.h"

#define RECORD_MAX_SIZE	65536

static size_t page_size(void)
{
	long sz = sysconf(_SC_PAGESIZE);

	return sz > 0 ? (size_t)sz : 4096;
}

int perf_mmap__map(struct perf_mmap *map, int fd, int cpu, unsigned int pages)
{
	size_t psz = page_size();
	bool backward = pages & PERF_MMAP_BACKWARD;
	void *base;

	memset(map, 0, sizeof(*map));
	map->fd = -1;
	pages &= ~PERF_MMAP_BACKWARD;
	if (!pages || (pages & (pages - 1)))
		return -EINVAL;
	map->len = (pages + 1) * psz;
	base = mmap(NULL, map->len, backward ? PROT_READ : PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, 0);
	if (base == MAP_FAILED)
		return -errno;
	map->bounce = malloc(RECORD_MAX_SIZE);
	if (!map->bounce) {
		munmap(base, map->len);
		return -ENOMEM;
	}
	map->base = base;
	map->data = (u8 *)base + psz;
	map->mask = (u64)pages * psz - 1;
	map->fd = fd;
	map->cpu = cpu;
	map->backward = backward;
	return 0;
}

void perf_mmap__unmap(struct perf_mmap *map)
{
	if (map->base)
		munmap(map->base, map->len);
	free(map->bounce);
	map->base = NULL;
	map->bounce = NULL;
	map->data = NULL;
}

static u64 mmap__head(struct perf_mmap *map)
{
	struct perf_event_mmap_page *pc = map->base;

	return __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
}

static u64 mmap__tail(struct perf_mmap *map)
{
	struct perf_event_mmap_page *pc = map->base;

	return __atomic_load_n(&pc->data_tail, __ATOMIC_RELAXED);
}

static void mmap__set_tail(struct perf_mmap *map, u64 tail)
{
	struct perf_event_mmap_page *pc = map->base;

	__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
}

u64 perf_mmap__pending(struct perf_mmap *map)
{
	return map->base ? mmap__head(map) - mmap__tail(map) : 0;
}

/* The records of [tail, head) to ops (see perf_mmap__read()). */
static int mmap__read_range(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv,
			    u64 tail, u64 head)
{
	u64 pos, size = map->mask + 1;
	bool cut = false;
	int err;

	if (ops->record || ops->size) {
		for (pos = tail; pos != head; ) {
			const struct perf_event_header *hdr =
				(const void *)(map->data + (pos & map->mask));
			u64 off = pos & map->mask;
			u16 rsize = hdr->size;

			if (rsize < sizeof(*hdr) || rsize > head - pos)
				return -EIO;
			if (off + rsize > size) {
				u64 first = size - off;

				memcpy(map->bounce, map->data + off, first);
				memcpy(map->bounce + first, map->data, rsize - first);
				hdr = (const void *)map->bounce;
			}
			err = ops->record ? ops->record(priv, map, (const union perf_event *)hdr) : 0;
			if (err)
				return err;
			if (ops->size) {
				u16 want = ops->size(priv, (const union perf_event *)hdr);

				if (want >= sizeof(*hdr) && want < rsize)
					cut = true;
			}
			pos += rsize;
		}
	}
	if (ops->push && cut) {
		for (pos = tail; pos != head; ) {
			u64 off = pos & map->mask;
			struct perf_event_header *hdr = (void *)(map->data + off);
			u16 rsize = hdr->size, want;

			memcpy(map->bounce, map->data + off, min((u64)rsize, size - off));
			if (off + rsize > size)
				memcpy(map->bounce + (size - off), map->data, rsize - (size - off));
			hdr = (void *)map->bounce;
			want = ops->size(priv, (const union perf_event *)hdr);
			if (want >= sizeof(*hdr) && want < rsize)
				hdr->size = want;
			err = ops->push(priv, map, map->bounce, hdr->size);
			if (err)
				return err;
			pos += rsize;
		}
	} else if (ops->push) {
		u64 start = tail & map->mask, len = head - tail;

		if (start + len > size) {
			err = ops->push(priv, map, map->data + start, size - start);
			if (!err)
				err = ops->push(priv, map, map->data, len - (size - start));
		} else {
			err = ops->push(priv, map, map->data + start, len);
		}
		if (err)
			return err;
	}
	return 0;
}

s64 perf_mmap__read(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv)
{
	u64 head, tail;
	int err;

	if (!map->base)
		return 0;
	head = mmap__head(map);
	tail = mmap__tail(map);
	if (head == tail)
		return 0;
	if (head - tail > map->mask + 1)
		return -EIO;	/* the kernel never overwrites an unread buffer */
	err = mmap__read_range(map, ops, priv, tail, head);
	if (err)
		return err;
	mmap__set_tail(map, head);
	map->bytes += head - tail;
	return (s64)(head - tail);
}

s64 perf_mmap__read_backward(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv)
{
	u64 head, end, size = map->mask + 1;
	int err;

	if (!map->base)
		return 0;
	/* the kernel writes each record below the last: head only goes down */
	head = mmap__head(map);
	end = map->prev;
	if (head == end)
		return 0;
	if (end - head > size) {
		/* overwritten: the whole records from head that fit in the ring */
		for (end = head; ; ) {
			const struct perf_event_header *hdr =
				(const void *)(map->data + (end & map->mask));

			if (hdr->size < sizeof(*hdr) || end + hdr->size - head > size)
				break;
			end += hdr->size;
		}
	}
	err = mmap__read_range(map, ops, priv, head, end);
	if (err)
		return err;
	map->prev = head;
	map->bytes += end - head;
	return (s64)(end - head);
}

s64 perf_mmap__read_any(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv)
{
	s64 n;

	if (!map->backward)
		return perf_mmap__read(map, ops, priv);
	/* the kernel holds still meanwhile (its records then are lost) */
	ioctl(map->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
	n = perf_mmap__read_backward(map, ops, priv);
	ioctl(map->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 0);
	return n;
}

int perf_mmap__parse_pages(const char *str, unsigned int *pages)
{
	char *end;
	unsigned long long v = strtoull(str, &end, 10), bytes = 0;
	size_t psz = page_size();

	if (end == str)
		return -EINVAL;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		bytes = v << 10;
		break;
	case 'm': case 'M':
		bytes = v << 20;
		break;
	case 'g': case 'G':
		bytes = v << 30;
		break;
	default:
		return -EINVAL;
	}
	if (*end && end[1] && !((end[1] == 'B' || end[1] == 'b') && !end[2]))
		return -EINVAL;
	if (bytes) {
		v = bytes / psz;
		/* round a size up to a power of two pages, as upstream does */
		if (v & (v - 1)) {
			unsigned long long p = 1;

			while (p < v)
				p <<= 1;
			v = p;
		}
	}
	if (!v || (v & (v - 1)) || v > (1ULL << 20))
		return -EINVAL;
	*pages = (unsigned int)v;
	return 0;
}
