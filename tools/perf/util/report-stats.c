// SPDX-License-Identifier: GPL-2.0
#include "report-stats.h"
#include "session.h"

static void stats__fprintf_line(FILE *fp, const char *name, u64 nr, u64 total)
{
	fprintf(fp, "%16s events: %10llu", name, (unsigned long long)nr);
	if (total)
		fprintf(fp, "  (%4.1f%%)", 100.0 * nr / total);
	fprintf(fp, "\n");
}

void report_stats__fprintf(struct perf_session *session, FILE *fp)
{
	const struct perf_session_stats *st = &session->stats;
	struct evsel *evsel;
	u64 total = st->nr_unknown_type;
	int type, i;

	for (type = 0; type < PERF_SESSION_NR_TYPES; type++)
		total += st->nr_events[type];

	fprintf(fp, "\nAggregated stats:\n");
	stats__fprintf_line(fp, "TOTAL", total, 0);
	for (type = 0; type < PERF_SESSION_NR_TYPES; type++) {
		if (!st->nr_events[type])
			continue;
		stats__fprintf_line(fp, perf_event__name(type), st->nr_events[type], total);
	}
	if (st->nr_unknown_type)
		stats__fprintf_line(fp, "UNKNOWN", st->nr_unknown_type, total);

	evlist__for_each(session->evlist, evsel, i) {
		if (!evsel->nr_samples && !evsel->lost_samples)
			continue;
		fprintf(fp, "%s stats:\n", evsel__name(evsel));
		stats__fprintf_line(fp, perf_event__name(PERF_RECORD_SAMPLE),
				    evsel->nr_samples, 0);
		if (evsel->lost_samples)
			stats__fprintf_line(fp, "LOST_SAMPLES", evsel->lost_samples, 0);
	}

	if (st->nr_lost_events || st->nr_lost_samples) {
		fprintf(fp, "\nLost:\n");
		fprintf(fp, "%24s: %10llu\n", "samples",
			(unsigned long long)(st->nr_lost - st->nr_lost_sideband +
					     st->nr_lost_samples));
		fprintf(fp, "%24s: %10llu\n", "side-band records",
			(unsigned long long)st->nr_lost_sideband);
	}
	if (st->nr_unknown_id)
		fprintf(fp, "\n%llu samples with an id that matches no event\n",
			(unsigned long long)st->nr_unknown_id);
}
