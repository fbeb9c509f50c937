/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record's option callbacks: what each option of the command line
 * sets in struct record_opts.  They print upstream's one-line errors, as
 * a builtin's own code does.
 */
#ifndef PERF_RECORD_OPTIONS_H
#define PERF_RECORD_OPTIONS_H

#include <stdbool.h>

#include "util/parse-options.h"
#include "util/types.h"

/* -I and --user-regs: their registers, named once every option is parsed */
struct record_regs {
	const char	*arg;
	const char	*hint;	/* how upstream's hint lists them */
	bool		given;
};

int record__parse_event(const struct option *opt, const char *arg, int unset);
int record__parse_filter(const struct option *opt, const char *arg, int unset);
int record__parse_callgraph(const struct option *opt, const char *arg, int unset);
int record__parse_comp(const struct option *opt, const char *arg, int unset);
int record__parse_regs(const struct option *opt, const char *arg, int unset);
int record__parse_g(const struct option *opt, const char *arg, int unset);
/* The mask of the registers given; 1 after listing them (?) or naming a bad one. */
int record__regs_mask(const struct record_regs *regs, u64 *mask);

#endif
