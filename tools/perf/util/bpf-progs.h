/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BPF_PROGS_H
#define __PERF_BPF_PROGS_H

#include <linux/bpf.h>
#include "types.h"

union perf_event;
struct perf_sample;
struct perf_env_bpf;
struct bpf_prog_info_node;
struct dso;
struct evlist;

/*
 * The BPF programs of a recording, one entry per program however it became
 * known: its PROG_LOAD record (loader pid/tid and time in the sample_id
 * trailer), a synthesized one (loaded before the recording: time 0, pid 0),
 * one synthesized again after lost records (pid 0, a time), only the
 * header's BPF_PROG_INFO, or only KSYMBOL records (--no-bpf-event files);
 * trampolines and dispatchers, which have KSYMBOLs and no BPF_EVENT, are
 * entries of their own.  The machine keeps the table (machine->progs) and
 * feeds it every KSYMBOL and BPF_EVENT in time order; each BPF dso it makes
 * points at its entry (dso->prog), so whoever resolved an address knows
 * the program.  Consumers (report --bpf-progs, the bpf_prog sort key,
 * script's bpf_prog field) read the entries and count their samples.
 */
enum bpf_prog_origin {
	BPF_PROG_LOADED,	/* PROG_LOAD inside the recording */
	BPF_PROG_SYNTHESIZED,	/* loaded before the recording */
	BPF_PROG_RESCAN,	/* synthesized again after lost side-band records */
	BPF_PROG_HEADER_ONLY,	/* no record: only BPF_PROG_INFO */
	BPF_PROG_KSYMBOL_ONLY,	/* KSYMBOL without a BPF_EVENT */
	BPF_PROG_TRAMPOLINE,	/* bpf_trampoline_<key> */
	BPF_PROG_DISPATCHER,	/* bpf_dispatcher_<name> */
};

/* What BPF_PROG_INFO said about the program. */
enum bpf_prog_info_state {
	BPF_PROG_INFO_NONE,	/* nothing (lost, or --no-bpf-event) */
	BPF_PROG_INFO_OK,
	BPF_PROG_INFO_BAD,	/* counts that do not match: what fits is used */
};

struct bpf_prog_func {
	u64	addr;
	u32	len;
	char	*name;		/* the kernel's (kallsyms) name */
	u64	nr_samples;	/* counted by consumers */
	u64	period;
};

/* A frame directly below the program in call chains: its attach point. */
struct bpf_prog_caller {
	const char	*name;	/* interned by the consumer */
	u64		nr_samples;
};

#define BPF_PROG_MAX_CALLERS	16

struct bpf_prog_entry {
	u32			id;		/* 0: none (trampolines, KSYMBOL only) */
	u8			tag[BPF_TAG_SIZE];
	bool			has_tag;
	enum bpf_prog_origin	origin;
	enum bpf_prog_info_state info;
	u32			type;		/* enum bpf_prog_type, with info */
	bool			has_btf;	/* info: btf_id set */
	s32			pid, tid;	/* the loader (PROG_LOAD's sample_id) */
	const char		*comm;		/* its name at load, NULL: unknown */
	u64			load_time;	/* perf clock; 0: outside the recording */
	u64			unload_time;	/*  0: not unloaded while recording */
	bool			unloaded;
	u32			nr_funcs;	/* main first */
	u32			alloc_funcs;
	struct bpf_prog_func	*funcs;
	u64			jited_bytes;	/* the functions' lengths summed */
	u32			serves;		/* trampoline: its key's high half, 0 */
	u32			seq;		/* order of arrival */
	/* counted by consumers */
	u64			nr_samples;
	u64			period;
	struct bpf_prog_caller	callers[BPF_PROG_MAX_CALLERS];
	u32			nr_callers;
	u64			other_callers;	/* samples of callers past the table */
};

/* A function a KSYMBOL registered that no BPF_EVENT has claimed yet. */
struct bpf_prog_pending {
	s32		pid, tid;
	const char	*comm;
	u64		time;
	u64		addr;
	u32		len;
	char		*name;
	struct dso	*dso;
};

