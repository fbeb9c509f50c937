/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ANNOTATE_H
#define __PERF_ANNOTATE_H

#include <stdio.h>
#include "types.h"

struct dso;
struct symbol;
struct machine;
struct perf_env_bpf;
struct addr_location;
struct srclines;

/*
 * The annotation of one symbol: its instructions (capstone, AT&T syntax)
 * with the share of the symbol's samples each one got, and source lines
 * where they are known, as `perf annotate --stdio` prints them.
 *
 * Where the code comes from, by the dso's kind:
 *   BPF (a KSYMBOL's program, or one named from BPF_PROG_INFO): the JITed
 *	image in the file's BPF_PROG_INFO, found by the function's address
 *	and length; source lines from line_info + jited_line_info and the
 *	BTF of BPF_BTF.  Needs nothing of the running machine, so it works
 *	after the program is unloaded, or elsewhere.  Offsets start at 0.
 *   user ELF: the bytes at the symbol's file offsets (the build-id cache
 *	copy when the file has a build id there), printed at the ELF's
 *	virtual addresses as objdump -d shows them; with DWARF (the file's
 *	or its debug file's), the rows objdump -l -S adds: function names,
 *	source lines, and each instruction's file:line.
 *   kernel: /proc/kcore, or a vmlinux (annotate_target.vmlinux).
 *
 * Use (perf annotate, perf top, a TUI):
 *	struct annotate_target t;
 *	annotate_target__init(&t, al, bpf, machine);	al: a resolved sample
 *	annotation__new(&a, &t, samples, nr, err, sizeof(err));
 *	annotation__fprintf(a, &opts, stdout);	or walk a->lines[] and
 *	annotation_line__snprintf() each one;
 *	annotation__set_samples(a, ...);	new counts, same code (top)
 *	annotation__delete(a);
 * Nothing here keeps a pointer to the map: BPF maps go away on unregister.
 */

/* What to annotate: a symbol as the report side resolved it. */
struct annotate_target {
	struct dso		*dso;
	struct symbol		*sym;		/* in the dso's address space */
	u64			map_start;	/* where the map of dso started */
	u64			map_pgoff;
	bool			map_identity;	/* map__map_ip(ip) == ip (kernel) */
	struct perf_env_bpf	*bpf;		/* BPF_PROG_INFO + BPF_BTF; NULL: none */
	struct machine		*machine;	/* branch targets' names; may be NULL */
	const char		*vmlinux;	/* kernel code from this ELF; NULL: /proc/kcore */
	const char		*kcore;		/* NULL: /proc/kcore (tests point elsewhere) */
	struct srclines		*srclines;	/* DWARF readers kept across symbols; may be NULL */
	bool			intel;		/* Intel syntax (-M intel), else AT&T */
};

/* Fill t from a resolved location (al->map and al->sym set); -EINVAL otherwise. */
int annotate_target__init(struct annotate_target *t, const struct addr_location *al,
			  struct perf_env_bpf *bpf, struct machine *machine);

/* Samples at one offset from the symbol's start (al->addr - sym->start). */
struct annotate_sample {
	u64	offset;
	u64	nr_samples;
	u64	period;
};

enum annotation_line_type {
	ANNOTATION_LINE_INSN,
	ANNOTATION_LINE_SOURCE,		/* a source line starting here */
	ANNOTATION_LINE_TEXT,		/* objdump's lines before the code (native code) */
};

struct annotation_line {
	enum annotation_line_type type;
	u64		offset;		/* INSN: from the symbol's start */
	u64		addr;		/* INSN: as printed (offset for BPF, vaddr for ELF) */
	u8		size;		/* INSN: bytes */
	u8		bytes[15];
	const char	*text;		/* INSN: "mnemonic operands"; SOURCE: the source text */
	const char	*path;		/* INSN: "file:line" it belongs to, NULL if unknown */
	u32		line_nr;	/* SOURCE: line number (0 if unknown); TEXT: objdump's */
	u32		nosrc_nr;	/* line_nr when SOURCE rows are left out (native code) */
	u64		nr_samples;	/* INSN: samples from offset up to the next insn */
	u64		period;
	double		percent;	/* INSN: 100 * period / the symbol's period */
	bool		is_jump;	/* INSN: a direct branch to inside the symbol */
	bool		is_call;	/* INSN: a direct call */
	u64		target;		/* is_jump: the target's offset; is_call: its address */
};

