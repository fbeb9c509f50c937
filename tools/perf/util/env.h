/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ENV_H
#define __PERF_ENV_H

#include <linux/perf_event.h>
#include "types.h"
#include "bpf-prog-info.h"

/*
 * What the feature sections of a perf.data file say about the machine and
 * the session, parsed (util/header.c) or filled by record before writing.
 * All strings are NUL-terminated heap copies, NULL when the feature is
 * absent; every array has its count next to it.  perf_env__exit() frees
 * everything.
 */

/* EVENT_DESC: one event as record described it. */
struct perf_env_event {
	struct perf_event_attr	attr;		/* native, zero-filled past attr.size */
	u32			attr_size;	/* the section's attr_size */
	char			*name;
	u64			*ids;
	u32			nr_ids;
};

/* CPU_TOPOLOGY: per cpu ids. */
struct perf_env_cpu {
	u32	core_id;
	u32	socket_id;
	u32	die_id;
};

/* PMU_MAPPINGS */
struct perf_env_pmu {
	u32	type;
	char	*name;
};

/* GROUP_DESC: events leader_idx .. leader_idx + nr_members - 1 form a group. */
struct perf_env_group {
	char	*name;		/* "{anon_group}" when the user gave none */
	u32	leader_idx;
	u32	nr_members;
};

struct perf_env {
	char			*hostname;	/* HOSTNAME */
	char			*os_release;	/* OSRELEASE */
	char			*version;	/* VERSION: perf's version */
	char			*arch;		/* ARCH */
	u32			nr_cpus_avail;	/* NRCPUS */
	u32			nr_cpus_online;
	char			*cpu_desc;	/* CPUDESC */
	char			*cpuid;		/* CPUID */
	u64			total_mem;	/* TOTAL_MEM, kB */

	u32			nr_cmdline;	/* CMDLINE */
	char			**cmdline_argv;

	u32			nr_events;	/* EVENT_DESC */
	struct perf_env_event	*events;

	/* CPU_TOPOLOGY: sibling lists as strings ("0-1"), per cpu ids */
	u32			nr_sibling_cores;
	char			**sibling_cores;
	u32			nr_sibling_threads;
	char			**sibling_threads;
	u32			nr_sibling_dies;
	char			**sibling_dies;
	u32			nr_cpu_ids;	/* entries of cpu[], <= nr_cpus_avail */
	struct perf_env_cpu	*cpu;
	bool			has_die_ids;	/* section had the die part */

	u32			nr_groups;	/* GROUP_DESC */
	struct perf_env_group	*groups;

	u32			nr_pmu_mappings;	/* PMU_MAPPINGS */
	struct perf_env_pmu	*pmu_mappings;

	u64			first_sample_time;	/* SAMPLE_TIME */
	u64			last_sample_time;

	u64			clockid_res_ns;	/* CLOCKID */

	/* CLOCK_DATA */
	u32			clock_version;
	u32			clockid;
	u64			clock_tod_ns;
	u64			clock_clockid_ns;

	struct perf_env_bpf	bpf;		/* BPF_PROG_INFO, BPF_BTF */
};

void perf_env__init(struct perf_env *env);
void perf_env__exit(struct perf_env *env);

/*
 * Fill what upstream's record takes from the running machine: HOSTNAME,
 * OSRELEASE, ARCH (uname), NRCPUS (sysfs present + online count), CPUDESC,
 * CPUID (x86 /proc/cpuinfo: "vendor,family,model,stepping"), TOTAL_MEM
 * (/proc/meminfo), CPU_TOPOLOGY and PMU_MAPPINGS (sysfs).  Fields that
 * cannot be read stay empty; -errno only for allocation failures.  The
 * caller sets the version, cmdline, events and times.
 */
int perf_env__read_local(struct perf_env *env);

/* Setters for the writers (record); each copies its arguments. */
int perf_env__set_string(char **field, const char *s);
int perf_env__set_cmdline(struct perf_env *env, int argc, const char * const *argv);
int perf_env__add_event(struct perf_env *env, const struct perf_event_attr *attr,
			const char *name, const u64 *ids, u32 nr_ids);
/* Free the EVENT_DESC part only (so it can be rebuilt from an evlist). */
void perf_env__clear_events(struct perf_env *env);

void perf_env__clear_groups(struct perf_env *env);
/* The GROUP_DESC group event idx belongs to, NULL when it is in none. */
const struct perf_env_group *perf_env__group_of(const struct perf_env *env, u32 idx);

/* Helpers shared with the feature code: free an array of n strings. */
void perf_env__free_strings(char **strs, u32 n);

#endif /* __PERF_ENV_H */