struct bpf_progs {
	struct bpf_prog_entry	**entries;	/* by arrival */
	u32			nr;
	u32			alloc;
	u32			*by_id;		/* the ids: index + 1, open addressing */
	/*
	 * The entries an UNREGISTER is matched to by address (trampolines,
	 * dispatchers, functions no BPF_EVENT claimed) while loaded: a churn
	 * of thousands of programs must not scan them all at each unload
	 */
	struct bpf_prog_entry	**by_addr;
	u32			nr_by_addr;
	u32			alloc_by_addr;
	u32			id_mask;
	struct bpf_prog_pending	*pending;
	u32			nr_pending;
	u32			alloc_pending;
	struct perf_env_bpf	*env;		/* the header's BPF_PROG_INFO, or NULL */
	bool			header_merged;
	bool			no_bpf_events;	/* no event asked for them */
	u64			first_time;	/* of any record seen, 0: none */
	u64			last_time;
	u64			nr_samples;	/* every sample the consumer looked at */
	u64			total_period;
};

struct bpf_progs *bpf_progs__new(void);
void bpf_progs__delete(struct bpf_progs *progs);
/* The header's programs: types, BTF, functions; NULL: none. */
void bpf_progs__set_env(struct bpf_progs *progs, struct perf_env_bpf *env);

/* Whether the file's events asked for BPF_EVENT records (attr.bpf_event). */
void bpf_progs__use_evlist(struct bpf_progs *progs, const struct evlist *evlist);

/* A record's time widens the recording's span (0 is no time). */
static inline void bpf_progs__see_time(struct bpf_progs *progs, u64 time)
{
	if (!time)
		return;
	if (!progs->first_time || time < progs->first_time)
		progs->first_time = time;
	if (time > progs->last_time)
		progs->last_time = time;
}

/*
 * A KSYMBOL of type BPF: a register with the dso the machine made for it
 * (NULL when it made none), or an unregister; comm: the thread's name
 * now.  0 or -ENOMEM.
 */
int bpf_progs__ksymbol(struct bpf_progs *progs, const union perf_event *ev,
		       const struct perf_sample *sample, struct dso *dso, const char *comm);
/* A BPF_EVENT; comm: the loader thread's name now.  0, -EINVAL or -ENOMEM. */
int bpf_progs__bpf_event(struct bpf_progs *progs, const union perf_event *ev,
			 const struct perf_sample *sample, const char *comm);

/*
 * The entry of a BPF dso (a KSYMBOL's, or one the machine named from the
 * header: node and function idx): dso->prog, made now when no BPF_EVENT
 * claimed the function (yet).  NULL for other dsos or without memory.
 */
struct bpf_prog_entry *bpf_progs__of_dso(struct bpf_progs *progs, struct dso *dso);
struct bpf_prog_entry *bpf_progs__of_header(struct bpf_progs *progs,
					    const struct bpf_prog_info_node *node);

/*
 * Once every record is read: programs only the header knows get entries,
 * functions no BPF_EVENT claimed become KSYMBOL-only programs.  0 or
 * -ENOMEM.
 */
int bpf_progs__finish(struct bpf_progs *progs);

/* The function of e holding addr, -1 when none. */
int bpf_prog_entry__func_at(const struct bpf_prog_entry *e, u64 addr);
/* The main function's name without "bpf_prog_<tag>_" ("hot_prog_0"). */
const char *bpf_prog_entry__short_name(const struct bpf_prog_entry *e);
/* "socket_filter", "trampoline", ...; "-" when unknown. */
const char *bpf_prog_entry__type_name(const struct bpf_prog_entry *e);
/* "synthesized", "rescan", "header-only", ...; NULL for BPF_PROG_LOADED. */
const char *bpf_prog_entry__origin_name(const struct bpf_prog_entry *e);
/* Count a sample's period to e's function f (-1: none) and its caller (NULL: none). */
void bpf_prog_entry__account(struct bpf_prog_entry *e, int f, u64 period, const char *caller);

#endif /* __PERF_BPF_PROGS_H */
