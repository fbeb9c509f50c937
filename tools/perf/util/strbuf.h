/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_STRBUF_H
#define __PERF_STRBUF_H

#include <stdarg.h>
#include "types.h"

/*
 * A growable byte buffer used by the writers to build feature payloads and
 * records before they go to the file.  buf is always NUL-terminated past
 * len (so text can be printed), but may hold any bytes.  Functions return 0
 * or -ENOMEM; after a failure the buffer keeps its previous contents.
 */
struct strbuf {
	char	*buf;
	size_t	len;
	size_t	alloc;
};

#define STRBUF_INIT	{ .buf = NULL, .len = 0, .alloc = 0 }

/* Upper bound on a buffer: nothing we write is anywhere near this. */
#define STRBUF_MAX	((size_t)1 << 32)

void strbuf__init(struct strbuf *sb);
void strbuf__release(struct strbuf *sb);
/* Forget the contents, keep the allocation. */
void strbuf__reset(struct strbuf *sb);
/* Make room for extra more bytes (plus the terminating NUL). */
int strbuf__grow(struct strbuf *sb, size_t extra);
int strbuf__add(struct strbuf *sb, const void *data, size_t len);
int strbuf__add_zero(struct strbuf *sb, size_t len);
int strbuf__addstr(struct strbuf *sb, const char *s);
int strbuf__addf(struct strbuf *sb, const char *fmt, ...) __printf(2, 3);
int strbuf__vaddf(struct strbuf *sb, const char *fmt, va_list ap);
int strbuf__add_u32(struct strbuf *sb, u32 v);
int strbuf__add_u64(struct strbuf *sb, u64 v);
/* Zero bytes up to the next multiple of align (a power of two). */
int strbuf__align(struct strbuf *sb, size_t align);
/* Hand the buffer to the caller (free() it); sb is left empty. */
char *strbuf__detach(struct strbuf *sb, size_t *len);

#endif /* __PERF_STRBUF_H */
