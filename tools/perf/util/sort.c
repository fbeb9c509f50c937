// SPDX-License-Identifier: GPL-2.0
/*
 * Sort keys by name.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sort.h"

static const struct {
	const char	*name;
	const char	*header;
} sort_keys[SORT_NR_KEYS] = {
	[SORT_COMM]	= { "comm",	"Command" },
	[SORT_PID]	= { "pid",	"    Pid:Command" },
	[SORT_TID]	= { "tid",	"    Tid:Command" },
	[SORT_DSO]	= { "dso",	"Shared Object" },
	[SORT_SYM]	= { "sym",	"Symbol" },
	[SORT_CPU]	= { "cpu",	"CPU" },
	[SORT_TRACE]	= { "trace",	"Trace output" },
};

const char *sort_key__header(enum sort_key key)
{
	return key < SORT_NR_KEYS ? sort_keys[key].header : "";
}

int sort_spec__parse(struct sort_spec *spec, const char *str, char *bad, size_t badsz)
{
	const char *p = str;

	memset(spec, 0, sizeof(*spec));
	while (*p) {
		size_t n = strcspn(p, ", ");
		int k;

		for (k = 0; k < SORT_NR_KEYS; k++)
			if (strlen(sort_keys[k].name) == n && !strncmp(sort_keys[k].name, p, n))
				break;
		/* upstream's long name of the symbol key */
		if (k == SORT_NR_KEYS && n == 6 && !strncmp(p, "symbol", 6))
			k = SORT_SYM;
		if (k == SORT_NR_KEYS || spec->nr == SORT_MAX_KEYS) {
			if (bad)
				snprintf(bad, badsz, "%.*s", (int)n, p);
			return -EINVAL;
		}
		if (!(spec->mask & (1u << k))) {
			spec->keys[spec->nr++] = k;
			spec->mask |= 1u << k;
		}
		p += n;
		while (*p == ',' || *p == ' ')
			p++;
	}
	if (!spec->nr) {
		if (bad)
			snprintf(bad, badsz, "%s", str);
		return -EINVAL;
	}
	return 0;
}
