// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "buildid-dir.h"
#include "record-buildid.h"

#define HEX_MAX	(2 * BUILD_ID_MAX + 1)

/* id in lower-case hex, 2 * len digits */
static int hex(const u8 *id, size_t len, char *out)
{
	size_t i;

	if (!len || len > BUILD_ID_MAX)
		return -EINVAL;
	for (i = 0; i < len; i++)
		snprintf(out + 2 * i, 3, "%02x", id[i]);
	return 0;
}

static int print(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int buildid_dir__cache(char *buf, size_t size)
{
	const char *home = getenv("HOME");

	if (!home || !*home)
		home = "/root";
	return print(buf, size, "%s/.debug", home);
}

int buildid_dir__link(const char *dir, const u8 *id, size_t len, const char *tail, char *buf,
		      size_t size)
{
	char h[HEX_MAX];
	int err = hex(id, len, h);

	return err ? err : print(buf, size, "%s/.build-id/%.2s/%s%s", dir, h, h + 2, tail);
}

int buildid_dir__entry(const u8 *id, size_t len, const char *file, char *buf, size_t size)
{
	char cache[PATH_MAX], h[HEX_MAX];
	int err = buildid_dir__cache(cache, sizeof(cache));

	if (!err)
		err = hex(id, len, h);
	return err ? err : print(buf, size, "%s/.build-id/%.2s/%s%s%s", cache, h, h + 2,
				 file ? "/" : "", file ? file : "");
}

int buildid_dir__copy(const char *name, const u8 *id, size_t len, const char *file, char *buf,
		      size_t size)
{
	char cache[PATH_MAX], h[HEX_MAX];
	int err = buildid_dir__cache(cache, sizeof(cache));

	if (!err)
		err = hex(id, len, h);
	return err ? err : print(buf, size, "%s%s/%s%s%s", cache, name, h, file ? "/" : "",
				 file ? file : "");
}

int buildid_dir__target(const char *name, const u8 *id, size_t len, char *buf, size_t size)
{
	char h[HEX_MAX];
	int err = hex(id, len, h);

	return err ? err : print(buf, size, "../..%s/%s", name, h);
}
