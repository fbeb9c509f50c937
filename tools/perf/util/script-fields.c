// SPDX-License-Identifier: GPL-2.0
/* perf script -F: the fields of each event type, as upstream sets them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlist.h"
#include "script-fields.h"

static const struct {
	const char	*name;
	u32		bit;
	u64		sample_type;	/* what the samples must carry, 0: nothing */
	const char	*upper;		/* upstream's name in the error */
} fields[] = {
	{ "comm",	SF_COMM,	0,			"COMM" },
	{ "tid",	SF_TID,		PERF_SAMPLE_TID,	"TID" },
	{ "pid",	SF_PID,		PERF_SAMPLE_TID,	"PID" },
	{ "time",	SF_TIME,	PERF_SAMPLE_TIME,	"TIME" },
	{ "cpu",	SF_CPU,		PERF_SAMPLE_CPU,	"CPU" },
	{ "event",	SF_EVENT,	0,			"EVNAME" },
	{ "trace",	SF_TRACE,	0,			"TRACE" },
	{ "ip",		SF_IP,		PERF_SAMPLE_IP,		"IP" },
	{ "sym",	SF_SYM,		PERF_SAMPLE_IP,		"SYM" },
	{ "symoff",	SF_SYMOFF,	PERF_SAMPLE_IP,		"SYMOFF" },
	{ "dso",	SF_DSO,		PERF_SAMPLE_IP,		"DSO" },
	/* without PERIOD in the samples, upstream prints the fixed one (-c) */
	{ "period",	SF_PERIOD,	0,			"PERIOD" },
	{ "addr",	SF_ADDR,	PERF_SAMPLE_ADDR,	"ADDR" },
	{ "bpf_prog",	SF_BPF_PROG,	PERF_SAMPLE_IP,		"BPF_PROG" },
	{ "flags",	SF_FLAGS,	0,			"FLAGS" },
	{ "insn",	SF_INSN,	0,			"INSN" },
	{ "srcline",	SF_SRCLINE,	PERF_SAMPLE_IP,		"SRCLINE" },
};

static const struct {
	const char	*prefix;	/* in "-F prefix:fields" */
	const char	*name;		/* in upstream's messages */
} types[SCRIPT_NR_TYPES] = {
	[SCRIPT_HW]		= { "hw",	"hardware" },
	[SCRIPT_SW]		= { "sw",	"software" },
	[SCRIPT_TRACE]		= { "trace",	"tracepoint" },
	[SCRIPT_HW_CACHE]	= { NULL,	"hardware-cache" },
	[SCRIPT_RAW]		= { "raw",	"raw" },
	[SCRIPT_BREAK]		= { "break",	"breakpoint" },
	[SCRIPT_OTHER]		= { NULL,	"unknown" },
};

#define SF_SAMPLE	(SF_COMM | SF_TID | SF_CPU | SF_TIME | SF_EVENT | SF_IP | SF_SYM | \
			 SF_SYMOFF | SF_DSO | SF_PERIOD)

void script_fields__init(struct script_fields *sf)
{
	int t;

	memset(sf, 0, sizeof(*sf));
	for (t = 0; t < SCRIPT_NR_TYPES; t++)
		sf->out[t].fields = SF_SAMPLE;
	sf->out[SCRIPT_TRACE].fields = SF_COMM | SF_TID | SF_CPU | SF_TIME | SF_EVENT | SF_TRACE;
	sf->out[SCRIPT_RAW].fields |= SF_ADDR;
}

enum script_type script_fields__type(const struct perf_event_attr *attr)
{
	switch (attr->type) {
	case PERF_TYPE_HARDWARE:	return SCRIPT_HW;
	case PERF_TYPE_SOFTWARE:	return SCRIPT_SW;
	case PERF_TYPE_TRACEPOINT:	return SCRIPT_TRACE;
	case PERF_TYPE_HW_CACHE:	return SCRIPT_HW_CACHE;
	case PERF_TYPE_RAW:		return SCRIPT_RAW;
	case PERF_TYPE_BREAKPOINT:	return SCRIPT_BREAK;
	default:			return SCRIPT_OTHER;
	}
}

/* trace only for tracepoints */
static bool field__valid(u32 bit, int type)
{
	return bit != SF_TRACE || type == SCRIPT_TRACE;
}

static int field__find(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fields); i++)
		if (strlen(fields[i].name) == n && !strncmp(fields[i].name, s, n))
			return (int)i;
	return -1;
}

enum { CHANGE_DEFAULT, CHANGE_SET, CHANGE_ADD, CHANGE_REMOVE };

