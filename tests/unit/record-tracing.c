// SPDX-License-Identifier: GPL-2.0
/* util/record-tracing.c: tracepoint ids and the TRACING_DATA payload. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/parse-events.h"
#include "util/record-tracing.h"
#include "util/strbuf.h"

int main(void)
{
	static const char *const events[] = { "sched:sched_switch", "sched:sched_wakeup" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_event_attr attr;
	u32 nr;
	u64 id;

	if (!tracing__dir() || access("/sys/kernel/tracing/events/sched/sched_switch/id", R_OK))
		skip_all("no readable tracefs with sched:sched_switch");
	is_int(tracing__event_id("sched", "sched_switch", &id), 0, "sched:sched_switch id");
	ok(id > 0, "a positive id");
	is_int(tracing__event_id("sched", "no_such", &id), -ENOENT, "unknown tracepoint");
	is_int(tracing__event_id("..", "x", &id), -ENOENT, "no path games");
	is_int(parse_events__event("sched:sched_switch", &attr, NULL, 0), 0, "parsed as an event");
	ok(attr.type == PERF_TYPE_TRACEPOINT && attr.config == id, "tracepoint type, id config");
	is_int(parse_events__event("cycles:u", &attr, NULL, 0), 0, "modifiers still modifiers");
	is_int(tracing_data__build(events, 2, &sb), 0, "build TRACING_DATA");
	ok(sb.len > 100 && !memcmp(sb.buf, "\x17\x08\x44tracing", 10), "magic");
	is_str(sb.buf + 10, "0.6", "version 0.6");
	ok(!memcmp(sb.buf + 20, "header_page", 12), "header_page first");
	ok(memmem(sb.buf, sb.len, "name: sched_switch", 18) &&
	   memmem(sb.buf, sb.len, "name: sched_wakeup", 18), "both formats inside");
	ok(memmem(sb.buf, sb.len, "sched\0", 6) != NULL, "the system name");
	memcpy(&nr, sb.buf + 16, 4);
	is_int(nr, sysconf(_SC_PAGESIZE), "page size");
	strbuf__release(&sb);
	return done_testing();
}
