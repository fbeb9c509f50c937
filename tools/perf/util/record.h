/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record's recorder (util/record.c, util/record-header.c): the
 * events' attrs, the ring buffers copied to the file, the command it
 * runs, the BPF side-band, and the header and features.  The command
 * (builtin-record.c) parses the options, runs the loop and prints the
 * summary.  Problems go to the error sink and come back as -errno.
 */
#ifndef PERF_UTIL_RECORD_H
#define PERF_UTIL_RECORD_H

#include <pthread.h>
#include <sys/types.h>
#include "bpf-event.h"
#include "data.h"
#include "header.h"
#include "live-session.h"
#include "parse-events.h"
#include "record-buildid.h"
#include "record-compress.h"
#include "record-control.h"
#include "record-delay.h"
#include "record-switch.h"
#include "sideband-dedup.h"
#include "synthesize.h"

struct record_opts {
	const char	*output;
	struct event_args events;	/* -e and --filter */
	const char	*cpu_list;
	const char	*pids;
	const char	*tids;
	const char	*uid_str;	/* -u */
	bool		per_thread;	/* --per-thread: a ring per thread */
	const char	*mmap_pages;
	const char	*call_graph;
	bool		system_wide;
	bool		no_inherit;
	bool		no_bpf_event;
	bool		no_buildid_cache;
	bool		callchain;
	bool		quiet;
	bool		period_given;
	bool		freq_given;	/* -F */
	int		freq;
	u64		period;
	int		comp_level;	/* -z: 0 is off */
	u64		na_sample_type;	/* --phys-data...: see na-options.h */
	u64		sample_regs_intr;	/* -I: 0 is off */
	u64		sample_regs_user;	/* --user-regs: 0 is off */
	/* what the attrs ask for beyond the defaults (record__config_evlist()) */
	bool		all_user;	/* --all-user: exclude_kernel */
	bool		all_kernel;	/* --all-kernel: exclude_user */
	bool		user_callchains;	/* exclude_callchain_kernel */
	bool		kernel_callchains;	/* exclude_callchain_user */
	int		period_bit;	/* -P: 1, --no-period: -1, else 0 */
	bool		sample_cpu;	/* --sample-cpu */
	bool		sample_time;	/* -T, on unless --no-timestamp */
	bool		sample_time_set;	/* -T or --no-timestamp given */
	bool		running_time;	/* read_format's TOTAL_TIME_* */
	bool		sample_identifier;
	bool		raw_samples;	/* -R: RAW and CPU */
	bool		no_samples;	/* -n: period 0 */
	bool		switch_events;	/* context_switch on the tracking event */
	bool		namespaces;	/* namespaces on the tracking event */
	bool		strict_freq;	/* -F past the kernel's maximum fails */
	bool		group;		/* the sampling events as one group */
	bool		sample_addr;	/* -d: ADDR, DATA_SRC, mmap_data */
	bool		no_buffering;	/* wakeup_events 1 */
	bool		use_clockid;	/* -k */
	bool		no_buildid;	/* -B: no BUILD_ID (nor cache), no SAMPLE_TIME */
	bool		buildid_all;	/* BUILD_ID of every DSO mapped */
	bool		buildid_mmap;	/* build ids in MMAP2s, no BUILD_ID */
	bool		all_cgroups;	/* SAMPLE_CGROUP, CGROUP records */
	bool		dry_run;
	bool		timestamp_boundary;	/* accepted: SAMPLE_TIME is always written */
	int		proc_map_timeout;	/* accepted: /proc is read whole */
	int		nr_threads_synthesize;	/* accepted: one thread synthesizes */
	const char	*mmap_flush;
	const char	*vmlinux;
	int		verbose;
	int		clockid;
	struct record_delay delay;	/* -D */
	unsigned int	synth;		/* --synth: RECORD_SYNTH_* */
	u64		max_size;	/* --max-size: bytes, 0 is none */
	bool		tail_synthesize;
	bool		stat;		/* -s: inherit_stat, the enabled/running times */
	int		affinity;	/* --affinity: RECORD_AFFINITY_* */
	int		aio;		/* --aio: accepted, writes stay synchronous */
	struct record_switch sw;	/* --switch-output and friends */
	const char	*switch_event;	/* --switch-output-event: rotate when it fires */
	bool		overwrite;	/* write_backward rings, read at the end (or rotation) */
	const char	*control;	/* --control fd:CTL[,ACK] or fifo:CTL[,ACK] */
};

