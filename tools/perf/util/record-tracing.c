// SPDX-License-Identifier: GPL-2.0
/* record: the TRACING_DATA feature from tracefs. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record-tracing.h"
#include "strbuf.h"

/* Whole file into sb (appended); -errno. */
static int file__append(const char *path, struct strbuf *sb)
{
	char buf[8192];
	FILE *fp = fopen(path, "r");
	size_t n;
	int err = 0;

	if (!fp)
		return -errno;
	while (!err && (n = fread(buf, 1, sizeof(buf), fp)) > 0)
		err = strbuf__add(sb, buf, n);
	if (!err && ferror(fp))
		err = -EIO;
	fclose(fp);
	return err;
}

/* A u32 or u64 size, then the file's bytes (size 0 when it cannot be read). */
static int add_sized_file(struct strbuf *sb, const char *path, bool size32)
{
	struct strbuf f = STRBUF_INIT;
	int err = file__append(path, &f);

	if (err == -ENOMEM) {
		strbuf__release(&f);
		return err;
	}
	if (err)
		f.len = 0;
	err = size32 ? strbuf__add_u32(sb, (u32)f.len) : strbuf__add_u64(sb, f.len);
	if (!err && f.len)
		err = strbuf__add(sb, f.buf, f.len);
	strbuf__release(&f);
	return err;
}

/* Is sys:name one of events[]? */
static bool events__has(const char *const *events, int nr, const char *sys, const char *name)
{
	size_t slen = strlen(sys);
	int i;

	for (i = 0; i < nr; i++)
		if (!strncmp(events[i], sys, slen) && events[i][slen] == ':' &&
		    !strcmp(events[i] + slen + 1, name))
			return true;
	return false;
}

static bool events__has_system(const char *const *events, int nr, const char *sys)
{
	size_t slen = strlen(sys);
	int i;

	for (i = 0; i < nr; i++)
		if (!strncmp(events[i], sys, slen) && events[i][slen] == ':')
			return true;
	return false;
}

static void put_u32(struct strbuf *sb, size_t at, u32 v)
{
	memcpy(sb->buf + at, &v, sizeof(v));
}

/*
 * u32 count, then u64 size + format of each event of system sys that
 * events[] names, in the directory's order; *nr gets the count.
 */
static int add_system_formats(struct strbuf *sb, const char *dir, const char *sys,
			      const char *const *events, int nr)
{
	char path[4096];
	struct dirent *de;
	size_t count_at = sb->len;
	u32 count = 0;
	int err;
	DIR *d;

	err = strbuf__add_u32(sb, 0);
	if (err)
		return err;
	snprintf(path, sizeof(path), "%s/events/%s", dir, sys);
	d = opendir(path);
	if (!d)
		return 0;
	while (!err && (de = readdir(d))) {
		char fmt[4600];

		if (de->d_name[0] == '.' || !events__has(events, nr, sys, de->d_name))
			continue;
		snprintf(fmt, sizeof(fmt), "%s/%s/format", path, de->d_name);
		if (access(fmt, R_OK))
			continue;
		err = add_sized_file(sb, fmt, false);
		count++;
	}
	closedir(d);
	if (!err)
		put_u32(sb, count_at, count);
	return err;
}

static int add_header(struct strbuf *sb)
{
	static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	u8 b;
	int err;

	err = strbuf__add(sb, magic, sizeof(magic));
	if (!err)
		err = strbuf__add(sb, TRACING_DATA_VERSION, sizeof(TRACING_DATA_VERSION));
	b = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	if (!err)
		err = strbuf__add(sb, &b, 1);
	b = sizeof(long);
	if (!err)
		err = strbuf__add(sb, &b, 1);
	if (!err)
		err = strbuf__add_u32(sb, (u32)sysconf(_SC_PAGESIZE));
	return err;
}

int tracing_data__build(const char *dir, const char *const *events, int nr,
			struct strbuf *sb)
{
	char path[4096];
	struct dirent *de;
	size_t count_at;
	u32 nr_sys = 0;
	int err;
	DIR *d;

	err = add_header(sb);
	if (!err)
		err = strbuf__add(sb, "header_page", 12);
	snprintf(path, sizeof(path), "%s/events/header_page", dir);
	if (!err)
		err = add_sized_file(sb, path, false);
	if (!err)
		err = strbuf__add(sb, "header_event", 13);
	snprintf(path, sizeof(path), "%s/events/header_event", dir);
	if (!err)
		err = add_sized_file(sb, path, false);
	/* ftrace's own events, when recorded, then every other system's */
	if (!err)
		err = add_system_formats(sb, dir, "ftrace", events, nr);
	if (err)
		return err;

	count_at = sb->len;
	err = strbuf__add_u32(sb, 0);
	snprintf(path, sizeof(path), "%s/events", dir);
	d = opendir(path);
	if (!d)
		return err ? err : -errno;
	while (!err && (de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "ftrace") ||
		    !events__has_system(events, nr, de->d_name))
			continue;
		err = strbuf__add(sb, de->d_name, strlen(de->d_name) + 1);
		if (!err)
			err = add_system_formats(sb, dir, de->d_name, events, nr);
		nr_sys++;
	}
	closedir(d);
	if (err)
		return err;
	put_u32(sb, count_at, nr_sys);

	/* kallsyms empty, as upstream writes it; the printk formats; saved cmdlines */
	err = strbuf__add_u32(sb, 0);
	snprintf(path, sizeof(path), "%s/printk_formats", dir);
	if (!err)
		err = add_sized_file(sb, path, true);
	snprintf(path, sizeof(path), "%s/saved_cmdlines", dir);
	if (!err)
		err = add_sized_file(sb, path, false);
	return err;
}
