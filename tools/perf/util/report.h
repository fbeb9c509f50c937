/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REPORT_H
#define __PERF_REPORT_H

#include <regex.h>
#include <stdio.h>
#include "callchain.h"
#include "hist.h"
#include "read-values.h"
#include "sample-filter.h"
#include "session.h"
#include "time-range.h"
#include "sort.h"
#include "strbuf.h"

struct evlist;
struct evsel;
struct perf_env;
struct perf_header;

/*
 * perf report's histogram view without its command line: the samples of
 * a session resolved by a machine of its own, aggregated into one hists
 * per event as the options say, and printed as upstream's --stdio.
 *
 *	report__init(&rep, &opts);
 *	report__use_header(&rep, &session->header);
 *	for each record: report__add_sample() / report__process_event()
 *	report__fprintf(&rep, session, stdout);
 *	report__exit(&rep);
 */

struct annotate_opts;
struct symbol_opts;

struct report_opts {
	struct sort_spec	sort;		/* parsed --sort */
	const struct hist_fields *fields;	/* -F, -w; NULL: the default columns */
	const char		*sort_order;	/* as given, NULL: the default */
	struct callchain_param	cg;		/* parsed -g */
	bool			children;	/* --children (the default) */
	int			max_stack;	/* frames of a chain, <= 0: all */
	struct sample_filter_opts filter;	/* --comms, --dsos, --symbols, --pid, --tid */
	const char		*time_str;	/* --time, NULL: every sample */
	const char		*cpu_list;	/* --cpu, NULL: every CPU (sample_filter__set_cpus()) */
	const char		*symbol_filter;	/* --symbol-filter: rows of such symbols only */
	const char		*parent_pattern; /* -p: --sort parent's regex; NULL: upstream's */
	bool			exclude_other;	/* -x: only the samples with a parent */
	bool			relative;	/* --percentage relative: of the filtered */
	bool			hide_unresolved; /* -U: no sample without a symbol */
	const char		*kallsyms;	/* NULL: /proc/kallsyms */
	const struct symbol_opts *symbols;	/* --symfs, -k, ...; NULL: the defaults */
	const struct annotate_opts *annotate;	/* -M, --prefix, ...; NULL: the defaults */
	bool			no_bpf_prog_info; /* no names from the header's programs */
	/* printing */
	bool			show_nr_samples;
	bool			show_total_period;	/* the Period column */
	bool			show_cpu_util;	/* sys and usr columns */
	bool			quiet;
	const char		*field_sep;	/* -t: between columns; NULL: spaces */
	bool			header;		/* --header: no hint to use it */
	bool			verbose;
	double			percent_limit;
	bool			show_empty;	/* --no-skip-empty: events of no sample too */
	bool			raw_trace;	/* --raw-trace: --sort trace as name=value */
	bool			color;		/* --stdio-color: --stdio's shares in color */
	/* --socket-filter: rows of samples on CPUs of this socket (CPU_TOPOLOGY) only */
	bool			has_socket;
	u32			socket;
	const char		*ignore_callees; /* regex: chains end at the outermost match */
	/* --switch-on, --switch-off: samples from an event's to another's; shown or not */
	const char		*switch_on;
	const char		*switch_off;
	bool			show_on_off;
	bool			show_threads;	/* -T: the threads' counts after the rows */
	bool			threads_raw;	/* --pretty raw: a line a count */
	bool			full_source_path; /* --sort srcline: whole file names */
};

struct report {
	struct report_opts	opts;
	struct machine		*machine;
	struct callchain_cursor	cursor;
	struct sample_filter	filter;
	struct time_ranges	time;		/* report__use_time() */
	struct hists		*hists;		/* one per evsel, by idx */
	int			nr_hists;
	/* tracepoints: the session's formats (report__use_session()) */
	struct perf_session	*session;
	struct strbuf		trace;		/* --sort trace: a sample's fields */
	regex_t			parent_re;	/* --sort parent: parent_pattern's */
	bool			has_parent_re;
	regex_t			ignore_re;	/* --ignore-callees */
	bool			has_ignore_re;
	struct evswitch		evswitch;	/* --switch-on, --switch-off */
	struct read_values	threads;	/* -T: PERF_RECORD_READ's counts */
	struct srclines		*srclines;	/* --sort srcline: DWARF readers */
};

