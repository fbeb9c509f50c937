// SPDX-License-Identifier: GPL-2.0
/* record -z: PERF_RECORD_COMPRESSED records with zstd. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "event.h"
#include "record-compress.h"

/* whole records per frame; the frame must fit a record's u16 size */
#define CHUNK		(32 * 1024)
#define OUT_MAX		(64 * 1024 - 8)

int record_compress__init(struct record_compress *zc, int level)
{
	memset(zc, 0, sizeof(*zc));
	if (ZSTD_compressBound(CHUNK) + sizeof(struct perf_event_header) > OUT_MAX)
		return -EINVAL;
	zc->level = level;
	zc->cctx = ZSTD_createCCtx();
	zc->out = malloc(OUT_MAX);
	if (!zc->cctx || !zc->out) {
		record_compress__exit(zc);
		return -ENOMEM;
	}
	return 0;
}

void record_compress__exit(struct record_compress *zc)
{
	ZSTD_freeCCtx(zc->cctx);
	free(zc->stage);
	free(zc->out);
	memset(zc, 0, sizeof(*zc));
}

static int compress__frame(struct record_compress *zc, const u8 *src, size_t len,
			   int (*emit)(void *priv, const void *rec, size_t len), void *priv)
{
	struct perf_event_header *h = (void *)zc->out;
	size_t n = ZSTD_compressCCtx(zc->cctx, zc->out + sizeof(*h), OUT_MAX - sizeof(*h),
				     src, len, zc->level);

	if (ZSTD_isError(n))
		return -EIO;
	h->type = PERF_RECORD_COMPRESSED;
	h->misc = 0;
	h->size = (u16)(sizeof(*h) + n);
	zc->bytes_in += len;
	zc->bytes_out += h->size;
	return emit(priv, zc->out, h->size);
}

int record_compress__push(struct record_compress *zc, const void *buf, size_t len,
			  int (*emit)(void *priv, const void *rec, size_t len), void *priv)
{
	size_t pos = 0, start = 0, rest;
	int err = 0;

	if (zc->staged + len > zc->stage_cap) {
		size_t cap = (zc->staged + len) * 2;
		u8 *p = realloc(zc->stage, cap);

		if (!p)
			return -ENOMEM;
		zc->stage = p;
		zc->stage_cap = cap;
	}
	memcpy(zc->stage + zc->staged, buf, len);
	zc->staged += len;

	/* frames of whole records, up to CHUNK bytes each */
	while (!err && pos + sizeof(struct perf_event_header) <= zc->staged) {
		const struct perf_event_header *h = (const void *)(zc->stage + pos);

		if (h->size < sizeof(*h))
			return -EIO;
		if (pos + h->size > zc->staged)
			break;
		if (pos + h->size - start > CHUNK && pos > start) {
			err = compress__frame(zc, zc->stage + start, pos - start, emit, priv);
			start = pos;
		}
		pos += h->size;
	}
	if (!err && pos > start)
		err = compress__frame(zc, zc->stage + start, pos - start, emit, priv);
	rest = zc->staged - pos;
	memmove(zc->stage, zc->stage + pos, rest);
	zc->staged = rest;
	return err;
}

void record_compress__feature(const struct record_compress *zc, u32 mmap_len, u32 out[5])
{
	out[0] = 0;
	out[1] = 1;
	out[2] = (u32)zc->level;
	out[3] = zc->bytes_out ? (u32)(zc->bytes_in / zc->bytes_out) : 0;
	out[4] = mmap_len;
}
