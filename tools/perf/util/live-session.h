/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What perf record and perf top share of profiling the live kernel: the
 * target (CPUs or threads), the events' file descriptors and ring buffers,
 * opened with the same fallbacks and refused with the same messages.  The
 * commands keep their attrs, their loop and their output.
 */
#ifndef PERF_UTIL_LIVE_SESSION_H
#define PERF_UTIL_LIVE_SESSION_H

#include <poll.h>
#include <sys/types.h>
#include "types.h"

struct evlist;
struct perf_cpu_map;
struct perf_thread_map;
struct perf_mmap;
struct perf_synth;
struct bpf_capture;
struct bpf_sideband;

/*
 * -a / -C LIST, or -p PIDS / -t TIDS / -u USER (per thread), or none of
 * them (per thread, a command).  Per thread, the events are opened on
 * every CPU, each CPU's into one ring, or with per_thread_maps
 * (--per-thread) on any CPU, a ring per thread.
 */
struct live_target {
	bool		system_wide;
	const char	*cpu_list;
	const char	*pids;
	const char	*tids;
	bool		has_uid;	/* -u: the processes of uid */
	uid_t		uid;
	bool		per_thread_maps;
};

struct live_session {
	struct evlist		*evlist;	/* the caller's */
	struct perf_cpu_map	*cpus;
	struct perf_thread_map	*threads;	/* per CPU: one, -1 */
	bool			per_thread;
	bool			sideband_bits;	/* the kernel took ksymbol/bpf_event */
	bool			skip_gone;	/* -u: threads gone before the open are left out */
	int			**fds;		/* [evsel][cpu * nr_threads + thread] */
	struct perf_mmap	*maps;		/* one per CPU */
	int			nr_maps;
	unsigned int		pages;		/* data pages per ring buffer */
	bool			backward;	/* read-only rings the kernel overwrites */
};

/*
 * The CPUs and threads of target; a command's threads come later (its
 * pid, when it exists).  Problems go to the error sink; -errno.
 */
int live_session__init_target(struct live_session *ls, const struct live_target *t);

/*
 * Every fd of every event, with the fallbacks (see evlist_fds__open_fallback();
 * consequence says what a kernel without the side-band bits costs), then
 * the tracepoint filters.  -errno, said to the error sink.
 */
int live_session__open(struct live_session *ls, const char *consequence);
/* One ring buffer per CPU, every fd of the CPU writing into it. */
int live_session__mmap(struct live_session *ls);
/* An ioctl on every fd of the first nr_evsels events (-1: all). */
void live_session__ioctl(struct live_session *ls, int nr_evsels, unsigned long req);
/* The ring buffers' fds, POLLIN, into pfd (room for nr_maps); how many. */
int live_session__pollfds(const struct live_session *ls, struct pollfd *pfd);
/*
 * What both commands synthesize at start, through s: the kernel's map
 * and modules, and the target's tasks (every process of /proc when
 * system-wide).  -errno.
 */
int live_session__synth_tasks(const struct live_session *ls, struct perf_synth *s);
/*
 * When the kernel took the side-band bits: every loaded BPF program
 * (captured into cap, BPF_EVENT too when bpf_event) and the trampoline
 * and dispatcher images, named by one read of /proc/kallsyms.
 * Returns >= 0, or -errno.
 */
int live_session__synth_bpf(const struct live_session *ls, struct perf_synth *s,
			    struct bpf_capture *cap, bool bpf_event);
/*
 * Start sb, the BPF side-band thread, set up by the caller.  Returns 0
 * with *open_err set (-errno) when the kernel refused its events, which
 * only costs the command names (it says what); -errno when it could not
 * start after opening.
 */
int live_session__start_sideband(struct bpf_sideband *sb, int *open_err);
/* Unmap and close the fds (the target stays). */
void live_session__close(struct live_session *ls);
/* kernel.perf_event_max_sample_rate, the highest -F (0 when unknown). */
int live_session__max_freq(void);
/* Close, and free the target. */
void live_session__exit(struct live_session *ls);

#endif /* PERF_UTIL_LIVE_SESSION_H */
