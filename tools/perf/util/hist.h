/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_HIST_H
#define __PERF_HIST_H

#include <stdio.h>
#include "arena.h"
#include "huge.h"
#include "machine.h"
#include "sort.h"

/*
 * Histogram of one event: samples aggregated by the sort keys into
 * entries (a hash table; only the entries grow, never per sample), then
 * sorted and printed as upstream's `perf report --stdio` rows.
 */
struct hist_key {
	const char		*comm;		/* interned */
	const struct dso	*dso;
	const struct symbol	*sym;
	u64			addr;		/* without a symbol: the address */
	s32			tid;
	s32			cpu;
	const char		*trace;		/* --sort trace: interned, NULL: "N/A" */
	const struct bpf_prog_entry *prog;	/* --sort bpf_prog: NULL, "[not bpf]" */
	const char		*parent;	/* --sort parent: interned, NULL: "[other]" */
	const char		*srcline;	/* --sort srcline: interned, NULL: none */
	u64			cgroup;		/* --sort cgroup: the sample's cgroup id */
	const char		*cgroup_path;	/* its path then (not compared), NULL: none */
	/* tracepoint field keys: their bytes, each after its u32 length */
	const u8		*fields;
	u32			fields_len;
	u64			fields_hash;
};

struct cgroups;

struct hist_entry {
	struct hist_key		key;
	char			level;
	u64			period;		/* self */
	u64			children;	/* with -g children: self + callees */
	u64			nr_samples;
	/* of period: the samples in the kernel, in user space (--show-cpu-utilization) */
	u64			period_sys;
	u64			period_us;
	const char		*thread_comm;	/* pid, tid keys: the latest name */
	struct hist_entry	*hnext;
	struct hist_entry	*merged;	/* hists__rename_comms(): merged into */
	u64			cumulated;	/* the children sample it last counted */
	const struct thread	*thread;	/* the sample's that made it */
	/* that sample's object: upstream orders symbols by it, a key or not */
	const struct dso	*dso;
	u32			max_depth;	/* children: most frames from it on */
	u32			seq;		/* order of making */
	u64			obj_off;	/* a data object's: the first address's offset */
	bool			filtered;	/* hists__filter_by_symbol(): not a row */
	const struct symbol	*first_sym;	/* the symbol of the sample that made it */
	u32			idx;		/* printing: its graph's, or none */
	u32			pos;		/* printing: its row */
	/* with tracepoint field keys: the raw data of the sample that made it */
	u8			*raw;
	u32			raw_size;
};

/*
 * A frame of the chains: its symbol, dso and address, kept once however
 * many chains have it (hists->frames, by id).
 */
struct hist_frame {
	const struct symbol	*sym;
	const struct dso	*dso;
	u64			ip;
};

struct hist_canon;

#define HIST_SYM_CACHE_BITS	TABLE_BITS(12)

struct hist_sym_cache {
	const struct symbol	*sym;
	const struct dso	*canon;
	const struct symbol	*to;
};

/*
 * A sample placed before: thread (with the tid and name it had),
 * cpumode, ip and cpu -> its entry, while the address space it was
 * resolved in keeps its version (machine__maps_version(): the maps and
 * symbols the entry was found with are still those).
 */
#define HIST_IP_CACHE_BITS	12	/* at first; */
#define HIST_IP_CACHE_MAX_BITS	16	/* growing while it misses more than it holds */

struct hist_ip_cache {
	u64			version;
	u64			ip;
	const struct thread	*thread;	/* NULL: empty */
	s32			tid;
	s32			cpu;
	const char		*comm;
	struct hist_entry	*he;
	/*
	 * The hits' period and count, added to he when the slot is taken
	 * by another sample or the entries are read (hists__sorted()): a
	 * hit touches the slot alone, not the entry it stands for.
	 */
	u64			pending;
	u32			nr_pending;
	u8			cpumode;
	bool			fallback;	/* named from BPF_PROG_INFO */
};

/*
 * One distinct call chain of an entry, for the graphs: the frames
 * (innermost first, ids of hists->frames) keyed as upstream's tree keys
 * them (the symbol, or the address when there is none), in children mode
 * the histogram entry of each frame (hist_chain__entries()), and the
 * period of the samples that had it.  Only distinct chains are kept.
 */
struct hist_chain {
	struct hist_entry	*self;
	u64			period;
	u64			pending;	/* children mode: not yet in its entries' */
	u32			hash;		/* chain_hash()'s low half: its slot */
	u32			nr;
	u32			frames[];	/* then, children mode: nr entries */
};

static inline struct hist_entry **hist_chain__entries(const struct hist_chain *c)
{
	return (struct hist_entry **)(uintptr_t)(c->frames + ((c->nr + 1) & ~1u));
}

