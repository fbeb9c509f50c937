// SPDX-License-Identifier: GPL-2.0
/* util/evlist.c, util/evsel.c: ids, lookups, names, trailer sizes. */
#include "tap.h"
#include "util/evlist.h"

int main(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_IDENTIFIER,
		.sample_id_all = 1,
	};
	struct evlist *evlist = evlist__new();
	struct evsel *a, *b;
	int i, missing = 0;

	a = evsel__new(&attr, 0);
	attr.config = PERF_COUNT_SW_DUMMY;
	b = evsel__new(&attr, 0);
	ok(evlist && a && b, "allocated");
	ok(!evsel__add_id(a, 0) && !evsel__add_id(a, 7), "ids on a");
	is_int(evlist__add(evlist, a), 0, "add a");
	is_int(evlist__add(evlist, b), 0, "add b");
	is_int(b->idx, 1, "b is second");
	for (i = 100; i < 5100; i++)
		if (evlist__add_id(evlist, (i & 1) ? a : b, (u64)i * 0x1000003))
			missing++;
	is_int(missing, 0, "5000 more ids registered");
	ok(evlist__id2evsel(evlist, 0) == a, "id 0 found");
	ok(evlist__id2evsel(evlist, 7) == a, "id 7 found");
	missing = 0;
	for (i = 100; i < 5100; i++)
		if (evlist__id2evsel(evlist, (u64)i * 0x1000003) != ((i & 1) ? a : b))
			missing++;
	is_int(missing, 0, "every id maps to its event after the table grew");
	ok(evlist__id2evsel(evlist, 8) == NULL, "unknown id");
	is_int(evlist->nr_ids, 5002, "id count");

	is_str(evsel__name(a), "cpu-clock", "software name");
	is_str(evsel__name(b), "dummy", "dummy name");
	ok(evsel__is_sideband(b) && !evsel__is_sideband(a), "dummy is the side-band event");
	is_int(evsel__id_hdr_size(a), 24, "trailer: tid, time, identifier");
	a->attr.sample_id_all = 0;
	is_int(evsel__id_hdr_size(a), 0, "no trailer without sample_id_all");
	evsel__set_name(a, "cpu-clock:ppp");
	is_str(evsel__name(a), "cpu-clock:ppp", "name from the file wins");
	ok(evlist__first(evlist) == a, "first");

	evlist__delete(evlist);
	return done_testing();
}