struct annotation {
	char			*sym_name;
	char			*dso_name;	/* the dso's long name */
	bool			is_bpf;
	bool			has_dwarf;	/* native code: its object has DWARF */
	u64			start;		/* address printed for offset 0 */
	u64			size;
	u64			nr_samples;	/* of the symbol: sum of all samples given */
	u64			period;
	struct annotation_line	*lines;
	size_t			nr_lines;
	size_t			nr_insns;
	int			addr_width;	/* hex digits of the last address */
	struct annotation_priv	*priv;		/* internal */
};

/*
 * Disassemble t's symbol and account samples[0, nr) (offsets outside the
 * symbol are ignored).  0, or -errno with a one-line reason in err (no
 * program info, file missing, ...), without the "perf annotate: " prefix.
 */
int annotation__new(struct annotation **out, const struct annotate_target *t,
		    const struct annotate_sample *samples, size_t nr, char *err, size_t errsz);
void annotation__delete(struct annotation *a);

/* Replace the counts (perf top: same code, new samples). */
void annotation__set_samples(struct annotation *a, const struct annotate_sample *samples,
			     size_t nr);

/* --percent-type: what an instruction's share is of */
enum annotate_percent_type {
	ANNOTATE_PERCENT_LOCAL_PERIOD,	/* the symbol's period (the default) */
	ANNOTATE_PERCENT_GLOBAL_PERIOD,	/* the event's period */
	ANNOTATE_PERCENT_LOCAL_HITS,	/* the symbol's samples */
	ANNOTATE_PERCENT_GLOBAL_HITS,	/* the event's samples */
};

/*
 * "local-period", "global-period", "local-hits", "global-hits" (either
 * word first, as upstream takes them): 0, or -EINVAL for anything else.
 */
int annotate_percent_type__parse(const char *s, enum annotate_percent_type *type);
/* "local period", as the block's header says it */
const char *annotate_percent_type__name(enum annotate_percent_type type);

#define ANNOTATE_MAX_GROUP	16

struct annotate_print_opts {
	const char	*event_name;	/* "cpu-clock" */
	enum annotate_percent_type percent_type;
	/* the event's samples and period shown (global percent types) */
	u64		global_nr_samples;
	u64		global_period;
	bool		color;		/* --stdio-color: upstream's ANSI colors */
	bool		verbose;	/* -v: each sampled address and its samples first */
	bool		asm_raw;	/* --asm-raw: the instruction bytes too */
	bool		print_line;	/* -l: the summary by source line, and " // file:line" */
	bool		full_paths;	/* -P: the dso's full name in the header */
	bool		no_source;	/* --no-source: no source rows */
	bool		show_nr_samples; /* -n: samples instead of percent */
	bool		show_total_period; /* the period instead of percent */
	double		min_percent;	/* --percent-limit: hide lower instructions */
	/* --stdio2's title: the event's frequency; one symbol asked for (its own counts) */
	unsigned long long event_freq;
	bool		one_symbol;
	/*
	 * A group's other events: their annotations of the same function
	 * (NULL: no samples there), a column each after the first's
	 */
	const struct annotation *const *group;
	int		nr_group;
	/* their events' totals, for the global percent types */
	u64		group_nr_samples[ANNOTATE_MAX_GROUP];
	u64		group_period[ANNOTATE_MAX_GROUP];
};

/* The whole block as upstream's stdio prints it: header, rule, rows (and -l summary). */
void annotation__fprintf(const struct annotation *a, const struct annotate_print_opts *opts,
			 FILE *fp);

/* The hex digits of v (at least 1): the width of printed addresses and offsets. */
int annotate__hex_width(u64 v);

/* An instruction's share in percent, of what opts->percent_type says. */
double annotation_line__percent(const struct annotation *a, const struct annotation_line *l,
				const struct annotate_print_opts *opts);

/* One row without its newline, as annotation__fprintf() prints it; its length. */
int annotation_line__snprintf(const struct annotation *a, const struct annotation_line *l,
			      const struct annotate_print_opts *opts, char *buf, size_t size);

#endif /* __PERF_ANNOTATE_H */
