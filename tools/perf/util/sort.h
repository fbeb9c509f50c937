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
	SORT_BPF_PROG,	/* "BPF program": "<id> <name>" of a BPF dso's program, "[not bpf]" */
	SORT_PARENT,	/* "Parent symbol": a chain's first frame --parent matches, "[other]" */
	SORT_SRCLINE,	/* "Source:Line": "file.c:12" from DWARF, ":0", or "dso[addr]" */
	SORT_CGROUP,	/* "Cgroup": the sample's cgroup's path, "N/A", "unknown" */
	SORT_DYN,	/* SORT_DYN + i: dyn[i], a field of a tracepoint (upstream's dynamic keys) */
	SORT_NR_KEYS = SORT_DYN + 12,
};

#define SORT_MAX_KEYS	16
#define SORT_MAX_DYN	(SORT_NR_KEYS - SORT_DYN)

/*
 * A tracepoint field as a sort key: "[sys:event.]field[/raw]", or every
 * field of each event ("trace_fields").  Keyed by the field's bytes in
 * the sample's raw data, shown as the event's print format shows the
 * field ("prev_state=R": R), or its value with /raw.  Where the field is
 * comes from the event's format, per event (sort_dyn__resolve()).
 */
struct sort_dyn {
	char	event[128];	/* "sys:event", "": any event with the field */
	char	field[64];
	bool	raw;
	/* resolved for one event */
	u32	offset;
	u32	size;
	bool	dynamic;	/* __data_loc: offset and length in the u32 at offset */
	bool	rel;		/* __rel_loc: that offset from the field's end */
	bool	string;		/* shown as a string: its width is its size */
};

struct sort_spec {
	enum sort_key	keys[SORT_MAX_KEYS];
	int		nr;
	u32		mask;		/* 1 << key for each key used */
	struct sort_dyn	dyn[SORT_MAX_DYN];
	int		nr_dyn;
	bool		trace_fields;	/* "trace_fields": each event's fields */
	int		trace_fields_at;	/* where in keys[] they go */
};

/* "comm,dso,sym"; -EINVAL with the bad key's name in bad (may be NULL). */
int sort_spec__parse(struct sort_spec *spec, const char *str, char *bad, size_t badsz);
/*
 * The same, taking words that are no key as tracepoint fields (perf
 * report): "prev_comm", "sched:sched_switch.prev_state/raw",
 * "trace_fields".  Which events have them is for the caller to say.
 */
int sort_spec__parse_fields(struct sort_spec *spec, const char *str, char *bad, size_t badsz);
/* Drop key k (its position), as for an event without the field. */
void sort_spec__remove(struct sort_spec *spec, int k);
const char *sort_key__header(enum sort_key key);
/* The column's header: the key's, or a field's name. */
const char *sort_spec__header(const struct sort_spec *spec, enum sort_key key);

#endif /* __PERF_SORT_H */
