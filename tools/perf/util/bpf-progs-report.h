/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BPF_PROGS_REPORT_H
#define __PERF_BPF_PROGS_REPORT_H

#include <stdio.h>
#include "types.h"

union perf_event;
struct perf_sample;
struct machine;

/*
 * perf report --bpf-progs: one row per BPF program of the machine's table
 * (machine->progs, bpf-progs.h), with the samples of its functions and
 * the frames directly below it in the samples' kernel call chains (its
 * callers: where it is attached).
 */
enum bpf_progs_col {
	BPC_ID,
	BPC_TAG,
	BPC_NAME,
	BPC_TYPE,
	BPC_LOADER,
	BPC_PID,	/* sort only: the loader's pid */
	BPC_LOAD,
	BPC_UNLOAD,
	BPC_LIFETIME,
	BPC_FUNCS,
	BPC_BYTES,
	BPC_BTF,
	BPC_INFO,
	BPC_SAMPLES,
	BPC_SHARE,
	BPC_CALLERS,
	BPC_NR,
};

#define BPF_PROGS_MAX_SORT	8

struct bpf_progs_report {
	struct machine		*machine;
	enum bpf_progs_col	sort[BPF_PROGS_MAX_SORT];
	int			nr_sort;
	bool			quiet;		/* rows only */
	bool			verbose;	/* every function, every caller */
	const char		*info_err;	/* a damaged BPF_PROG_INFO: what was wrong */
};

/*
 * keys: "samples" when NULL, else a comma-separated list of id, tag, name,
 * type, loader, pid, load, unload, lifetime, funcs, bytes, btf, info,
 * samples, share.  -EINVAL with the bad key in bad.
 */
int bpf_progs_report__init(struct bpf_progs_report *r, struct machine *machine,
			   const char *keys, char *bad, size_t badsz);
/* Count one sample (any event); 0 or -ENOMEM. */
int bpf_progs_report__sample(struct bpf_progs_report *r, const union perf_event *ev,
			     const struct perf_sample *sample);
/* After the last record: the table.  0 or -ENOMEM. */
int bpf_progs_report__fprintf(struct bpf_progs_report *r, FILE *fp);

#endif /* __PERF_BPF_PROGS_REPORT_H */
