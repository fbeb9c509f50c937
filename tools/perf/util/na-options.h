/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Upstream's options for units ours does not drive (branch stacks, AUX
 * area tracing, address and weight sampling, guests, dlfilters): parsed
 * with upstream's name, short letter and argument syntax, then handled as
 * upstream 6.1 handles them on a machine without the unit:
 *
 *   refused      upstream's error text, the command stops (exit 1, or 0
 *                where upstream prints the error and exits 0);
 *   warned       upstream's warning, the command goes on without it;
 *   ignored      upstream accepts it and it changes nothing here;
 *   sample bits  upstream asks the kernel for these sample fields, which
 *                it fills with zeros where the unit is absent: ours asks
 *                the same (struct na_given's sample_type).
 *
 * A builtin puts the OPT_NA_*() entries in its option table, all pointing
 * at one struct na_given, and calls na_given__check() after parsing.
 * Documentation/perf/options-coverage.txt lists these options as "na".
 */
#ifndef PERF_UTIL_NA_OPTIONS_H
#define PERF_UTIL_NA_OPTIONS_H

#include "parse-options.h"
#include "types.h"

enum na_action {
	NA_REFUSE,
	NA_REFUSE_EXIT0,	/* upstream prints the error, then exits 0 */
	NA_WARN,
	NA_IGNORE,
	NA_SAMPLE,
};

struct na_option {
	enum na_action	action;
	const char	*msg;		/* upstream's text */
	u64		sample_type;	/* NA_SAMPLE */
	/*
	 * Optional: whether upstream's failure applies (the unit or file is
	 * absent).  Where it does not, ours refuses as not supported.
	 */
	bool		(*absent)(const char *arg);
	bool		quote_arg;	/* the argument follows msg, quoted */
};

#define NA_MAX_WARN	8

struct na_given {
	const struct na_option	*refused;	/* the first refused option given */
	const char		*refused_name;
	const char		*refused_arg;
	const struct na_option	*warned[NA_MAX_WARN];
	int			nr_warned;
	u64			sample_type;	/* NA_SAMPLE bits asked for */
};

/* The callback of every OPT_NA() entry: opt->value is the na_given. */
int na_option__parse(const struct option *opt, const char *arg, int unset);

/*
 * Say what upstream says of the options given (warnings through
 * pr_warning(), a refusal through pr_err()).  Returns 0 to go on,
 * -EOPNOTSUPP for a refusal that exits 1, 1 for one that exits 0.
 */
int na_given__check(const struct na_given *given);

/*
 * How every command starts: parse_options(), then na_given__check().
 * Returns the arguments left (>= 0), or -1 with *exit_code set to what
 * the command returns (0 after -h, 1 for a bad option or a refusal, 0
 * for a refusal upstream exits 0 on).
 */
int na_options__parse(int argc, const char **argv, const struct option *options,
		      const char * const usage[], int flags, const struct na_given *na,
		      int *exit_code);

#define OPT_NA_ENTRY(s, l, g, a, h, na, fl) { .type = OPTION_CALLBACK, .short_name = (s), \
	.long_name = (l), .value = (g), .argh = (a), .help = (h), \
	.callback = na_option__parse, .data = (void *)(na), .flags = (fl) }
/* no argument, a required one, an optional one ("--itrace[=<opts>]") */
#define OPT_NA(s, l, g, h, na)		OPT_NA_ENTRY(s, l, g, NULL, h, na, PARSE_OPT_NOARG)
#define OPT_NA_ARG(s, l, g, a, h, na)	OPT_NA_ENTRY(s, l, g, a, h, na, 0)
#define OPT_NA_OPTARG(s, l, g, a, h, na) OPT_NA_ENTRY(s, l, g, a, h, na, PARSE_OPT_OPTARG)

extern const struct na_option na_branch_sample;	/* record/top -b, -j */
extern const struct na_option na_aux_sample;
extern const struct na_option na_snapshot;
extern const struct na_option na_kcore;
extern const struct na_option na_debuginfod;
extern const struct na_option na_ignored;
extern const struct na_option na_off_cpu;
extern const struct na_option na_phys_data;
extern const struct na_option na_data_page_size;
extern const struct na_option na_code_page_size;
extern const struct na_option na_transaction;
extern const struct na_option na_weight;
extern const struct na_option na_branch_report;	/* report -b */
extern const struct na_option na_mem_mode;
extern const struct na_option na_stitch_lbr;	/* report, script */
extern const struct na_option na_stitch_lbr_top;
extern const struct na_option na_dlfilter;
extern const struct na_option na_xed;

/* Shared by several commands: the branch stack pair of record and top. */
#define OPT_NA_BRANCH_SAMPLE(g) \
	OPT_NA('b', "branch-any", g, \
	       "sample any taken branch (refused: no branch stack unit here)", \
	       &na_branch_sample), \
	OPT_NA_ARG('j', "branch-filter", g, "branch filter mask", \
		   "sample branches of these kinds (refused: no branch stack unit here)", \
		   &na_branch_sample)

/* upstream's --itrace of report, script and annotate: no AUX data to decode */
#define OPT_NA_ITRACE(g) \
	OPT_NA_OPTARG(0, "itrace", g, "opts", \
		      "decode AUX area tracing (no such unit here: accepted, changes nothing)", \
		      &na_ignored)

