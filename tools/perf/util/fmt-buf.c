// SPDX-License-Identifier: GPL-2.0
/*
 * Hand-made formatting of text lines into a large output buffer (see
 * fmt-buf.h): printf(3) parses its format and goes through stdio's locks
 * for every field, which for a line per sample costs more than the rest
 * of the work.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "fmt-buf.h"

#define FMT_BUF_DEFAULT	(256 * 1024)
#define FMT_BUF_MIN	4096
/* widths past this are taken as this: nothing prints columns that wide */
#define FMT_WIDTH_MAX	1024

static const char digit_pairs[201] =
	"00010203040506070809" "10111213141516171819" "20212223242526272829"
	"30313233343536373839" "40414243444546474849" "50515253545556575859"
	"60616263646566676869" "70717273747576777879" "80818283848586878889"
	"90919293949596979899";

static void fmt_buf__write(struct fmt_buf *b, const char *p, size_t n)
{
	while (n && !b->err) {
		ssize_t w = write(b->fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			b->err = -errno;
		} else if (w == 0) {
			b->err = -EIO;
		} else {
			p += w;
			n -= (size_t)w;
		}
	}
}

int fmt_buf__flush(struct fmt_buf *b)
{
	fmt_buf__write(b, b->buf, b->len);
	b->len = 0;
	return b->err;
}

char *fmt_buf__make_room(struct fmt_buf *b, size_t n)
{
	fmt_buf__flush(b);
	return b->buf;
}

void fmt_buf__mem_slow(struct fmt_buf *b, const void *s, size_t n)
{
	fmt_buf__flush(b);
	if (n > b->size) {
		fmt_buf__write(b, s, n);
		return;
	}
	memcpy(b->buf, s, n);
	b->len = n;
}

static ssize_t fmt_buf__cookie_write(void *cookie, const char *s, size_t n)
{
	fmt_buf__mem(cookie, s, n);
	return (ssize_t)n;
}

FILE *fmt_buf__file(struct fmt_buf *b)
{
	cookie_io_functions_t io = { .write = fmt_buf__cookie_write };

	if (b->fp)
		return b->fp;
	b->fp = fopencookie(b, "w", io);
	/* unbuffered: each fprintf() reaches the buffer whole, in order */
	if (b->fp)
		setvbuf(b->fp, NULL, _IONBF, 0);
	return b->fp;
}

int fmt_buf__init(struct fmt_buf *b, int fd, size_t size)
{
	memset(b, 0, sizeof(*b));
	if (!size)
		size = FMT_BUF_DEFAULT;
	if (size < FMT_BUF_MIN)
		size = FMT_BUF_MIN;
	b->buf = malloc(size);
	if (!b->buf)
		return -ENOMEM;
	b->size = size;
	b->fd = fd;
	return 0;
}

int fmt_buf__exit(struct fmt_buf *b)
{
	int err;

	if (b->fp)
		fclose(b->fp);
	err = fmt_buf__flush(b);
	free(b->buf);
	b->buf = NULL;
	b->size = 0;
	b->fp = NULL;
	return err;
}

/* the padding of a field of len bytes in width */
static size_t fmt_pad(size_t len, int width)
{
	if (width > FMT_WIDTH_MAX)
		width = FMT_WIDTH_MAX;
	return width > 0 && (size_t)width > len ? (size_t)width - len : 0;
}

/*
 * Room for a number of nd digits with its sign and padding, laid out;
 * returns where the digits go (the caller writes all nd of them).
 */
static inline __attribute__((always_inline))
char *fmt_buf__field(struct fmt_buf *b, size_t nd, bool neg, int width,
		     unsigned int flags)
{
	size_t pad = fmt_pad(nd + neg, width);
	char *p;

	/* the usual "%16llx", "%5d": a fixed-size fill the compiler inlines */
	if (!flags && !neg && pad <= 16) {
		p = fmt_buf__room(b, 16 + nd);
		memset(p, ' ', 16);
		b->len = (size_t)(p - b->buf) + pad + nd;
		return p + pad;
	}
	p = fmt_buf__room(b, nd + neg + pad);
	b->len = (size_t)(p - b->buf) + nd + neg + pad;
	if (!(flags & (FMT_LEFT | FMT_ZERO))) {
		memset(p, ' ', pad);
		p += pad;
	}
	if (neg)
		*p++ = '-';
	if ((flags & (FMT_LEFT | FMT_ZERO)) == FMT_ZERO) {
		memset(p, '0', pad);
		p += pad;
	}
	if (flags & FMT_LEFT)
		memset(p + nd, ' ', pad);
	return p;
}

