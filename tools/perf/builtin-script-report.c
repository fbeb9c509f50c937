// SPDX-License-Identifier: GPL-2.0
/*
 * perf script report NAME: upstream's report scripts built in, without
 * Python: flamegraph (one self-contained HTML page), stackcollapse
 * (folded stacks) and gecko (the Firefox Profiler's format).  Options
 * after "--" are the script's, as upstream passes them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "util/calltree-read.h"
#include "util/data.h"
#include "util/export-file.h"
#include "util/flamegraph.h"
#include "util/fmt-buf.h"
#include "util/gecko.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/stackcollapse.h"

struct script_report {
	const char	*input;
	const char	*output;
	const char	*kallsyms;
	const char	*diff;		/* flamegraph: the base file */
	const char	*title;
	bool		no_bpf_prog_info;
	/* stackcollapse */
	bool		include_tid;
	bool		include_pid;
	bool		comm;
	bool		kernel;
	bool		tidy_java;
	/* gecko */
	const char	*user_color;
	const char	*kernel_color;
	const char	*bpf_color;
};

static const char *const report_usage[] = {
	"perf script report flamegraph [-i FILE] [-o OUT.html] [--diff BASE.data]",
	"perf script report stackcollapse [-i FILE] [-- --kernel --include-pid ...]",
	"perf script report gecko [-i FILE] [-o OUT.json]",
	NULL
};

/* Parse argv, then what follows "--" with the same table, as the script's options. */
static int report__parse(int argc, const char **argv, const struct option *options)
{
	int left = parse_options(argc, argv, options, report_usage, 0);

	if (left > 0) {
		const char **rest = calloc(left + 2, sizeof(*rest));
		int i;

		if (!rest)
			return -1;
		rest[0] = argv[0];
		for (i = 0; i < left; i++)
			rest[i + 1] = argv[i];
		left = parse_options(left + 1, rest, options, report_usage, 0);
		if (left > 0) {
			usage_error(report_usage, options, "unexpected argument `%s'", rest[0]);
			left = -1;
		}
		free(rest);
	}
	return left;
}

/* Open and read one file into t; prints the one line of a failure. */
static int report__read(const char *cmd, const char *input,
			const struct calltree_read_opts *opts, struct calltree *t,
			struct calltree_source **srcp)
{
	const char *path = perf_data__input_name(input);
	char err[512];
	int ret;

	ret = calltree_source__open(srcp, path, opts, err, sizeof(err));
	if (!ret) {
		ret = calltree_source__read(*srcp, t, err, sizeof(err));
		if (ret) {
			calltree_source__delete(*srcp);
			*srcp = NULL;
		}
	}
	if (ret)
		fprintf(stderr, "perf script report %s: %s: %s\n", cmd, path, err);
	return ret;
}

static int report__stackcollapse(struct script_report *r)
{
	struct calltree_read_opts opts = {
		.kallsyms = r->kallsyms,
		.no_bpf_prog_info = r->no_bpf_prog_info,
		.merge_names = true,
		.kernel_tag = r->kernel,
		.skip_tracepoints = true,
		.group = r->comm ? CALLTREE_GROUP_COMM : CALLTREE_GROUP_NOCOMM,
		.comm_pid = r->include_pid,
		.comm_tid = r->include_tid,
	};
	struct calltree_source *src = NULL;
	struct calltree *t = calltree__new();
	struct fmt_buf out;
	int err;

	if (r->tidy_java) {
		fprintf(stderr, "perf script report stackcollapse: --tidy-java is not supported\n");
		calltree__delete(t);
		return -EINVAL;
	}
	if (!t || fmt_buf__init(&out, STDOUT_FILENO, 0)) {
		fprintf(stderr, "perf script report stackcollapse: out of memory\n");
		calltree__delete(t);
		return -ENOMEM;
	}
	err = report__read("stackcollapse", r->input, &opts, t, &src);
	if (!err)
		err = stackcollapse__write(t, &out);
	if (fmt_buf__exit(&out) && !err && out.err != -EPIPE) {
		fprintf(stderr, "perf script report stackcollapse: standard output: %s\n",
			strerror(-out.err));
		err = out.err;
	}
	calltree_source__delete(src);
	calltree__delete(t);
	return err;
}

static int report__flamegraph(struct script_report *r)
{
	struct calltree_read_opts opts = {
		.kallsyms = r->kallsyms,
		.no_bpf_prog_info = r->no_bpf_prog_info,
		.group = CALLTREE_GROUP_COMM,
		.flat_dso = true,
		.flat_sym = true,
		.empty_chain_ip = true,
	};
	struct calltree_source *src = NULL, *base_src = NULL;
	struct calltree *t = calltree__new(), *base = NULL;
	const char *output = r->output ? r->output : "flamegraph.html";
	struct flamegraph_opts fo = { .title = r->title };
	struct export_file f;
	int err;

	if (!t || (r->diff && !(base = calltree__new()))) {
		fprintf(stderr, "perf script report flamegraph: out of memory\n");
		err = -ENOMEM;
		goto out;
	}
	err = report__read("flamegraph", r->input, &opts, t, &src);
	if (!err && r->diff)
		err = report__read("flamegraph", r->diff, &opts, base, &base_src);
	if (err)
		goto out;
	fo.input = perf_data__input_name(r->input);
	fo.base = base;
	fo.base_input = r->diff;
	fo.stats = calltree_source__stats(src);
	fo.base_stats = base_src ? calltree_source__stats(base_src) : NULL;
	err = export_file__open(&f, output);
	if (err) {
		fprintf(stderr, "perf script report flamegraph: %s: %s\n", output, strerror(-err));
		goto out;
	}
	err = flamegraph__write(t, &fo, f.fd);
	if (!err)
		err = export_file__commit(&f);
	else
		export_file__abort(&f);
	if (err)
		fprintf(stderr, "perf script report flamegraph: %s: %s\n", output, strerror(-err));
	else if (strcmp(output, "-"))
		fprintf(stderr, "[ perf script report flamegraph: wrote %s ]\n", output);
out:
	calltree_source__delete(src);
	calltree_source__delete(base_src);
	calltree__delete(t);
	calltree__delete(base);
	return err;
}

