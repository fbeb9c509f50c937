// SPDX-License-Identifier: GPL-2.0
/*
 * util/fmt-buf.c: every number and string shape against snprintf's,
 * flushes at the buffer's end, strings longer than the buffer, the stdio
 * stream in between, and write errors (ENOSPC, EPIPE).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/fmt-buf.h"

static char tmpname[64];

/* an unlinked temporary file to write to and read back */
static int tmp_fd(void)
{
	int fd;

	snprintf(tmpname, sizeof(tmpname), "/tmp/fmt-buf-test.XXXXXX");
	fd = mkstemp(tmpname);
	if (fd >= 0)
		unlink(tmpname);
	return fd;
}

/* everything written to fd so far */
static char *slurp(int fd, size_t *len)
{
	off_t n = lseek(fd, 0, SEEK_END);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;

	if (!s || pread(fd, s, (size_t)n, 0) != n)
		return NULL;
	s[n] = '\0';
	*len = (size_t)n;
	return s;
}

static const u64 values[] = {
	0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 999999,
	1000000, 1001001, 4294967295ULL, 4294967296ULL, 123456789012ULL,
	0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffff8225fd19ULL,
	0xffffffffffffffffULL,
};
static const int widths[] = { 0, 1, 5, 6, 10, 16, 17, 25, 40 };
static const unsigned int flag_sets[] = { 0, FMT_LEFT, FMT_ZERO };

/* the printf format of a (conversion, width, flags) */
static void printf_format(char *f, size_t sz, const char *conv, int width, unsigned int flags)
{
	snprintf(f, sz, "%%%s%s%d%s", flags & FMT_LEFT ? "-" : "",
		 flags & FMT_ZERO ? "0" : "", width, conv);
}

static void numbers(void)
{
	struct fmt_buf b;
	char want[131072], fmt[32], *got;
	size_t i, j, k, n = 0, len;
	int fd = tmp_fd();

	ok(fd >= 0 && !fmt_buf__init(&b, fd, 0), "init on %s", tmpname);
	for (i = 0; i < ARRAY_SIZE(values); i++)
		for (j = 0; j < ARRAY_SIZE(widths); j++)
			for (k = 0; k < ARRAY_SIZE(flag_sets); k++) {
				unsigned long long v = values[i];
				long long neg = -(long long)(v >> 1);
				int w = widths[j];
				unsigned int fl = flag_sets[k];
				char *o;

				fmt_buf__u64(&b, v, w, fl);
				printf_format(fmt, sizeof(fmt), "llu", w, fl);
				o = want + n;
				n += snprintf(o, sizeof(want) - n, fmt, v);
				fmt_buf__x64(&b, v, w, fl);
				printf_format(fmt, sizeof(fmt), "llx", w, fl);
				o = want + n;
				n += snprintf(o, sizeof(want) - n, fmt, v);
				fmt_buf__s64(&b, (s64)v, w, fl);
				printf_format(fmt, sizeof(fmt), "lld", w, fl);
				o = want + n;
				n += snprintf(o, sizeof(want) - n, fmt, (long long)v);
				fmt_buf__s64(&b, neg, w, fl);
				o = want + n;
				n += snprintf(o, sizeof(want) - n, fmt, neg);
				fmt_buf__putc(&b, '|');
				want[n++] = '|';
			}
	/* random values of every length */
	srandom(42);
	for (i = 0; i < 1000; i++) {
		u64 v = ((u64)random() << 33 ^ (u64)random() << 11 ^ (u64)random()) >> (i % 64);

		fmt_buf__x64(&b, v, 0, 0);
		fmt_buf__u64(&b, v, 0, 0);
		fmt_buf__putc(&b, ' ');
		n += snprintf(want + n, sizeof(want) - n, "%llx%llu ", (unsigned long long)v,
			      (unsigned long long)v);
	}
	ok(n < sizeof(want), "reference fits");
	is_int(fmt_buf__exit(&b), 0, "exit flushes without error");
	got = slurp(fd, &len);
	want[n] = '\0';
	is_int(len, n, "as many bytes as snprintf");
	ok(got && !strcmp(got, want), "u64, x64, s64 equal snprintf's for every width and flag");
	free(got);
	close(fd);
}

static void strings(void)
{
	struct fmt_buf b;
	char want[4096], *got;
	size_t n = 0, len;
	int fd = tmp_fd();

	fmt_buf__init(&b, fd, 0);
	fmt_buf__str(&b, "bpfload", 16, 0);
	fmt_buf__str(&b, "bpfload", 16, FMT_LEFT);
	fmt_buf__str(&b, "a-very-long-command-name", 16, 0);
	fmt_buf__str(&b, "", 3, 0);
	fmt_buf__str(&b, "x", 0, 0);
	fmt_buf__puts(&b, " (");
	fmt_buf__mem(&b, "[kernel.kallsyms]xyz", 17);
	fmt_buf__putc(&b, ')');
	n += snprintf(want + n, sizeof(want) - n, "%16s%-16s%16s%3s%s (%.17s)", "bpfload",
		      "bpfload", "a-very-long-command-name", "", "x", "[kernel.kallsyms]xyz");
	fmt_buf__exit(&b);
	got = slurp(fd, &len);
	ok(got && !strcmp(got, want), "padded strings, puts, mem, putc");
	if (got && strcmp(got, want))
		diag("got '%s'", got);
	free(got);
	close(fd);
}

