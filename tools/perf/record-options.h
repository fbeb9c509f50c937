/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record's option callbacks: what each option of the command line
 * sets in struct record_opts.  They print upstream's one-line errors, as
 * a builtin's own code does.
 */
#ifndef PERF_RECORD_OPTIONS_H
#define PERF_RECORD_OPTIONS_H

#include <stdbool.h>

#include "util/na-options.h"
#include "util/parse-options.h"
#include "util/types.h"

struct record;
struct record_opts;

/* -I and --user-regs: their registers, named once every option is parsed */
struct record_regs {
	const char	*arg;
	const char	*hint;	/* how upstream's hint lists them */
	bool		given;
};

/* What the command line says beyond struct record_opts, read after parsing. */
struct record_cli {
	struct na_given		na;
	struct record_regs	intr_regs;
	struct record_regs	user_regs;
	const char		*mmap_pages;
	int			realtime;	/* -r: SCHED_FIFO priority, 0 is off */
	struct option		*options;	/* record_options__new()'s */
};

extern const char *const record_usage[];

/* perf record's option table (free() it), every entry pointing into opts or cli. */
struct option *record_options__new(struct record_opts *opts, struct record_cli *cli);

/*
 * Parse argv with cli->options and check what was given; the arguments
 * left (the command), or -2 after -h and friends (exit 0), -1 when said
 * why not (exit 1).
 */
int record_options__parse(struct record *rec, struct record_cli *cli, int argc,
			  const char **argv);

int record__parse_event(const struct option *opt, const char *arg, int unset);
int record__parse_filter(const struct option *opt, const char *arg, int unset);
int record__parse_callgraph(const struct option *opt, const char *arg, int unset);
int record__parse_comp(const struct option *opt, const char *arg, int unset);
int record__parse_regs(const struct option *opt, const char *arg, int unset);
int record__parse_g(const struct option *opt, const char *arg, int unset);
int record__parse_period(const struct option *opt, const char *arg, int unset);
int record__parse_timestamp(const struct option *opt, const char *arg, int unset);
int record__parse_clockid(const struct option *opt, const char *arg, int unset);
int record__parse_delay(const struct option *opt, const char *arg, int unset);
int record__parse_max_size(const struct option *opt, const char *arg, int unset);
int record__parse_synth(const struct option *opt, const char *arg, int unset);
int record__parse_affinity(const struct option *opt, const char *arg, int unset);
int record__parse_aio(const struct option *opt, const char *arg, int unset);
int record__parse_switch_output(const struct option *opt, const char *arg, int unset);
int record__parse_switch_event(const struct option *opt, const char *arg, int unset);
int record__parse_cgroup(const struct option *opt, const char *arg, int unset);
int record__parse_exclude_perf(const struct option *opt, const char *arg, int unset);
/* The mask of the registers given; 1 after listing them (?) or naming a bad one. */
int record__regs_mask(const struct record_regs *regs, u64 *mask);

#endif