static int report__gecko(struct script_report *r)
{
	const char *output = r->output ? r->output : "gecko_profile.json";
	struct gecko_opts go = {
		.user_color = r->user_color ? r->user_color : "yellow",
		.kernel_color = r->kernel_color ? r->kernel_color : "orange",
		.bpf_color = r->bpf_color ? r->bpf_color : "green",
	};
	struct calltree_read_opts opts = {
		.kallsyms = r->kallsyms,
		.no_bpf_prog_info = r->no_bpf_prog_info,
		.group = CALLTREE_GROUP_THREAD,
		.flat_sym = true,
		.empty_chain_ip = true,
		.skip_tracepoints = true,
	};
	struct calltree_source *src = NULL;
	struct calltree *t = calltree__new();
	struct gecko *g = NULL;
	struct export_file f;
	int err;

	if (!t || gecko__new(&g, t, &go)) {
		fprintf(stderr, "perf script report gecko: out of memory\n");
		err = -ENOMEM;
		goto out;
	}
	opts.sample = gecko__sample;
	opts.arg = g;
	err = report__read("gecko", r->input, &opts, t, &src);
	if (err)
		goto out;
	err = export_file__open(&f, output);
	if (err) {
		fprintf(stderr, "perf script report gecko: %s: %s\n", output, strerror(-err));
		goto out;
	}
	err = gecko__write(g, calltree_source__stats(src),
			   &calltree_source__session(src)->header.env, f.fd);
	if (!err)
		err = export_file__commit(&f);
	else
		export_file__abort(&f);
	if (err)
		fprintf(stderr, "perf script report gecko: %s: %s\n", output, strerror(-err));
	else if (strcmp(output, "-"))
		fprintf(stderr, "[ perf gecko: Captured and wrote into %s ]\n", output);
out:
	gecko__delete(g);
	calltree_source__delete(src);
	calltree__delete(t);
	return err;
}

int cmd_script_report(int argc, const char **argv)
{
	struct script_report r = { .comm = true };
	const struct option common[] = {
		OPT_STRING('i', "input", &r.input, "file", "input file name"),
		OPT_STRING(0, "kallsyms", &r.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &r.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_END()
	};
	const struct option flamegraph[] = {
		OPT_STRING('i', "input", &r.input, "file", "input file name"),
		OPT_STRING('o', "output", &r.output, "file",
			   "output file name (default flamegraph.html, - for stdout)"),
		OPT_STRING(0, "diff", &r.diff, "base",
			   "differential: widths from the input, colours from the change "
			   "since base"),
		OPT_STRING(0, "title", &r.title, "text", "the page's title"),
		OPT_STRING(0, "kallsyms", &r.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &r.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_END()
	};
	const struct option stackcollapse[] = {
		OPT_STRING('i', "input", &r.input, "file", "input file name"),
		OPT_BOOLEAN(0, "include-tid", &r.include_tid,
			    "include thread id in stack (comm-pid/tid)"),
		OPT_BOOLEAN(0, "include-pid", &r.include_pid, "include process id in stack"),
		OPT_BOOLEAN(0, "comm", &r.comm,
			    "the command as the first frame (--no-comm: without it)"),
		OPT_BOOLEAN(0, "kernel", &r.kernel, "annotate kernel functions with _[k]"),
		OPT_BOOLEAN(0, "tidy-java", &r.tidy_java, "beautify Java signatures"),
		OPT_STRING(0, "kallsyms", &r.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &r.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_END()
	};
	const struct option gecko[] = {
		OPT_STRING('i', "input", &r.input, "file", "input file name"),
		OPT_STRING('o', "output", &r.output, "file",
			   "output file name (default gecko_profile.json, - for stdout)"),
		OPT_STRING(0, "save-only", &r.output, "file", "the same as -o, as upstream"),
		OPT_STRING(0, "user-color", &r.user_color, "color",
			   "colour of the User category (yellow)"),
		OPT_STRING(0, "kernel-color", &r.kernel_color, "color",
			   "colour of the Kernel category (orange)"),
		OPT_STRING(0, "bpf-color", &r.bpf_color, "color",
			   "colour of the BPF category (green)"),
		OPT_STRING(0, "kallsyms", &r.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &r.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_END()
	};
	const char *name;
	int left;

	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
			usage_with_options(report_usage, common);
			return 0;
		}
		usage_error(report_usage, common, "which report? flamegraph, stackcollapse "
			    "or gecko");
		return 1;
	}
	name = argv[1];
	argc--;
	argv++;
	if (!strcmp(name, "flamegraph")) {
		left = report__parse(argc, argv, flamegraph);
		if (left < 0)
			return left == -2 ? 0 : 1;
		return report__flamegraph(&r) ? 1 : 0;
	}
	if (!strcmp(name, "stackcollapse")) {
		left = report__parse(argc, argv, stackcollapse);
		if (left < 0)
			return left == -2 ? 0 : 1;
		return report__stackcollapse(&r) ? 1 : 0;
	}
	if (!strcmp(name, "gecko")) {
		left = report__parse(argc, argv, gecko);
		if (left < 0)
			return left == -2 ? 0 : 1;
		return report__gecko(&r) ? 1 : 0;
	}
	fprintf(stderr, "perf script report: %s: no such report (flamegraph, stackcollapse, "
		"gecko)\n", name);
	return 1;
}
