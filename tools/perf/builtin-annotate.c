// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate: the instructions of the symbols that got samples, with
 * each one's share, disassembled in process (capstone): JITed BPF from the
 * file's BPF_PROG_INFO and BTF, native code from ELF files or the kernel.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "input.h"
#include "util/annotate-opts.h"
#include "util/annotator.h"
#include "util/data.h"
#include "util/dump.h"
#include "util/err-sink.h"
#include "util/report-stats.h"
#include "util/sample-filter.h"
#include "util/machine.h"
#include "util/na-options.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/symbol-opts.h"
#include "ui/annotate-stdio2.h"
#include "ui/pager.h"
#include "ui/tui-annotate.h"

struct annotate_cmd {
	struct perf_tool	tool;
	struct annotator	ann;
	const char		*input;
	bool			use_stdio;
	bool			use_tui;	/* --tui: the browser, if on a terminal */
	bool			skip_missing;
	bool			dump_trace;	/* -D */
	bool			quiet;		/* -q: no warnings */
	struct sample_filter	filter;		/* -C */
};

static volatile sig_atomic_t annotate_done;

static void annotate__sig_done(int sig)
{
	annotate_done = 1;
}

static void annotate__signals(void (*handler)(int))
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

/*
 * On a terminal (stdin and stdout), unless --stdio: the annotate browser
 * over the sampled symbols, note on its first status line.  -ENOTTY or
 * -ENODATA: print as --stdio does.
 */
static int annotate__browse(struct annotate_cmd *cmd, struct perf_session *session,
			    const char *note)
{
	int err;

	if (cmd->use_stdio || !isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO))
		return -ENOTTY;
	annotate__signals(annotate__sig_done);
	err = tui_annotate__symbols(&cmd->ann, session->evlist, session->header.env.cpuid, note,
				    &annotate_done);
	annotate__signals(SIG_DFL);
	return err;
}

static int annotate__sample(struct perf_tool *tool, struct perf_session *session,
			    const union perf_event *ev, struct perf_sample *sample,
			    struct evsel *evsel)
{
	return annotator__sample(&((struct annotate_cmd *)tool)->ann, ev, sample, evsel);
}

/* -C: the samples of those CPUs only, as upstream drops the others before counting */
static bool annotate__accept(void *arg, struct thread *thread, const struct perf_sample *sample)
{
	return sample_filter__cpu(arg, sample->cpu);
}

/* -D: each record as upstream dumps it, then applied as without -D */
static int annotate__dump(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *ev, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct annotate_cmd *cmd = (struct annotate_cmd *)tool;

	dump__record_resolved(stdout, session, ev, evsel, sample, cmd->ann.machine);
	if (ev->header.type == PERF_RECORD_SAMPLE)
		return annotator__sample(&cmd->ann, ev, sample, evsel);
	return annotator__process_event(&cmd->ann, ev, sample);
}

static int annotate__dump_user(struct perf_tool *tool, struct perf_session *session,
			       const union perf_event *ev, u64 file_offset)
{
	dump__user_record(stdout, session, ev, file_offset);
	return 0;
}

/* -D's end: upstream's counts, each event's samples those annotate takes */
static int annotate__dump_stats(struct annotator *ann, struct perf_session *session)
{
	u64 *samples = calloc(ann->nr_hists + 1, sizeof(*samples));
	int i;

	if (!samples)
		return -ENOMEM;
	for (i = 0; i < ann->nr_hists; i++) {
		struct annotator_total tot;

		annotator__shown_total(ann, i, &tot);
		samples[i] = tot.nr_samples;
	}
	report_stats__fprintf_annotate(session, stdout, samples, ann->nr_hists);
	free(samples);
	return 0;
}

/* -q: errors only */
static void annotate__quiet_sink(const char *line, void *arg)
{
	if (!strstr(line, ": warning: "))
		fprintf(stderr, "%s\n", line);
}

/*
 * --stdio-color: always, never or auto (the default: on a terminal, also
 * through the pager), as upstream's color.ui
 */
static int annotate__color(const char *mode, bool *color)
{
	if (!mode || !strcmp(mode, "auto"))
		*color = isatty(STDOUT_FILENO);
	else if (!strcmp(mode, "always"))
		*color = true;
	else if (!strcmp(mode, "never"))
		*color = false;
	else
		return -EINVAL;
	return 0;
}

static int annotate__event(struct perf_tool *tool, struct perf_session *session,
			   const union perf_event *ev, struct perf_sample *sample,
			   struct evsel *evsel)
{
	return annotator__process_event(&((struct annotate_cmd *)tool)->ann, ev, sample);
}

static void annotate__error(void *arg, const char *msg)
{
	fprintf(stderr, "perf annotate: %s\n", msg);
}

static bool kernel_annotatable(const struct annotator *ann)
{
	return ann->opts.vmlinux || !access("/proc/kcore", R_OK);
}

