/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PPROF_H
#define __PERF_PPROF_H

#include "calltree.h"

struct calltree_stats;
struct perf_env_bpf;
struct perf_header;

/*
 * A gzip-compressed profile.proto (go tool pprof, Pyroscope, Parca,
 * Grafana) from a call tree read with CALLTREE_GROUP_LABELS:
 *
 *   sample_type	samples/count, then cpu/nanoseconds for cpu-clock and
 *			task-clock (else <event>/count): the period
 *   sample		a distinct stack (locations leaf first) and its labels
 *			pid, tid, comm and cpu (all strings: pprof drops numeric
 *			labels of 0, Pyroscope reads strings only); values its
 *			samples and period
 *   location		one per function of a dso (the call tree's frames):
 *			the function's address at run time, its mapping, and
 *			one line (the function's, when source lines are known)
 *   function		name and system name as perf names it (a BPF program
 *			by its kallsyms name), file and start line: BTF line
 *			info for BPF programs, DWARF for user code
 *   mapping		one per dso: binaries (with their build ids), the
 *			kernel, each BPF program; where it was mapped first
 *   string_table	"" first
 *   time_nanos, duration_nanos, period_type, period, comment
 */
struct pprof_opts {
	const char			*input;		/* in the comment */
	const struct calltree_stats	*stats;
	struct perf_env_bpf		*bpf;		/* BPF line info; NULL: none */
	bool				srclines;	/* DWARF file:line of user code */
	s64				time_nanos;	/* wall clock of the first sample */
};

/* The encoded profile, not compressed, into sb: 0 or -ENOMEM. */
struct strbuf;
int pprof__encode(const struct calltree *t, const struct pprof_opts *opts, struct strbuf *sb);
/* The profile gzip-compressed to fd: 0 or -errno. */
int pprof__write(const struct calltree *t, const struct pprof_opts *opts, int fd);

/*
 * The wall-clock time of perf time ns: from the header's CLOCK_DATA when
 * the file has it, else the file's modification time less the time from
 * ns to the last sample.  0 when neither is known.
 */
s64 pprof__wall_time(const struct perf_header *h, const struct calltree_stats *st, u64 ns);

/* Compress buf to fd as one gzip member: 0 or -errno. */
int pprof__gzip(const void *buf, size_t len, int fd);

#endif /* __PERF_PPROF_H */