static size_t dec_digits(u64 v)
{
	size_t n = 1;

	while (v >= 10000) {
		v /= 10000;
		n += 4;
	}
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

/* the decimal digits of v, ending at end */
static void fmt_dec(char *end, u64 v)
{
	char *p = end;

	while (v >= 100) {
		const char *d = &digit_pairs[(v % 100) * 2];

		v /= 100;
		*--p = d[1];
		*--p = d[0];
	}
	if (v >= 10) {
		*--p = digit_pairs[v * 2 + 1];
		*--p = digit_pairs[v * 2];
	} else {
		*--p = (char)('0' + v);
	}
}

void fmt_buf__u64(struct fmt_buf *b, u64 v, int width, unsigned int flags)
{
	size_t nd = dec_digits(v);

	fmt_dec(fmt_buf__field(b, nd, false, width, flags) + nd, v);
}

void fmt_buf__s64(struct fmt_buf *b, s64 v, int width, unsigned int flags)
{
	u64 u = v < 0 ? -(u64)v : (u64)v;
	size_t nd = dec_digits(u);

	fmt_dec(fmt_buf__field(b, nd, v < 0, width, flags) + nd, u);
}

/*
 * The 8 hex digits of x as ASCII in a u64 whose bytes in memory are the
 * digits in order: each nibble to a byte of its own, then '0' added, and
 * 'a' - '0' - 10 more where the nibble is 10 or more (+6 carries into bit 4).
 */
static u64 hex8(u32 x)
{
	u64 y = x, ge10;

	y = (y | (y << 16)) & 0x0000ffff0000ffffULL;
	y = (y | (y << 8)) & 0x00ff00ff00ff00ffULL;
	y = (y | (y << 4)) & 0x0f0f0f0f0f0f0f0fULL;
	ge10 = ((y + 0x0606060606060606ULL) >> 4) & 0x0101010101010101ULL;
	y += 0x3030303030303030ULL + ge10 * ('a' - '0' - 10);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	y = __builtin_bswap64(y);
#endif
	return y;
}

void fmt_buf__x64(struct fmt_buf *b, u64 v, int width, unsigned int flags)
{
	static const char hex[] = "0123456789abcdef";
	size_t nd = v ? (size_t)(64 - __builtin_clzll(v) + 3) / 4 : 1;
	char *p = fmt_buf__field(b, nd, false, width, flags) + nd;

	/* all 16 digits (kernel addresses): two words */
	if (nd == 16) {
		u64 hi = hex8((u32)(v >> 32)), lo = hex8((u32)v);

		memcpy(p - 16, &hi, 8);
		memcpy(p - 8, &lo, 8);
		return;
	}
	do {
		*--p = hex[v & 0xf];
		v >>= 4;
	} while (v);
}

static void fmt_buf__spaces(struct fmt_buf *b, size_t n)
{
	memset(fmt_buf__room(b, n), ' ', n);
	b->len += n;
}

void fmt_buf__str(struct fmt_buf *b, const char *s, int width, unsigned int flags)
{
	size_t n = strlen(s), pad = fmt_pad(n, width);

	if (pad && !(flags & FMT_LEFT))
		fmt_buf__spaces(b, pad);
	fmt_buf__mem(b, s, n);
	if (pad && (flags & FMT_LEFT))
		fmt_buf__spaces(b, pad);
}

/* RFC 8259's short escape of a control character, 0 for none */
static char json_short(unsigned char c)
{
	switch (c) {
	case '\b':
		return 'b';
	case '\f':
		return 'f';
	case '\n':
		return 'n';
	case '\r':
		return 'r';
	case '\t':
		return 't';
	default:
		return 0;
	}
}

void fmt_buf__json_str(struct fmt_buf *b, const char *s, unsigned int flags)
{
	static const char hex[] = "0123456789abcdef";

	fmt_buf__putc(b, '"');
	for (; s && *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\' || json_short(c)) {
			fmt_buf__putc(b, '\\');
			fmt_buf__putc(b, json_short(c) ? json_short(c) : (char)c);
		} else if (c < 0x20 || ((flags & FMT_JSON_HTML) && (c == '<' || c == 0x7f))) {
			fmt_buf__puts(b, "\\u00");
			fmt_buf__putc(b, hex[c >> 4]);
			fmt_buf__putc(b, hex[c & 15]);
		} else {
			fmt_buf__putc(b, c);
		}
	}
	fmt_buf__putc(b, '"');
}
