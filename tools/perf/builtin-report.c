// SPDX-License-Identifier: GPL-2.0
/*
 * perf report: read a perf.data file.  The histogram view (--stdio), the
 * raw dump (-D), the header (--header-only) and record statistics (--stats).
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
#include "report-options.h"
#include "util/bpf-progs-report.h"
#include "util/data.h"
#include "util/dump.h"
#include "util/callchain.h"
#include "util/machine.h"
#include "util/na-options.h"
#include "util/parse-options.h"
#include "util/report.h"
#include "util/tasks.h"
#include "util/report-stats.h"
#include "util/session.h"
#include "util/symbol-opts.h"
#include "ui/pager.h"
#include "ui/progress.h"
#include "ui/tui-report.h"

struct report_cmd {
	struct perf_tool	tool;
	struct report		rep;
	struct report_opts	opts;
	struct report_out	out;		/* report-options.h */
	const char		*input;
	bool			dump_trace;
	bool			header_only;
	bool			tasks;		/* --tasks: the task tree, no histogram */
	bool			stats;
	bool			show_info;
	bool			bpf_progs;	/* --bpf-progs: the table of BPF programs */
	struct bpf_progs_report	bpr;
	int			verbose;
	bool			use_stdio;
	bool			use_tui;	/* --tui: the browser, if on a terminal */
	bool			cg_given;	/* -g without a value: may take the next word */
	const char		*cg_str;
	struct ui_progress	progress;
	u64			nr_seen;
};

static int report__sample(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *ev, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct report_cmd *cmd = (struct report_cmd *)tool;

	if ((++cmd->nr_seen & 0x3fff) == 0)
		ui_progress__update(&cmd->progress, session->file_offset);
	if (cmd->bpf_progs)
		return bpf_progs_report__sample(&cmd->bpr, ev, sample);
	return report__add_sample(&cmd->rep, ev, sample, evsel);
}

static int report__parse_callchain(const struct option *opt, const char *arg, int unset)
{
	struct report_cmd *cmd = opt->value;

	if (unset) {
		cmd->cg_str = "none";
		return 0;
	}
	cmd->cg_str = arg;
	cmd->cg_given = !arg;
	return 0;
}

static bool is_callchain_word(const char *s)
{
	struct callchain_param p = { 0 };

	return s && s[0] != '-' && !callchain_param__parse(&p, s);
}

static int report__event(struct perf_tool *tool, struct perf_session *session,
			 const union perf_event *ev, struct perf_sample *sample,
			 struct evsel *evsel)
{
	return report__process_event(&((struct report_cmd *)tool)->rep, ev, sample);
}

static volatile sig_atomic_t report_done;

static void report__sig_done(int sig)
{
	report_done = 1;
}

/*
 * The browser: on a terminal (stdin too: keys come from it, so not with
 * pipe input), unless --stdio or an output the browser does not show.
 * 0 when it ran, -ENOTTY when stdio should print instead, else -errno.
 */
/* SIGINT, SIGTERM, SIGHUP, SIGQUIT to handler */
static void report__signals(void (*handler)(int))
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
}

static int report__browse(struct report_cmd *cmd, struct perf_session *session)
{
	int err;

	if (cmd->use_stdio || cmd->dump_trace || cmd->stats || cmd->header_only ||
	    cmd->bpf_progs || cmd->opts.header || cmd->tasks || cmd->opts.field_sep)
		return -ENOTTY;
	if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO))
		return -ENOTTY;
	/* the browser's loop sees them and restores the terminal */
	report__signals(report__sig_done);
	err = tui_report__run(&cmd->rep, session, &report_done);
	if (err != -ENODATA && err != -ENOTTY)
		return err;
	/* no samples (stdio's header says so), or no terminal after all */
	report__signals(SIG_DFL);
	return -ENOTTY;
}

static const char *const report_usage[] = {
	"perf report [<options>]",
	NULL
};

/* upstream prints a record, then applies it to its machine */
static int report__dump_record(struct report_cmd *cmd, struct perf_session *session,
			       const union perf_event *ev, struct perf_sample *sample,
			       struct evsel *evsel)
{
	dump__record_resolved(stdout, session, ev, evsel, sample, cmd->rep.machine);
	if (ev->header.type != PERF_RECORD_SAMPLE)
		return report__process_event(&cmd->rep, ev, sample);
	return 0;
}

static int dump_sample(struct perf_tool *tool, struct perf_session *session,
		       const union perf_event *ev, struct perf_sample *sample,
		       struct evsel *evsel)
{
	return report__dump_record((struct report_cmd *)tool, session, ev, sample, evsel);
}

static int dump_user(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, u64 file_offset)
{
	dump__user_record(stdout, session, ev, file_offset);
	return 0;
}

