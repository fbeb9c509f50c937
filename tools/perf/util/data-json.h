/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_DATA_JSON_H
#define __PERF_DATA_JSON_H

#include "types.h"

/*
 * perf data convert --to-json, in upstream 6.1's format: the version,
 * "headers" (header version, captured-on from the file's mtime, the
 * data and feature offsets, hostname, os-release, arch, cpu-desc,
 * cpuid, cpu counts, perf version, cmdline) and "samples", one object
 * per sample in time order: timestamp, pid, tid, cpu (when sampled),
 * comm, and callchain, its frames as {ip, symbol, dso} (symbol and dso
 * only when the symbol is known), innermost first, or the sample's ip
 * alone without call chains.  Tab-indented, as upstream writes it.
 */
struct data_json_opts {
	const char	*kallsyms;
	bool		no_bpf_prog_info;
};

struct data_json_stats {
	u64	nr_samples;
	u64	bytes;
};

/* Convert path to fd: 0, or -errno with the reason in err. */
int data_json__convert(const char *path, const struct data_json_opts *opts, int fd,
		       struct data_json_stats *st, char *err, size_t errsz);

#endif /* __PERF_DATA_JSON_H */
