// SPDX-License-Identifier: GPL-2.0
/*
 * util/report-stats.c: a file /usr/bin/perf recorded with lost samples
 * (tests/fixtures/up-lost.data: LOST and LOST_SAMPLES records, of the
 * sampling event and of the side-band dummy) read through a session:
 * --stats's block as upstream prints it for that file, the per-event
 * lost lines only when asked, the lost samples apart from the lost
 * side-band records, and nothing lost said for a file without losses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/data.h"
#include "util/report-stats.h"
#include "util/session.h"

/* `/usr/bin/perf report --stats -i tests/fixtures/up-lost.data` (perf 6.1) */
static const char up_lost_stats[] =
	"\nAggregated stats:\n"
	"           TOTAL events:      25805\n"
	"            MMAP events:          1  ( 0.0%)\n"
	"            LOST events:          7  ( 0.0%)\n"
	"            COMM events:        190  ( 0.7%)\n"
	"            EXIT events:        104  ( 0.4%)\n"
	"            FORK events:        209  ( 0.8%)\n"
	"          SAMPLE events:       7637  (29.6%)\n"
	"           MMAP2 events:        692  ( 2.7%)\n"
	"    LOST_SAMPLES events:          4  ( 0.0%)\n"
	"         KSYMBOL events:       9596  (37.2%)\n"
	"       BPF_EVENT events:       6406  (24.8%)\n"
	"  FINISHED_ROUND events:        953  ( 3.7%)\n"
	"        ID_INDEX events:          1  ( 0.0%)\n"
	"      THREAD_MAP events:          1  ( 0.0%)\n"
	"         CPU_MAP events:          1  ( 0.0%)\n"
	"    EVENT_UPDATE events:          2  ( 0.0%)\n"
	"   FINISHED_INIT events:          1  ( 0.0%)\n"
	"cpu-clock:k stats:\n"
	"          SAMPLE events:       7637\n"
	"    LOST_SAMPLES events:       4077\n"
	"dummy:HG stats:\n"
	"    LOST_SAMPLES events:       6105\n";

static u64 nr_samples;

static int on_sample(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	nr_samples++;
	return 0;
}

/* The session of a fixture, processed; NULL when it is not there. */
static struct perf_session *open_fixture(const char *name, struct perf_data *data,
					 struct perf_tool *tool)
{
	const char *top = getenv("TOPDIR");
	struct perf_session *s;
	char path[4096];

	snprintf(path, sizeof(path), "%s/tests/fixtures/%s", top ? top : ".", name);
	if (perf_data__open_read(data, path))
		return NULL;
	if (perf_session__new(&s, data, tool)) {
		perf_data__close(data);
		return NULL;
	}
	if (perf_session__process(s)) {
		perf_session__delete(s);
		perf_data__close(data);
		return NULL;
	}
	return s;
}

/* What fn printed of the session. */
static char *print(struct perf_session *s, int what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return NULL;
	if (what == 0)
		report_stats__fprintf(s, fp, true, true);
	else if (what == 1)
		report_stats__fprintf(s, fp, false, true);
	else
		report_stats__fprintf_lost(s, fp);
	fclose(fp);
	return buf;
}

int main(void)
{
	struct perf_tool tool = { .sample = on_sample, .ordered = true };
	struct perf_data data = { 0 };
	struct perf_session *s;
	u64 samples = 0, sideband = 0;
	char *out;

	s = open_fixture("up-lost.data", &data, &tool);
	if (!s)
		skip_all("no tests/fixtures/up-lost.data (set TOPDIR)");
	plan(9);
	is_int(nr_samples, 7637, "every sample delivered");

	out = print(s, 0);
	is_str(out, up_lost_stats, "--stats: upstream's block for the file, byte for byte");
	free(out);

	out = print(s, 1);
	ok(out && !strstr(out, "LOST_SAMPLES events:       4077") && !strstr(out, "dummy:HG") &&
	   strstr(out, "cpu-clock:k stats:\n          SAMPLE events:       7637\n"),
	   "without lost: the events' samples, no per-event lost lines");
	free(out);

	report_stats__lost(s, &samples, &sideband);
	is_int(samples, 4077, "lost samples: the sampling event's LOST_SAMPLES counts");
	is_int(sideband, 6105, "lost side-band records: the dummy event's");

	out = print(s, 2);
	is_str(out, "\nLost:\n                 samples:       4077\n"
		    "       side-band records:       6105\n", "the Lost: block");
	free(out);
	perf_session__delete(s);
	perf_data__close(&data);

	memset(&data, 0, sizeof(data));
	nr_samples = 0;
	s = open_fixture("up-small.data", &data, &tool);
	if (!ok(s, "a file without losses"))
		return done_testing();
	report_stats__lost(s, &samples, &sideband);
	ok(!samples && !sideband, "nothing lost");
	out = print(s, 2);
	is_str(out, "", "no Lost: block");
	free(out);
	perf_session__delete(s);
	perf_data__close(&data);
	return done_testing();
}