static const char *const annotate_usage[] = {
	"perf annotate [<options>] [<symbol>]",
	NULL
};

int cmd_annotate(int argc, const char **argv)
{
	struct annotate_cmd cmd = { .input = NULL };
	struct annotator *ann = &cmd.ann;
	struct annotator_opts o = { .error = annotate__error };
	struct perf_session *session = NULL;
	struct perf_data data;
	struct na_given na = { 0 };
	const char *cpu_list = NULL, *percent_type = NULL, *color_mode = NULL;
	struct annotate_opts ao = ANNOTATE_OPTS_INIT;
	bool force = false, stdio2 = false;
	struct symbol_opts so = SYMBOL_OPTS_INIT;
	int verbose = 0;
	const struct option options[] = {
		OPT_STRING('i', "input", &cmd.input, "file", "input file name"),
		OPT_STRING('d', "dsos", &o.dso_name, "dso", "only consider symbols in this dso"),
		OPT_STRING('s', "symbol", &o.sym_name, "symbol",
			   "symbol to annotate"),
		OPT_STRING('C', "cpu", &cpu_list, "cpu", "list of cpus to profile"),
		OPT_BOOLEAN('D', "dump-raw-trace", &cmd.dump_trace, "dump raw trace in ASCII"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_ANNOTATE_ALL(&ao),
		OPT_MODULES(&so),
		OPT_BOOLEAN('q', "quiet", &cmd.quiet, "do not show any warnings or messages"),
		OPT_INCR('v', "verbose", &verbose,
			 "be more verbose (each sampled address and its samples)"),
		OPT_BOOLEAN(0, "stdio", &cmd.use_stdio, "Use the stdio interface"),
		OPT_BOOLEAN(0, "stdio2", &stdio2, "the browser's layout, printed as text"),
		OPT_BOOLEAN(0, "group", &o.group,
			    "a group's events side by side (every event, when the file has no group)"),
		OPT_STRING(0, "stdio-color", &color_mode, "mode",
			   "'always' (default), 'never' or 'auto' only applicable to --stdio mode"),
		OPT_BOOLEAN(0, "tui", &cmd.use_tui, "Use the TUI interface"),
		OPT_BOOLEAN('l', "print-line", &o.print.print_line,
			    "print matching source lines (may be slow)"),
		OPT_BOOLEAN('P', "full-paths", &o.print.full_paths,
			    "Don't shorten the displayed pathnames"),
		OPT_BOOLEAN('n', "show-nr-samples", &o.print.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_BOOLEAN(0, "show-total-period", &o.print.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_DOUBLE(0, "percent-limit", &o.print.min_percent,
			   "Don't show instructions under that percent"),
		OPT_STRING(0, "percent-type", &percent_type, "local-period",
			   "Set percent type local/global-period/hits"),
		OPT_VMLINUX(&so),
		OPT_DEMANGLE(&so),
		OPT_DEMANGLE_KERNEL(&so),
		OPT_IGNORE_VMLINUX(&so),
		OPT_KALLSYMS(&so),
		OPT_SYMFS(&so),
		OPT_BOOLEAN(0, "skip-missing", &cmd.skip_missing,
			    "Skip symbols that cannot be annotated"),
		OPT_NA_ITRACE(&na),
		OPT_END()
	};
	int err, printed = 0, nr_errors = 0;
	char kernel_note[256] = "", msg[512];
	bool has_kernel;

	argc = na_options__parse(argc, argv, options, annotate_usage, 0, &na, &err);
	if (argc < 0)
		return err;
	if (argc > 1 || (argc == 1 && o.sym_name)) {
		usage_error(annotate_usage, options, "unexpected argument `%s'",
			    argv[argc - 1]);
		return 1;
	}
	if (argc == 1)
		o.sym_name = argv[0];
	o.print.verbose = verbose > 0;
	if (percent_type &&
	    annotate_percent_type__parse(percent_type, &o.print.percent_type)) {
		fprintf(stderr, "perf annotate: --percent-type: unknown type '%s' (local-period, "
			"global-period, local-hits, global-hits)\n", percent_type);
		return 1;
	}
	if (annotate_opts__resolve(&ao, msg, sizeof(msg))) {
		fprintf(stderr, "perf annotate: %s\n", msg);
		return 1;
	}
	annotate_opts__apply(&ao, &o);
	if (stdio2) {
		o.fprintf = annotate_stdio2__fprintf;
		cmd.use_stdio = true;
	}
	if (annotate__color(color_mode, &o.print.color)) {
		fprintf(stderr, "perf annotate: --stdio-color: unknown mode '%s' (always, never, "
			"auto)\n", color_mode);
		return 1;
	}
	if (cmd.quiet)
		err_sink__set("annotate", annotate__quiet_sink, NULL);
	if (cpu_list) {
		o.accept = annotate__accept;
		o.accept_arg = &cmd.filter;
	}
	/* as upstream: -k must name a file, not read with --ignore-vmlinux */
	if (symbol_opts__resolve(&so, msg, sizeof(msg))) {
		fprintf(stderr, "perf annotate: %s\n", msg);
		return 1;
	}
	o.vmlinux = so.vmlinux;
	o.kallsyms = so.kallsyms;
	o.symfs = so.symfs;
	o.no_demangle = !so.demangle;
	o.demangle_kernel = so.demangle_kernel;
	if (annotator__init(ann, &o)) {
		fprintf(stderr, "perf annotate: out of memory\n");
		annotator__exit(ann);
		return 1;
	}
	cmd.tool.sample = annotate__sample;
	cmd.tool.event = annotate__event;
	cmd.tool.ordered = true;
	if (cmd.dump_trace) {
		cmd.tool.sample = annotate__dump;
		cmd.tool.event = annotate__dump;
		cmd.tool.user = annotate__dump_user;
	}

	err = input__open(&(struct input){ "annotate", perf_data__input_name(cmd.input),
					   force }, &data, &cmd.tool, &session);
	if (err)
		goto out_annotator;
	annotator__use_header(ann, &session->header);
	err = sample_filter__set_cpus(&cmd.filter, cpu_list, session->evlist,
				      session->header.env.nr_cpus_avail);
	if (err) {
		if (err == -ENOMEM)
			fprintf(stderr, "perf annotate: out of memory\n");
		goto out;
	}

	err = perf_session__process(session);
	if (err) {
		fprintf(stderr, "perf annotate: %s: %s\n", data.path, data.err);
		goto out;
	}
	if (annotator__finish(ann)) {
		fprintf(stderr, "perf annotate: out of memory\n");
		err = -ENOMEM;
		goto out;
	}
	if (cmd.dump_trace) {
		err = annotate__dump_stats(ann, session);
		if (err)
			fprintf(stderr, "perf annotate: out of memory\n");
		goto out;
	}
	has_kernel = annotator__has_kernel(ann);
	if (has_kernel && annotator__wants_kernel(ann) && !ann->opts.sym_name) {
		if (kernel_annotatable(ann)) {
			err = annotator__kernel_samples(ann);
		} else {
			snprintf(kernel_note, sizeof(kernel_note), "[kernel.kallsyms]: cannot read "
				 "/proc/kcore (%s): give a vmlinux with -k", strerror(errno));
			nr_errors++;
		}
	}
	if (!err) {
		/* the browser says it on its status line, the text on stderr */
		err = annotate__browse(&cmd, session, kernel_note);
		if (err == -ENOTTY || err == -ENODATA) {
			if (kernel_note[0] && !cmd.quiet)
				fprintf(stderr, "perf annotate: %s\n", kernel_note);
		}
		if (err == -ENOMEM) {
			fprintf(stderr, "perf annotate: out of memory\n");
			goto out;
		}
		if (err != -ENOTTY && err != -ENODATA) {
			if (err)
				fprintf(stderr, "perf annotate: the terminal: %s\n", strerror(-err));
			goto out;
		}
		err = 0;
	}
	pager__setup();
	err = err ? err : annotator__fprintf(ann, session->evlist, stdout, &printed, &nr_errors);
	/* a named symbol not found elsewhere may be the kernel's */
	if (!err && ann->opts.sym_name && !printed && !nr_errors && has_kernel &&
	    annotator__wants_kernel(ann) && !ann->kernel_moved) {
		err = annotator__kernel_samples(ann);
		if (!err)
			err = annotator__fprintf(ann, session->evlist, stdout, &printed, &nr_errors);
	}
	if (err) {
		fprintf(stderr, "perf annotate: out of memory\n");
		goto out;
	}
	if (!printed && !nr_errors) {
		const char *what = ann->opts.sym_name ? ann->opts.sym_name : "any symbol";
		const char *missing = NULL;
		int merr = 0, n = annotator__missing_files(ann, &missing, &merr);

		/* the samples may be among those a missing file left without symbols */
		if (n)
			fprintf(stderr, "perf annotate: %s: %s (no samples of %s found; %d sampled "
				"file%s missing)\n", missing, strerror(merr), what, n,
				n > 1 ? "s" : "");
		else
			fprintf(stderr, "perf annotate: %s: no samples of %s\n", data.path, what);
		err = -ENOENT;
	} else if (nr_errors && (ann->opts.sym_name || !printed) && !cmd.skip_missing) {
		err = -EINVAL;
	}
out:
	pager__finish();
	perf_session__delete(session);
	perf_data__close(&data);
out_annotator:
	annotator__exit(ann);
	sample_filter__exit(&cmd.filter);
	return err ? 1 : 0;
}