/*
 * Work done drawing the graphs, counted for the tests' bounds: nodes
 * made, index slots probed to find a child, sibling comparisons sorting
 * them.  Each grows with the graphs' nodes, never with their fan-out.
 */
struct hists_graph_stats {
	u64	nodes;
	u64	probes;
	u64	compares;
};

/*
 * Samples with call chains, the fast way: the chain (and so the entry) a
 * sample with the same raw call chain, ip and cpumode went to before,
 * while its thread (with the name and tid it had), its cpu (when sorted
 * by) and the versions of the address spaces its frames were resolved
 * in (machine__maps_version(), machine__kernel_version()) are the same:
 * its frames resolve as they did.  Direct-mapped, made on first use;
 * chains of up to HIST_RAW_MAX raw entries (markers included).
 */
#define HIST_RAW_BITS	TABLE_BITS(14)
#define HIST_RAW_MAX	24

struct hist_raw_slot {
	u64			hash;
	const struct thread	*thread;	/* NULL: empty */
	const char		*comm;
	struct hist_chain	*chain;
	u64			ip;
	u64			uversion;	/* the thread's maps' (no user frame: unused) */
	u64			kversion;	/* the kernel's (no kernel frame: unused) */
	s32			tid;
	s32			cpu;
	u32			nr;
	u16			nr_fallback;	/* frames named from BPF_PROG_INFO */
	u8			cpumode;
	u8			spaces;		/* RAW_USER | RAW_KERNEL | RAW_KCORE */
	u64			raw[HIST_RAW_MAX];
};

/* A sample as the raw cache knows it (hash: hists__raw_cache_find()'s). */
struct hist_raw_key {
	struct thread		*thread;
	const u64		*raw;
	u32			nr;
	u8			cpumode;
	u64			ip;
	s32			cpu;
	u64			hash;
};

struct hist_chain_slot {
	struct hist_chain	*chain;		/* NULL: free */
	u32			tag;		/* chain_hash() >> 32 */
};

struct hist_fields;

struct hists {
	struct sort_spec	sort;
	/* -F, -w: the columns and the rows' order (hist-fields.h); NULL: the default */
	const struct hist_fields *fields;
	bool			finished;	/* report__finish_hists() ran */
	struct hist_entry	**buckets;	/* private to hist*.c */
	size_t			nr_buckets;
	size_t			nr_entries;
	size_t			nr_made;	/* entries ever made, for their seq */
	u64			nr_samples;
	u64			total_period;
	/* left out by report's filters under --percentage relative: graphs count it, as upstream */
	u64			filtered_period;
	u64			nr_filtered;	/* and their samples */
	/*
	 * Of filtered_period, what hists__filter_by_symbol() took from the
	 * total: upstream's graphs' threshold is still of the total before it.
	 */
	u64			row_filtered_period;
	u64			nr_cumulated;	/* children samples: a stamp each */
	bool			cumulate;	/* children mode: Children and Self columns */
	bool			graph;		/* keep chains and print the graphs */
	bool			caller;		/* graphs from callers to callees, else back */
	double			graph_min_percent;	/* of an entry's total, 0.5 */
	bool			graph_hide_top;	/* a single chain's first frame is not drawn */
	bool			configured;	/* the report's options applied (once) */
	/*
	 * Upstream tells rows apart by dso name and symbol start: dsos of one
	 * short name (one binary at two paths, or rebuilt) share rows.
	 */
	struct hist_canon	**canon;	/* hash of hist_canon, chained */
	size_t			canon_mask;
	size_t			nr_canon;
	struct hist_sym_cache	*sym_cache;	/* symbol -> its row's, direct-mapped */
	struct hist_ip_cache	*ip_cache;	/* sample -> its entry, direct-mapped */
	u32			ip_cache_bits;
	u64			ip_cache_misses;	/* since it last grew */
	/*
	 * The distinct chains: open addressing, each slot the chain and the
	 * high half of its hash, so a probe reads no chain that is not it.
	 */
	struct hist_chain_slot	*chain_slots;
	size_t			chain_slots_mask;
	size_t			nr_chains;
	/*
	 * --sort trace: the formatted tracepoint fields of the sample being
	 * added (interned, compared by address; NULL: not a tracepoint), the
	 * key of its entry and of its chain's entries.  Set it before each
	 * sample.
	 */
	const char		*sample_trace;
	/* the cpumode of the sample being added (PERF_RECORD_MISC_*): sys or usr */
	u8			sample_cpumode;
	/* --sort parent: the sample's parent symbol's name (interned; NULL: none) */
	const char		*sample_parent;
	u64			sample_cgroup;	/* --sort cgroup: the sample's, its path */
	const char		*sample_cgroup_path;
	/*
	 * --sort srcline: the text of a location (of the sample or of a
	 * frame of its chain), interned: the same text, the same pointer.
	 */
	const char		*(*srcline_of)(void *priv, const struct addr_location *al);
	void			*srcline_priv;
	/* tracepoint field keys (sort.dyn): the raw data of the sample being added */
	const void		*sample_raw;
	u32			sample_raw_size;
	u8			*fields_buf;	/* its keys' bytes, for lookups */
	size_t			fields_alloc;
	struct hist_chain	**chain_list;	/* the chains in the order they were made */
	struct huge_buf		chain_list_buf;
	struct hist_frame	*frames;	/* the chains' frames, by id */
	u32			nr_frames;
	struct huge_buf		frames_buf;
	u32			*frame_slots;	/* (symbol, dso, address) -> id + 1 */
	u32			frame_slots_mask;
	struct hists_graph_stats graph_stats;
	struct hist_raw_slot	*raw_cache;
	struct hist_chain	*last_chain;	/* hists__add_sample()'s */
	/* entries and chains are made in the arena; entries dropped are reused */
	struct arena		arena;
	struct hist_entry	*free_entries;
};

