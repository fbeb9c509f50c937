/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report's output options that are not the histogram's own: what
 * each sets, checked once every option is parsed.  They print upstream's
 * one-line errors, as a builtin's own code does.
 */
#ifndef PERF_REPORT_OPTIONS_H
#define PERF_REPORT_OPTIONS_H

#include <stdbool.h>

#include "util/hist-fields.h"
#include "util/parse-options.h"
#include "util/types.h"

struct report_opts;

struct report_out {
	bool		inverted;	/* -G: graphs from the callers */
	const char	*pretty;	/* --pretty: any key; nothing prints it */
	const char	*percent_type;	/* --percent-type: annotate's shares */
	int		samples;	/* --samples: the browser's, kept per row */
	const char	*time_quantum;	/* --time-quantum: a time sort key's slice */
	u64		quantum_ns;
	bool		ns;		/* --ns: times in ns (a time sort key's) */
	bool		show_ref_cg;	/* --show-ref-call-graph: reference events' graphs */
	bool		force;		/* -f: files of other owners too */
	bool		skip_empty;	/* --skip-empty (the default) */
	bool		raw_trace;	/* --raw-trace */
	const char	*stdio_color;	/* --stdio-color: always, never, auto */
	bool		cpu_util;	/* --show-cpu-utilization */
	int		socket;		/* --socket-filter, -1: none */
	const char	*ignore_callees;
	const char	*percentage;	/* --percentage: relative or absolute */
	const char	*switch_on;
	const char	*switch_off;
	bool		show_on_off;
	bool		mmaps;		/* --mmaps: --tasks with their maps */
	bool		disable_order;	/* --disable-order: -D in file order */
	const char	*fields;	/* -F: the columns */
	const char	*widths;	/* -w: their widths */
	bool		threads;	/* -T: the threads' counts */
	struct hist_fields hf;
};

#define REPORT_OUT_INIT	{ .skip_empty = true, .quantum_ns = 100000000ULL, .socket = -1 }

/* The entries of perf report's option table for struct report_out ro. */
#define REPORT_OUT_OPTIONS(ro)						\
	OPT_BOOLEAN('G', "inverted", &(ro)->inverted,			\
		    "graphs from the callers down (-g caller)"),		\
	OPT_STRING(0, "pretty", &(ro)->pretty, "key",			\
		   "the style of the output: normal, raw (the same here)"),	\
	OPT_STRING(0, "percent-type", &(ro)->percent_type, "local-period",	\
		   "annotation's shares: local-period, global-period, local-hits, "	\
		   "global-hits"),						\
	OPT_INTEGER(0, "samples", &(ro)->samples,			\
		    "samples the browser keeps per row (to browse them)"),	\
	OPT_STRING(0, "time-quantum", &(ro)->time_quantum, "time (ms|us|ns|s)", \
		   "the slice a time sort key groups by (100ms)"),		\
	OPT_BOOLEAN(0, "ns", &(ro)->ns, "times in nanoseconds"),		\
	OPT_BOOLEAN(0, "show-ref-call-graph", &(ro)->show_ref_cg,	\
		    "graphs of reference events too (grouped events)"),	\
	OPT_BOOLEAN('f', "force", &(ro)->force,				\
		    "read a file another user owns too"),			\
	OPT_BOOLEAN(0, "skip-empty", &(ro)->skip_empty,			\
		    "no events without samples, no record types of none (the default)"), \
	OPT_BOOLEAN(0, "raw-trace", &(ro)->raw_trace,			\
		    "tracepoint fields as name=value, without their print format"), \
	OPT_STRING(0, "stdio-color", &(ro)->stdio_color, "mode",		\
		   "shares of --stdio in color: always, never, auto (on a terminal)"), \
	OPT_BOOLEAN(0, "show-cpu-utilization", &(ro)->cpu_util,		\
		    "sys and usr columns: the rows' shares in the kernel, in user space"), \
	OPT_INTEGER(0, "socket-filter", &(ro)->socket,			\
		    "only the samples of CPUs of this processor socket"),	\
	OPT_STRING(0, "percentage", &(ro)->percentage, "relative|absolute",	\
		   "shares of the samples the filters keep (relative) or of all "	\
		   "(absolute, the default)"),					\
	OPT_STRING(0, "switch-on", &(ro)->switch_on, "event",		\
		   "the samples after this event's first (and after it, after --switch-off's)"), \
	OPT_STRING(0, "switch-off", &(ro)->switch_off, "event",		\
		   "no samples after this event's, until --switch-on's"),	\
	OPT_BOOLEAN(0, "show-on-off-events", &(ro)->show_on_off,		\
		    "the samples of the --switch-on and --switch-off events that switch too"), \
	OPT_BOOLEAN(0, "disable-order", &(ro)->disable_order,		\
		    "-D: the records in the file's order, not in time order"), \
	OPT_BOOLEAN(0, "mmaps", &(ro)->mmaps, "the task tree (as --tasks) with each task's maps"), \
	OPT_STRING(0, "ignore-callees", &(ro)->ignore_callees, "regex",	\
		   "a chain's outermost function matching it takes the sample, its callees left out"), \
	OPT_STRING('F', "fields", &(ro)->fields, "key[,keys...]",		\
		   "the columns: overhead, overhead_children, overhead_sys, overhead_us, sample, " \
		   "period and sort keys ('+key': after the default ones)"),	\
	OPT_STRING('w', "column-widths", &(ro)->widths, "width[,width...]",	\
		   "the columns' widths, in order (0: its own); longer texts are cut"), \
	OPT_BOOLEAN('T', "threads", &(ro)->threads,			\
		    "after the rows, each thread's counts (PERF_RECORD_READ: perf record -s)")

/*
 * After parsing: the values checked (upstream's error on stderr, -EINVAL)
 * and what they set in o; -t's and --percentage's too.
 */
int report_out__apply(struct report_out *ro, struct report_opts *o);

/*
 * -F and -w (with -s and -p): the layout in ro->hf, o->fields set, and
 * the keys of -s and -F as one list in keys, for sort_spec__parse_fields();
 * 1 when done, 0 when neither was given, < 0 after upstream's error.
 */
int report_out__fields(struct report_out *ro, struct report_opts *o, char *keys, size_t size);

/*
 * An input file of an owner other than the user and root, without -f:
 * upstream's error, -EPERM.  Pipes pass.
 */

#endif
