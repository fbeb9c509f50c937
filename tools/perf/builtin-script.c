// SPDX-License-Identifier: GPL-2.0
/*
 * perf script: one line per sample, in time order, in upstream's default
 * format ("comm tid [cpu] time: period event:  ip sym+off (dso)"), with
 * the call chain below it when the file has one; side-band records on
 * request (--show-task-events, --show-mmap-events, --show-bpf-events,
 * --show-switch-events and the other --show-*-events).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "input.h"
#include "script-per-event.h"
#include "util/data.h"
#include "util/dump.h"
#include "util/header.h"
#include "util/na-options.h"
#include "util/parse-options.h"
#include "util/script.h"
#include "util/session.h"
#include "util/symbol-opts.h"

struct script_cmd {
	struct perf_tool	tool;
	struct script		s;
	const char		*input;
	const char		*fields_args[16];	/* each -F */
	int			nr_fields_args;
	bool			no_bpf_prog_info;
	bool			header;		/* --header: not yet printed (a pipe's) */
	bool			show_info;	/* -I: every feature of the header */
	bool			dump;		/* -D: each record raw, the sample's line after it */
	bool			call_trace;	/* --call-trace, --call-ret-trace */
	bool			per_event;	/* --per-event-dump */
	struct script_per_event	pe;
};

/* --show-WHAT-events */
#define OPT_SHOW(what, v, h)	OPT_BOOLEAN(0, "show-" what "-events", v, h)

static const char *const script_usage[] = {
	"perf script [<options>]",
	"perf script report flamegraph|stackcollapse|gecko [<options>]",
	NULL
};

/* --header: the file's header before the first line (a pipe's: once its features came) */
static int script__print_header(struct script_cmd *cmd, struct perf_session *session)
{
	FILE *fp;

	if (!cmd->header)
		return 0;
	cmd->header = false;
	fp = fmt_buf__file(&cmd->s.out);
	if (!fp)
		return -ENOMEM;
	perf_header__fprintf(&session->header, session->evlist, fp, cmd->show_info);
	return 0;
}

static int script__tool_sample(struct perf_tool *tool, struct perf_session *session,
			       const union perf_event *ev, struct perf_sample *sample,
			       struct evsel *evsel)
{
	struct script_cmd *cmd = (struct script_cmd *)tool;

	if (cmd->per_event)
		return script__print_header(cmd, session) ?:
		       script_per_event__sample(&cmd->pe, &cmd->s, ev, sample, evsel);
	return script__print_header(cmd, session) ?: script__sample(&cmd->s, ev, sample, evsel);
}

static int script__tool_event(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *ev, struct perf_sample *sample,
			      struct evsel *evsel)
{
	struct script_cmd *cmd = (struct script_cmd *)tool;

	/* --per-event-dump: the side-band lines on stdout */
	if (cmd->per_event && script_per_event__stdout(&cmd->pe, &cmd->s))
		return cmd->s.out.err;
	return script__print_header(cmd, session) ?: script__event(&cmd->s, ev, sample, evsel);
}

static int script__tool_user(struct perf_tool *tool, struct perf_session *session,
			     const union perf_event *ev, u64 file_offset)
{
	struct script_cmd *cmd = (struct script_cmd *)tool;
	FILE *fp;

	if (cmd->dump) {
		fp = fmt_buf__file(&cmd->s.out);
		if (!fp)
			return -ENOMEM;
		dump__user_record_script(fp, session, ev, file_offset, !cmd->tool.ordered);
	}
	return script__user_event(&cmd->s, ev);
}

/* -D: upstream's raw dump of the record, then what script makes of it */
static int script__tool_dump(struct perf_tool *tool, struct perf_session *session,
			     const union perf_event *ev, struct perf_sample *sample,
			     struct evsel *evsel)
{
	struct script_cmd *cmd = (struct script_cmd *)tool;
	FILE *fp = fmt_buf__file(&cmd->s.out);

	if (!fp)
		return -ENOMEM;
	dump__record_script(fp, session, ev, evsel, sample, cmd->s.machine);
	if (ev->header.type == PERF_RECORD_SAMPLE)
		return script__sample(&cmd->s, ev, sample, evsel);
	return script__event(&cmd->s, ev, sample, evsel);
}

static int script__parse_field_arg(const struct option *opt, const char *arg, int unset)
{
	struct script_cmd *cmd = opt->value;

	if (cmd->nr_fields_args >= (int)ARRAY_SIZE(cmd->fields_args)) {
		fprintf(stderr, "perf script: -F: too many\n");
		return -1;
	}
	cmd->fields_args[cmd->nr_fields_args++] = arg;
	return 0;
}

/*
 * --call-trace, --call-ret-trace[=ITRACE]: upstream's field changes, in
 * the -F order given (ITRACE: how AUX traces are decoded, none here)
 */