static int script_fields__do_parse(struct script_fields *sf, const char *str, char *msg,
				   size_t msgsz, void (*warn)(const char *line, void *priv),
				   void *priv)
{
	const char *colon = strchr(str, ':'), *p = str;
	int type = -1, t, change = CHANGE_DEFAULT;
	char line[128];

	if (colon) {
		for (t = 0; t < SCRIPT_NR_TYPES; t++)
			if (types[t].prefix && strlen(types[t].prefix) == (size_t)(colon - str) &&
			    !strncmp(types[t].prefix, str, colon - str))
				break;
		if (t == SCRIPT_NR_TYPES) {
			snprintf(msg, msgsz, "invalid event type in field string: %.*s",
				 (int)(colon - str), str);
			return -EINVAL;
		}
		type = t;
		p = colon + 1;
	} else if (!*p) {
		snprintf(msg, msgsz, "cannot set fields to 'none' for all event types");
		return -EINVAL;
	}
	/* "+f" and "-f" change the defaults, "f" replaces them */
	if (!strchr(p, '+') && !strchr(p, '-')) {
		for (t = 0; t < SCRIPT_NR_TYPES; t++) {
			if (type >= 0 && t != type)
				continue;
			sf->out[t].fields = 0;
			sf->out[t].user_set = true;
			sf->out[t].wildcard_set = type < 0;
		}
	}
	while (*p) {
		size_t n;
		int i, mode;

		if (*p == '+' || *p == '-') {
			mode = *p == '+' ? CHANGE_ADD : CHANGE_REMOVE;
			p++;
		} else {
			mode = CHANGE_SET;
		}
		if ((change == CHANGE_SET) != (mode == CHANGE_SET) && change != CHANGE_DEFAULT) {
			snprintf(msg, msgsz, "cannot mix +-field with overridden fields");
			return -EINVAL;
		}
		change = mode;
		n = strcspn(p, ",");
		i = field__find(p, n);
		if (i < 0) {
			snprintf(msg, msgsz, "invalid field requested: %.*s", (int)n, p);
			return -EINVAL;
		}
		for (t = 0; t < SCRIPT_NR_TYPES; t++) {
			if (type >= 0 && t != type)
				continue;
			if (!field__valid(fields[i].bit, t)) {
				if (type >= 0) {
					snprintf(msg, msgsz, "'%s' not valid for %s events",
						 fields[i].name, types[t].name);
					return -EINVAL;
				}
				if (warn) {
					snprintf(line, sizeof(line), "'%s' not valid for %s events. "
						 "Ignoring.", fields[i].name, types[t].name);
					warn(line, priv);
				}
				continue;
			}
			if (mode == CHANGE_REMOVE) {
				sf->out[t].fields &= ~fields[i].bit;
				sf->out[t].user_set_fields &= ~fields[i].bit;
			} else {
				sf->out[t].fields |= fields[i].bit;
				sf->out[t].user_set_fields |= fields[i].bit;
			}
			sf->out[t].user_set = true;
			if (type < 0)
				sf->out[t].wildcard_set = true;
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

int script_fields__parse(struct script_fields *sf, const char *str, char *msg, size_t msgsz,
			 void (*warn)(const char *line, void *priv), void *priv)
{
	/* a bad -F changes nothing */
	struct script_fields copy = *sf;
	int err = script_fields__do_parse(&copy, str, msg, msgsz, warn, priv);

	if (!err)
		*sf = copy;
	return err;
}

static int check_type(struct script_fields *sf, int t, struct evsel *evsel, char *msg,
		      size_t msgsz)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		if (!(sf->out[t].fields & fields[i].bit) || !fields[i].sample_type ||
		    (evsel->attr.sample_type & fields[i].sample_type))
			continue;
		if (sf->out[t].user_set_fields & fields[i].bit) {
			snprintf(msg, msgsz, "Samples for '%s' event do not have %s attribute "
				 "set. Cannot print '%s' field.", evsel__name(evsel),
				 fields[i].upper, fields[i].name);
			return -EINVAL;
		}
		/* not asked for: left out of the defaults */
		sf->out[t].fields &= ~fields[i].bit;
	}
	return 0;
}

int script_fields__check(struct script_fields *sf, struct evlist *evlist, bool use_callchain,
			 char *msg, size_t msgsz)
{
	struct evsel *evsel;
	bool raw = false;
	int t, i, err;

	evlist__for_each(evlist, evsel, i)
		raw |= !!(evsel->attr.sample_type & PERF_SAMPLE_RAW);
	for (t = 0; t < SCRIPT_NR_TYPES; t++) {
		struct evsel *first = NULL;

		evlist__for_each(evlist, evsel, i) {
			if ((int)script_fields__type(&evsel->attr) == t) {
				first = evsel;
				break;
			}
		}
		/* (a type -F names that the file has no events of: nothing to do, as upstream) */
		if (!first)
			continue;
		if (!sf->out[t].fields || evsel__is_sideband(first))
			continue;
		if ((sf->out[t].fields & SF_TRACE) && !raw) {
			snprintf(msg, msgsz, "no trace sample to read (the events have no raw "
				 "data: not tracepoints)");
			return -EINVAL;
		}
		err = check_type(sf, t, first, msg, msgsz);
		if (err)
			return err;
	}
	/* stacks under tracepoint samples, unless -F said otherwise */
	if (use_callchain && !sf->out[SCRIPT_TRACE].user_set) {
		evlist__for_each(evlist, evsel, i) {
			if (evsel->attr.type == PERF_TYPE_TRACEPOINT &&
			    (evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN)) {
				sf->out[SCRIPT_TRACE].fields |= SF_IP | SF_SYM | SF_SYMOFF | SF_DSO;
				break;
			}
		}
	}
	return 0;
}
