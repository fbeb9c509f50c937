/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SCRIPT_H
#define __PERF_SCRIPT_H

#include "callchain.h"
#include "fmt-buf.h"
#include "sample-filter.h"
#include "script-fields.h"
#include "strbuf.h"
#include "time-range.h"

struct evlist;
struct evsel;
struct perf_env;
struct perf_header;
struct perf_session;

/*
 * perf script's lines without its command line: every sample in
 * upstream's default format ("comm tid [cpu] time: period event:  ip
 * sym+off (dso)"; a tracepoint's "comm tid [cpu] time: event: fields"),
 * or the fields of -F per event type (script-fields.h), its call chain
 * below it when the file has one, and the side-band records asked for,
 * written to a file descriptor through a fmt_buf.
 *
 *	script__init(&s, fd, kallsyms);	then set the options below
 *	script__parse_fields(&s, "comm,ip,sym", msg, sizeof(msg));	each -F
 *	script__use_session(&s, session);	the tracepoints' formats
 *	script__check_fields(&s, evlist, msg, sizeof(msg));	(a file: before;
 *		a pipe: done at its first record, as its events come as records)
 *	script__use_header(&s, &session->header, true);
 *	for each record: script__sample() / script__event()
 *	script__exit(&s);
 */
enum script_time_mode {
	SCRIPT_TIME_ABS,	/* the record's time */
	SCRIPT_TIME_REL,	/* --reltime: since the first line's */
	SCRIPT_TIME_DELTA,	/* --deltatime: since the previous line's */
};

struct script {
	struct script_fields	fields;		/* each event type's, -F applied */
	bool			show_task;	/* --show-task-events */
	bool			show_mmap;	/* --show-mmap-events */
	bool			show_bpf;	/* --show-bpf-events */
	bool			show_switch;	/* --show-switch-events */
	bool			show_namespace;	/* --show-namespace-events */
	bool			show_cgroup;	/* --show-cgroup-events */
	bool			show_lost;	/* --show-lost-events */
	bool			show_round;	/* --show-round-events (file order) */
	bool			show_text_poke;	/* --show-text-poke-events: and KSYMBOL */
	/*
	 * --switch-on/--switch-off: samples print from a sample of switch_on
	 * until one of switch_off (script__set_switch()); the two events'
	 * own samples that switch only with show_on_off.
	 */
	struct evsel		*switch_on;
	struct evsel		*switch_off;
	bool			switched_off;
	bool			show_on_off;	/* --show-on-off-events */
	struct name_list	stop_bt;	/* --stop-bt: a chain ends after these */
	bool			no_callchain;	/* -G / --hide-call-graph */
	bool			show_kernel_path; /* the kernel as its -k file, not [kernel.kallsyms] */
	bool			latency;	/* -L: "comm tid cpu" as "%8.8s %5d %3d" */
	bool			graph_function;	/* --graph-function: no branch samples, no lines */
	u64			nr_lines;	/* samples printed so far */
	/* -F insn: the last object read, its file, the decoder */
	const struct dso	*insn_dso;
	int			insn_fd;
	struct disasm		*disasm;
	struct srclines		*srclines;	/* -F srcline: DWARF readers by object */
	bool			full_source_path; /* -F srcline: file names whole */
	/* --debug-mode: no lines; samples going back in time said (warn) and counted */
	bool			debug_mode;
	u64			last_time;
	u64			nr_misordered;
	int			max_stack;	/* frames of a chain, <= 0: all */
	bool			line_flush;	/* write each line at once (a terminal) */
	struct sample_filter	filter;		/* which samples print (script__set_filter()) */
	enum script_time_mode	time_mode;
	bool			time_ns;	/* --ns: nanoseconds, 9 decimals */
	u64			time_base;	/* the first or previous line's time */
	struct time_ranges	time;		/* --time (script__use_time()) */
	/* -F's warnings (a field left out of a type), one line each; NULL: none */
	void			(*warn)(const char *line, void *priv);
	void			*warn_priv;
	struct machine		*machine;
	struct callchain_cursor	cursor;
	struct fmt_buf		out;
	/* set up by script__check_fields() */
	bool			checked;
	int			name_width;	/* the event column: the longest name */
	char			err[512];	/* a pipe's failed check, said by the caller */
	/* tracepoints: the session's formats (script__use_session()) */
	struct perf_session	*session;
	struct strbuf		trace;
};

/* 0 or -ENOMEM (s is ready for script__exit() either way). */
int script__init(struct script *s, int fd, const char *kallsyms);
/* Flush and free: 0 or the first write error's -errno. */
int script__exit(struct script *s);

/*
 * One -F "[type:]comm,tid,..." (script_fields__parse()); -EINVAL with
 * the problem in msg ("invalid field requested: x").
 */
/*
 * Only the samples that pass --comms, --dsos, --symbols, --pid, --tid
 * print; the side-band records always do, as upstream.  0, -ENOMEM, or
 * -EINVAL for an id list that is not one (said through the error sink).
 */
int script__set_filter(struct script *s, const struct sample_filter_opts *opts);

/*
 * --time: only the samples in str's times (the percents of the file's
 * span in env; with --reltime, set before, times from the file's first
 * sample time); before the first record.  0, -ENOMEM, or -EINVAL for a
 * bad time string (said through the error sink).
 */
int script__use_time(struct script *s, const char *str, const struct perf_env *env);

int script__parse_fields(struct script *s, const char *str, char *msg, size_t msgsz);
/*
 * Once the events are known: each type's fields as the file's events
 * allow (script_fields__check(): a field asked for that the samples do
 * not carry is -EINVAL with upstream's message, "Samples for '...' event
 * do not have ... attribute set. Cannot print '...' field."), whether
 * tracepoints show stacks, the width of the event column.
 */
int script__check_fields(struct script *s, struct evlist *evlist, char *msg, size_t msgsz);

/* The header's build ids and (bpf_names) BPF_PROG_INFO programs for the machine. */
void script__use_header(struct script *s, struct perf_header *header, bool bpf_names);

/*
 * The session whose TRACING_DATA formats tracepoint samples (%pS and the
 * like named from the machine's kernel symbols), and whose events a pipe
 * checks at its first record.  0 or -ENOMEM.
 */
int script__use_session(struct script *s, struct perf_session *session);

/*
 * One sample's line(s); 0, -ENOMEM or the output's write error (-EINVAL:
 * a pipe's fields failed their check, s->err says why).
 */
int script__sample(struct script *s, const union perf_event *ev,
		   const struct perf_sample *sample, struct evsel *evsel);
/* A side-band record into the machine, and its line when asked for. */
int script__event(struct script *s, const union perf_event *ev,
		  const struct perf_sample *sample, struct evsel *evsel);
/* --stop-bt "sym,sym...": a call chain ends after a frame of these.  0 or -ENOMEM. */
int script__set_stop_bt(struct script *s, const char *list);

/*
 * The lines from now on go to fd (--per-event-dump: each event's file),
 * what came before written out first.  0 or the write error's -errno.
 */
int script__set_fd(struct script *s, int fd);

/* A record perf writes (FINISHED_ROUND...): its line when asked for. */
int script__user_event(struct script *s, const union perf_event *ev);

/*
 * --switch-on/--switch-off: the events of these names (either NULL) in
 * evlist.  0, or -ENOENT with *which set to the option whose event the
 * file does not have ("switch-on" or "switch-off").
 */
int script__set_switch(struct script *s, struct evlist *evlist, const char *on,
		       const char *off, const char **which);

#endif /* __PERF_SCRIPT_H */
