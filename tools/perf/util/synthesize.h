/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SYNTHESIZE_H
#define __PERF_SYNTHESIZE_H

#include <sys/types.h>
#include "types.h"

union perf_event;
struct perf_thread_map;

/*
 * Records for what existed before recording started, as the kernel would
 * have written them: COMM, FORK and MMAP2 from /proc, the kernel and
 * module MMAPs, KSYMBOLs of BPF images from /proc/kallsyms.  Each record
 * is built with a zeroed sample_id_all trailer of id_hdr_size bytes (time
 * 0: before everything recorded) and handed to emit, which copies it.
 */
struct perf_synth {
	int	(*emit)(void *priv, const union perf_event *ev);
	void	*priv;
	u32	id_hdr_size;
	u64	time;		/* trailer time when the sample_type has TIME (0 at start) */
	u64	sample_type;	/* where the trailer's fields sit */
	u64	id;		/* trailer ID/IDENTIFIER (0: none, as upstream) */
	bool	namespaces;	/* perf_synth__threads(): a NAMESPACES per process too */
	bool	no_mmaps;	/* perf_synth__threads(): no MMAP2 (a command before exec) */
	/*
	 * --buildid-mmap: the kernel's map an MMAP2, it and the processes'
	 * file maps with the build id (MISC_MMAP_BUILD_ID) where there is one
	 */
	bool	mmap_build_id;
};

/* Append the trailer (time and id) and emit: for callers building their own records. */
int perf_synth__emit(struct perf_synth *s, union perf_event *ev);

/* The kernel's text map, "[kernel.kallsyms]_text" from _text to _etext. */
int perf_synth__kernel_mmap(struct perf_synth *s);
/* One MMAP per module of /proc/modules (none when there is no such file). */
int perf_synth__modules(struct perf_synth *s);
/*
 * NAMESPACES of a process, each namespace's device and inode from
 * /proc/PID/ns (0/0 for those it may not read).
 */
int perf_synth__namespaces(struct perf_synth *s, pid_t pid);
/*
 * COMM, FORK and the executable MMAP2s of processes (first a NAMESPACES
 * with s->namespaces): every one in /proc
 * when threads is NULL, else those of the listed threads' processes.
 */
int perf_synth__threads(struct perf_synth *s, const struct perf_thread_map *threads);

/* The [bpf] symbols of /proc/kallsyms, sorted by address. */
struct bpf_kallsyms_entry {
	u64	addr;
	char	*name;
	bool	tagged;		/* listed with [bpf] */
};

struct bpf_kallsyms {
	struct bpf_kallsyms_entry	*entries;
	u32				nr;
};

/*
 * Read the BPF symbols: lines whose module is [bpf], or, on a kernel that
 * prints no module name for them, bare bpf_prog_/bpf_trampoline_/
 * bpf_dispatcher_ names.  -errno when /proc/kallsyms cannot be read.
 */
int bpf_kallsyms__load(struct bpf_kallsyms *ks);
int bpf_kallsyms__parse(struct bpf_kallsyms *ks, const char *text, size_t len);
void bpf_kallsyms__exit(struct bpf_kallsyms *ks);
/* The name at exactly addr, NULL when none. */
const char *bpf_kallsyms__find(const struct bpf_kallsyms *ks, u64 addr);

/* KSYMBOL (type BPF) for a bpf_trampoline_* / bpf_dispatcher_* image. */
int perf_synth__ksymbol(struct perf_synth *s, u64 addr, u32 len, u16 ksym_type, u16 flags,
			const char *name);
/* Every trampoline and dispatcher image of ks, one page long each. */
int perf_synth__bpf_images(struct perf_synth *s, const struct bpf_kallsyms *ks);

#endif /* __PERF_SYNTHESIZE_H */
