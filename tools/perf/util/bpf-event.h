/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BPF_EVENT_H
#define __PERF_BPF_EVENT_H

#include <pthread.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include "types.h"
#include "bpf-prog-info.h"
#include "synthesize.h"

union perf_event;
struct perf_env_bpf;
struct perf_mmap;
struct bpf_kallsyms;

/*
 * BPF programs for record: their bpf_prog_info with arrays (libbpf) and
 * BTF, kept in a perf_env_bpf for the BPF_PROG_INFO and BPF_BTF features;
 * KSYMBOL + BPF_EVENT records for programs loaded before recording
 * started; and the side-band thread that captures programs loaded while
 * recording.
 */

/* Every array (1 << PERF_BPIL_*) that record keeps. */
#define BPF_EVENT__ALL_ARRAYS	((1ULL << 9) - 1)

/*
 * Fetch the info of the program behind fd with the arrays asked for
 * (counts and record sizes as the kernel reports them) into a node of the
 * one program model (bpf-prog-info.h: pointer fields hold offsets into
 * data; bpf_prog_info_node__array() reads them, bpf_prog_info_node__exit()
 * frees them).  0 or -errno.
 */
int bpf_prog__fetch(int fd, u64 arrays, struct bpf_prog_info_node *out);

/*
 * What both the synthesis and the side-band thread share: the env they
 * fill (under lock) and which arrays to keep.  BTF objects are fetched
 * once per id.
 */
struct bpf_capture {
	struct perf_env_bpf	*bpf;
	pthread_mutex_t		*lock;
	u64			arrays;
	bool			keep_info;	/* false with --no-bpf-event */
	/* ids already in the env (open addressing, id + 1; under lock) */
	u32			*prog_ids;
	u32			*btf_ids;
	u32			cap_progs, nr_progs;
	u32			cap_btfs, nr_btfs;
	/* statistics */
	u64			nr_loads;	/* PROG_LOAD records seen by the side-band */
	u64			nr_captured;	/* of those, info captured */
	u64			nr_missed;	/* gone before we got to them */
};

/* Free the id sets. */
void bpf_capture__exit(struct bpf_capture *cap);
/* Add fetched info (and its BTF) to the env, once per id. */
int bpf_capture__add(struct bpf_capture *cap, const struct bpf_prog_info_node *f);
/* Is the program already in the env? */
bool bpf_capture__has(struct bpf_capture *cap, u32 id);

/*
 * The name of a live program's function i (main first) as the kernel gives
 * it: the /proc/kallsyms name at its jited_ksyms address, or, when gone
 * from there, bpf_func__name() with the kernel's BTF.
 */
int bpf_prog__live_func_name(const struct bpf_prog_info_node *f, u32 i,
			     const struct bpf_kallsyms *ks, char *buf, size_t size);

/*
 * KSYMBOL per function then BPF_EVENT PROG_LOAD for one program, emitted
 * through s.  Programs without JITed functions give nothing.
 */
int perf_synth__bpf_prog(struct perf_synth *s, const struct bpf_prog_info_node *f,
			 const struct bpf_kallsyms *ks, bool bpf_event);

/*
 * Every loaded program: synthesized (when s is non-NULL, named from ks, or
 * from /proc/kallsyms read here when ks is NULL), and captured into cap.
 * With skip_known, programs already in cap are left alone (loss recovery:
 * only what we had not seen).  Returns how many programs were
 * synthesized, or -errno.
 */
int bpf_event__synthesize_all(struct perf_synth *s, struct bpf_capture *cap,
			      const struct bpf_kallsyms *ks, bool bpf_event, bool skip_known);

/*
 * The side-band thread: a system-wide dummy event per CPU with bpf_event
 * (and ksymbol when forward is set), wakeup_watermark 1, read by its own
 * thread.  On PROG_LOAD it captures the program's info.  forward, when
 * set, gets every KSYMBOL/BPF_EVENT record that passes filter (per-thread
 * recording: programs loaded by tasks not recorded).  When the kernel
 * reports lost records, loaded programs are rescanned and what was
 * missed is captured, and synthesized through resynth when set.
 */
struct sideband_queue;
struct sideband_reader;

struct bpf_sideband {
	struct bpf_capture	*cap;
	struct perf_event_attr	attr;		/* in: the output's sample_type/sample_id_all */
	int			(*forward)(void *priv, const union perf_event *ev);
	bool			(*filter)(void *priv, const union perf_event *ev);
	void			*priv;
	struct perf_synth	*resynth;	/* emit with locking done by the caller */
	unsigned int		pages;
	bool			realtime;	/* SCHED_FIFO when permitted */
	/* private */
	s64			clock_offset;	/* perf's sample clock - CLOCK_MONOTONIC */
	struct perf_synth	out_synth;	/* trailer of forwarded records */
	struct perf_synth	rescan_synth;
	int			nr;
	int			*fds;
	struct perf_mmap	*maps;
	int			wake[2];
	struct sideband_queue	*queue;		/* held programs, for the fetcher */
	struct sideband_reader	*readers;	/* one thread per buffer */
	pthread_t		thread;		/* the fetcher */
	bool			running;
	u64			nr_lost;	/* side-band records the kernel dropped */
	u64			nr_rescans;
	u64			nr_recovered;
	int			err;
};

/*
 * Open the events on every online CPU.  -errno (EINVAL: the kernel lacks
 * the bits; EACCES/EPERM: no permission).
 */
int bpf_sideband__open(struct bpf_sideband *sb);
int bpf_sideband__start(struct bpf_sideband *sb);
/*
 * The output lost side-band records (its tracking event's LOST): rescan
 * and synthesize every loaded program again, from the side-band thread.
 */
void bpf_sideband__request_rescan(struct bpf_sideband *sb);
/* Drain what is left, stop the thread, close everything. */
void bpf_sideband__stop(struct bpf_sideband *sb);

#endif /* __PERF_BPF_EVENT_H */
