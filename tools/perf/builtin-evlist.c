// SPDX-License-Identifier: GPL-2.0
/*
 * perf evlist: the events of a perf.data file, one per line; with -v their
 * attributes as "name: key: value, ...", with -g their groups as
 * "{leader,member,...}", with --trace-fields a tracepoint's fields.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "input.h"
#include "util/attr.h"
#include "util/data.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/tracing-data.h"

/* "key: value" items separated by ", ", as upstream's evlist -v */
static int print_attr_item(FILE *fp, const char *name, const char *val, void *priv)
{
	bool *first = priv;
	int n = fprintf(fp, "%s%s: %s", *first ? "" : ", ", name, val);

	*first = false;
	return n;
}

/* -g: a group on its leader's line, "name{leader,member,...}"; members print nothing */
static void print_group(struct perf_session *session, int idx)
{
	struct evlist *evlist = session->evlist;
	const struct perf_env_group *g = perf_env__group_of(&session->header.env, idx);
	u32 i;

	if (!g || g->nr_members < 2) {
		if (!g || g->leader_idx == (u32)idx)
			printf("%s\n", evsel__name(evlist->entries[idx]));
		return;
	}
	if (g->leader_idx != (u32)idx)
		return;
	printf("%s{", strcmp(g->name, "{anon_group}") ? g->name : "");
	for (i = 0; i < g->nr_members && g->leader_idx + i < (u32)evlist->nr_entries; i++)
		printf("%s%s", i ? "," : "", evsel__name(evlist->entries[g->leader_idx + i]));
	printf("}\n");
}

/* --trace-fields: the tracepoint's own fields after what the line has so far */
static void print_trace_fields(struct perf_session *session, struct evsel *evsel, bool more)
{
	struct tep_event *event;
	char buf[1024];

	printf("%s", more ? ", " : ": ");
	if (evsel->attr.type != PERF_TYPE_TRACEPOINT) {
		printf("(not a tracepoint)");
		return;
	}
	event = perf_session__tp_format(session, evsel);
	if (event)
		tracing_data__field_names(event, buf, sizeof(buf));
	printf("trace_fields: %s", event ? buf : "");
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
	bool group = false, trace_fields = false;
	struct perf_data data;
	struct evsel *evsel;
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &force, "read another user's file too"),
		OPT_BOOLEAN('F', "freq", &freq, "Show the sample frequency"),
		OPT_BOOLEAN('g', "group", &group, "one line per event group: {leader,member,...}"),
		OPT_STRING('i', "input", &input, "file", "Input file name"),
		OPT_BOOLEAN('v', "verbose", &verbose, "Show all event attr details"),
		OPT_BOOLEAN(0, "trace-fields", &trace_fields, "each tracepoint's fields"),
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
	if (group && (verbose || freq)) {
		usage_error(evlist_usage, options,
			    "--group option is not compatible with other options");
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
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			tracepoint = true;
		if (group) {
			print_group(session, i);
			continue;
		}
		printf("%s", evsel__name(evsel));
		if (verbose) {
			bool first = true;

			printf(": ");
			perf_event_attr__fprintf(stdout, &evsel->attr, print_attr_item, &first);
		} else if (freq) {
			/* sample_freq and sample_period share the attr's word */
			printf(": %s=%llu", evsel->attr.freq ? "sample_freq" : "sample_period",
			       (unsigned long long)evsel->attr.sample_period);
		}
		if (trace_fields)
			print_trace_fields(session, evsel, verbose || freq);
		printf("\n");
	}
	if (tracepoint && !trace_fields)
		printf("# Tip: use 'perf evlist --trace-fields' to show fields for tracepoint events\n");
out:
	perf_session__delete(session);
	perf_data__close(&data);
	return err;
}
