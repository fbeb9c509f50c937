/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf script --per-event-dump: each event's lines into a file of its
 * own, "<input>.<event name>.dump", every event's file made at the start
 * (also of an event without samples), the side-band lines on stdout,
 * and at the end a line per event as upstream's:
 * "[ perf script: Wrote 0.223 MB perf.data.cpu-clock.dump (1428 samples) ]"
 * (the size as upstream's says it: rounded down to 4 KiB).
 * Errors are said here, as a builtin's own code says them.
 */
#ifndef PERF_SCRIPT_PER_EVENT_H
#define PERF_SCRIPT_PER_EVENT_H

#include <stdio.h>

#include "util/event.h"

struct evlist;
struct evsel;
struct script;

struct script_per_event {
	struct evlist	*evlist;
	int		*fds;		/* by evsel idx */
	char		**paths;
	u64		*nr;		/* samples printed to each */
	int		nr_files;
};

/* 0, or -errno with the file that could not be made said on stderr. */
int script_per_event__open(struct script_per_event *pe, const char *input,
			   struct evlist *evlist);
/* A sample into its event's file. */
int script_per_event__sample(struct script_per_event *pe, struct script *s,
			     const union perf_event *ev, const struct perf_sample *sample,
			     struct evsel *evsel);
/* Back to stdout (side-band lines, the end). */
int script_per_event__stdout(struct script_per_event *pe, struct script *s);
/* The files closed; with report, upstream's line per event on out. */
void script_per_event__close(struct script_per_event *pe, FILE *out, bool report);

#endif /* PERF_SCRIPT_PER_EVENT_H */
