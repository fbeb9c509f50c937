/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_MACHINE_H
#define __PERF_MACHINE_H

#include "cgroups.h"
#include "event.h"
#include "thread.h"

struct perf_env_bpf;
struct bpf_progs;
struct perf_header;
struct resolved_ip;

/* A thread's ":<tid>" name, and the first name a COMM gave it after. */
struct placeholder {
	struct placeholder	*next;
	char			name[];
};

struct comm_rename {
	const char	*from;
	const char	*to;
	size_t		seq;
};

/*
 * The state records build up, applied in time order: threads (COMM, FORK),
 * their maps (MMAP, MMAP2), the kernel's maps (the kernel MMAP, modules,
 * and one map + dso per BPF program or trampoline from KSYMBOL register,
 * removed again by unregister), and address -> symbol resolution.
 *
 * Beyond upstream: given the BPF_PROG_INFO of the file
 * (machine__set_bpf_info()), a kernel address that no map covers but that
 * lies in a program the header describes is named after that program's
 * function instead of being left [unknown].
 */
struct machine {
	struct thread	**threads;	/* hash by tid */
	size_t		nr_buckets;
	size_t		nr_threads;
	struct thread	*last_thread;
	struct maps	*kmaps;
	struct maps	*fallback_maps;	/* BPF_PROG_INFO named ranges */
	struct dsos	dsos;
	struct dso	*kernel_dso;
	char		**comms;	/* interned comm strings, open addressing */
	size_t		comms_cap;
	size_t		nr_comms;
	const char	*kallsyms;	/* NULL: /proc/kallsyms */
	const char	*vmlinux;	/* -k: the kernel's symbols, unless kallsyms is given */
	char		*kallsyms_found;	/* NULL: not looked for yet */
	bool		kallsyms_none;	/* another kernel's, and no copy of it */
	u8		kernel_build_id[20];	/* the recorded kernel's (BUILD_ID) */
	u8		kernel_build_id_size;
	bool		live_modules_read;	/* /proc/modules mapped (the live kernel's) */
	struct perf_env_bpf *bpf_info;	/* NULL: no fallback naming */
	struct bpf_progs *progs;	/* the programs KSYMBOL/BPF_EVENT told of */
	struct cgroups	cgroups;	/* the paths CGROUP records named */
	u64		nr_fallback;	/* samples named from BPF_PROG_INFO */
	/*
	 * Addresses already resolved, by address space and address: samples
	 * hit the same few thousand addresses over and over.  An entry holds
	 * while its maps keep their version (struct maps): a record changes
	 * only the versions of the maps it changes, so a program loaded or a
	 * thread's mmap leaves every other address space's entries valid.
	 */
	/*
	 * The kernel's own map's range, and a version of the kernel's maps
	 * that changes only when they change there: BPF programs come and
	 * go elsewhere, hundreds of times a second under churn.
	 */
	u64		kcore_start;
	u64		kcore_end;
	u64		kcore_version;
	struct resolved_ip *ip_cache;	/* direct-mapped, growing while it misses */
	u32		ip_cache_bits;
	u64		ip_cache_misses;	/* since it last grew */
	u64		maps_version;	/* the last version given to a maps */
	/*
	 * As upstream: samples of a thread from before it was named (by COMM
	 * or a named parent's FORK: out of order, or records lost) count
	 * under its ":<tid>" name while they come, and under the name of its
	 * first COMM in the end.  Each thread has a ":<tid>" string of its
	 * own (not interned), so that a COMM renames only its own samples:
	 * a tid's earlier task, dropped by a later FORK, keeps ":<tid>".
	 */
	struct placeholder *placeholders;
	struct comm_rename *renames;
	size_t		nr_renames;
	u32		renames_alloc;
	bool		renames_sorted;
	/*
	 * perf top (machine__name_late_parents()): a child forked by a parent
	 * not named yet takes the parent's name when its COMM comes.  Top
	 * names the tasks already running from another thread, so their
	 * COMMs come after the live FORKs of their new threads; a file's
	 * records come in order, and a report keeps upstream's ":<tid>".
	 */
	bool		late_parent_names;
	struct orphan	*orphans;	/* (child, parent) tids, oldest first */
	u32		nr_orphans;
	u32		alloc_orphans;
};

/* The late parent naming above, for perf top. */
void machine__name_late_parents(struct machine *machine);

/*
 * Where an address resolved to.  dso and sym may be NULL (unknown); addr
 * is the address in the dso's space (map__map_ip()) when there is a map,
 * else the address itself.  level: 'k' kernel, '.' user, 'H' hypervisor,
 * 'g' guest kernel, 'u' guest user.
 */
