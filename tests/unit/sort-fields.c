// SPDX-License-Identifier: GPL-2.0
/*
 * util/sort.c's tracepoint field keys and util/sort-fields.c: parsed,
 * resolved for an event of an upstream-written TRACING_DATA
 * (tests/fixtures/up-tracepoints.data), and their text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "tap.h"
#include "util/hist.h"
#include "util/sort.h"
#include "util/sort-fields.h"
#include "util/tracing-data.h"

static u8 *load_section(const char *path, size_t *len, u8 **file)
{
	FILE *fp = fopen(path, "rb");
	u64 data_off, data_size, off, sz;
	long n;

	*file = NULL;
	if (!fp)
		return NULL;
	if (!fseek(fp, 0, SEEK_END) && (n = ftell(fp)) > 104 && !fseek(fp, 0, SEEK_SET)) {
		*file = malloc(n);
		if (*file && fread(*file, 1, n, fp) != (size_t)n) {
			free(*file);
			*file = NULL;
		}
	}
	fclose(fp);
	if (!*file)
		return NULL;
	memcpy(&data_off, *file + 40, 8);
	memcpy(&data_size, *file + 48, 8);
	memcpy(&off, *file + data_off + data_size, 8);
	memcpy(&sz, *file + data_off + data_size + 8, 8);
	*len = sz;
	return *file + off;
}

int main(void)
{
	const char *top = getenv("TOPDIR");
	struct sort_spec spec, s2;
	struct tracing_data *td;
	struct tep_event *sw, *wk;
	struct hist_entry he = { 0 };
	struct sort_fields_ctx ctx = { .sb = STRBUF_INIT };
	char path[4096], err[256], buf[256], bad[64];
	u8 *file, *sec, raw[64] = { 0 };
	size_t len;
	int n;

	is_int(sort_spec__parse_fields(&spec, "comm,prev_pid,sched:sched_switch.prev_state/raw",
				       bad, sizeof(bad)), 0, "fields among keys");
	ok(spec.nr == 3 && spec.nr_dyn == 2 && spec.keys[1] == SORT_DYN &&
	   spec.keys[2] == SORT_DYN + 1, "two field keys after comm");
	ok(!strcmp(spec.dyn[0].field, "prev_pid") && !spec.dyn[0].event[0] && !spec.dyn[0].raw,
	   "prev_pid of any event");
	ok(!strcmp(spec.dyn[1].event, "sched:sched_switch") && spec.dyn[1].raw &&
	   !strcmp(sort_spec__header(&spec, spec.keys[2]), "prev_state"), "an event's, raw");
	ok(sort_spec__parse(&s2, "prev_pid", bad, sizeof(bad)) && !strcmp(bad, "prev_pid"),
	   "no fields where they are not taken (top)");
	ok(sort_spec__parse_fields(&s2, "a.b-c", bad, sizeof(bad)) &&
	   sort_spec__parse_fields(&s2, "x/cooked", bad, sizeof(bad)),
	   "no field of a bad name or option");
	is_int(sort_spec__parse_fields(&s2, "dso,trace_fields", bad, sizeof(bad)), 0,
	       "trace_fields");
	ok(s2.trace_fields && s2.trace_fields_at == 1 && s2.nr == 1, "where it was");

	snprintf(path, sizeof(path), "%s/tests/fixtures/up-tracepoints.data", top ? top : ".");
	sec = load_section(path, &len, &file);
	if (!sec || tracing_data__parse(&td, sec, len, err, sizeof(err)))
		skip_all("no tests/fixtures/up-tracepoints.data (set TOPDIR)");
	sw = tep_find_event_by_name(td->tep, "sched", "sched_switch");
	wk = tep_find_event_by_name(td->tep, "sched", "sched_wakeup");
	ok(sw && wk, "the events");

	s2 = spec;
	is_int(sort_fields__resolve(&s2, sw), 2, "sched_switch keeps both");
	ok(s2.dyn[0].offset == (u32)tep_find_field(sw, "prev_pid")->offset && s2.dyn[0].size == 4 &&
	   !s2.dyn[0].string, "where prev_pid is");
	s2 = spec;
	is_int(sort_fields__resolve(&s2, wk), 0, "sched_wakeup has neither");
	ok(s2.nr == 1 && s2.keys[0] == SORT_COMM, "only comm left");
	s2 = spec;
	is_int(sort_fields__resolve(&s2, NULL), 0, "no format: none");
	sort_spec__parse_fields(&s2, "dso,trace_fields,comm", bad, sizeof(bad));
	n = sort_fields__resolve(&s2, sw);
	is_int(n, 7, "trace_fields: sched_switch's seven fields");
	ok(s2.keys[0] == SORT_DSO && s2.keys[1] == SORT_DYN && s2.keys[8] == SORT_COMM &&
	   !strcmp(s2.dyn[0].field, "prev_comm") && s2.dyn[0].string && s2.dyn[0].size == 16,
	   "dso, prev_comm ... next_prio, comm");

	/* the text: from the formatted fields, or raw */
	s2 = spec;
	sort_fields__resolve(&s2, sw);
	memcpy(raw, &sw->id, 2);
	memcpy(raw + tep_find_field(sw, "prev_comm")->offset, "cc1", 4);
	memcpy(raw + tep_find_field(sw, "prev_pid")->offset, &(int){ 14844 }, 4);
	memcpy(raw + tep_find_field(sw, "prev_state")->offset, &(long){ 2 }, 8);
	he.raw = raw;
	he.raw_size = sizeof(raw);
	ctx.td = td;
	ctx.event = sw;
	sort_fields__text(&ctx, &he, &s2.dyn[0], buf, sizeof(buf));
	is_str(buf, "14844", "prev_pid's value as printed");
	sort_fields__text(&ctx, &he, &s2.dyn[1], buf, sizeof(buf));
	is_str(buf, "2", "prev_state/raw: the number, not \"D\"");
	s2.dyn[1].raw = false;
	sort_fields__text(&ctx, &he, &s2.dyn[1], buf, sizeof(buf));
	is_str(buf, "D", "prev_state as printed");
	ctx.event = NULL;
	sort_fields__text(&ctx, &he, &s2.dyn[0], buf, sizeof(buf));
	is_str(buf, "", "no event: nothing");
	strbuf__release(&ctx.sb);
	tracing_data__delete(td);
	free(file);
	return done_testing();
}
