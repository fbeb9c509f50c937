/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_CALLTREE_READ_H
#define __PERF_CALLTREE_READ_H

#include "calltree.h"

struct perf_sample;
struct perf_session;
struct machine;

/*
 * A perf.data file (or pipe) read into a call tree: every sample's chain
 * resolved as perf script resolves it (the same frames, names and
 * [unknown]s), outermost first, under a first level that groups samples
 * as the export wants them.
 */
enum calltree_group {
	CALLTREE_GROUP_COMM,	/* "comm", "comm-pid", "comm-tid", "comm-pid/tid" */
	CALLTREE_GROUP_NOCOMM,	/* no group level at all */
	CALLTREE_GROUP_THREAD,	/* one per pid and tid (unnamed: the hook sees comms) */
	CALLTREE_GROUP_LABELS,	/* one per pid, tid, comm and cpu */
};

struct calltree_read_opts {
	const char		*kallsyms;	/* NULL: /proc/kallsyms */
	bool			no_bpf_prog_info;
	enum calltree_group	group;
	bool			comm_pid;	/* COMM: "-pid" after the name */
	bool			comm_tid;	/* COMM: "-tid", or "/tid" after the pid */
	/* folded stacks: frames told apart by name alone (and kernel_tag) */
	bool			merge_names;
	bool			kernel_tag;	/* merge_names: kernel frames apart */
	/* samples without call chains: a dso level, then the symbol */
	bool			flat_dso;
	bool			flat_sym;
	u32			max_stack;	/* 0: 127, as perf script */
	/*
	 * A chain that resolves to no frames (corrupt: upstream drops it
	 * whole): the sample's own location as its one frame, as perf
	 * report counts it, instead of no frame at all (folded stacks).
	 */
	bool			empty_chain_ip;
	/* upstream's scripts see tracepoint samples in handlers of their own */
	bool			skip_tracepoints;
	/* after each sample: its leaf node (time lines of the Firefox Profiler) */
	int			(*sample)(void *arg, u32 leaf, u32 group_frame,
					  const char *comm, const struct perf_sample *sample);
	void			*arg;
};

struct calltree_stats {
	u64		nr_samples;
	u64		total_period;
	u64		first_time;	/* of the samples; 0 when none had a time */
	u64		last_time;
	const char	*event;		/* the first sampling event's name */
	u64		sample_period;	/* its attr: fixed period, or 0 with freq */
	u64		sample_freq;
	bool		callchains;	/* some event samples call chains */
};

struct calltree_source;

/*
 * Open path ("-" or a pipe on stdin: pipe mode) for reading: 0, or -errno
 * with the reason in err ("no such file", "truncated", ...).
 */
int calltree_source__open(struct calltree_source **out, const char *path,
			  const struct calltree_read_opts *opts, char *err, size_t errsz);
/* Read every record into t: 0 or -errno with the reason in err. */
int calltree_source__read(struct calltree_source *src, struct calltree *t, char *err,
			  size_t errsz);
/* The machine (dsos, symbols, BPF info) frames point into; valid until delete. */
struct machine *calltree_source__machine(struct calltree_source *src);
struct perf_session *calltree_source__session(struct calltree_source *src);
const struct calltree_stats *calltree_source__stats(const struct calltree_source *src);
void calltree_source__delete(struct calltree_source *src);

/* The kind of frame a resolved location is (CALLTREE_KERNEL, CALLTREE_BPF, ...). */
struct addr_location;
enum calltree_kind calltree__location_kind(const struct addr_location *al);

#endif /* __PERF_CALLTREE_READ_H */
