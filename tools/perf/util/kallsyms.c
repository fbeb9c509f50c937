// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's symbols from a kallsyms file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildid-dir.h"
#include "kallsyms.h"
#include "record-buildid.h"

/* a hex digit's value plus one; 0 for other characters */
static const u8 hex_digit[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* Bytes with the high bit set where x has a byte equal to each byte of c. */
static inline u64 swar_eq(u64 x, u64 c)
{
	u64 v = x ^ c;

	return (v - 0x0101010101010101ULL) & ~v & 0x8080808080808080ULL;
}

/* The first '\t' or ' ' in p[0..n), or n: eight bytes at a time. */
static size_t name_end(const char *p, size_t n)
{
	size_t i = 0;
	u64 x;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, p + i, 8);
		if (swar_eq(x, 0x0909090909090909ULL) | swar_eq(x, 0x2020202020202020ULL))
			break;
	}
	while (i < n && p[i] != '\t' && p[i] != ' ')
		i++;
	return i;
}

int kallsyms__parse_line(const char *line, size_t len, u64 *addr, char *type,
			 const char **name, size_t *name_len, const char **module,
			 size_t *module_len)
{
	size_t i = 0, n;
	u64 a = 0;

	/* the common line: 16 digits (each a table look-up, no loop test) */
	if (len >= 19 && line[16] == ' ') {
		u8 d, all = 0xff;

		for (i = 0; i < 16; i++) {
			d = hex_digit[(unsigned char)line[i]];
			all &= d ? 0xff : 0;
			a = a << 4 | (u64)(d - 1);
		}
		if (!all) {
			i = 0;
			a = 0;
		}
	}
	if (!i)
		while (i < len && i < 16 && hex_digit[(unsigned char)line[i]])
			a = a << 4 | (u64)(hex_digit[(unsigned char)line[i++]] - 1);
	if (!i || i + 3 > len || line[i] != ' ' || line[i + 2] != ' ')
		return -EINVAL;
	*addr = a;
	*type = line[i + 1];
	i += 3;
	n = i + name_end(line + i, len - i);
	if (n == i)
		return -EINVAL;
	*name = line + i;
	*name_len = n - i;
	*module = NULL;
	*module_len = 0;
	while (n < len && (line[n] == '\t' || line[n] == ' '))
		n++;
	if (n < len && line[n] == '[') {
		size_t e = n + 1;

		while (e < len && line[e] != ']')
			e++;
		*module = line + n + 1;
		*module_len = e - n - 1;
	}
	return 0;
}

struct kallsyms_filter {
	const char		*module;	/* NULL: the kernel's own */
	u64			base;
	struct symbols		*syms;
	kallsyms_module_fn	fn;		/* every module's, when set */
	void			*arg;
};

/* The table a line's symbol goes to (and its base), NULL to skip it. */
static struct symbols *filter__target(const struct kallsyms_filter *f, const char *mod,
				      size_t mod_len, u64 addr, u64 *base)
{
	struct symbols *syms;

	*base = 0;
	if (f->fn) {
		syms = mod ? f->fn(f->arg, mod, mod_len, base) : NULL;
		return syms && addr >= *base ? syms : NULL;
	}
	if (!f->module)
		return mod ? NULL : f->syms;
	if (!mod || mod_len != strlen(f->module) || memcmp(mod, f->module, mod_len) ||
	    addr < f->base)
		return NULL;
	*base = f->base;
	return f->syms;
}

/* One line: its symbol to the table the filter picks. */
static int kallsyms__add_line(const struct kallsyms_filter *f, const char *line, size_t ll)
{
	const char *nm, *mod;
	size_t nl_len, mod_len;
	struct symbols *syms;
	u64 addr, base;
	u8 binding;
	char type;

	if (kallsyms__parse_line(line, ll, &addr, &type, &nm, &nl_len, &mod, &mod_len))
		return 0;
	if ((type != 'T' && type != 't' && type != 'W' && type != 'w') || nl_len >= 512)
		return 0;
	syms = filter__target(f, mod, mod_len, addr, &base);
	if (!syms)
		return 0;
	binding = type == 'T' ? SYMBOL_GLOBAL : type == 't' ? SYMBOL_LOCAL : SYMBOL_WEAK;
	/* the kernel's own table is big: packed */
	if (!f->fn && !f->module)
		return symbols__add_packed(syms, addr, binding, nm, nl_len);
	{
		char name[512];

		memcpy(name, nm, nl_len);
		name[nl_len] = '\0';
		return symbols__add(syms, symbol__new(addr - base, 0, binding, name));
	}
}

/*
 * The file read in pieces through one buffer: /proc/kallsyms is megabytes
 * that would only be touched once.  A line longer than the buffer is
 * garbage and skipped.
 */
#define KALLSYMS_BUF	(64 * 1024)

