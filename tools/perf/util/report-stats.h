/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REPORT_STATS_H
#define __PERF_REPORT_STATS_H

#include <stdio.h>
#include "types.h"

struct perf_session;

/*
 * `perf report --stats` (and the end of -D): upstream's "Aggregated stats:"
 * block of per-type record counts, then one block per event: its samples
 * and, with lost, its lost samples (upstream's --stats counts those, its
 * -D does not).  skip_empty (upstream's default): no line of a record
 * type none came of, no block of an event without samples; else all.
 */
void report_stats__fprintf(struct perf_session *session, FILE *fp, bool lost, bool skip_empty);

/*
 * The end of `perf annotate -D`: "Aggregated stats:" with every record
 * type, those of none too, then every event with the samples annotate
 * counted (samples[idx], of nr; none: no SAMPLE line), as upstream's.
 */
void report_stats__fprintf_annotate(struct perf_session *session, FILE *fp, const u64 *samples,
				    int nr);
/* --stats: "Lost:" with lost samples apart from lost side-band records. */
void report_stats__fprintf_lost(struct perf_session *session, FILE *fp);

/* Lost samples and lost side-band records of a processed session. */
void report_stats__lost(struct perf_session *session, u64 *samples, u64 *sideband);

#endif /* __PERF_REPORT_STATS_H */
