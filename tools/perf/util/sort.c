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
} sort_keys[SORT_DYN] = {
	[SORT_COMM]	= { "comm",	"Command" },
	[SORT_PID]	= { "pid",	"    Pid:Command" },
	[SORT_TID]	= { "tid",	"    Tid:Command" },
	[SORT_DSO]	= { "dso",	"Shared Object" },
	[SORT_SYM]	= { "sym",	"Symbol" },
	[SORT_CPU]	= { "cpu",	"CPU" },
	[SORT_TRACE]	= { "trace",	"Trace output" },
	[SORT_BPF_PROG]	= { "bpf_prog",	"BPF program" },
	[SORT_PARENT]	= { "parent",	"Parent symbol" },
	[SORT_SRCLINE]	= { "srcline",	"Source:Line" },
	[SORT_CGROUP]	= { "cgroup",	"Cgroup" },
};

const char *sort_key__header(enum sort_key key)
{
	return key < SORT_DYN ? sort_keys[key].header : "";
}

const char *sort_spec__header(const struct sort_spec *spec, enum sort_key key)
{
	if (key >= SORT_DYN && key < SORT_NR_KEYS)
		return spec->dyn[key - SORT_DYN].field;
	return sort_key__header(key);
}

void sort_spec__remove(struct sort_spec *spec, int k)
{
	int i;

	if (k < 0 || k >= spec->nr)
		return;
	spec->mask &= ~(1u << spec->keys[k]);
	for (i = k; i + 1 < spec->nr; i++)
		spec->keys[i] = spec->keys[i + 1];
	spec->nr--;
}

/* "[sys:event.]field[/raw]" into a dynamic key; false when it is no such word. */
static bool sort_spec__add_field(struct sort_spec *spec, const char *p, size_t n)
{
	struct sort_dyn *d;
	const char *dot, *slash, *f;
	size_t fl;

	if (spec->nr_dyn == SORT_MAX_DYN || spec->nr == SORT_MAX_KEYS)
		return false;
	d = &spec->dyn[spec->nr_dyn];
	memset(d, 0, sizeof(*d));
	slash = memchr(p, '/', n);
	if (slash) {
		if ((size_t)(p + n - slash) != 4 || strncmp(slash, "/raw", 4))
			return false;
		d->raw = true;
		n = slash - p;
	}
	dot = memrchr(p, '.', n);
	f = dot ? dot + 1 : p;
	fl = p + n - f;
	if (!fl || fl >= sizeof(d->field) || strspn(f, "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") < fl)
		return false;
	if (dot) {
		if (dot == p || (size_t)(dot - p) >= sizeof(d->event) || !memchr(p, ':', dot - p))
			return false;
		memcpy(d->event, p, dot - p);
	}
	memcpy(d->field, f, fl);
	spec->keys[spec->nr++] = SORT_DYN + spec->nr_dyn;
	spec->mask |= 1u << (SORT_DYN + spec->nr_dyn);
	spec->nr_dyn++;
	return true;
}

static int sort_spec__do_parse(struct sort_spec *spec, const char *str, char *bad, size_t badsz,
			       bool fields)
{
	const char *p = str;

	memset(spec, 0, sizeof(*spec));
	while (*p) {
		size_t n = strcspn(p, ", ");
		int k;

		for (k = 0; k < SORT_DYN; k++)
			if (strlen(sort_keys[k].name) == n && !strncmp(sort_keys[k].name, p, n))
				break;
		/* upstream's long name of the symbol key */
		if (k == SORT_DYN && n == 6 && !strncmp(p, "symbol", 6))
			k = SORT_SYM;
		if (k == SORT_DYN && fields && n == 12 && !strncmp(p, "trace_fields", 12)) {
			spec->trace_fields = true;
			spec->trace_fields_at = spec->nr;
			goto next;
		}
		if (k == SORT_DYN && fields && sort_spec__add_field(spec, p, n))
			goto next;
		if (k == SORT_DYN || spec->nr == SORT_MAX_KEYS) {
			if (bad)
				snprintf(bad, badsz, "%.*s", (int)n, p);
			return -EINVAL;
		}
		if (!(spec->mask & (1u << k))) {
			spec->keys[spec->nr++] = k;
			spec->mask |= 1u << k;
		}
next:
		p += n;
		while (*p == ',' || *p == ' ')
			p++;
	}
	if (!spec->nr && !spec->trace_fields) {
		if (bad)
			snprintf(bad, badsz, "%s", str);
		return -EINVAL;
	}
	return 0;
}

int sort_spec__parse(struct sort_spec *spec, const char *str, char *bad, size_t badsz)
{
	return sort_spec__do_parse(spec, str, bad, badsz, false);
}

int sort_spec__parse_fields(struct sort_spec *spec, const char *str, char *bad, size_t badsz)
{
	return sort_spec__do_parse(spec, str, bad, badsz, true);
}
