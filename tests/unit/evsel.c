// SPDX-License-Identifier: GPL-2.0
/* util/evsel.c: names derived from attrs, ids, filters joined, the trailer size. */
#include <string.h>

#include "tap.h"
#include "util/evsel.h"

int main(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE,
					.config = PERF_COUNT_SW_CPU_CLOCK,
					.size = sizeof(attr) };
	struct evsel *e = evsel__new(&attr, 3);
	int i;

	ok(e && e->idx == 3, "an event at its place");
	is_str(evsel__name(e), "cpu-clock", "named from its attr");
	ok(!evsel__is_sideband(e), "cpu-clock samples");
	ok(!evsel__set_name(e, "cpu-clock:pppH"), "a name from the file");
	is_str(evsel__name(e), "cpu-clock:pppH", "the file's name wins");
	for (i = 0; i < 100; i++)
		evsel__add_id(e, 1000 + i);
	ok(e->nr_ids == 100 && e->ids[0] == 1000 && e->ids[99] == 1099, "100 ids, in order");
	ok(!evsel__append_filter(e, "pid == 1"), "a filter");
	ok(!evsel__append_filter(e, "cpu == 0"), "a second");
	is_str(e->filter, "(pid == 1) && (cpu == 0)", "joined as upstream joins them");
	e->attr.sample_id_all = 1;
	e->attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			      PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN;
	is_int(evsel__id_hdr_size(e), 24, "trailer: tid, time, cpu (not ip or the chain)");
	e->attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
	is_int(evsel__id_hdr_size(e), 32, "and the identifier");
	evsel__delete(e);

	attr.config = PERF_COUNT_SW_DUMMY;
	e = evsel__new(&attr, 0);
	ok(evsel__is_sideband(e), "dummy: side-band only");
	is_str(evsel__name(e), "dummy", "named dummy");
	evsel__delete(e);
	attr = (struct perf_event_attr){ .type = PERF_TYPE_RAW, .config = 0x1a2, .size = 64 };
	e = evsel__new(&attr, 0);
	ok(e && strlen(evsel__name(e)) > 0, "a raw event gets a name: %s", evsel__name(e));
	evsel__delete(e);
	return done_testing();
}