int hists__init(struct hists *hists, const struct sort_spec *sort);
void hists__exit(struct hists *hists);

/*
 * fn on every entry, in no set order; those it returns true for leave the
 * table (their memory goes to new entries).  nr_entries follows, the
 * totals are the caller's.  perf top's decay.
 */
void hists__remove_if(struct hists *hists, bool (*fn)(struct hist_entry *he, void *arg),
		      void *arg);

/* Account one sample: al from machine__resolve(), the sample's cpu and period. */
int hists__add(struct hists *hists, const struct addr_location *al, s32 cpu, u64 period);

/* The entry al falls into, made (empty) when new; NULL on ENOMEM. */
/* --sort cgroup: the sample's cgroup id, and its path as cg names it, for its entry */
void hists__set_sample_cgroup(struct hists *hists, const struct cgroups *cg, u64 id);
struct hist_entry *hists__findnew(struct hists *hists, const struct addr_location *al, s32 cpu);

/* period of a sample of cpumode to he's sys or usr share, or neither */
static inline void hist_entry__add_mode(struct hist_entry *he, u8 cpumode, u64 period)
{
	if (cpumode == PERF_RECORD_MISC_KERNEL)
		he->period_sys += period;
	else if (cpumode == PERF_RECORD_MISC_USER)
		he->period_us += period;
}

/* Account one sample (of hists->sample_cpumode) to an entry found before. */
static inline void hists__add_entry(struct hists *hists, struct hist_entry *he, u64 period)
{
	hists->nr_samples++;
	hists->total_period += period;
	hist_entry__add_mode(he, hists->sample_cpumode, period);
	he->period += period;
	he->children += period;
	he->nr_samples++;
}

/*
 * The fast way for samples without call chains: the slot of the entry a
 * sample of thread at ip went to before while its address space had
 * version (machine__maps_version(); NULL when not known), a sample of
 * period accounted through it, and remembering an entry after the slow
 * way (machine__resolve(), hists__findnew(), hists__add_entry()).  The
 * cache is made on first use; without memory it just misses.  The
 * entries' thread_comm is not renewed by a hit: printing takes the
 * threads' final names anyway.
 */
struct hist_ip_cache *hists__ip_cache_find(struct hists *hists, u64 version,
					   const struct thread *thread, u8 cpumode, u64 ip,
					   s32 cpu);
static inline void hists__ip_cache_account(struct hists *hists, struct hist_ip_cache *e,
					   u64 period)
{
	hists->nr_samples++;
	hists->total_period += period;
	e->pending += period;
	e->nr_pending++;
}
void hists__ip_cache_add(struct hists *hists, u64 version, const struct addr_location *al,
			 u8 cpumode, s32 cpu, struct hist_entry *he);

/*
 * Children mode, one sample: self period to the sample's own entry and
 * its period once to every distinct entry of its chain (chain[0..nr),
 * innermost first, the sample's own location included or not).
 */
int hists__add_cumulative(struct hists *hists, const struct addr_location *al,
			  const struct addr_location *chain, u32 nr, s32 cpu, u64 period);
/* The same for a sample and its chain that also go to the graphs (hists->graph). */
int hists__add_sample(struct hists *hists, const struct addr_location *al,
		      const struct addr_location *chain, u32 nr, s32 cpu, u64 period);

/*
 * The raw cache (struct hist_raw_slot): a sample known gets its period
 * as hists__add_sample() gave it to the one before (true); false: not
 * known, or this hists keeps no graphs.  After a miss and
 * hists__add_sample() with the sample's resolved location al and chain,
 * hists__raw_cache_add() remembers it.
 */