static int kallsyms__load_filtered(const char *path, const struct kallsyms_filter *f)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t have = 0;
	bool skipping = false;
	char *buf;
	int err = 0;

	if (fd < 0)
		return -errno;
	buf = malloc(KALLSYMS_BUF);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	for (;;) {
		ssize_t n = read(fd, buf + have, KALLSYMS_BUF - have);
		size_t pos = 0;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			break;
		}
		have += (size_t)n;
		while (!err && pos < have) {
			const char *nl = memchr(buf + pos, '\n', have - pos);
			size_t ll;

			if (!nl && n > 0)
				break;
			ll = nl ? (size_t)(nl - (buf + pos)) : have - pos;
			if (!skipping)
				err = kallsyms__add_line(f, buf + pos, ll);
			skipping = false;
			pos += ll + 1;
		}
		if (err || n == 0)
			break;
		if (pos < have)
			memmove(buf, buf + pos, have - pos);
		have -= pos < have ? pos : have;
		if (have == KALLSYMS_BUF) {
			skipping = true;
			have = 0;
		}
	}
	free(buf);
	close(fd);
	return err;
}

int kallsyms__load(const char *path, struct symbols *syms)
{
	struct kallsyms_filter f = { .syms = syms };

	return kallsyms__load_filtered(path, &f);
}

int kallsyms__load_module(const char *path, const char *module, u64 base,
			  struct symbols *syms)
{
	struct kallsyms_filter f = { .module = module, .base = base, .syms = syms };

	return kallsyms__load_filtered(path, &f);
}

int kallsyms__load_modules(const char *path, kallsyms_module_fn fn, void *arg)
{
	struct kallsyms_filter f = { .fn = fn, .arg = arg };

	return kallsyms__load_filtered(path, &f);
}

/*
 * The first function line of a kallsyms file (within its first 64 KiB:
 * absolute per-cpu symbols may come first), into line; 0 or -ENOENT.
 */
static int kallsyms__first_function(const char *path, char *line, size_t size)
{
	size_t have = 0, pos = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = -ENOENT;
	char *buf = malloc(KALLSYMS_BUF);

	if (fd < 0 || !buf)
		goto out;
	while (have < KALLSYMS_BUF) {
		ssize_t n = read(fd, buf + have, KALLSYMS_BUF - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += (size_t)n;
	}
	while (pos < have) {
		const char *nl = memchr(buf + pos, '\n', have - pos), *nm, *mod;
		size_t ll, nl_len, mod_len;
		u64 addr;
		char type;

		if (!nl)
			break;
		ll = (size_t)(nl - (buf + pos));
		if (!kallsyms__parse_line(buf + pos, ll, &addr, &type, &nm, &nl_len, &mod,
					  &mod_len) &&
		    (type == 'T' || type == 't') && !mod && ll < size) {
			memcpy(line, buf + pos, ll);
			line[ll] = '\0';
			err = 0;
			break;
		}
		pos += ll + 1;
	}
out:
	free(buf);
	if (fd >= 0)
		close(fd);
	return err;
}

/* the build-id cache's [kernel.kallsyms]/<hex id>/kallsyms: 0 when it is there */
static int kallsyms__cache_path(const u8 *id, size_t len, char *path, size_t size)
{
	if (buildid_dir__copy("/[kernel.kallsyms]", id, len, "kallsyms", path, size))
		return -ENOENT;
	return access(path, R_OK) ? -ENOENT : 0;
}

static bool kallsyms__is_running(const u8 *id, size_t len)
{
	u8 running[BUILD_ID_MAX];
	size_t rlen;

	return !build_id__read_kernel(running, &rlen) && rlen == len && !memcmp(running, id, len);
}

int kallsyms__cached_copy(const u8 *id, size_t len, char *path, size_t size)
{
	char live[512], copy[512];

	if (!len || !kallsyms__is_running(id, len) || kallsyms__cache_path(id, len, path, size))
		return -ENOENT;
	if (kallsyms__first_function(path, copy, sizeof(copy)) ||
	    kallsyms__first_function("/proc/kallsyms", live, sizeof(live)) || strcmp(live, copy))
		return -ENOENT;
	return 0;
}

int kallsyms__for_kernel(const u8 *id, size_t len, char *path, size_t size)
{
	if (!len || kallsyms__is_running(id, len)) {
		if (!kallsyms__cached_copy(id, len, path, size))
			return 0;
		if (snprintf(path, size, "/proc/kallsyms") >= (int)size)
			return -ENAMETOOLONG;
		return 0;
	}
	return kallsyms__cache_path(id, len, path, size);
}

int modules__for_each(const char *path, modules_fn fn, void *arg)
{
	FILE *fp = fopen(path, "re");
	char line[1024], name[256];
	unsigned long long size, addr;
	int err = 0;

	if (!fp)
		return -errno;
	while (!err && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%255s %llu %*s %*s %*s %llx", name, &size, &addr) != 3 ||
		    !addr || !size)
			continue;
		err = fn(arg, name, addr, size);
	}
	fclose(fp);
	return err;
}