#define OPT_NA_STITCH_LBR(g, na) \
	OPT_NA(0, "stitch-lbr", g, \
	       "stitch LBR call chains (no LBR here: warned about, as upstream)", na)

/* Per command: upstream's options of absent units, with our help texts. */
#define OPT_NA_RECORD(g) \
	OPT_NA_BRANCH_SAMPLE(g), \
	OPT_NA('W', "weight", g, \
	       "sample by weight (no PEBS here: the kernel writes zeros)", &na_weight), \
	OPT_NA(0, "transaction", g, \
	       "sample transaction flags (no TSX here: accepted, changes nothing)", \
	       &na_transaction), \
	OPT_NA(0, "phys-data", g, \
	       "record the sample's physical address (no PEBS/SPE here: zeros)", \
	       &na_phys_data), \
	OPT_NA(0, "data-page-size", g, \
	       "record the sample's data page size (no PEBS/SPE here: zeros)", \
	       &na_data_page_size), \
	OPT_NA(0, "code-page-size", g, \
	       "record the sample's code page size (the same sample bit as upstream)", \
	       &na_code_page_size), \
	OPT_NA_OPTARG(0, "aux-sample", g, "opts", \
		      "sample the AUX area (refused: no AUX area event here)", &na_aux_sample), \
	OPT_NA_OPTARG('S', "snapshot", g, "opts", \
		      "AUX area tracing snapshot mode (refused: no AUX area tracing here)", \
		      &na_snapshot), \
	OPT_NA(0, "kcore", g, "copy /proc/kcore (refused: not readable here)", &na_kcore), \
	OPT_NA_ARG(0, "clang-path", g, "clang path", \
		   "clang for BPF scriptlets (not built in: accepted, changes nothing)", \
		   &na_ignored), \
	OPT_NA_ARG(0, "clang-opt", g, "clang options", \
		   "clang options for BPF scriptlets (not built in: accepted, changes nothing)", \
		   &na_ignored), \
	OPT_NA_OPTARG(0, "debuginfod", g, "debuginfod urls", \
		      "fetch debug info from debuginfod (not built in: warned about)", \
		      &na_debuginfod), \
	OPT_NA(0, "off-cpu", g, \
	       "off-cpu analysis (BPF skeletons not built in: warned about, as upstream)", \
	       &na_off_cpu)

#define OPT_NA_REPORT(g) \
	OPT_NA('b', "branch-stack", g, \
	       "histogram of branch records (refused: no branch data)", &na_branch_report), \
	OPT_NA(0, "mem-mode", g, \
	       "memory access profile (refused: no memory access data)", &na_mem_mode), \
	OPT_NA(0, "total-cycles", g, \
	       "sort blocks by sampled cycles (needs LBR: accepted, changes nothing)", \
	       &na_ignored), \
	OPT_NA_ITRACE(g), \
	OPT_NA_STITCH_LBR(g, &na_stitch_lbr)

#define OPT_NA_SCRIPT(g) \
	OPT_NA_ITRACE(g), \
	OPT_NA_ARG(0, "max-blocks", g, "n", \
		   "code blocks of brstackinsn (no branch data: accepted, changes nothing)", \
		   &na_ignored), \
	OPT_NA_STITCH_LBR(g, &na_stitch_lbr), \
	OPT_NA_ARG(0, "dlfilter", g, "file", \
		   "filter with this .so (refused: dlfilters not built in)", &na_dlfilter), \
	OPT_NA_ENTRY(0, "xed", g, NULL, \
		     "disassemble with xed (refused: no instruction trace here)", &na_xed, \
		     PARSE_OPT_OPTARG), \
	OPT_NA_ARG(0, "dlarg", g, "argument", \
		   "argument of --dlfilter (accepted, changes nothing)", &na_ignored), \
	OPT_NA(0, "guest-code", g, \
	       "guest code in the hypervisor process (no guests: accepted, changes nothing)", \
	       &na_ignored), \
	OPT_NA_ARG(0, "guestkallsyms", g, "file", \
		   "the guest's /proc/kallsyms (no guests: accepted, changes nothing)", \
		   &na_ignored), \
	OPT_NA_ARG(0, "guestmodules", g, "file", \
		   "the guest's /proc/modules (no guests: accepted, changes nothing)", \
		   &na_ignored), \
	OPT_NA_ARG(0, "guestmount", g, "directory", \
		   "the guests' mount directory (no guests: accepted, changes nothing)", \
		   &na_ignored), \
	OPT_NA_ARG(0, "guestvmlinux", g, "file", \
		   "the guest's vmlinux (no guests: accepted, changes nothing)", &na_ignored), \
	OPT_NA('a', "all-cpus", g, \
	       "system-wide for perf script record (not built in: accepted, changes nothing)", \
	       &na_ignored)

#define OPT_NA_TOP(g) \
	OPT_NA_BRANCH_SAMPLE(g), \
	OPT_NA(0, "stitch-lbr", g, \
	       "stitch LBR call chains (refused: needs --call-graph lbr)", &na_stitch_lbr_top)

#endif /* PERF_UTIL_NA_OPTIONS_H */
