/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_FMT_BUF_H
#define __PERF_FMT_BUF_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "types.h"

/*
 * Text output for commands that print a line per sample: the fields are
 * formatted by hand into one large buffer that goes to a file descriptor
 * with write(2) when full, instead of a printf(3) call per field.
 *
 * The number and string functions take a width and FMT_* flags with the
 * meaning of printf's: "%5d" is (v, 5, 0), "%-5d" (v, 5, FMT_LEFT),
 * "%06llu" (v, 6, FMT_ZERO); a value wider than the width is not cut.
 *
 * Nothing here fails for the caller: after a write error (err holds its
 * -errno; EPIPE too when SIGPIPE is ignored) the output is dropped, and
 * the caller looks at fmt_buf__error() when it likes to stop.
 */
struct fmt_buf {
	char	*buf;
	size_t	len;
	size_t	size;
	int	fd;
	int	err;
	FILE	*fp;	/* fmt_buf__file()'s stream, NULL until asked for */
};

#define FMT_LEFT	(1u << 0)	/* pad on the right: "%-5d" */
#define FMT_ZERO	(1u << 1)	/* pad numbers with zeros: "%05d" */

/* Room for one formatted number, its sign and padding up to this width. */
#define FMT_NUM_MAX	64

/* size: the buffer's bytes, 0 for a default; 0 or -ENOMEM */
int fmt_buf__init(struct fmt_buf *b, int fd, size_t size);
/* Flush and free; 0 or the first write error's -errno. */
int fmt_buf__exit(struct fmt_buf *b);
/* Write what the buffer holds; 0 or the first write error's -errno. */
int fmt_buf__flush(struct fmt_buf *b);

/*
 * A stdio stream whose output is appended to the buffer, for text printed
 * by fprintf-based code in between: fflush() it before the next direct
 * append so the order holds.  Closed by fmt_buf__exit(); NULL: no memory.
 */
FILE *fmt_buf__file(struct fmt_buf *b);

static inline int fmt_buf__error(const struct fmt_buf *b)
{
	return b->err;
}

char *fmt_buf__make_room(struct fmt_buf *b, size_t n);

/*
 * The small writers are always inlined: script's and report's per-sample
 * printers grew past where the compiler inlines them by itself, and a
 * call per character (with memcpy() for a known length) cost 2-3% of a
 * script run.
 */

/* Space for n (<= FMT_NUM_MAX or the buffer's size) more bytes; commit with fmt_buf__put(). */
static inline __attribute__((always_inline))
char *fmt_buf__room(struct fmt_buf *b, size_t n)
{
	if (b->size - b->len >= n)
		return b->buf + b->len;
	return fmt_buf__make_room(b, n);
}

void fmt_buf__mem_slow(struct fmt_buf *b, const void *s, size_t n);

static inline __attribute__((always_inline))
void fmt_buf__mem(struct fmt_buf *b, const void *s, size_t n)
{
	if (b->size - b->len >= n) {
		memcpy(b->buf + b->len, s, n);
		b->len += n;
		return;
	}
	fmt_buf__mem_slow(b, s, n);
}

static inline __attribute__((always_inline))
void fmt_buf__puts(struct fmt_buf *b, const char *s)
{
	fmt_buf__mem(b, s, strlen(s));
}

static inline __attribute__((always_inline))
void fmt_buf__putc(struct fmt_buf *b, char c)
{
	*fmt_buf__room(b, 1) = c;
	b->len++;
}

/* "%*s" with the flags (FMT_LEFT: "%-*s") */
void fmt_buf__str(struct fmt_buf *b, const char *s, int width, unsigned int flags);
/* "%*llu", "%*lld", "%*llx": decimal, signed decimal, lower case hex */
void fmt_buf__u64(struct fmt_buf *b, u64 v, int width, unsigned int flags);
void fmt_buf__s64(struct fmt_buf *b, s64 v, int width, unsigned int flags);
void fmt_buf__x64(struct fmt_buf *b, u64 v, int width, unsigned int flags);

/*
 * s as a JSON string (NULL: ""): RFC 8259's short escapes, other control
 * characters as \u00XX; FMT_JSON_HTML also escapes '<' and DEL, so the
 * string can sit inside an HTML <script> ("</script>" cannot end it).
 */
#define FMT_JSON_HTML	(1u << 1)
void fmt_buf__json_str(struct fmt_buf *b, const char *s, unsigned int flags);

#endif /* __PERF_FMT_BUF_H */
