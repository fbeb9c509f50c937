// SPDX-License-Identifier: GPL-2.0
/* Upstream's options for absent units: see na-options.h. */
#include <errno.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err-sink.h"
#include "na-options.h"

static bool kcore_absent(const char *arg)
{
	(void)arg;
	return access("/proc/kcore", R_OK) != 0;
}

static bool file_absent(const char *arg)
{
	return !arg || access(arg, R_OK) != 0;
}

/* whether no directory of $PATH has an executable NAME (an empty one is ".") */
static bool program_absent(const char *name)
{
	const char *p = getenv("PATH");
	char file[PATH_MAX];

	while (p && *p) {
		int len = (int)strcspn(p, ":");
		int n = snprintf(file, sizeof(file), "%.*s/%s", len ? len : 1, len ? p : ".",
				 name);

		if (n > 0 && n < (int)sizeof(file) && !access(file, X_OK))
			return false;
		p += len;
		if (*p == ':')
			p++;
	}
	return true;
}

static bool xed_absent(const char *arg)
{
	(void)arg;
	return program_absent("xed");
}

#define NA_TEXT(act, text)	{ .action = (act), .msg = (text) }
#define NA_BITS(bits)		{ .action = NA_SAMPLE, .sample_type = (bits) }

const struct na_option na_branch_sample =
	NA_TEXT(NA_REFUSE, "PMU Hardware or event type doesn't support branch stack sampling.");
const struct na_option na_aux_sample = NA_TEXT(NA_REFUSE, "No AUX area event to sample");
const struct na_option na_snapshot = NA_TEXT(NA_REFUSE, "No AUX area tracing to snapshot");
const struct na_option na_kcore = {
	.action = NA_REFUSE, .msg = "kcore is not readable.", .absent = kcore_absent,
};
const struct na_option na_debuginfod =
	NA_TEXT(NA_WARN, "debuginfod support requested, but perf is not built with it");
const struct na_option na_ignored = NA_TEXT(NA_IGNORE, NULL);
const struct na_option na_off_cpu =
	NA_TEXT(NA_WARN, "option `off-cpu' is being ignored because no BUILD_BPF_SKEL=1");
const struct na_option na_phys_data = NA_BITS(PERF_SAMPLE_PHYS_ADDR);
const struct na_option na_data_page_size = NA_BITS(PERF_SAMPLE_DATA_PAGE_SIZE);
const struct na_option na_code_page_size = NA_BITS(PERF_SAMPLE_CODE_PAGE_SIZE);
/* upstream asks TRANSACTION of PMU events only: none of ours */
const struct na_option na_transaction = NA_TEXT(NA_IGNORE, NULL);
/* x86's weight, as upstream asks it */
const struct na_option na_weight = NA_BITS(PERF_SAMPLE_WEIGHT_STRUCT);
const struct na_option na_branch_report = NA_TEXT(NA_REFUSE_EXIT0,
	"Selected -b but no branch data. Did you call perf record without -b?");
const struct na_option na_mem_mode = NA_TEXT(NA_REFUSE_EXIT0,
	"Selected --mem-mode but no mem data. Did you call perf record without -d?");
const struct na_option na_stitch_lbr =
	NA_TEXT(NA_WARN, "Can't find LBR callchain. Switch off --stitch-lbr.");
const struct na_option na_stitch_lbr_top =
	NA_TEXT(NA_REFUSE_EXIT0, "--stitch-lbr must be used with --call-graph lbr");
/* upstream pipes its output through xed, and the shell says this */
const struct na_option na_xed = {
	.action = NA_REFUSE, .msg = "xed: not found", .absent = xed_absent,
};
const struct na_option na_dlfilter = {
	.action = NA_REFUSE, .msg = "dlopen failed for:", .absent = file_absent,
	.quote_arg = true,
};

static void na_given__warn(struct na_given *given, const struct na_option *na)
{
	int i;

	for (i = 0; i < given->nr_warned; i++)
		if (given->warned[i] == na)
			return;
	if (given->nr_warned < NA_MAX_WARN)
		given->warned[given->nr_warned++] = na;
}

int na_option__parse(const struct option *opt, const char *arg, int unset)
{
	const struct na_option *na = opt->data;
	struct na_given *given = opt->value;

	if (unset)
		return 0;
	switch (na->action) {
	case NA_REFUSE:
	case NA_REFUSE_EXIT0:
		if (!given->refused) {
			given->refused = na;
			given->refused_name = opt->long_name;
			given->refused_arg = arg;
		}
		break;
	case NA_WARN:
		na_given__warn(given, na);
		break;
	case NA_SAMPLE:
		given->sample_type |= na->sample_type;
		break;
	case NA_IGNORE:
		break;
	}
	return 0;
}

int na_given__check(const struct na_given *given)
{
	const struct na_option *na = given->refused;
	int i;

	for (i = 0; i < given->nr_warned; i++)
		pr_warning("%s", given->warned[i]->msg);
	if (!na)
		return 0;
	if (na->absent && !na->absent(given->refused_arg)) {
		pr_err("--%s: not supported by this perf", given->refused_name);
		return -EOPNOTSUPP;
	}
	if (na->quote_arg)
		pr_err("%s '%s'", na->msg, given->refused_arg);
	else
		pr_err("--%s: %s", given->refused_name, na->msg);
	return na->action == NA_REFUSE_EXIT0 ? 1 : -EOPNOTSUPP;
}

int na_options__parse(int argc, const char **argv, const struct option *options,
		      const char * const usage[], int flags, const struct na_given *na,
		      int *exit_code)
{
	int err;

	argc = parse_options(argc, argv, options, usage, flags);
	if (argc < 0) {
		*exit_code = argc != -2;
		return -1;
	}
	err = na_given__check(na);
	if (err) {
		*exit_code = err < 0;
		return -1;
	}
	return argc;
}