static int script__call_trace(const struct option *opt, const char *arg, int unset)
{
	struct script_cmd *cmd = opt->value;

	cmd->call_trace = true;
	/* --insn-trace[=raw|disasm]: the instructions' bytes (disasm needs xed: na) */
	if (!strcmp(opt->long_name, "insn-trace")) {
		if (arg && strcmp(arg, "raw"))
			return -1;	/* the parser says it */
		return script__parse_field_arg(opt, "+insn,-event,-period", unset);
	}
	return script__parse_field_arg(opt, strcmp(opt->long_name, "call-trace") ?
				       "-ip,-addr,-event,-period,+flags" :
				       "-ip,-addr,-event,-period", unset);
}

static void script__warn(const char *line, void *priv)
{
	fprintf(stderr, "%s\n", line);
}

int cmd_script(int argc, const char **argv)
{
	struct script_cmd cmd = { .input = NULL };
	struct script *s = &cmd.s;
	struct perf_session *session = NULL;
	struct perf_data data;
	struct na_given na = { 0 };
	struct symbol_opts so = SYMBOL_OPTS_INIT;
	bool show_task = false, show_mmap = false, show_bpf = false, no_callchain = false;
	bool show_switch = false, show_namespace = false, show_cgroup = false;
	bool show_lost = false, show_round = false, show_on_off = false, show_text_poke = false;
	const char *switch_on = NULL, *switch_off = NULL, *which = NULL, *stop_bt = NULL;
	bool reltime = false, deltatime = false, ns = false, header_only = false, force = false;
	bool unsorted = false, debug_mode = false, show_kernel_path = false, latency = false;
	bool full_source_path = false;
	const char *graph_function = NULL;
	int verbose = 0;
	const char *time_str = NULL, *cpu_list = NULL;
	int max_stack = 127, addr_range = 0;
	struct sample_filter_opts filter = { .comms = NULL };
	const struct option options[] = {
		OPT_STRING('i', "input", &cmd.input, "file", "input file name"),
		OPT_CALLBACK('F', "fields", &cmd, "str",
			     "comma separated output fields prepend with 'type:'. +field to add "
			     "and -field to remove from the defaults. Types: hw, sw, trace, raw, "
			     "break. Fields: comm,tid,pid,time,cpu,event,trace,ip,sym,symoff,dso,"
			     "period,addr,bpf_prog,flags,insn,srcline", script__parse_field_arg),
		OPT_SHOW("task", &show_task, "Show the fork/comm/exit events"),
		OPT_SHOW("mmap", &show_mmap, "Show the mmap events"),
		OPT_SHOW("bpf", &show_bpf, "Show bpf related events"),
		OPT_SHOW("switch", &show_switch, "Show context switch events (if recorded)"),
		OPT_SHOW("lost", &show_lost, "Show lost events (if recorded)"),
		OPT_SHOW("namespace", &show_namespace, "Show namespace events (if recorded)"),
		OPT_SHOW("cgroup", &show_cgroup, "Show cgroup events (if recorded)"),
		OPT_SHOW("round", &show_round,
			 "Show round events (if recorded); records then print in file order"),
		OPT_SHOW("text-poke", &show_text_poke, "Show text poke related events (if recorded)"),
		OPT_SHOW("on-off", &show_on_off,
			 "Show the on/off switch events, used with --switch-on and --switch-off"),
		OPT_STRING(0, "switch-on", &switch_on, "event",
			   "Consider events after the ocurrence of this event"),
		OPT_STRING(0, "switch-off", &switch_off, "event",
			   "Stop considering events after the ocurrence of this event"),
		OPT_STRING(0, "stop-bt", &stop_bt, "symbol[,symbol...]",
			   "Stop display of callgraph at these symbols"),
		OPT_BOOLEAN('G', "hide-call-graph", &no_callchain,
			    "When printing symbols do not display call chain"),
		OPT_INTEGER(0, "max-stack", &max_stack,
			    "Set the maximum stack depth when parsing the callchain"),
		OPT_STRING('C', "cpu", &cpu_list, "cpu",
			   "only the samples of these CPUs: 0,2-3 (the file must record CPUs)"),
		OPT_STRING('c', "comms", &filter.comms, "comm[,comm...]",
			   "only the samples of tasks of these names"),
		OPT_STRING(0, "dsos", &filter.dsos, "dso[,dso...]",
			   "only the samples in these objects (short names)"),
		OPT_STRING('S', "symbols", &filter.symbols, "symbol[,symbol...]",
			   "only the samples in these functions"),
		OPT_INTEGER(0, "addr-range", &addr_range,
			    "with -S ADDR: the samples up to this many bytes after ADDR too"),
		OPT_STRING(0, "pid", &filter.pids, "pid[,pid...]",
			   "only the samples of these processes"),
		OPT_STRING(0, "time", &time_str, "str",
			   "only the samples in these times: start,stop ..., or a%/n,... or a%-b%,..."),
		OPT_STRING(0, "tid", &filter.tids, "tid[,tid...]", "only the samples of these threads"),
		OPT_BOOLEAN(0, "reltime", &reltime, "times since the first line's"),
		OPT_BOOLEAN(0, "deltatime", &deltatime, "times since the previous line's"),
		OPT_BOOLEAN(0, "ns", &ns, "times in nanoseconds (9 decimals)"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (the lines are the same)"),
		OPT_BOOLEAN('D', "dump-raw-trace", &cmd.dump,
			    "each record in raw form (as report -D), a sample's line after it"),
		OPT_BOOLEAN(0, "dump-unsorted-raw-trace", &unsorted,
			    "-D with the records in file order"),
		OPT_BOOLEAN('d', "debug-mode", &debug_mode,
			    "no lines: say the samples that go back in time, and how many"),
		{ .type = OPTION_CALLBACK, .long_name = "call-trace", .value = &cmd,
		  .argh = "...", .flags = PARSE_OPT_OPTARG, .callback = script__call_trace,
		  .help = "the calls' lines: with AUX traces (none here), the samples' start alone" },
		{ .type = OPTION_CALLBACK, .long_name = "call-ret-trace", .value = &cmd,
		  .argh = "...", .flags = PARSE_OPT_OPTARG, .callback = script__call_trace,
		  .help = "--call-trace with the branch flags column (empty without AUX traces)" },
		{ .type = OPTION_CALLBACK, .long_name = "insn-trace", .value = &cmd,
		  .argh = "raw|disasm", .flags = PARSE_OPT_OPTARG, .callback = script__call_trace,
		  .help = "the instructions' bytes (-F +insn,-event,-period), in nanoseconds" },
		OPT_STRING(0, "graph-function", &graph_function, "symbol[,symbol...]",
			   "from branch samples calling these on (none without AUX traces)"),
		OPT_BOOLEAN('L', "Latency", &latency,
			    "latency columns: the command in 8 characters, the CPU without brackets"),
		OPT_BOOLEAN(0, "full-source-path", &full_source_path,
			    "-F srcline: source files by their whole names"),
		OPT_BOOLEAN(0, "per-event-dump", &cmd.per_event,
			    "each event's lines into <input>.<event>.dump"),
		OPT_BOOLEAN(0, "show-kernel-path", &show_kernel_path,
			    "the kernel's object as its -k file, not [kernel.kallsyms]"),
		OPT_BOOLEAN(0, "header", &cmd.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &header_only, "Show only data header."),
		OPT_BOOLEAN('I', "show-info", &cmd.show_info,
			    "display extended information from perf.data file"),
		OPT_KALLSYMS(&so),
		OPT_SYMFS(&so),
		OPT_VMLINUX(&so),
		OPT_DEMANGLE(&so),
		OPT_DEMANGLE_KERNEL(&so),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &cmd.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_NA_SCRIPT(&na),
		OPT_END()
	};
	const char *path;
	char msg[512];
	int err, i;

	/* perf script report NAME: the reports built in (builtin-script-report.c) */
	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_script_report(argc - 1, argv + 1);
	argc = na_options__parse(argc, argv, options, script_usage, 0, &na, &err);
	if (argc < 0)
		return err;
	if (argc > 0) {
		usage_error(script_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}
	if (reltime && deltatime) {
		/* upstream's words */
		fprintf(stderr, "reltime and deltatime - the two don't get along well. "
			"Please limit to --reltime or --deltatime.\n");
		return 1;
	}
	if (symbol_opts__resolve(&so, msg, sizeof(msg))) {
		fprintf(stderr, "perf script: %s\n", msg);
		return 1;
	}
	if (script__init(s, STDOUT_FILENO, so.kallsyms)) {
		fprintf(stderr, "perf script: out of memory\n");
		script__exit(s);
		return 1;
	}
	symbol_opts__apply(&so, s->machine);
	s->warn = script__warn;
	filter.addr_range = addr_range > 0 ? (u64)addr_range : 0;
	err = script__set_filter(s, &filter);
	if (!err)
		err = script__set_stop_bt(s, stop_bt);
	if (err) {
		if (err == -ENOMEM)
			fprintf(stderr, "perf script: out of memory\n");
		script__exit(s);
		return 1;
	}
	for (i = 0; i < cmd.nr_fields_args; i++) {
		if (script__parse_fields(s, cmd.fields_args[i], msg, sizeof(msg))) {
			fprintf(stderr, "perf script: -F %s: %s\n", cmd.fields_args[i], msg);
			script__exit(s);
			return 1;
		}
	}
	s->show_task = show_task;
	s->show_mmap = show_mmap;
	s->show_bpf = show_bpf;
	s->show_switch = show_switch;
	s->show_namespace = show_namespace;
	s->show_cgroup = show_cgroup;
	s->show_lost = show_lost;
	s->show_round = show_round;
	s->show_on_off = show_on_off;
	s->show_text_poke = show_text_poke;
	s->no_callchain = no_callchain;
	s->debug_mode = debug_mode;
	s->show_kernel_path = show_kernel_path;
	s->latency = latency;
	s->full_source_path = full_source_path;
	s->graph_function = graph_function != NULL;
	s->max_stack = max_stack;
	s->time_mode = reltime ? SCRIPT_TIME_REL : deltatime ? SCRIPT_TIME_DELTA : SCRIPT_TIME_ABS;
	/* --call-trace and --call-ret-trace: nanoseconds, as upstream's */
	s->time_ns = ns || cmd.call_trace;
	s->line_flush = isatty(STDOUT_FILENO);
	cmd.tool.sample = script__tool_sample;
	cmd.tool.event = script__tool_event;
	if (unsorted)
		cmd.dump = true;
	if (cmd.dump) {
		cmd.tool.sample = script__tool_dump;
		cmd.tool.event = script__tool_dump;
	}
	/* upstream shows the rounds as the file has them: no sorting then */
	cmd.tool.ordered = !show_round && !unsorted;
	cmd.tool.user = script__tool_user;

	path = perf_data__input_name(cmd.input);
	err = input__open(&(struct input){ "script", path, force }, &data, &cmd.tool, &session);
	if (err)
		goto out_script;
	/* a pipe's header: only what came before its records, as upstream's */
	if (header_only) {
		cmd.header = true;
		err = script__print_header(&cmd, session);
		if (err)
			fprintf(stderr, "perf script: out of memory\n");
		goto out_session;
	}
	/* a file's header now, a pipe's at its first record */
	if (!session->header.is_pipe) {
		err = script__print_header(&cmd, session);
		if (err) {
			fprintf(stderr, "perf script: out of memory\n");
			goto out_session;
		}
	}
	/* tracepoints: the file's formats */
	err = script__use_session(s, session);
	if (err) {
		fprintf(stderr, "perf script: out of memory\n");
		goto out_session;
	}
	/* a pipe's events (also a pipe stream saved to a file) come as records */
	if (!session->header.is_pipe) {
		err = script__check_fields(s, session->evlist, msg, sizeof(msg));
		if (err) {
			fprintf(stderr, "%s\n", msg);
			goto out_session;
		}
	}
	script__use_header(s, &session->header, !cmd.no_bpf_prog_info);
	if (script__set_switch(s, session->evlist, switch_on, switch_off, &which)) {
		fprintf(stderr, "perf script: %s event not found (%s)\n", which,
			!strcmp(which, "switch-on") ? switch_on : switch_off);
		err = -ENOENT;
		goto out_session;
	}
	err = script__use_time(s, time_str, &session->header.env);
	/* a pipe has no NRCPUS yet: every CPU is too large, as upstream's */
	if (!err)
		err = sample_filter__set_cpus(&s->filter, cpu_list, session->evlist,
					      session->header.env.nr_cpus_avail);
	if (err) {
		if (err == -ENOMEM)
			fprintf(stderr, "perf script: out of memory\n");
		goto out_session;
	}
	if (cmd.per_event) {
		err = script_per_event__open(&cmd.pe, path, session->evlist);
		if (err)
			goto out_session;
	}
	err = perf_session__process(session);
	if (cmd.per_event)
		script_per_event__stdout(&cmd.pe, s);
	/* the lines go out before what stderr says about them */
	if (fmt_buf__flush(&s->out))
		err = 0;	/* a write error, said below */
	else if (err && s->err[0])	/* a pipe's fields, checked at its first record */
		fprintf(stderr, "%s\n", s->err);
	else if (err)
		fprintf(stderr, "perf script: %s: %s\n", path, data.err);
	else if (session->stats.nr_unordered)
		fprintf(stderr, "Warning:\n%llu out of order events recorded.\n",
			(unsigned long long)session->stats.nr_unordered);
	if (debug_mode && !err)
		fprintf(stderr, "Misordered timestamps: %llu\n", (unsigned long long)s->nr_misordered);
out_session:
	if (cmd.per_event) {
		fmt_buf__flush(&s->out);
		script_per_event__close(&cmd.pe, stdout, !err);
	}
	perf_session__delete(session);
	perf_data__close(&data);
out_script:
	/* the reader going away (EPIPE, SIGPIPE ignored) ends the output, no error */
	if (script__exit(s) && s->out.err != -EPIPE && !err) {
		fprintf(stderr, "perf script: standard output: %s\n", strerror(-s->out.err));
		err = s->out.err;
	}
	return err;
}
