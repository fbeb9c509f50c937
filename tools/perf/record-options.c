// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's option callbacks (record-options.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record-options.h"
#include "util/parse-events.h"
#include "util/record.h"
#include "util/sample-regs.h"

int record__parse_event(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (event_args__add(&opts->events, arg, false)) {
		fprintf(stderr, "perf record: -e: too many events (max %d)\n", EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

int record__parse_filter(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	/* one before any -e is said by parse_events__add_args() */
	if (event_args__add(&opts->events, arg, true)) {
		fprintf(stderr, "perf record: --filter: too many options (max %d)\n",
			EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

int record__parse_callgraph(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->callchain = !unset;
	if (arg && strcmp(arg, "fp")) {
		fprintf(stderr, "perf record: --call-graph %s: only fp is supported\n", arg);
		return -1;
	}
	return 0;
}

int record__parse_comp(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;
	char *end;
	long level = arg ? strtol(arg, &end, 10) : 1;

	if (unset) {
		opts->comp_level = 0;
		return 0;
	}
	if (arg && (end == arg || *end || level < 1 || level > 22)) {
		fprintf(stderr, "perf record: -z %s: the compression level is 1 to 22\n", arg);
		return -1;
	}
	opts->comp_level = (int)level;
	return 0;
}


int record__parse_regs(const struct option *opt, const char *arg, int unset)
{
	struct record_regs *regs = opt->value;

	regs->given = !unset;
	regs->arg = arg;
	return 0;
}

int record__regs_mask(const struct record_regs *regs, u64 *mask)
{
	char names[256];
	const char *bad;
	size_t len;

	*mask = 0;
	if (!regs->given)
		return 0;
	if (regs->arg && !strcmp(regs->arg, "?")) {
		sample_regs__names(names, sizeof(names));
		fprintf(stderr, "available registers: %s\n", names);
		return 1;
	}
	if (sample_regs__parse(regs->arg, mask, &bad, &len)) {
		fprintf(stderr, "perf record: Unknown register \"%.*s\", check man page or run "
			"\"perf record %s\"\n", (int)len, bad, regs->hint);
		return 1;
	}
	return 0;
}

int record__parse_g(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->callchain = !unset;
	return 0;
}
