/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests of a report's browser: one event ("cpu-clock") and a
 * report of five samples: task 42 "app" at 0x400010 (three, 60%) and
 * 0x400020 (one, 20%) of a file that is gone, task 7 at 0x1234 (one,
 * 20%).  report_test__new() fills rep and session; report_test__delete()
 * frees them.  0 or -1.  With graph, the event samples call chains and
 * the report keeps them (-g, children): each of task 42's samples called
 * from 0x400030 through 0x400020.
 */
#ifndef __TESTS_REPORT_SESSION_H
#define __TESTS_REPORT_SESSION_H

#include "records.h"
#include "util/evlist.h"
#include "util/report.h"

static inline int report_test__new(struct report *rep, struct perf_session *session,
				   double percent_limit, bool graph)
{
	static const union perf_event sample_ev = {
		.header = { .type = PERF_RECORD_SAMPLE, .misc = PERF_RECORD_MISC_USER, .size = 8 },
	};
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(attr),
					.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
						       PERF_SAMPLE_PERIOD };
	struct report_opts o = { .children = true, .max_stack = 127, .kallsyms = "/dev/null" };
	static const struct { u32 pid; u64 ip; } samples[] = {
		{ 42, 0x400010 }, { 42, 0x400020 }, { 42, 0x400010 }, { 7, 0x1234 },
		{ 42, 0x400010 },
	};
	static u64 chain[] = { PERF_CONTEXT_USER, 0, 0x400020, 0x400030 };
	struct evsel *evsel;
	unsigned int i;

	if (graph)
		attr.sample_type |= PERF_SAMPLE_CALLCHAIN;

	memset(session, 0, sizeof(*session));
	session->evlist = evlist__new();
	evsel = evsel__new(&attr, 0);
	if (!session->evlist || !evsel)
		return -1;
	evsel__set_name(evsel, "cpu-clock");
	evlist__add(session->evlist, evsel);
	sort_spec__parse(&o.sort, "comm,dso,sym", NULL, 0);
	o.cg.min_percent = 0.5;
	callchain_param__parse(&o.cg, NULL);
	o.percent_limit = percent_limit;
	if (report__init(rep, &o))
		return -1;
	report__process_event(rep, comm_ev(42, 42, "app"), NULL);
	report__process_event(rep, mmap_ev(42, 0x400000, 0x1000, 0, "/nonexistent/app",
					   PERF_RECORD_MISC_USER), NULL);
	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++) {
		struct perf_sample s = { .pid = samples[i].pid, .tid = samples[i].pid,
					 .ip = samples[i].ip, .period = 100 };

		/* as the parser gives them: a chain, maybe of no frame (task 7's) */
		if (graph) {
			chain[1] = samples[i].ip;
			s.callchain = chain;
			s.callchain_nr = samples[i].pid == 42 ? sizeof(chain) / sizeof(chain[0]) : 0;
		}

		if (report__add_sample(rep, &sample_ev, &s, evsel))
			return -1;
	}
	return 0;
}

static inline void report_test__delete(struct report *rep, struct perf_session *session)
{
	report__exit(rep);
	evlist__delete(session->evlist);
}

#endif /* __TESTS_REPORT_SESSION_H */
