// SPDX-License-Identifier: GPL-2.0
/* record -z: COMPRESSED records are complete frames of whole records. */
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "tap.h"
#include "util/event.h"
#include "util/record-compress.h"

struct sink {
	u8	out[1 << 20];	/* the decompressed records, in order */
	size_t	len;
	int	nr_frames;
	int	bad;
};

static int sink__emit(void *priv, const void *rec, size_t len)
{
	const struct perf_event_header *h = rec;
	struct sink *s = priv;
	size_t n;

	s->nr_frames++;
	if (h->type != PERF_RECORD_COMPRESSED || h->size != len) {
		s->bad++;
		return 0;
	}
	/* each frame alone, as our reader decompresses it */
	n = ZSTD_decompress(s->out + s->len, sizeof(s->out) - s->len, h + 1, len - sizeof(*h));
	if (ZSTD_isError(n)) {
		s->bad++;
		return 0;
	}
	s->len += n;
	return 0;
}

/* nr records of varied sizes, each filled with its index */
static size_t make_records(u8 *buf, int nr)
{
	size_t off = 0;
	int i;

	for (i = 0; i < nr; i++) {
		struct perf_event_header *h = (void *)(buf + off);
		u16 size = (u16)(8 * (2 + i % 40));

		memset(h, i & 0xff, size);
		h->type = PERF_RECORD_SAMPLE;
		h->misc = 0;
		h->size = size;
		off += size;
	}
	return off;
}

int main(void)
{
	static u8 in[300000];
	static struct sink s;
	struct record_compress zc;
	size_t len = make_records(in, 1500), split, off;
	u32 feat[5];
	int ret;

	is_int(record_compress__init(&zc, 1), 0, "init level 1");
	/* one push of whole records */
	is_int(record_compress__push(&zc, in, len, sink__emit, &s), 0, "push");
	ok(s.len == len && !memcmp(s.out, in, len), "frames decompress to the records");
	is_int(s.bad, 0, "every record a COMPRESSED frame of its own");
	ok(s.nr_frames > 1, "split into frames that fit a record (%d)", s.nr_frames);
	is_int((int)zc.staged, 0, "nothing left staged");

	/* a record split across two pushes, as at the end of the ring buffer */
	memset(&s, 0, sizeof(s));
	split = 1000 * 8 + 3;
	ret = record_compress__push(&zc, in, split, sink__emit, &s);
	ret |= record_compress__push(&zc, in + split, len - split, sink__emit, &s);
	is_int(ret, 0, "split pushes");
	ok(s.len == len && !memcmp(s.out, in, len), "split: same records, none cut");
	is_int(s.bad, 0, "split: frames decompress alone");

	/* byte by byte: never a partial record in a frame */
	memset(&s, 0, sizeof(s));
	for (off = 0, ret = 0; off < 4096; off++)
		ret |= record_compress__push(&zc, in + off, 1, sink__emit, &s);
	is_int(ret, 0, "byte pushes");
	ok(s.len <= 4096 && !memcmp(s.out, in, s.len) && s.len + zc.staged == 4096,
	   "byte pushes: whole records out, the rest staged");

	record_compress__feature(&zc, 512 * 1024, feat);
	ok(feat[0] == 0 && feat[1] == 1 && feat[2] == 1 && feat[3] >= 1 && feat[4] == 512 * 1024,
	   "feature {0, zstd, level, ratio %u, mmap_len}", feat[3]);
	record_compress__exit(&zc);

	/* a bad record size is an error, not a loop */
	is_int(record_compress__init(&zc, 3), 0, "init level 3");
	memset(in, 0, 16);
	ok(record_compress__push(&zc, in, 16, sink__emit, &s) < 0, "record of size 0: error");
	record_compress__exit(&zc);
	return done_testing();
}
