/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REPORT_STATS_H
#define __PERF_REPORT_STATS_H

#include <stdio.h>

struct perf_session;

/*
 * `perf report --stats` (and the end of -D): upstream's "Aggregated stats:"
 * block of per-type record counts, one block per event, then our split of
 * lost counts: lost samples apart from lost side-band records.
 */
void report_stats__fprintf(struct perf_session *session, FILE *fp);

#endif /* __PERF_REPORT_STATS_H */