/* upstream's --sort parent regex when -p gives none */
#define REPORT_DEFAULT_PARENT	"^sys_|^do_page_fault"

/*
 * 0, -ENOMEM, or -EINVAL when --pid or --tid is not a list of ids or the
 * parent or --ignore-callees regex does not compile (said through the error sink); rep is
 * ready for report__exit() either way.
 */
int report__init(struct report *rep, const struct report_opts *opts);
void report__exit(struct report *rep);

/*
 * What the file's header tells the machine: the build ids of the objects
 * that ran and, unless no_bpf_prog_info, the programs of BPF_PROG_INFO
 * (bpf_names false: none, as -D shows what upstream's machine knows).
 */
void report__use_header(struct report *rep, struct perf_header *header, bool bpf_names);

/*
 * --time (report_opts.time_str) against the file's first and last sample
 * times; before the first sample.  0, -ENOMEM, or -EINVAL for a bad time
 * string (said through the error sink).  Samples outside it count nowhere.
 */
int report__use_time(struct report *rep, const struct perf_env *env);

/*
 * The session whose TRACING_DATA formats tracepoint samples for --sort
 * trace (%pS and the like named from the machine's kernel symbols, as
 * upstream); a file of tracepoints only sorts by trace unless --sort
 * said otherwise, as upstream's.  Before the first sample.  0 or -ENOMEM.
 */
int report__use_session(struct report *rep, struct perf_session *session);

/*
 * --sort parent needs call chains: -EINVAL (said through the error sink in
 * upstream's words) when no event of the file has them; a pipe's events
 * are not known yet, and pass.  After report__use_session().
 */
int report__check_parent(struct report *rep, struct perf_session *session);

/*
 * Every tracepoint field key of --sort (report_opts.sort, parsed with
 * sort_spec__parse_fields()) is a field of an event of the session, else
 * -EINVAL with the key in bad.  After report__use_session().
 */
int report__check_fields(struct report *rep, char *bad, size_t badsz);

/*
 * --switch-on, --switch-off name events of the session: -ENOENT when one
 * does not (said through the error sink in upstream's words); a pipe's
 * events are not known yet: none is found, as upstream's.  After
 * report__use_session().
 */
int report__check_switches(struct report *rep, struct perf_session *session);

/* One sample into its event's histogram; 0 or -ENOMEM. */
int report__add_sample(struct report *rep, const union perf_event *ev,
		       const struct perf_sample *sample, struct evsel *evsel);
/* A side-band record into the machine; a malformed one only loses itself: 0 or -ENOMEM. */
int report__process_event(struct report *rep, const union perf_event *ev,
			  const struct perf_sample *sample);

/*
 * The options hists__fprintf() prints an event's rows with for --stdio
 * (fctx the tracepoint fields' formatter; set fctx->event per event,
 * strbuf__release(&fctx->sb) after).
 */
struct sort_fields_ctx;
void report__print_opts(struct report *rep, struct perf_session *session,
			struct hists_print_opts *opts, struct sort_fields_ctx *fctx);

/*
 * Once every record is in, before event idx's rows are read: its entries'
 * final comms, and --symbol-filter (upstream's: the first event's only).
 */
void report__finish_hists(struct report *rep, struct hists *hists, int idx);

/* A sample count as upstream's titles say it ("3K", "827 "); its length. */
int report__nr_samples_text(u64 n, char *buf, size_t size);

/*
 * Some sample came through --time, --cpu and -U (the filters that count a
 * sample nowhere): upstream's report has something to show.
 */
bool report__has_samples(const struct report *rep);

/*
 * --stdio: the lost counts, then each event's rows (and graphs), as
 * upstream; -ENODATA, after the line that points to --header, when no
 * sample came through (report__has_samples(): upstream then says "The
 * FILE data has no samples!"); -ENOMEM.  With show_empty, the events
 * of no sample too (their titles and column heads).
 */
int report__fprintf(struct report *rep, struct perf_session *session, FILE *fp);

#endif /* __PERF_REPORT_H */