/* a small buffer: flushes mid-line, strings larger than the buffer */
static void boundaries(void)
{
	struct fmt_buf b;
	char *big = malloc(10000), *want = malloc(200000), *got;
	size_t n = 0, len, i;
	FILE *fp;
	int fd = tmp_fd();

	memset(big, 'b', 9999);
	big[9999] = '\0';
	is_int(fmt_buf__init(&b, fd, 1), 0, "a tiny size is raised to the minimum");
	ok(b.size >= 4096, "minimum size %zu", b.size);
	fp = fmt_buf__file(&b);
	ok(fp != NULL, "stdio stream");
	ok(fmt_buf__file(&b) == fp, "one stream per buffer");
	for (i = 0; i < 2000; i++) {
		fmt_buf__u64(&b, i * 1000003, 10, 0);
		fmt_buf__puts(&b, " x ");
		n += (size_t)sprintf(want + n, "%10zu x ", i * 1000003);
		if (i % 500 == 7) {
			fmt_buf__puts(&b, big);
			memcpy(want + n, big, 9999);
			n += 9999;
		}
		if (i % 300 == 1) {
			fprintf(fp, "<%s:%d>", "stdio", (int)i);
			n += (size_t)sprintf(want + n, "<%s:%d>", "stdio", (int)i);
		}
		fmt_buf__x64(&b, i, 16, 0);
		fmt_buf__putc(&b, '\n');
		n += (size_t)sprintf(want + n, "%16zx\n", i);
	}
	want[n] = '\0';
	is_int(fmt_buf__flush(&b), 0, "flush");
	is_int(b.len, 0, "flush empties the buffer");
	is_int(fmt_buf__exit(&b), 0, "exit");
	got = slurp(fd, &len);
	is_int(len, n, "every byte written once (%zu)", n);
	ok(got && !memcmp(got, want, n), "in order across flushes, long strings and stdio");
	free(got);
	free(big);
	free(want);
	close(fd);
}

static void errors(void)
{
	struct fmt_buf b;
	int fd = open("/dev/full", O_WRONLY), p[2], i;

	if (fd < 0) {
		ok(0, "open /dev/full: %s", strerror(errno));
	} else {
		fmt_buf__init(&b, fd, 4096);
		for (i = 0; i < 1000; i++)
			fmt_buf__puts(&b, "some text that fills the buffer\n");
		is_int(fmt_buf__error(&b), -ENOSPC, "a full device: -ENOSPC");
		fmt_buf__u64(&b, 42, 10, 0);
		is_int(fmt_buf__exit(&b), -ENOSPC, "exit returns the first error");
		close(fd);
	}

	signal(SIGPIPE, SIG_IGN);
	if (pipe(p)) {
		ok(0, "pipe: %s", strerror(errno));
		return;
	}
	close(p[0]);
	fmt_buf__init(&b, p[1], 4096);
	fmt_buf__puts(&b, "nobody reads this\n");
	is_int(fmt_buf__flush(&b), -EPIPE, "a closed reader: -EPIPE");
	for (i = 0; i < 1000; i++)
		fmt_buf__x64(&b, (u64)i, 16, 0);
	is_int(fmt_buf__exit(&b), -EPIPE, "output after the error is dropped");
	close(p[1]);
}

static void json(void)
{
	static const char want[] = "\"a\\\"b\\\\\\n\\t\\u0001</x>\"\"\"\"\\u003c/x>\\u007f\"";
	struct fmt_buf b;
	char *got;
	size_t len;
	int fd = tmp_fd();

	fmt_buf__init(&b, fd, 0);
	fmt_buf__json_str(&b, "a\"b\\\n\t\001</x>", 0);
	fmt_buf__json_str(&b, NULL, 0);
	fmt_buf__json_str(&b, "</x>\177", FMT_JSON_HTML);
	fmt_buf__exit(&b);
	got = slurp(fd, &len);
	ok(got && !strcmp(got, want), "JSON strings: short escapes, \\u00XX, NULL, '<' for HTML");
	if (got && strcmp(got, want))
		diag("got '%s'", got);
	free(got);
	close(fd);
}

int main(void)
{
	numbers();
	strings();
	json();
	boundaries();
	errors();
	done_testing();
}