struct addr_location {
	struct thread	*thread;
	struct map	*map;
	struct dso	*dso;
	struct symbol	*sym;
	u64		ip;
	u64		addr;
	char		level;
	bool		fallback;	/* named from BPF_PROG_INFO */
};

struct machine *machine__new(const char *kallsyms);
void machine__delete(struct machine *machine);
void machine__set_bpf_info(struct machine *machine, struct perf_env_bpf *bpf);

/*
 * The BUILD_ID feature (records of struct perf_record_header_build_id,
 * native byte order): each object's build id, so symbols come from the
 * binary that ran.  -EINVAL when malformed (what came before is kept).
 */
int machine__set_build_ids(struct machine *machine, const void *buf, size_t size);

/*
 * What a file's header tells a machine reading it: the build ids of
 * BUILD_ID (one that fails to parse gives none) and, with bpf_names, the
 * programs of BPF_PROG_INFO for addresses no KSYMBOL covered.
 */
void machine__use_header(struct machine *machine, struct perf_header *header, bool bpf_names);

/* An interned copy of s (never freed before the machine). */
const char *machine__intern_comm(struct machine *machine, const char *s);

/*
 * The name samples counted under comm (interned) take in the end: the
 * first COMM of a thread that was ":<tid>" when they came, else comm.
 * Sorts the renames on first use: call it once the records are read.
 */
const char *machine__final_comm(struct machine *machine, const char *comm);

/* Every thread, in no order, in an array the caller frees: how many, or -ENOMEM. */
int machine__threads(struct machine *machine, struct thread ***out);
struct thread *machine__find_thread(struct machine *machine, s32 tid);
struct thread *machine__findnew_thread(struct machine *machine, s32 pid, s32 tid);

/*
 * Apply a side-band record (COMM, FORK, EXIT, MMAP, MMAP2, KSYMBOL); other
 * types are ignored.  0 or -errno (-EINVAL for a malformed record).
 */
int machine__process_event(struct machine *machine, const union perf_event *ev,
			   const struct perf_sample *sample);

/*
 * The version of the address space machine__resolve_ip() would look ip up
 * in for thread under cpumode (the kernel's or the thread's maps; 0 for
 * none): while it stays the same, so does what any address resolves to
 * there, thread and level aside.  A cache of resolved addresses keys on
 * it.  0 also when the thread's maps cannot be made (ENOMEM).
 */
u64 machine__maps_version(struct machine *machine, struct thread *thread, u8 cpumode);

/*
 * The version that decides what a kernel address ip resolves to: within
 * the kernel's own map, one that only changes there; else the kernel
 * maps' (machine__maps_version()).
 */
static inline u64 machine__kernel_version(const struct machine *machine, u64 ip)
{
	if (ip >= machine->kcore_start && ip < machine->kcore_end)
		return machine->kcore_version;
	return machine->kmaps->version;
}

/*
 * The version that decides what ip resolves to in thread's address space
 * under cpumode: machine__kernel_version() for the kernel's, else
 * machine__maps_version().  What caches of resolved addresses key on.
 */
static inline u64 machine__addr_version(struct machine *machine, struct thread *thread,
					u8 cpumode, u64 ip)
{
	if (cpumode == PERF_RECORD_MISC_KERNEL)
		return machine__kernel_version(machine, ip);
	return machine__maps_version(machine, thread, cpumode);
}

/* Resolve ip in thread's address space under cpumode (PERF_RECORD_MISC_*). */
void machine__resolve_ip(struct machine *machine, struct thread *thread, u8 cpumode,
			 u64 ip, struct addr_location *al);
/* The same without the symbol (al->sym NULL): for callers that resolve symbols later. */
void machine__resolve_map(struct machine *machine, struct thread *thread, u8 cpumode,
			  u64 ip, struct addr_location *al);
/* A sample's thread and ip. */
int machine__resolve(struct machine *machine, const union perf_event *ev,
		     const struct perf_sample *sample, struct addr_location *al);

/*
 * The kernel function holding addr (machine: a struct machine), its start
 * in *start; NULL when none.  For libtraceevent's %pS and the like
 * (tracing_data__set_resolver()), as upstream's readers name them.
 */
const char *machine__kernel_function(void *machine, u64 addr, u64 *start);

/* PERF_CONTEXT_* marker -> cpumode for the callchain entries after it; 0 if not one. */
u8 machine__context_cpumode(u64 ip);

#endif /* __PERF_MACHINE_H */
