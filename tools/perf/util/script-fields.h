/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SCRIPT_FIELDS_H
#define __PERF_SCRIPT_FIELDS_H

#include <stddef.h>
#include <linux/perf_event.h>
#include "types.h"

struct evlist;
struct evsel;

/*
 * The fields of perf script's lines, per event type, as upstream's -F
 * sets them: each type (hw, sw, trace, raw, ...) has its defaults, which
 * "-F f1,f2" replaces for every type (a field not valid for a type, trace
 * for software events, is left out of that type), "-F type:f1,f2" for
 * one type, and "-F +f" / "-F type:-f" add to or take from them.
 */
enum script_field {
	SF_COMM		= 1 << 0,
	SF_TID		= 1 << 1,
	SF_PID		= 1 << 2,
	SF_TIME		= 1 << 3,
	SF_CPU		= 1 << 4,
	SF_EVENT	= 1 << 5,
	SF_IP		= 1 << 6,
	SF_SYM		= 1 << 7,
	SF_SYMOFF	= 1 << 8,
	SF_DSO		= 1 << 9,
	SF_PERIOD	= 1 << 10,
	SF_ADDR		= 1 << 11,
	SF_TRACE	= 1 << 12,	/* a tracepoint's fields, formatted */
	SF_BPF_PROG	= 1 << 13,	/* "bpf_prog=<id>:<name>", "bpf_prog=-" outside BPF */
	SF_FLAGS	= 1 << 14,	/* a branch sample's flags: none without AUX traces */
	SF_INSN		= 1 << 15,	/* " insn: 48 89 e5": the sampled instruction's bytes */
	SF_SRCLINE	= 1 << 16,	/* "\n  file.c:12": the sample's source line */
};

/* upstream's output types: the attr types, then synthesized events */
enum script_type {
	SCRIPT_HW,
	SCRIPT_SW,
	SCRIPT_TRACE,
	SCRIPT_HW_CACHE,
	SCRIPT_RAW,
	SCRIPT_BREAK,
	SCRIPT_OTHER,		/* PMUs of other types */
	SCRIPT_NR_TYPES,
};

struct script_fields {
	struct {
		u32	fields;
		u32	user_set_fields;	/* named by a -F (an error when missing) */
		bool	user_set;		/* a -F set this type */
		bool	wildcard_set;		/* by a -F without a type */
	} out[SCRIPT_NR_TYPES];
};

/* Every type's defaults. */
void script_fields__init(struct script_fields *sf);

/* The output type of an event. */
enum script_type script_fields__type(const struct perf_event_attr *attr);

/*
 * One -F argument.  0, or -EINVAL with msg saying what is wrong
 * ("invalid field requested: x", "invalid event type in field string:
 * y").  Fields not valid for a type are skipped for it, as upstream
 * warns: such warnings go to warn (NULL: none), one line each.
 */
int script_fields__parse(struct script_fields *sf, const char *str, char *msg, size_t msgsz,
			 void (*warn)(const char *line, void *priv), void *priv);

/*
 * Once the file's events are known, as upstream: the first event of each
 * type decides, and a field its samples cannot fill (no TIME, no CPU...)
 * is dropped from the type, or is an error ("Samples for 'cpu-clock'
 * event do not have CPU attribute set. Cannot print 'cpu' field.") when
 * a -F asked for it (a -F type the file has no events of is no error,
 * as upstream's 6.1).
 * use_callchain: the -g stacks are shown (files with call chains, no -G),
 * and then tracepoints not set by -F print ip, sym, symoff and dso.
 */
int script_fields__check(struct script_fields *sf, struct evlist *evlist, bool use_callchain,
			 char *msg, size_t msgsz);

/* The fields an event's lines print. */
static inline u32 script_fields__of(const struct script_fields *sf,
				    const struct perf_event_attr *attr)
{
	return sf->out[script_fields__type(attr)].fields;
}

#endif /* __PERF_SCRIPT_FIELDS_H */
