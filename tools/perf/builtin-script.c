// SPDX-License-Identifier: GPL-2.0
/*
 * perf script: one line per sample, in time order, in upstream's default
 * format ("comm tid [cpu] time: period event:  ip sym+off (dso)"), with
 * the call chain below it when the file has one; side-band records on
 * request (--show-task-events, --show-mmap-events, --show-bpf-events).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "util/data.h"
#include "util/parse-options.h"
#include "util/script.h"
#include "util/session.h"

struct script_cmd {
	struct perf_tool	tool;
	struct script		s;
	const char		*input;
	const char		*fields_str;
	const char		*kallsyms;
	bool			no_bpf_prog_info;
};

static const char *const script_usage[] = {
	"perf script [<options>]",
	"perf script report flamegraph|stackcollapse|gecko [<options>]",
	NULL
};

static int script__tool_sample(struct perf_tool *tool, struct perf_session *session,
			       const union perf_event *ev, struct perf_sample *sample,
			       struct evsel *evsel)
{
	return script__sample(&((struct script_cmd *)tool)->s, ev, sample, evsel);
}

static int script__tool_event(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *ev, struct perf_sample *sample,
			      struct evsel *evsel)
{
	return script__event(&((struct script_cmd *)tool)->s, ev, sample, evsel);
}

int cmd_script(int argc, const char **argv)
{
	struct script_cmd cmd = { .input = NULL };
	struct script *s = &cmd.s;
	struct perf_session *session = NULL;
	struct perf_data data;
	bool show_task = false, show_mmap = false, show_bpf = false, no_callchain = false;
	int max_stack = 127;
	const struct option options[] = {
		OPT_STRING('i', "input", &cmd.input, "file", "input file name"),
		OPT_STRING('F', "fields", &cmd.fields_str, "str",
			   "comma separated output fields: comm,tid,pid,time,cpu,event,ip,sym,"
			   "symoff,dso,period,addr"),
		OPT_BOOLEAN(0, "show-task-events", &show_task,
			    "Show the fork/comm/exit events"),
		OPT_BOOLEAN(0, "show-mmap-events", &show_mmap, "Show the mmap events"),
		OPT_BOOLEAN(0, "show-bpf-events", &show_bpf, "Show bpf related events"),
		OPT_BOOLEAN('G', "hide-call-graph", &no_callchain,
			    "When printing symbols do not display call chain"),
		OPT_INTEGER(0, "max-stack", &max_stack,
			    "Set the maximum stack depth when parsing the callchain"),
		OPT_STRING(0, "kallsyms", &cmd.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &cmd.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_END()
	};
	const char *path;
	char bad[64], msg[512];
	int err;

	/* perf script report NAME: the reports built in (builtin-script-report.c) */
	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_script_report(argc - 1, argv + 1);
	argc = parse_options(argc, argv, options, script_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	if (argc > 0) {
		usage_error(script_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}
	if (script__init(s, STDOUT_FILENO, cmd.kallsyms)) {
		fprintf(stderr, "perf script: out of memory\n");
		script__exit(s);
		return 1;
	}
	if (cmd.fields_str && script__parse_fields(s, cmd.fields_str, bad, sizeof(bad))) {
		fprintf(stderr, "perf script: invalid field requested: %s\n", bad);
		script__exit(s);
		return 1;
	}
	s->show_task = show_task;
	s->show_mmap = show_mmap;
	s->show_bpf = show_bpf;
	s->no_callchain = no_callchain;
	s->max_stack = max_stack;
	s->line_flush = isatty(STDOUT_FILENO);
	cmd.tool.sample = script__tool_sample;
	cmd.tool.event = script__tool_event;
	cmd.tool.ordered = true;

	path = perf_data__input_name(cmd.input);
	err = perf_data__open_read(&data, path);
	if (err) {
		fprintf(stderr, "perf script: %s: %s%s\n", path, data.err,
			err == -ENOENT ? " (try 'perf record' first)" : "");
		goto out_script;
	}
	if (!data.is_pipe && data.size == 0) {
		fprintf(stderr, "perf script: %s: zero-sized data, nothing to do\n", path);
		err = -EINVAL;
		goto out_data;
	}
	err = perf_session__new(&session, &data, &cmd.tool);
	if (err) {
		fprintf(stderr, "perf script: %s: %s\n", path, data.err);
		goto out_data;
	}
	if (!data.is_pipe) {
		err = script__check_fields(s, session->evlist, msg, sizeof(msg));
		if (err) {
			fprintf(stderr, "%s\n", msg);
			goto out_session;
		}
	}
	script__use_header(s, &session->header, !cmd.no_bpf_prog_info);
	err = perf_session__process(session);
	/* the lines go out before what stderr says about them */
	if (fmt_buf__flush(&s->out))
		err = 0;	/* a write error, said below */
	else if (err)
		fprintf(stderr, "perf script: %s: %s\n", path, data.err);
	else if (session->stats.nr_unordered)
		fprintf(stderr, "Warning:\n%llu out of order events recorded.\n",
			(unsigned long long)session->stats.nr_unordered);
out_session:
	perf_session__delete(session);
out_data:
	perf_data__close(&data);
out_script:
	/* the reader going away (EPIPE, SIGPIPE ignored) ends the output, no error */
	if (script__exit(s) && s->out.err != -EPIPE && !err) {
		fprintf(stderr, "perf script: standard output: %s\n", strerror(-s->out.err));
		err = s->out.err;
	}
	return err;
}
