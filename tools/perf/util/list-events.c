// SPDX-License-Identifier: GPL-2.0
/* The events perf list shows: the symbol table's and tracefs's, sorted as upstream's. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "array.h"
#include "list-events.h"
#include "parse-events.h"
#include "tracepoint.h"

bool list_events__supported(u32 type, u64 config)
{
	struct perf_event_attr attr = {
		.type = type, .config = config, .size = sizeof(attr), .disabled = 1,
	};
	long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);

	if (fd < 0 && errno == EACCES) {
		attr.exclude_kernel = 1;
		fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	}
	if (fd < 0)
		return false;
	close((int)fd);
	return true;
}

static int names__cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int list_events__symbols(u32 type, const char *glob, bool (*supported)(u32 type, u64 config),
			 list_events_fn fn, void *priv)
{
	const char *kind = type == PERF_TYPE_HARDWARE ? LIST_KIND_HW : LIST_KIND_SW;
	const struct event_symbol *sym;
	size_t nr, i, n = 0;
	char **names;
	int err = 0;

	sym = parse_events__symbols(&nr);
	names = calloc(nr, sizeof(*names));
	if (!names)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		if (sym[i].type != type)
			continue;
		if (glob && fnmatch(glob, sym[i].name, 0) &&
		    (!sym[i].alias || fnmatch(glob, sym[i].alias, 0)))
			continue;
		if (supported && !supported(sym[i].type, sym[i].config))
			continue;
		if (sym[i].alias ? asprintf(&names[n], "%s OR %s", sym[i].name, sym[i].alias) < 0 :
				   !(names[n] = strdup(sym[i].name))) {
			names[n] = NULL;
			err = -ENOMEM;
			break;
		}
		n++;
	}
	if (!err)
		qsort(names, n, sizeof(*names), names__cmp);
	for (i = 0; !err && i < n; i++)
		err = fn(names[i], kind, priv);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return err;
}

/* "sys:name" of every match, sorted as upstream lists them: by the whole name ("fib6:" first) */
struct tp_names {
	char	**v;
	size_t	nr;
	u32	cap;
};

static int tp_names__add(const char *sys, const char *name, void *priv)
{
	struct tp_names *n = priv;

	if (array__grow((void **)&n->v, &n->cap, n->nr + 1, sizeof(*n->v), 256))
		return -ENOMEM;
	if (asprintf(&n->v[n->nr], "%s:%s", sys, name) < 0)
		return -ENOMEM;
	n->nr++;
	return 0;
}

int list_events__tracepoints(const char *dir, const char *sys_glob, const char *event_glob,
			     list_events_fn fn, void *priv)
{
	struct tp_names n = { .nr = 0 };
	size_t i;
	int err;

	err = tracepoint__for_each(dir, sys_glob, event_glob, false, tp_names__add, &n);
	if (!err && n.nr)
		qsort(n.v, n.nr, sizeof(*n.v), names__cmp);
	for (i = 0; !err && i < n.nr; i++)
		err = fn(n.v[i], LIST_KIND_TRACEPOINT, priv);
	for (i = 0; i < n.nr; i++)
		free(n.v[i]);
	free(n.v);
	return err;
}
