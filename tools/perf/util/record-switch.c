// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's output rotation decisions (record-switch.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record-switch.h"

/* A number followed by exactly one unit of units[] (its multiplier in mult[]). */
static int switch__tagged(const char *arg, const char *units, const u64 *mult, u64 *out)
{
	unsigned long long n;
	const char *u;
	char *end;

	if (!arg[0] || arg[0] < '0' || arg[0] > '9')
		return -EINVAL;
	errno = 0;
	n = strtoull(arg, &end, 10);
	if (errno || !end[0] || end[1])
		return -EINVAL;
	u = strchr(units, end[0]);
	if (!u)
		return -EINVAL;
	if (n > ULLONG_MAX / mult[u - units])
		return -ERANGE;
	*out = n * mult[u - units];
	return 0;
}

int record_switch__parse(struct record_switch *s, const char *arg)
{
	static const u64 size_mult[] = { 1, 1ULL << 10, 1ULL << 20, 1ULL << 30 };
	static const u64 time_mult[] = { 1, 60, 3600, 86400 };
	u64 v;

	s->signal = false;
	s->size = 0;
	s->secs = 0;
	if (!arg || !strcmp(arg, "signal")) {
		s->signal = true;
	} else if (!switch__tagged(arg, "BKMG", size_mult, &v)) {
		s->size = v;
	} else if (!switch__tagged(arg, "smhd", time_mult, &v) && v <= UINT_MAX) {
		s->secs = (unsigned int)v;
	} else {
		return -EINVAL;
	}
	s->enabled = true;
	s->timestamp_filename = true;
	return 0;
}

int record_switch__name(char *buf, size_t len, const char *path, const struct timeval *tv)
{
	struct tm tm;
	time_t t = tv->tv_sec;
	int n;

	if (!localtime_r(&t, &tm))
		return -EINVAL;
	n = snprintf(buf, len, "%s.%04d%02d%02d%02d%02d%02d%02d", path, tm.tm_year + 1900,
		     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		     (int)(tv->tv_usec / 10000));
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int record_switch__keep(struct record_switch *s, const char *name, char **drop)
{
	char *copy;

	*drop = NULL;
	if (s->max_files <= 0)
		return 0;
	if (!s->files) {
		s->files = calloc(s->max_files, sizeof(*s->files));
		if (!s->files)
			return -ENOMEM;
	}
	copy = strdup(name);
	if (!copy)
		return -ENOMEM;
	*drop = s->files[s->cur];
	s->files[s->cur] = copy;
	s->cur = (s->cur + 1) % s->max_files;
	return 0;
}

void record_switch__exit(struct record_switch *s)
{
	int i;

	for (i = 0; s->files && i < s->max_files; i++)
		free(s->files[i]);
	free(s->files);
	s->files = NULL;
	s->cur = 0;
}
