// SPDX-License-Identifier: GPL-2.0
/*
 * time-range.c - report's and script's --time: absolute ranges and
 * percent slices of the file's span.
 */
#include <ctype.h>
#include <stdint.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "err-sink.h"
#include "time-range.h"

#define NSEC_PER_SEC	1000000000ULL

/* "S[.F]" (F up to nine digits) into nanoseconds; *end past it */
static int time__parse_nsec(const char *p, const char **end, u64 *ns)
{
	u64 sec = 0, frac = 0;
	int digits = 0;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		if (sec > (UINT64_MAX / NSEC_PER_SEC - 9) / 10)
			return -EINVAL;
		sec = sec * 10 + (u64)(*p - '0');
	}
	if (*p == '.') {
		for (p++; isdigit((unsigned char)*p); p++, digits++) {
			if (digits == 9)
				return -EINVAL;
			frac = frac * 10 + (u64)(*p - '0');
		}
		for (; digits < 9; digits++)
			frac *= 10;
	}
	*ns = sec * NSEC_PER_SEC + frac;
	*end = p;
	return 0;
}

/* "A" of "A%": a percent in (0, 100] (0 allowed when zero_ok) */
static int time__parse_percent(const char *p, const char **end, double *pct, bool zero_ok)
{
	char *e;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	*pct = strtod(p, &e);
	if (e == p || *e != '%' || *pct > 100 || (*pct <= 0 && !zero_ok))
		return -EINVAL;
	*end = e + 1;
	return 0;
}

static int time_ranges__add(struct time_ranges *tr, u64 start, u64 end)
{
	struct time_range *r = realloc(tr->r, (tr->nr + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	tr->r = r;
	tr->r[tr->nr++] = (struct time_range){ .start = start, .end = end };
	return 0;
}

/* "A%/N" or "A%-B%" from p; *end past it */
static int time_ranges__parse_percent(struct time_ranges *tr, const char *p, const char **end,
				      u64 first, u64 last)
{
	double span = (double)(last - first), a, b;
	char *e;
	long n;

	if (time__parse_percent(p, &p, &a, true))
		return -EINVAL;
	if (*p == '/') {
		n = strtol(p + 1, &e, 10);
		if (e == p + 1 || n < 1 || a <= 0 || a * (double)n > 100 + 1e-9)
			return -EINVAL;
		*end = e;
		return time_ranges__add(tr, first + (u64)(span * a * (double)(n - 1) / 100),
					first + (u64)(span * a * (double)n / 100));
	}
	if (*p != '-' || time__parse_percent(p + 1, end, &b, false) || b <= a)
		return -EINVAL;
	return time_ranges__add(tr, first + (u64)(span * a / 100), first + (u64)(span * b / 100));
}

int time_ranges__parse(struct time_ranges *tr, const char *str, u64 first, u64 last)
{
	const char *p = str;
	u64 start, stop;
	int err = 0;

	memset(tr, 0, sizeof(*tr));
	if (!str)
		return 0;
	if (strchr(str, '%')) {
		if (!first || !last || last < first) {
			pr_err("HINT: no first/last sample time found in perf data.");
			return -EINVAL;
		}
		tr->percent = true;
		do {
			err = time_ranges__parse_percent(tr, p, &p, first, last);
		} while (!err && *p == ',' && *++p);
		if (!err && *p)
			err = -EINVAL;
		goto out;
	}
	while (!err && *p) {
		start = stop = 0;
		if (*p != ',' && time__parse_nsec(p, &p, &start))
			err = -EINVAL;
		else if (*p++ != ',')
			err = -EINVAL;
		else if (*p && *p != ' ' && time__parse_nsec(p, &p, &stop))
			err = -EINVAL;
		else if ((stop && stop < start) || (*p && *p != ' '))
			err = -EINVAL;
		else
			err = time_ranges__add(tr, start, stop);
		while (!err && *p == ' ')
			p++;
	}
	if (!err && !tr->nr)
		err = -EINVAL;
out:
	if (err == -EINVAL)
		pr_err("Invalid time string");
	return err;
}

void time_ranges__exit(struct time_ranges *tr)
{
	free(tr->r);
	memset(tr, 0, sizeof(*tr));
}

void time_ranges__rebase(struct time_ranges *tr, u64 base)
{
	int i;

	if (tr->percent)
		return;
	for (i = 0; i < tr->nr; i++) {
		if (tr->r[i].start)
			tr->r[i].start += base;
		if (tr->r[i].end)
			tr->r[i].end += base;
	}
}

bool time_ranges__contain(const struct time_ranges *tr, u64 time)
{
	int i;

	if (!tr->nr)
		return true;
	for (i = 0; i < tr->nr; i++)
		if ((!tr->r[i].start || time >= tr->r[i].start) &&
		    (!tr->r[i].end || time <= tr->r[i].end))
			return true;
	return false;
}
