/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_RECORD_COMPRESS_H
#define __PERF_RECORD_COMPRESS_H

#include <stddef.h>
#include "types.h"

/*
 * record -z: ring-buffer data as PERF_RECORD_COMPRESSED records, each a
 * complete zstd frame of whole records (readers need no state across
 * records).  Bytes are staged until they end on a record: the ring
 * buffer hands a record split at its end over in two pieces.
 */
struct record_compress {
	void	*cctx;		/* ZSTD_CCtx */
	int	level;
	u8	*stage;		/* bytes not yet compressed */
	size_t	staged, stage_cap;
	u8	*out;		/* one COMPRESSED record */
	u64	bytes_in, bytes_out;
};

int record_compress__init(struct record_compress *zc, int level);
void record_compress__exit(struct record_compress *zc);
/*
 * Compress buf and emit the COMPRESSED records that end on a record
 * through emit(); a partial record at the end waits for the next call.
 */
int record_compress__push(struct record_compress *zc, const void *buf, size_t len,
			  int (*emit)(void *priv, const void *rec, size_t len), void *priv);
/* The COMPRESSED feature: {version 0, type 1 (zstd), level, ratio, mmap_len}. */
void record_compress__feature(const struct record_compress *zc, u32 mmap_len, u32 out[5]);

#endif /* __PERF_RECORD_COMPRESS_H */
