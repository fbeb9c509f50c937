// SPDX-License-Identifier: GPL-2.0
/*
 * perf report: read a perf.data file.  This slice provides the raw dump
 * (-D), the header (--header-only) and record statistics (--stats).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "util/data.h"
#include "util/dump.h"
#include "util/parse-options.h"
#include "util/report-stats.h"
#include "util/session.h"

struct report {
	struct perf_tool	tool;
	const char		*input;
	bool			dump_trace;
	bool			header;
	bool			header_only;
	bool			stats;
	bool			quiet;
	int			verbose;
};

static const char *const report_usage[] = {
	"perf report [<options>]",
	NULL
};

static int report__dump_record(struct perf_session *session, const union perf_event *ev,
			       struct perf_sample *sample, struct evsel *evsel)
{
	dump__record(stdout, session, ev, session->file_offset, evsel, sample);
	return 0;
}

static int dump_sample(struct perf_tool *tool, struct perf_session *session,
		       const union perf_event *ev, struct perf_sample *sample,
		       struct evsel *evsel)
{
	return report__dump_record(session, ev, sample, evsel);
}

static int dump_user(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, u64 file_offset)
{
	dump__record(stdout, session, ev, file_offset, NULL, NULL);
	return 0;
}

static int report__open(struct report *rep, struct perf_data *data,
			struct perf_session **session)
{
	const char *path = perf_data__input_name(rep->input);
	int err;

	err = perf_data__open_read(data, path);
	if (err) {
		fprintf(stderr, "perf report: %s: %s%s\n", path, data->err,
			err == -ENOENT ? " (try 'perf record' first)" : "");
		return err;
	}
	if (!data->is_pipe && data->size == 0) {
		fprintf(stderr, "perf report: %s: zero-sized data, nothing to do\n", path);
		perf_data__close(data);
		return -EINVAL;
	}
	err = perf_session__new(session, data, &rep->tool);
	if (err) {
		fprintf(stderr, "perf report: %s: %s\n", path, data->err);
		perf_data__close(data);
	}
	return err;
}

int cmd_report(int argc, const char **argv)
{
	struct report rep = { .input = NULL };
	struct perf_session *session = NULL;
	struct perf_data data;
	const struct option options[] = {
		OPT_STRING('i', "input", &rep.input, "file", "input file name"),
		OPT_BOOLEAN('D', "dump-raw-trace", &rep.dump_trace,
			    "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "header", &rep.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &rep.header_only, "Show only data header."),
		OPT_BOOLEAN(0, "stats", &rep.stats, "Display event stats"),
		OPT_BOOLEAN('q', "quiet", &rep.quiet, "Do not show any warnings or messages"),
		OPT_INCR('v', "verbose", &rep.verbose,
			 "be more verbose (show symbol address, etc)"),
		OPT_END()
	};
	int err;

	argc = parse_options(argc, argv, options, report_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	if (argc > 0) {
		usage_error(report_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}
	if (!rep.dump_trace && !rep.header_only && !rep.stats && !rep.header) {
		fprintf(stderr, "perf report: the histogram view is not available in this "
			"build yet; use -D, --header, --header-only or --stats\n");
		return 1;
	}

	if (rep.dump_trace) {
		rep.tool.sample = dump_sample;
		rep.tool.event = dump_sample;
		rep.tool.user = dump_user;
		rep.tool.ordered = true;
	}

	err = report__open(&rep, &data, &session);
	if (err)
		return err;

	/* pipe mode: the header arrives as records, so read them all first */
	if ((rep.header_only || rep.header) && !session->header.is_pipe) {
		perf_header__fprintf(&session->header, session->evlist, stdout, rep.verbose > 0);
		if (rep.header_only)
			goto out;
	}

	if (rep.dump_trace)
		printf("# To display the perf.data header info, please use "
		       "--header/--header-only options.\n#\n");

	err = perf_session__process(session);
	if (err) {
		fprintf(stderr, "perf report: %s: %s\n", data.path, data.err);
		goto out;
	}

	if ((rep.header_only || rep.header) && session->header.is_pipe)
		perf_header__fprintf(&session->header, session->evlist, stdout, rep.verbose > 0);
	if (rep.dump_trace || rep.stats)
		report_stats__fprintf(session, stdout);
	if (rep.stats)
		report_stats__fprintf_lost(session, stdout);
out:
	perf_session__delete(session);
	perf_data__close(&data);
	return err;
}
