/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_GECKO_H
#define __PERF_GECKO_H

#include "calltree.h"

struct perf_sample;
struct calltree_stats;

/*
 * The Firefox Profiler's Gecko profile format, as upstream's `perf script
 * report gecko` writes it: meta (with the categories), and a thread per
 * tid with its name (the last comm it had), samples (stack, time in ms),
 * frame, stack and string tables.  Frames are named "symbol (in dso)";
 * their category is Kernel, User, or, beyond upstream, BPF for BPF
 * programs and trampolines (which upstream files under User).  Frames
 * without a symbol stay, as "[unknown] (in dso)", where upstream drops
 * them from the stack.
 *
 * The stack table of a thread is its subtree of the call tree (read with
 * CALLTREE_GROUP_THREAD); the samples are kept as (node, time) pairs, 12
 * bytes each, since the format lists every sample.
 */
struct gecko_opts {
	const char	*user_color;
	const char	*kernel_color;
	const char	*bpf_color;
};

struct gecko;

int gecko__new(struct gecko **out, struct calltree *t, const struct gecko_opts *opts);
void gecko__delete(struct gecko *g);
/* The calltree_read_opts.sample hook (arg: the struct gecko). */
int gecko__sample(void *arg, u32 leaf, u32 group, const char *comm,
		  const struct perf_sample *sample);
/* Write the profile to fd (env: the file's header, for meta.product): 0 or -errno. */
struct perf_env;
int gecko__write(struct gecko *g, const struct calltree_stats *stats,
		 const struct perf_env *env, int fd);

#endif /* __PERF_GECKO_H */
