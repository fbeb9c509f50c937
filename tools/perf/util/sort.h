/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SORT_H
#define __PERF_SORT_H

#include "types.h"

/*
 * `perf report --sort` keys: what makes two samples the same histogram
 * entry, the order of entries with equal overhead, and their columns, in
 * upstream's stdio shape.
 */
enum sort_key {
	SORT_COMM,	/* "Command" */
	SORT_PID,	/* "    Pid:Command": the thread, as upstream's pid key */
	SORT_TID,	/* "    Tid:Command" */
	SORT_DSO,	/* "Shared Object" */
	SORT_SYM,	/* "Symbol": "[k] name" or "[.] 0x<16 hex>" */
	SORT_CPU,	/* "CPU" */
	SORT_TRACE,	/* "Trace output": a tracepoint's fields formatted, "N/A" for others */
	SORT_NR_KEYS,
};

#define SORT_MAX_KEYS	8

struct sort_spec {
	enum sort_key	keys[SORT_MAX_KEYS];
	int		nr;
	u32		mask;		/* 1 << key for each key used */
};

/* "comm,dso,sym"; -EINVAL with the bad key's name in bad (may be NULL). */
int sort_spec__parse(struct sort_spec *spec, const char *str, char *bad, size_t badsz);
const char *sort_key__header(enum sort_key key);

#endif /* __PERF_SORT_H */
