// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "report-stats.h"
#include "session.h"

static void stats__fprintf_line(FILE *fp, const char *name, u64 nr, u64 total)
{
	fprintf(fp, "%16s events: %10llu", name, (unsigned long long)nr);
	if (total)
		fprintf(fp, "  (%4.1f%%)", 100.0 * nr / total);
	fprintf(fp, "\n");
}

/*
 * Lost samples apart from lost side-band records (upstream adds both into
 * one "lost samples" figure).  LOST_SAMPLES records carry the kernel's
 * exact count per event (read_format LOST); LOST records name only the
 * event that owns the ring buffer, so they are used only in files without
 * the former.  Losses of tracking-only (dummy) events are side-band.
 */
void report_stats__lost(struct perf_session *session, u64 *samples, u64 *sideband)
{
	bool exact = session->stats.nr_events[PERF_RECORD_LOST_SAMPLES] > 0;
	u64 known = 0;
	struct evsel *evsel;
	int i;

	*samples = *sideband = 0;
	evlist__for_each(session->evlist, evsel, i) {
		u64 lost = exact ? evsel->lost_samples : evsel->lost_records;

		known += evsel->lost_records;
		if (evsel__is_sideband(evsel))
			*sideband += lost;
		else
			*samples += lost;
	}
	/* LOST records whose event is unknown count as samples */
	if (!exact && session->stats.nr_lost > known)
		*samples += session->stats.nr_lost - known;
}

void report_stats__fprintf_lost(struct perf_session *session, FILE *fp)
{
	const struct perf_session_stats *st = &session->stats;
	u64 samples, sideband;

	if (!st->nr_lost_events && !st->nr_lost_samples)
		return;
	report_stats__lost(session, &samples, &sideband);
	fprintf(fp, "\nLost:\n");
	fprintf(fp, "%24s: %10llu\n", "samples", (unsigned long long)samples);
	fprintf(fp, "%24s: %10llu\n", "side-band records", (unsigned long long)sideband);
}

/* "Aggregated stats:", the total and a line per type (skip_empty: those seen only) */
static void stats__fprintf_types(const struct perf_session_stats *st, FILE *fp, bool skip_empty)
{
	u64 total = st->nr_unknown_type;
	int type;

	for (type = 0; type < PERF_SESSION_NR_TYPES; type++)
		total += st->nr_events[type];
	fprintf(fp, "\nAggregated stats:\n");
	stats__fprintf_line(fp, "TOTAL", total, 0);
	for (type = skip_empty ? 0 : 1; type < PERF_SESSION_NR_TYPES; type++) {
		if (skip_empty ? !st->nr_events[type] :
		    type >= PERF_RECORD_HEADER_MAX || !strcmp(perf_event__name(type), "UNKNOWN"))
			continue;
		stats__fprintf_line(fp, perf_event__name(type), st->nr_events[type], total);
	}
	if (st->nr_unknown_type)
		stats__fprintf_line(fp, "UNKNOWN", st->nr_unknown_type, total);
}

void report_stats__fprintf_annotate(struct perf_session *session, FILE *fp, const u64 *samples,
				    int nr)
{
	struct evsel *evsel;
	int i;

	stats__fprintf_types(&session->stats, fp, false);
	evlist__for_each(session->evlist, evsel, i) {
		fprintf(fp, "%s stats:\n", evsel__name(evsel));
		if (i < nr && samples[i])
			stats__fprintf_line(fp, perf_event__name(PERF_RECORD_SAMPLE), samples[i], 0);
	}
}

void report_stats__fprintf(struct perf_session *session, FILE *fp, bool lost, bool skip_empty)
{
	const struct perf_session_stats *st = &session->stats;
	struct evsel *evsel;
	int i;

	stats__fprintf_types(st, fp, skip_empty);
	evlist__for_each(session->evlist, evsel, i) {
		if (skip_empty && !evsel->nr_samples && !(lost && evsel->lost_samples))
			continue;
		fprintf(fp, "%s stats:\n", evsel__name(evsel));
		if (evsel->nr_samples)
			stats__fprintf_line(fp, perf_event__name(PERF_RECORD_SAMPLE),
					    evsel->nr_samples, 0);
		if (lost && evsel->lost_samples)
			stats__fprintf_line(fp, perf_event__name(PERF_RECORD_LOST_SAMPLES),
					    evsel->lost_samples, 0);
	}
	if (st->nr_unknown_id)
		fprintf(fp, "\n%llu samples with an id that matches no event\n",
			(unsigned long long)st->nr_unknown_id);
}