bool hists__raw_cache_find(struct hists *hists, struct machine *machine,
			   struct hist_raw_key *key, u64 period);
void hists__raw_cache_add(struct hists *hists, struct machine *machine,
			  struct hist_raw_key *key, const struct addr_location *al,
			  const struct addr_location *chain, u32 nr);

/*
 * Keep the sample's chain (chain[0..nr), innermost first, as resolved;
 * al the sample's own location, he its entry)
 * for the graphs of its own entry (he) and, in children mode, of every
 * entry on it.  Distinct chains only: a repeated one adds its period.
 */
int hists__add_chain(struct hists *hists, const struct addr_location *al,
		     struct hist_entry *he, const struct addr_location *chain, u32 nr, s32 cpu,
		     u64 period);

/*
 * Once every record is read: entries of a thread's ":<tid>" name get the
 * name it took at last (machine__final_comm()), merged into the entries
 * of that name.  Entries may be freed: forget pointers to them.
 */
void hists__rename_comms(struct hists *hists, struct machine *machine);

/*
 * --symbol-filter: the entries whose symbol's name does not hold str (or
 * that have no symbol; without a symbol key, as upstream, the symbol of
 * the sample that made the entry) are no rows and count toward no column's width;
 * with relative shares (relative) their own period leaves the total the
 * rows' shares are of, as upstream's (its graphs still count it: see
 * filtered_period).  Once every sample is in; may be done again.
 */
void hists__filter_by_symbol(struct hists *hists, const char *str, bool relative);

/*
 * A frame of an entry's graph as upstream's browser shows it: its tree
 * of nodes, each a run of frames no chain ends inside or leaves (the runs
 * --stdio prints under one branch), children by hits.  Lines come in
 * order, a node's frames (pos 0, 1, ...) before its children.
 */
struct graph_tree_line {
	u32		node;		/* 1, 2, ...: the node the frame is in */
	u32		parent;		/* its parent node, 0: the top */
	u32		depth;		/* of the node: 0 at the top */
	u32		pos;		/* in the node */
	bool		last;		/* the node's last frame */
	bool		has_sibling;	/* the node has siblings (shown ones) */
	bool		has_children;	/* the node has children (shown ones) */
	bool		need_percent;	/* upstream shows the node's share on pos 0 */
	double		percent;	/* the node's */
	const char	*name;		/* the symbol, or "0x<address>" */
};

struct hists_print_opts {
	bool	show_nr_samples;	/* -n: the Samples column */
	bool	show_total_period;	/* --show-total-period: the Period column */
	bool	quiet;			/* -q: rows only */
	const char *field_sep;		/* -t: between columns, no padding; NULL: spaces */
	bool	color;			/* --stdio-color: shares in upstream's colors */
	bool	show_cpu_util;		/* --show-cpu-utilization: sys and usr columns */
	double	percent_limit;		/* hide rows below this overhead */
	u32	hide_mask;		/* 1 << key: columns not printed */
	struct machine *machine;	/* pid, tid keys: thread names at the end */
	bool	verbose;
	/*
	 * Tracepoint field keys: the text of key (SORT_DYN + i) of an entry,
	 * as the field's event prints it (see sort_dyn); NULL: its raw value.
	 */
	int	(*field_text)(void *priv, const struct hist_entry *he, const struct sort_dyn *d,
			      char *buf, size_t size);
	void	*field_priv;
	/*
	 * Each row printed, in order, as soon as its line is on the FILE
	 * (before its graph); NULL: none.  A browser's rows.
	 */
	void	(*row_hook)(void *priv, const struct hist_entry *he);
	void	*row_priv;
	/*
	 * Each line of an entry's graph as upstream's browser folds it, in
	 * order, after the entry's row (see struct graph_tree_line); NULL: none.
	 */
	void	(*tree_hook)(void *priv, const struct hist_entry *he,
			     const struct graph_tree_line *l);
	void	*tree_priv;
	/* only the entries it keeps: rows, widths and graphs (a browser's zoom); NULL: all */
	bool	(*keep)(void *priv, const struct hist_entry *he);
	void	*keep_priv;
};

/* Entries sorted: overhead first, then the keys in order as upstream ties them. */
int hists__sorted(struct hists *hists, struct hist_entry ***out);

/* The column header lines and the rows. */
void hists__fprintf(struct hists *hists, const struct hists_print_opts *opts, FILE *fp);

/* The text of one key's column for an entry (no padding). */
int hist_entry__snprintf_key(const struct hist_entry *he, enum sort_key key, char *buf,
			     size_t size);

#endif /* __PERF_HIST_H */
