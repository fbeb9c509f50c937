// SPDX-License-Identifier: GPL-2.0
/*
 * perf evlist: the events of a perf.data file, one per line; with -v their
 * attributes as "name: key: value, ...".
 */
#include <stdio.h>

#include "builtin.h"
#include "input.h"
#include "util/attr.h"
#include "util/data.h"
#include "util/parse-options.h"
#include "util/session.h"

/* "key: value" items separated by ", ", as upstream's evlist -v */
static int print_attr_item(FILE *fp, const char *name, const char *val, void *priv)
{
	bool *first = priv;
	int n = fprintf(fp, "%s%s: %s", *first ? "" : ", ", name, val);

	*first = false;
	return n;
}

static const char *const evlist_usage[] = {
	"perf evlist [<options>]",
	NULL
};

int cmd_evlist(int argc, const char **argv)
{
	struct perf_tool tool = { .ordered = false };
	struct perf_session *session = NULL;
	const char *input = NULL, *path;
	bool verbose = false, freq = false, tracepoint = false, force = false;
	struct perf_data data;
	struct evsel *evsel;
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &force, "read another user's file too"),
		OPT_BOOLEAN('F', "freq", &freq, "Show the sample frequency"),
		OPT_STRING('i', "input", &input, "file", "Input file name"),
		OPT_BOOLEAN('v', "verbose", &verbose, "Show all event attr details"),
		OPT_END()
	};
	int err, i;

	argc = parse_options(argc, argv, options, evlist_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	if (argc > 0) {
		usage_error(evlist_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}

	path = perf_data__input_name(input);
	err = input__open(&(struct input){ "evlist", path, force }, &data, &tool, &session);
	if (err)
		return 1;
	/* a pipe (or a file of a pipe's stream) carries its attrs as records */
	if (session->header.is_pipe) {
		err = perf_session__process(session);
		if (err) {
			fprintf(stderr, "perf evlist: %s: %s\n", path, data.err);
			goto out;
		}
	}

	evlist__for_each(session->evlist, evsel, i) {
		if (verbose) {
			bool first = true;

			printf("%s: ", evsel__name(evsel));
			perf_event_attr__fprintf(stdout, &evsel->attr, print_attr_item, &first);
			printf("\n");
		} else if (freq) {
			/* sample_freq and sample_period share the attr's word */
			printf("%s: %s=%llu\n", evsel__name(evsel),
			       evsel->attr.freq ? "sample_freq" : "sample_period",
			       (unsigned long long)evsel->attr.sample_period);
		} else {
			printf("%s\n", evsel__name(evsel));
		}
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			tracepoint = true;
	}
	/* upstream's, which has --trace-fields (not here) */
	if (tracepoint)
		printf("# Tip: use 'perf evlist --trace-fields' to show fields for tracepoint events\n");
out:
	perf_session__delete(session);
	perf_data__close(&data);
	return err;
}
