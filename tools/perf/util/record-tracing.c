// SPDX-License-Identifier: GPL-2.0
/* record: tracepoint ids and the TRACING_DATA feature from tracefs. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record-tracing.h"
#include "strbuf.h"

const char *tracing__dir(void)
{
	if (!access("/sys/kernel/tracing/events", F_OK))
		return "/sys/kernel/tracing";
	if (!access("/sys/kernel/debug/tracing/events", F_OK))
		return "/sys/kernel/debug/tracing";
	return NULL;
}

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
	fclose(fp);
	return err;
}

int tracing__event_id(const char *sys, const char *name, u64 *id)
{
	const char *dir = tracing__dir();
	struct strbuf sb = STRBUF_INIT;
	char path[512];
	int err;

	if (!dir)
		return -ENOENT;
	if (strchr(sys, '/') || strchr(name, '/') || sys[0] == '.' || name[0] == '.')
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", dir, sys, name);
	err = file__append(path, &sb);
	if (!err && sb.len) {
		char *end;

		*id = strtoull(sb.buf, &end, 10);
		if (end == sb.buf)
			err = -ENOENT;
	} else if (!err) {
		err = -ENOENT;
	}
	strbuf__release(&sb);
	return err == -EACCES ? err : (err ? -ENOENT : 0);
}

/* u64 size then the file's bytes */
static int add_sized_file(struct strbuf *sb, const char *path, bool size32)
{
	struct strbuf f = STRBUF_INIT;
	int err = file__append(path, &f);

	if (err)
		f.len = 0;
	err = size32 ? strbuf__add_u32(sb, (u32)f.len) : strbuf__add_u64(sb, f.len);
	if (!err && f.len)
		err = strbuf__add(sb, f.buf, f.len);
	strbuf__release(&f);
	return err;
}

static int add_ftrace_formats(struct strbuf *sb, const char *dir)
{
	char path[512];
	struct dirent *de;
	DIR *d;
	u32 nr = 0;
	size_t count_at;
	int err;

	snprintf(path, sizeof(path), "%s/events/ftrace", dir);
	count_at = sb->len;
	err = strbuf__add_u32(sb, 0);
	d = opendir(path);
	if (!d)
		return err;
	while (!err && (de = readdir(d))) {
		char fmt[800];

		if (de->d_name[0] == '.')
			continue;
		snprintf(fmt, sizeof(fmt), "%s/%s/format", path, de->d_name);
		if (access(fmt, R_OK))
			continue;
		err = add_sized_file(sb, fmt, false);
		nr++;
	}
	closedir(d);
	memcpy(sb->buf + count_at, &nr, sizeof(nr));
	return err;
}

int tracing_data__build(const char *const *events, int nr, struct strbuf *sb)
{
	static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	const char *dir = tracing__dir();
	char path[512];
	u32 nr_sys = 0;
	size_t sys_count_at;
	u8 b;
	int err, i, j;

	if (!dir)
		return -ENOENT;
	err = strbuf__add(sb, magic, sizeof(magic));
	if (!err)
		err = strbuf__add(sb, "0.6", 4);
	b = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	if (!err)
		err = strbuf__add(sb, &b, 1);
	b = sizeof(long);
	if (!err)
		err = strbuf__add(sb, &b, 1);
	if (!err)
		err = strbuf__add_u32(sb, (u32)sysconf(_SC_PAGESIZE));
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
	if (!err)
		err = add_ftrace_formats(sb, dir);
	if (err)
		return err;

	/* systems in order of first appearance, each with its events */
	sys_count_at = sb->len;
	err = strbuf__add_u32(sb, 0);
	for (i = 0; !err && i < nr; i++) {
		size_t slen = strcspn(events[i], ":");
		u32 nr_ev = 0;
		size_t ev_count_at;
		bool seen = false;

		for (j = 0; j < i; j++)
			if (!strncmp(events[j], events[i], slen) && events[j][slen] == ':')
				seen = true;
		if (seen)
			continue;
		err = strbuf__add(sb, events[i], slen);
		if (!err)
			err = strbuf__add_zero(sb, 1);
		ev_count_at = sb->len;
		if (!err)
			err = strbuf__add_u32(sb, 0);
		for (j = i; !err && j < nr; j++) {
			if (strncmp(events[j], events[i], slen) || events[j][slen] != ':')
				continue;
			snprintf(path, sizeof(path), "%s/events/%.*s/%s/format", dir, (int)slen,
				 events[j], events[j] + slen + 1);
			err = add_sized_file(sb, path, false);
			nr_ev++;
		}
		if (!err)
			memcpy(sb->buf + ev_count_at, &nr_ev, sizeof(nr_ev));
		nr_sys++;
	}
	if (err)
		return err;
	memcpy(sb->buf + sys_count_at, &nr_sys, sizeof(nr_sys));
	/* kallsyms and printk formats left empty; the saved cmdlines */
	err = strbuf__add_u32(sb, 0);
	if (!err)
		err = strbuf__add_u32(sb, 0);
	snprintf(path, sizeof(path), "%s/saved_cmdlines", dir);
	if (!err)
		err = add_sized_file(sb, path, false);
	return err;
}
