// SPDX-License-Identifier: GPL-2.0
/* util/script-fields.c: perf script -F per event type, as upstream's. */
#include <errno.h>
#include <string.h>

#include "tap.h"
#include "util/evlist.h"
#include "util/script-fields.h"

static int nr_warn;

static void warn(const char *line, void *priv)
{
	nr_warn++;
}

static struct evsel *add(struct evlist *evlist, u32 type, u64 config, u64 sample_type,
			 const char *name)
{
	struct perf_event_attr attr = {
		.type = type, .config = config, .size = sizeof(attr), .sample_type = sample_type,
	};
	struct evsel *evsel = evsel__new(&attr, evlist->nr_entries);

	evsel__set_name(evsel, name);
	evlist__add(evlist, evsel);
	return evsel;
}

#define SW_ST	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | \
		 PERF_SAMPLE_PERIOD)

int main(void)
{
	struct perf_event_attr sw = { .type = PERF_TYPE_SOFTWARE };
	struct perf_event_attr tp = { .type = PERF_TYPE_TRACEPOINT };
	struct script_fields sf;
	struct evlist *evlist;
	char msg[256];

	script_fields__init(&sf);
	is_int(script_fields__of(&sf, &tp), SF_COMM | SF_TID | SF_CPU | SF_TIME | SF_EVENT |
	       SF_TRACE, "tracepoints: comm tid cpu time event trace");
	ok(script_fields__of(&sf, &sw) & SF_PERIOD && !(script_fields__of(&sf, &sw) & SF_TRACE),
	   "software: period, no trace");
	is_int(script_fields__type(&(struct perf_event_attr){ .type = 9 }), SCRIPT_OTHER,
	       "a PMU of its own type");

	nr_warn = 0;
	is_int(script_fields__parse(&sf, "comm,trace", msg, sizeof(msg), warn, NULL), 0,
	       "-F comm,trace");
	is_int(script_fields__of(&sf, &tp), SF_COMM | SF_TRACE, "for tracepoints");
	is_int(script_fields__of(&sf, &sw), SF_COMM, "trace left out of software events");
	ok(nr_warn >= 4, "said for each type it is not valid for (%d)", nr_warn);

	script_fields__init(&sf);
	is_int(script_fields__parse(&sf, "trace:ip,sym", msg, sizeof(msg), warn, NULL), 0,
	       "-F trace:ip,sym");
	is_int(script_fields__of(&sf, &tp), SF_IP | SF_SYM, "tracepoints changed");
	ok(script_fields__of(&sf, &sw) & SF_PERIOD, "software kept its defaults");
	is_int(script_fields__parse(&sf, "sw:+addr", msg, sizeof(msg), warn, NULL), 0, "sw:+addr");
	ok(script_fields__of(&sf, &sw) & SF_ADDR && script_fields__of(&sf, &sw) & SF_PERIOD,
	   "added to the defaults");
	is_int(script_fields__parse(&sf, "-cpu", msg, sizeof(msg), warn, NULL), 0, "-F -cpu");
	ok(!(script_fields__of(&sf, &sw) & SF_CPU) && !(script_fields__of(&sf, &tp) & SF_CPU),
	   "taken from every type");
	is_int(script_fields__parse(&sf, "-ip,-addr,-event,-period,+flags", msg, sizeof(msg), warn,
				    NULL), 0, "--call-ret-trace's fields");
	ok((script_fields__of(&sf, &sw) & SF_FLAGS) && !(script_fields__of(&sf, &sw) & SF_IP) &&
	   (script_fields__of(&sf, &tp) & SF_FLAGS), "flags on every type, ip off");
	is_int(script_fields__parse(&sf, "trace:", msg, sizeof(msg), warn, NULL), 0, "trace:");
	is_int(script_fields__of(&sf, &tp), 0, "tracepoints print nothing");

	is_int(script_fields__parse(&sf, "bogus", msg, sizeof(msg), warn, NULL), -EINVAL,
	       "an unknown field");
	is_str(msg, "invalid field requested: bogus", "said");
	is_int(script_fields__parse(&sf, "xx:comm", msg, sizeof(msg), warn, NULL), -EINVAL,
	       "an unknown type");
	is_int(script_fields__parse(&sf, "sw:trace", msg, sizeof(msg), warn, NULL), -EINVAL,
	       "trace for software events, asked by type");
	is_int(script_fields__parse(&sf, "comm,+ip", msg, sizeof(msg), warn, NULL), -EINVAL,
	       "+field mixed with fields");
	is_int(script_fields__parse(&sf, "", msg, sizeof(msg), warn, NULL), -EINVAL,
	       "no field for every type");

	/* the file's events decide */
	evlist = evlist__new();
	add(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
	    SW_ST & ~(u64)PERF_SAMPLE_CPU, "cpu-clock");
	add(evlist, PERF_TYPE_TRACEPOINT, 316, SW_ST | PERF_SAMPLE_RAW | PERF_SAMPLE_CALLCHAIN,
	    "sched:sched_switch");
	add(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY, SW_ST, "dummy:HG");
	script_fields__init(&sf);
	is_int(script_fields__check(&sf, evlist, true, msg, sizeof(msg)), 0, "defaults check");
	ok(!(script_fields__of(&sf, &sw) & SF_CPU), "software: no cpu without CPU samples");
	ok(script_fields__of(&sf, &tp) & SF_CPU, "tracepoints keep theirs");
	ok((script_fields__of(&sf, &tp) & (SF_IP | SF_SYM | SF_SYMOFF | SF_DSO)) ==
	   (SF_IP | SF_SYM | SF_SYMOFF | SF_DSO), "with call chains: tracepoints show the stacks");
	script_fields__init(&sf);
	script_fields__check(&sf, evlist, false, msg, sizeof(msg));
	ok(!(script_fields__of(&sf, &tp) & SF_IP), "-G: no stacks under tracepoints");

	script_fields__init(&sf);
	script_fields__parse(&sf, "comm,cpu", msg, sizeof(msg), warn, NULL);
	is_int(script_fields__check(&sf, evlist, true, msg, sizeof(msg)), -EINVAL,
	       "-F cpu of samples without CPU");
	is_str(msg, "Samples for 'cpu-clock' event do not have CPU attribute set. Cannot print "
	       "'cpu' field.", "upstream's message");
	script_fields__init(&sf);
	script_fields__parse(&sf, "raw:comm", msg, sizeof(msg), warn, NULL);
	is_int(script_fields__check(&sf, evlist, true, msg, sizeof(msg)), 0,
	       "-F raw: with no raw event: nothing to do, as upstream");
	evlist__delete(evlist);

	evlist = evlist__new();
	add(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, SW_ST, "cpu-clock");
	script_fields__init(&sf);
	script_fields__parse(&sf, "trace:trace", msg, sizeof(msg), warn, NULL);
	is_int(script_fields__check(&sf, evlist, true, msg, sizeof(msg)), 0,
	       "trace:trace of a file without tracepoints: nothing to do, as upstream");
	evlist__delete(evlist);
	return done_testing();
}
