// SPDX-License-Identifier: GPL-2.0
/* CPU lists: parsing "0-3,5" and reading the online CPUs from sysfs. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err-sink.h"
#include "cpumap.h"

#define CPU_MAX	4096

static int cpu_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int perf_cpu_map__parse(struct perf_cpu_map **out, const char *list)
{
	struct perf_cpu_map *map;
	const char *p = list;
	int nr = 0, i, j;
	bool seen[CPU_MAX] = { false };

	*out = NULL;
	if (!list || !*list)
		return perf_cpu_map__online(out);

	while (*p) {
		char *end;
		long a, b;

		if (*p < '0' || *p > '9')
			return -EINVAL;
		a = strtol(p, &end, 10);
		b = a;
		p = end;
		if (*p == '-') {
			p++;
			if (*p < '0' || *p > '9')
				return -EINVAL;
			b = strtol(p, &end, 10);
			p = end;
		}
		if (a < 0 || b < a || b >= CPU_MAX)
			return -EINVAL;
		for (i = a; i <= b; i++)
			seen[i] = true;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -EINVAL;
		else if (*p == '\n')
			break;
	}
	for (i = 0; i < CPU_MAX; i++)
		nr += seen[i];
	if (!nr)
		return -EINVAL;
	map = malloc(sizeof(*map) + nr * sizeof(int));
	if (!map)
		return -ENOMEM;
	map->nr = nr;
	for (i = 0, j = 0; i < CPU_MAX; i++)
		if (seen[i])
			map->cpus[j++] = i;
	qsort(map->cpus, map->nr, sizeof(int), cpu_cmp);
	*out = map;
	return 0;
}

int perf_cpu_map__online(struct perf_cpu_map **out)
{
	char buf[4096];
	FILE *fp = fopen("/sys/devices/system/cpu/online", "r");
	size_t n;

	*out = NULL;
	if (!fp)
		return -errno;
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	if (!n)
		return -EINVAL;
	return perf_cpu_map__parse(out, buf);
}

struct perf_cpu_map *perf_cpu_map__any(void)
{
	struct perf_cpu_map *map = malloc(sizeof(*map) + sizeof(int));

	if (!map)
		return NULL;
	map->nr = 1;
	map->cpus[0] = -1;
	return map;
}

bool perf_cpu_map__all_online(const struct perf_cpu_map *map, int *bad)
{
	struct perf_cpu_map *online;
	int i, j;
	bool ok = true;

	if (perf_cpu_map__online(&online))
		return true;	/* cannot tell: let perf_event_open decide */
	for (i = 0; ok && i < map->nr; i++) {
		ok = false;
		for (j = 0; j < online->nr; j++)
			if (online->cpus[j] == map->cpus[i])
				ok = true;
		if (!ok && bad)
			*bad = map->cpus[i];
	}
	perf_cpu_map__delete(online);
	return ok;
}

void perf_cpu_map__delete(struct perf_cpu_map *map)
{
	free(map);
}

int perf_cpu_map__parse_option(struct perf_cpu_map **out, const char *list)
{
	int bad = -1, err = perf_cpu_map__parse(out, list);

	if (err) {
		pr_err("-C %s: bad CPU list", list ? list : "");
		return err;
	}
	if (list && !perf_cpu_map__all_online(*out, &bad)) {
		pr_err("-C %s: CPU %d is not online", list, bad);
		return -EINVAL;
	}
	return 0;
}

static int cpu_range_cmp(const void *a, const void *b)
{
	const struct cpu_range *x = a, *y = b;

	return x->first < y->first ? -1 : x->first > y->first;
}

/* one number of a cpu_ranges__parse() list: below INT_MAX, followed by a char of ends */
static int cpu_ranges__number(const char **p, const char *ends, u32 *cpu)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(*p, &end, 0);
	if (errno || v >= INT_MAX || !strchr(ends, *end))
		return -EINVAL;
	*cpu = (u32)v;
	*p = end;
	return 0;
}

int cpu_ranges__parse(const char *list, struct cpu_range **ranges, int *nr)
{
	struct cpu_range *r;
	const char *p = list;
	int n = 0, i;

	*ranges = NULL;
	*nr = 0;
	if (*p && !isdigit((unsigned char)*p))
		return -EINVAL;
	/* an item per comma at most */
	r = calloc(strlen(list) / 2 + 1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	while (isdigit((unsigned char)*p)) {
		/* strchr() takes the terminating NUL as an end too */
		if (cpu_ranges__number(&p, ",-", &r[n].first))
			goto bad;
		r[n].last = r[n].first;
		if (*p == '-') {
			p++;
			if (cpu_ranges__number(&p, ",", &r[n].last) || r[n].last < r[n].first)
				goto bad;
		}
		n++;
		if (*p)
			p++;
	}
	qsort(r, n, sizeof(*r), cpu_range_cmp);
	for (i = 1; i < n; i++)
		if (r[i].first <= r[i - 1].last)
			goto bad;	/* a CPU named twice */
	*ranges = r;
	*nr = n;
	return 0;
bad:
	free(r);
	return -EINVAL;
}