/* --affinity: where the ring reader runs while it reads a CPU's ring */
#define RECORD_AFFINITY_SYS	0	/* wherever the scheduler puts it */
#define RECORD_AFFINITY_NODE	1	/* on the CPUs of that CPU's NUMA node */
#define RECORD_AFFINITY_CPU	2	/* on that CPU */

/* --synth: what is written of what exists at start (the kernel's maps always) */
#define RECORD_SYNTH_TASK	(1U << 0)	/* FORK, COMM */
#define RECORD_SYNTH_MMAP	(1U << 1)	/* the processes' MMAP2s */
#define RECORD_SYNTH_CGROUP	(1U << 2)	/* CGROUP records (with --all-cgroups) */
#define RECORD_SYNTH_ALL	(RECORD_SYNTH_TASK | RECORD_SYNTH_MMAP | RECORD_SYNTH_CGROUP)

struct record {
	struct record_opts	opts;
	struct perf_data	data;
	struct perf_header	header;
	struct evlist		*evlist;
	int			nr_sampling;	/* evsels before the tracking dummy */
	int			nr_tracepoints;
	struct live_session	live;		/* target, fds, ring buffers */
	pthread_mutex_t		write_lock;
	pthread_mutex_t		env_lock;
	int			write_err;
	u64			data_offset;
	u64			bytes_written;
	bool			size_updates;	/* keep the header's data size current */
	u64			size_updated;	/* when it was last, CLOCK_MONOTONIC ns */
	u64			samples;
	u64			first_time;
	u64			last_time;
	int			time_pos;	/* of TIME in a sample, -1 when absent */
	u64			lost_records;	/* LOST records' counts */
	u64			lost_samples;	/* sampling events' read() lost counts */
	u64			lost_sideband;	/* the tracking event's */
	unsigned long		wakeups;
	bool			rescan;		/* the tracking event lost records */
	u64			nr_rescan_requests;
	/* the command after -- */
	pid_t			child;
	int			child_status;
	int			go_pipe[2];
	struct bpf_capture	cap;
	struct bpf_sideband	sb;
	bool			sb_on;
	struct sb_dedup		sb_dedup;	/* per-thread: the side-band's copies */
	struct perf_synth	synth;
	struct record_buildid	*bids;		/* pipe mode: DSOs with samples */
	struct record_compress	zc;		/* -z */
	bool			zc_on;
	bool			bids_err;
	bool			has_dummy;	/* the tracking dummy, last */
	int			affinity_cpu;	/* --affinity: the CPU last set for, -1 */
	u64			start_ns;	/* the command's start, for -D */
	bool			rotated;	/* a file after --switch-output's first */
	bool			drain;		/* --overwrite: read the rings now */
	struct record_control	ctl;		/* --control */
};

/* The command is the target: no -a, -C, -p or -t (with them it only runs). */
static inline bool record__profiles_child(const struct record *rec)
{
	return rec->child > 0 && rec->live.per_thread && !rec->opts.pids && !rec->opts.tids &&
	       !rec->opts.uid_str;
}

void record__init_write_lock(struct record *rec);
int record__write(struct record *rec, const void *buf, size_t len);
int record__emit(void *priv, const union perf_event *ev);
int record__finished_round(struct record *rec);
int record__config_evlist(struct record *rec);
void record__ioctl_all(struct record *rec, unsigned long req, bool sampling_only);
int record__flush_forwarded(struct record *rec, u64 before);
int record__read_all(struct record *rec);
int record__lost_samples(struct record *rec);
int record__prepare_workload(struct record *rec, const char **argv);
void record__start_workload(struct record *rec);
/* version: what perf --version says, for the VERSION feature */
int record__init_header(struct record *rec, int argc, const char **argv, const char *version);
int record__tracing_data(struct record *rec);
int record__pipe_tracing_data(struct record *rec);
int record__write_initial_header(struct record *rec);
int record__write_pipe_bpf_features(struct record *rec);
int record__build_ids(struct record *rec);
int record__comp_feature(struct record *rec);
int record__pipe_build_ids(struct record *rec);
int record__synthesize(struct record *rec);
int record__start_capture(struct record *rec);
int record__start_header(struct record *rec, int argc, const char **argv, const char *version);
int record__finish_header(struct record *rec);
/*
 * --switch-output: the current file finished and renamed to newname;
 * unless at_exit, a new one under the output's name, with the header and
 * what exists now written again.  The per-file counts start over.
 */
int record__switch_output(struct record *rec, const char *newname, bool at_exit);

#endif /* PERF_UTIL_RECORD_H */
