/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TOP_H
#define __PERF_TOP_H

#include <poll.h>
#include <pthread.h>
#include "live-session.h"
#include "addr-set.h"
#include "bpf-event.h"
#include "annotate-hist.h"
#include "bpf-prog-info.h"
#include "callchain.h"
#include "hist.h"
#include "hist-fields.h"
#include "machine.h"
#include "parse-events.h"
#include "sample-filter.h"
#include "strbuf.h"

struct evlist;
struct perf_cpu_map;
struct perf_thread_map;
struct perf_mmap;

/*
 * perf top's live session: sampling events on every CPU (or on threads),
 * their ring buffers read into a machine and one histogram per event.
 *
 * One thread owns the machine and the histograms (the caller of
 * top__read() and the display).  Two others feed it records through the
 * inbox: the start-up synthesis of what already exists (threads, maps,
 * kernel, BPF programs), which runs in the background so the first screen
 * does not wait for it, and the BPF side-band thread, which captures each
 * new program's bpf_prog_info (for annotation, also after it is unloaded)
 * and, per thread, forwards KSYMBOLs of programs loaded by other tasks.
 */
struct annotate_opts;
struct symbol_opts;

struct top_opts {
	struct event_args events;	/* -e and --filter */
	const char	*cpu_list;
	const char	*pids;
	const char	*tids;
	const char	*uid_str;	/* -u, as given */
	bool		has_uid;	/* -u: the processes of uid */
	uid_t		uid;
	const char	*sort_order;
	int		freq;
	u64		period;
	unsigned int	pages;
	bool		children;	/* -g: call chains, Children and Self */
	bool		no_bpf_event;
	bool		hide_kernel;
	bool		hide_user;
	bool		zero;		/* -z: start each refresh from nothing */
	const struct symbol_opts *symbols;	/* -k, --kallsyms, ...; NULL: the defaults */
	const struct annotate_opts *annotate;	/* -M, --asm-raw, ...; NULL: the defaults */
	/* --comms, --dsos, --symbols: other samples are no rows (pids, tids unused) */
	struct sample_filter_opts filter;
	bool		relative;	/* --percentage relative: shares of the kept */
	bool		show_nr_samples;	/* -n: a Samples column */
	bool		show_total_period;	/* --show-total-period: a Period column */
	double		percent_limit;	/* --percent-limit: no rows below it */
	int		max_stack;	/* --max-stack: frames of a chain, <= 0: all */
	bool		no_inherit;	/* -i: -p/-t tasks' new children not counted */
	bool		overwrite;	/* write_backward rings, paused and read each pass */
	/* --switch-on, --switch-off, --show-on-off-events (struct evswitch) */
	const char	*switch_on;
	const char	*switch_off;
	bool		show_on_off;
	const char	*ignore_callees; /* regex (callchain_cursor__ignore_callees()) */
	bool		namespaces;	/* --namespaces: NAMESPACES records (the first event) */
	bool		all_cgroups;	/* --all-cgroups: SAMPLE_CGROUP, CGROUP records */
	const char	*fields;	/* -F/--fields: the columns (hist-fields.h) */
	const char	*widths;	/* -w/--column-widths */
};

/* Records handed over by the other threads, applied by the owner. */
struct top_inbox {
	pthread_mutex_t	lock;
	struct strbuf	buf;
	struct strbuf	spare;		/* the owner's, swapped in when draining */
	bool		closed;		/* stopping: senders give up */
};

/* Sample counts of one refresh interval and since start. */
struct top_stats {
	u64	samples;
	u64	kernel_samples;
	u64	exact_samples;
	u64	lost;		/* LOST records' counts */
	u64	drop;		/* samples that could not be parsed */
	u64	lost_total;
	u64	drop_total;
	u64	samples_total;
};

struct perf_top {
	struct top_opts		opts;
	struct evlist		*evlist;
	struct live_session	live;		/* target, fds, ring buffers */
	u32			id_hdr_size;

	struct machine		*machine;
	struct sort_spec	sort;
	struct hist_fields	fields;		/* -F, -w (fields.given or has_fields) */
	bool			has_fields;
	struct sample_filter	filter;		/* opts.filter's */
	regex_t			ignore_re;	/* opts.ignore_callees' */
	struct evswitch		evswitch;	/* the opts' switches */
	bool			has_ignore_re;
	struct hists		*hists;		/* one per evsel */
	int			sym_idx;	/* the evsel shown */
	struct callchain_cursor	cursor;
	struct top_stats	stats;
	struct annotate_hist	ahist;		/* the shown event's samples per offset */

	/* one read pass: records copied out and put in time order */
	struct strbuf		pass;
	struct top_pass_rec	*recs;
	size_t			nr_recs;
	u32			alloc_recs;
	/*
	 * Records newer than the pass's start wait for the next pass: a
	 * ring read early may still get older ones (a thread's FORK on one
	 * CPU after its first samples on another were read).  The sample
	 * clock is CLOCK_MONOTONIC + clock_offset (clock_ok: measured).
	 */
	struct strbuf		held;
	s64			clock_offset;
	bool			clock_ok;

	struct top_inbox	inbox;
	size_t			inbox_off;	/* applied so far of inbox.spare */
	pthread_t		synth_thread;
	bool			synth_running;
	volatile bool		synth_done;
	bool			synth_taken;	/* all it sent is in inbox.spare */
	bool			synth_applied;	/* and applied: ring records wait till then */
	int			synth_err;
	struct addr_set		gone;		/* KSYMBOLs unregistered live: where */

	/* BPF programs' info, filled by the synthesis and the side-band */
	struct perf_env_bpf	bpf;
	pthread_mutex_t		bpf_lock;
	struct bpf_capture	cap;
	struct bpf_sideband	sb;
	bool			sb_on;
	struct perf_synth	sb_synth;	/* the side-band's rescans, into the inbox */
	bool			rescan;		/* LOST: KSYMBOLs may be gone with it */
	u64			last_rescan;	/* ns; a rescan costs: one every 2 s at most */
};

struct top_pass_rec {
	u64	time;
	u32	off;
	u32	seq;
};

/*
 * Set up from opts: the events (-e, cpu-clock by default), the target
 * (every CPU unless -C, -p or -t), the sort keys.  Prints what is wrong
 * ("perf top: ...") and returns -errno.
 */
int top__init(struct perf_top *top, const struct top_opts *opts);
/* Open and map the events; the side-band thread; start the synthesis; enable. */
int top__start(struct perf_top *top);
/*
 * Apply what the other threads sent, then read every ring buffer once and
 * process its records in time order.  0 or -errno.
 */
int top__read(struct perf_top *top);
/* Records sent by the other threads are still waiting: poll without sleeping. */
static inline bool top__backlog(const struct perf_top *top)
{
	return top->inbox_off < top->inbox.spare.len;
}
/* End of a refresh interval: entries decay to 7/8 (or go with -z), counts restart. */
void top__decay(struct perf_top *top);
void top__exit(struct perf_top *top);

/* The histogram shown, and whether an entry is hidden by -K/-U. */
struct hists *top__hists(struct perf_top *top);
bool top__hidden(const struct perf_top *top, const struct hist_entry *he);

/*
 * Upstream's header line: "   PerfTop:  N irqs/sec  kernel:x%  exact: y%
 * lost: a/b drop: c/d [4000Hz cpu-clock],  (all, 2 CPUs)" for interval secs.
 */
int top__header(struct perf_top *top, double secs, char *buf, size_t size);

/* Inbox: emit callback for perf_synth (thread-safe). */
int top_inbox__emit(void *priv, const union perf_event *ev);

#endif /* __PERF_TOP_H */