int cmd_report(int argc, const char **argv)
{
	/* upstream's default depth: the kernel's perf_event_max_stack */
	struct report_cmd cmd = { .input = NULL, .opts = { .children = true, .max_stack = 127 },
				  .out = REPORT_OUT_INIT };
	struct report_opts *o = &cmd.opts;
	struct perf_session *session = NULL;
	struct perf_data data;
	struct na_given na = { 0 };
	struct symbol_opts so = SYMBOL_OPTS_INIT;
	struct annotate_opts ao = ANNOTATE_OPTS_INIT;
	const struct option options[] = {
		OPT_STRING('i', "input", &cmd.input, "file", "input file name"),
		OPT_BOOLEAN('D', "dump-raw-trace", &cmd.dump_trace,
			    "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "header", &o->header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &cmd.header_only, "Show only data header."),
		OPT_BOOLEAN(0, "stats", &cmd.stats, "Display event stats"),
		OPT_BOOLEAN('q', "quiet", &o->quiet, "Do not show any warnings or messages"),
		OPT_BOOLEAN('I', "show-info", &cmd.show_info,
			    "Display extended information about perf.data file"),
		OPT_INCR('v', "verbose", &cmd.verbose,
			 "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN(0, "stdio", &cmd.use_stdio, "Use the stdio interface"),
		OPT_BOOLEAN(0, "tui", &cmd.use_tui,
			    "Use the TUI interface (the default on a terminal)"),
		OPT_STRING('s', "sort", &o->sort_order, "key[,key2...]",
			   "sort by key(s): comm, pid, tid, dso, sym, cpu, trace, bpf_prog, parent, srcline, "
			   "tracepoint fields ([sys:event.]field[/raw], trace_fields); with "
			   "--bpf-progs: its columns"),
		OPT_BOOLEAN('n', "show-nr-samples", &o->show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_DOUBLE(0, "percent-limit", &o->percent_limit,
			   "Don't show entries under that percent"),
		OPT_STRING('C', "cpu", &o->cpu_list, "cpu",
			   "only the samples of these CPUs: 0,2-3 (the file must record CPUs)"),
		OPT_STRING('c', "comms", &o->filter.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('d', "dsos", &o->filter.dsos, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING('S', "symbols", &o->filter.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "pid", &o->filter.pids, "pid[,pid...]",
			   "only the samples of these processes"),
		OPT_STRING(0, "time", &o->time_str, "str",
			   "only the samples in these times: start,stop ..., or a%/n,... or a%-b%,..."),
		OPT_STRING('p', "parent", &o->parent_pattern, "regex",
			   "a parent column (--sort parent): each sample's first frame whose "
			   "symbol matches, in the graphs' order"),
		OPT_BOOLEAN('x', "exclude-other", &o->exclude_other,
			    "only the samples with a parent (see --parent)"),
		OPT_STRING(0, "symbol-filter", &o->symbol_filter, "filter",
			   "only the rows whose symbol's name holds this text (the first event's)"),
		OPT_BOOLEAN(0, "show-total-period", &o->show_total_period,
			    "a Period column: the period of each row's own samples"),
		OPT_STRING('t', "field-separator", &o->field_sep, "separator",
			   "this text between columns, no padding of its own ('.' is not taken)"),
		OPT_BOOLEAN(0, "tasks", &cmd.tasks, "the task tree (pid, tid, parent, name) instead"),
		OPT_STRING(0, "tid", &o->filter.tids, "tid[,tid...]", "only the samples of these threads"),
		OPT_BOOLEAN('U', "hide-unresolved", &o->hide_unresolved,
			    "leave out the samples of no known symbol"),
		OPT_BOOLEAN(0, "full-source-path", &o->full_source_path,
			    "--sort srcline: source files by their whole names"),
		OPT_KALLSYMS(&so),
		OPT_SYMFS(&so),
		OPT_VMLINUX(&so),
		OPT_IGNORE_VMLINUX(&so),
		OPT_MODULES(&so),
		OPT_DEMANGLE(&so),
		OPT_DEMANGLE_KERNEL(&so),
		OPT_ANNOTATE_ALL(&ao),
		{ .type = OPTION_CALLBACK, .short_name = 'g', .long_name = "call-graph",
		  .value = &cmd, .argh = "print_type,threshold,order",
		  .help = "callchain display: graph, flat, none; caller or callee",
		  .callback = report__parse_callchain, .flags = PARSE_OPT_OPTARG },
		OPT_BOOLEAN(0, "children", &o->children,
			    "Accumulate callchains of children and show total overhead as well"),
		OPT_INTEGER(0, "max-stack", &o->max_stack,
			    "Set the maximum stack depth when parsing the callchain"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &o->no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_BOOLEAN(0, "bpf-progs", &cmd.bpf_progs,
			    "one line per BPF program: loader, lifetime, size, samples, callers "
			    "(--sort: id, tag, name, type, loader, pid, load, unload, lifetime, "
			    "funcs, bytes, btf, info, samples)"),
		REPORT_OUT_OPTIONS(&cmd.out),
		OPT_NA_REPORT(&na),
		OPT_END()
	};
	struct report *rep = &cmd.rep;
	const char *sort_str = NULL;
	char bad[512], sort_buf[512];
	int err;

	argc = na_options__parse(argc, argv, options, report_usage, 0, &na, &err);
	if (argc < 0)
		return err;
	/* "-g none": our parser leaves an optional value's next word alone */
	if (argc > 0 && cmd.cg_given && is_callchain_word(argv[0])) {
		cmd.cg_str = argv[0];
		argc--;
		argv++;
	}
	if (argc > 0) {
		usage_error(report_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}
	/* upstream: --percent-limit is the graphs' threshold too (-g's wins) */
	o->cg.min_percent = o->percent_limit > 0 ? o->percent_limit : 0.5;
	if (callchain_param__parse(&o->cg, cmd.cg_str)) {
		fprintf(stderr, "perf report: unknown --call-graph value: %s\n", cmd.cg_str);
		return 1;
	}
	if (report_out__apply(&cmd.out, o))
		return 1;
	cmd.tasks |= cmd.out.mmaps;	/* the task tree, with maps */
	/* -p: upstream adds the parent key after the others */
	if (o->parent_pattern && snprintf(sort_buf, sizeof(sort_buf), "%s,parent",
					  o->sort_order ? o->sort_order : "comm,dso,sym") <
				 (int)sizeof(sort_buf))
		sort_str = sort_buf;
	err = report_out__fields(&cmd.out, o, sort_buf, sizeof(sort_buf));
	if (err < 0)
		return 1;
	if (err > 0)
		sort_str = sort_buf;
	if (err > 0 && !*sort_buf)
		memset(&o->sort, 0, sizeof(o->sort));	/* -F of no key: one row */
	else if (!cmd.bpf_progs &&
	    sort_spec__parse_fields(&o->sort, sort_str ? sort_str :
				    o->sort_order ? o->sort_order : "comm,dso,sym",
				    bad, sizeof(bad))) {
		fprintf(stderr, "perf report: unknown --sort key: %s\n", bad);
		return 1;
	}
	o->verbose = cmd.verbose > 0;
	if (symbol_opts__resolve(&so, bad, sizeof(bad))) {
		fprintf(stderr, "perf report: %s\n", bad);
		return 1;
	}
	o->kallsyms = so.kallsyms;
	o->symbols = &so;
	if (annotate_opts__resolve(&ao, bad, sizeof(bad))) {
		fprintf(stderr, "perf report: %s\n", bad);
		return 1;
	}
	o->annotate = &ao;
	err = report__init(rep, o);
	if (err) {
		if (err == -ENOMEM)
			fprintf(stderr, "perf report: out of memory\n");
		goto out_report;
	}

	if (cmd.bpf_progs) {
		if (bpf_progs_report__init(&cmd.bpr, rep->machine, o->sort_order, bad,
					   sizeof(bad))) {
			fprintf(stderr, "perf report: unknown --sort key for --bpf-progs: %s\n",
				bad);
			err = -EINVAL;
			goto out_report;
		}
		cmd.bpr.quiet = o->quiet;
		cmd.bpr.verbose = o->verbose;
		/* a damaged BPF_PROG_INFO: the rows it can give, then the error */
		cmd.tool.lenient_bpf_info = true;
	}
	cmd.tool.event = report__event;
	/* upstream's --disable-order: -D in file order, the histogram as ever */
	cmd.tool.ordered = !(cmd.dump_trace && cmd.out.disable_order);
	if (cmd.dump_trace) {
		cmd.tool.sample = dump_sample;
		cmd.tool.event = dump_sample;
		cmd.tool.user = dump_user;
	} else if (cmd.tasks) {
		/* as upstream: the tasks the side-band made, none from samples alone */
		cmd.tool.sample = NULL;
	} else if (!cmd.header_only && !cmd.stats) {
		cmd.tool.sample = report__sample;
	} else {
		cmd.tool.event = NULL;
		cmd.tool.ordered = false;
	}

	err = input__open(&(struct input){ "report", perf_data__input_name(cmd.input),
					   cmd.out.force }, &data, &cmd.tool, &session);
	if (err)
		goto out_report;
	/* -D prints what upstream's machine knows: no names from the header */
	report__use_header(rep, &session->header, !cmd.dump_trace);
	err = report__use_time(rep, &session->header.env);
	if (err) {
		if (err == -ENOMEM)
			fprintf(stderr, "perf report: out of memory\n");
		goto out;
	}
	if (report__use_session(rep, session)) {
		fprintf(stderr, "perf report: out of memory\n");
		err = -ENOMEM;
		goto out;
	}
	/* upstream reads no -C with --header-only; a pipe has no NRCPUS yet */
	if (!cmd.header_only) {
		err = sample_filter__set_cpus(&rep->filter, o->cpu_list, session->evlist,
					      session->header.env.nr_cpus_avail);
		if (!err)
			err = report__check_parent(rep, session);
		if (!err)
			err = report__check_switches(rep, session);
		if (err) {
			if (err == -ENOMEM)
				fprintf(stderr, "perf report: out of memory\n");
			goto out;
		}
	}
	/* a field key no event of the file has is unknown (pipe mode: not known yet) */
	if (!cmd.bpf_progs && !session->header.is_pipe &&
	    report__check_fields(rep, bad, sizeof(bad))) {
		fprintf(stderr, "perf report: unknown --sort key: %s (no tracepoint of the file "
			"has that field)\n", bad);
		err = -EINVAL;
		goto out;
	}

	/* pipe mode: the header arrives as records, so read them all first */
	if ((cmd.header_only || o->header) && !session->header.is_pipe) {
		perf_header__fprintf(&session->header, session->evlist, stdout, cmd.show_info);
		if (cmd.header_only)
			goto out;
	}

	if (cmd.dump_trace)
		printf("# To display the perf.data header info, please use "
		       "--header/--header-only options.\n#\n");

	/* a bar on a terminal while a big file is read (16 MiB and up) */
	ui_progress__init(&cmd.progress, stderr, "Processing events...",
			  data.is_pipe ? 0 : data.size, 16 << 20);
	err = perf_session__process(session);
	ui_progress__finish(&cmd.progress);
	if (err) {
		fprintf(stderr, "perf report: %s: %s\n", data.path, data.err);
		goto out;
	}
	/* -q: no warnings, as upstream (nor --tasks, whose output comes first there) */
	if (session->stats.nr_unordered && !o->quiet && !cmd.tasks)
		fprintf(stderr, "Warning:\n%llu out of order events recorded.\n",
			(unsigned long long)session->stats.nr_unordered);
	/* on a terminal: the browser, else the histogram through the pager, as upstream's */
	err = report__browse(&cmd, session);
	if (err != -ENOTTY) {
		if (err == -ENOMEM)
			fprintf(stderr, "perf report: out of memory\n");
		else if (err)
			fprintf(stderr, "perf report: the terminal: %s\n", strerror(-err));
		goto out;
	}
	err = 0;
	if (!cmd.dump_trace && !cmd.stats && !cmd.header_only)
		pager__setup();

	if ((cmd.header_only || o->header) && session->header.is_pipe)
		perf_header__fprintf(&session->header, session->evlist, stdout, cmd.show_info);
	if (cmd.bpf_progs && !cmd.dump_trace && !cmd.stats && !cmd.header_only) {
		const char *bad_info = session->header.bpf_info_err;

		cmd.bpr.info_err = bad_info[0] ? bad_info : NULL;
		err = bpf_progs_report__fprintf(&cmd.bpr, stdout);
		if (err)
			fprintf(stderr, "perf report: out of memory\n");
		else if (bad_info[0]) {
			fprintf(stderr, "perf report: %s: feature BPF_PROG_INFO: %s\n", data.path,
				bad_info);
			err = -EINVAL;
		}
	} else if (cmd.dump_trace || cmd.stats) {
		report_stats__fprintf(session, stdout, cmd.stats, cmd.out.skip_empty);
		if (cmd.stats)
			report_stats__fprintf_lost(session, stdout);
	} else if (cmd.tasks) {
		err = tasks__fprintf(rep->machine, cmd.out.mmaps, stdout);
		if (err)
			fprintf(stderr, "Error: failed to process tasks\n");
	} else if (!cmd.header_only) {
		/* upstream's words and streams; its exit status 0 */
		err = report__fprintf(rep, session, stdout);
		if (err == -ENODATA)
			fprintf(stderr, "Error:\nThe %s data has no samples!\n", data.path);
		else if (err)
			fprintf(stderr, "perf report: out of memory\n");
		err = err == -ENODATA ? 0 : err;
		if (rep->machine->nr_fallback && o->verbose)
			fprintf(stderr, "perf report: %llu samples named from the header's "
				"bpf_prog_info (no KSYMBOL covered them)\n",
				(unsigned long long)rep->machine->nr_fallback);
	}
out:
	pager__finish();
	perf_session__delete(session);
	perf_data__close(&data);
out_report:
	report__exit(rep);
	return err;
}
