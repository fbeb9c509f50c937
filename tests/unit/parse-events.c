// SPDX-License-Identifier: GPL-2.0
/* util/parse-events.c: -e names, modifiers, lists. */
#include <errno.h>
#include <unistd.h>

#include "tap.h"
#include "util/evlist.h"
#include "util/parse-events.h"
#include "util/synth-cgroup.h"
#include "util/tracefs.h"

static int count_cb(const char *ev, void *priv)
{
	(*(int *)priv)++;
	return 0;
}

int main(void)
{
	struct perf_event_attr attr;
	char name[64];
	int n = 0;

	is_int(parse_events__event("cpu-clock", &attr, name, sizeof(name)), 0, "cpu-clock");
	ok(attr.type == PERF_TYPE_SOFTWARE && attr.config == PERF_COUNT_SW_CPU_CLOCK &&
	   attr.size == sizeof(attr), "software, config 0, attr.size set");
	is_str(name, "cpu-clock", "name");
	is_int(parse_events__event("task-clock", &attr, NULL, 0), 0, "task-clock");
	ok(attr.config == PERF_COUNT_SW_TASK_CLOCK, "config 1");
	is_int(parse_events__event("cycles:u", &attr, name, sizeof(name)), 0, "cycles:u");
	ok(attr.type == PERF_TYPE_HARDWARE && attr.exclude_kernel && !attr.exclude_user &&
	   attr.exclude_hv, ":u excludes kernel and hv");
	ok(parse_events__is_hw(&attr), "cycles is a hardware event");
	is_int(parse_events__event("instructions:ppp", &attr, NULL, 0), 0, ":ppp");
	is_int(attr.precise_ip, 3, "precise_ip 3");
	is_int(parse_events__event("cycles:pppp", &attr, NULL, 0), -EINVAL, "too precise");
	is_int(parse_events__event("cycles:z", &attr, NULL, 0), -EINVAL, "bad modifier");
	is_int(parse_events__event("r1a2b", &attr, NULL, 0), 0, "raw");
	ok(attr.type == PERF_TYPE_RAW && attr.config == 0x1a2b, "raw config in hex");
	is_int(parse_events__event("rxyz", &attr, NULL, 0), -ENOENT, "bad raw");
	is_int(parse_events__event("no-such-event", &attr, NULL, 0), -ENOENT, "unknown");
	is_int(parse_events__event("", &attr, NULL, 0), -ENOENT, "empty");
	is_int(parse_events__event("dummy", &attr, NULL, 0), 0, "dummy");
	ok(attr.config == PERF_COUNT_SW_DUMMY, "dummy config 9");
	is_int(parse_events__list("cpu-clock,task-clock,dummy", count_cb, &n), 0, "a list");
	is_int(n, 3, "three events");
	is_int(parse_events__event("cs", &attr, NULL, 0), 0, "an alias");
	ok(attr.config == PERF_COUNT_SW_CONTEXT_SWITCHES, "cs is context-switches");
	is_int(parse_events__event("cgroup-switches", &attr, NULL, 0), 0, "cgroup-switches");
	is_int(parse_events__event("bpf-output", &attr, NULL, 0), 0, "bpf-output");

	ok(parse_events__is_tracepoint("sched:sched_switch") &&
	   parse_events__is_tracepoint("sched:*") && parse_events__is_tracepoint("*:x"),
	   "tracepoint syntax");
	ok(!parse_events__is_tracepoint("cycles:u") && !parse_events__is_tracepoint("cs:k") &&
	   !parse_events__is_tracepoint("r1a:u") && !parse_events__is_tracepoint("cpu-clock"),
	   "events with modifiers are not tracepoints");

	{
		struct event_args args = { .nr = 0 };
		struct evlist *evlist = evlist__new();
		char msg[512], dir[4096];
		int i;

		is_int(event_args__add(&args, "cpu-clock", false), 0, "an -e");
		is_int(event_args__add(&args, "x", true), 0, "a --filter");
		ok(args.nr == 2 && args.nr_events == 1, "counted apart");
		is_int(parse_events__add_args(evlist, &args, NULL, msg, sizeof(msg)), -EINVAL,
		       "a filter of a software event");
		ok(strstr(msg, "cpu-clock is not a tracepoint") != NULL, "said (%s)", msg);
		evlist__delete(evlist);

		evlist = evlist__new();
		args.nr = args.nr_events = 0;
		event_args__add(&args, "x", true);
		is_int(parse_events__add_args(evlist, &args, "cpu-clock", msg, sizeof(msg)),
		       -EINVAL, "a filter before any -e");
		ok(strstr(msg, "follows no -e") != NULL, "said (%s)", msg);
		evlist__delete(evlist);

		evlist = evlist__new();
		args.nr = args.nr_events = 0;
		event_args__add(&args, "cpu-clock", false);
		is_int(event_args__add_exclude_pid(&args), 0, "an --exclude-perf");
		is_int(args.nr_events, 1, "not an event");
		is_int(parse_events__add_args(evlist, &args, NULL, msg, sizeof(msg)), -EINVAL,
		       "--exclude-perf after a software event");
		is_str(msg, "--exclude-perf option should follow a -e tracepoint option",
		       "upstream's line");
		evlist__delete(evlist);

		evlist = evlist__new();
		args.nr = args.nr_events = 0;
		event_args__add_exclude_pid(&args);
		is_int(parse_events__add_args(evlist, &args, "cpu-clock", msg, sizeof(msg)),
		       -EINVAL, "--exclude-perf before any -e");
		evlist__delete(evlist);

		/* -G: by position, one name to all; the root cgroup ("/") is always there */
		evlist = evlist__new();
		args.nr = args.nr_events = 0;
		is_int(event_args__add_cgroup(&args, "/"), 0, "a -G");
		ok(event_args__has_cgroup(&args) && args.nr_events == 0, "not an event, a cgroup");
		is_int(parse_events__add_args(evlist, &args, "cpu-clock", msg, sizeof(msg)),
		       -EINVAL, "-G before any -e");
		is_str(msg, "must define events before cgroups", "upstream's line");
		evlist__delete(evlist);
		if (!synth_cgroup__mount("/proc/mounts", dir, sizeof(dir))) {
			static const char *const lists[] = { "/", ",/", "/,/,/" };
			static const int want[][2] = { { 1, 1 }, { 0, 1 }, { -1, -1 } };

			for (i = 0; i < 3; i++) {
				evlist = evlist__new();
				args.nr = args.nr_events = 0;
				event_args__add(&args, "cpu-clock,task-clock", false);
				event_args__add_cgroup(&args, lists[i]);
				if (want[i][0] < 0) {
					is_int(parse_events__add_args(evlist, &args, NULL, msg,
								      sizeof(msg)),
					       -EINVAL, "-G %s: more names than events", lists[i]);
				} else {
					is_int(parse_events__add_args(evlist, &args, NULL, msg,
								      sizeof(msg)),
					       0, "-G %s (%s)", lists[i], msg);
					ok(evlist->entries[0]->in_cgroup == want[i][0] &&
					   evlist->entries[1]->in_cgroup == want[i][1] &&
					   (!want[i][0] || evlist->entries[0]->cgroup_fd !=
					    evlist->entries[1]->cgroup_fd),
					   "-G %s: the events' cgroups, each its own fd", lists[i]);
				}
				evlist__delete(evlist);
			}
			evlist = evlist__new();
			args.nr = args.nr_events = 0;
			event_args__add(&args, "cpu-clock", false);
			event_args__add_cgroup(&args, "no-such-cgroup-here");
			is_int(parse_events__add_args(evlist, &args, NULL, msg, sizeof(msg)), -ENOENT,
			       "a cgroup that does not exist");
			ok(!strncmp(msg, "no access to cgroup ", 20), "upstream's line (%s)", msg);
			evlist__delete(evlist);
		} else {
			ok(1, "# SKIP no perf_event or cgroup2 hierarchy mounted");
		}

		evlist = evlist__new();
		args.nr = args.nr_events = 0;
		is_int(parse_events__add_args(evlist, &args, "cpu-clock", msg, sizeof(msg)), 0,
		       "no -e: the default");
		is_int(evlist->nr_entries, 1, "one event");
		evlist__delete(evlist);

		for (i = 0; i < EVENT_ARGS_MAX; i++)
			event_args__add(&args, "cpu-clock", false);
		is_int(event_args__add(&args, "cpu-clock", false), -E2BIG, "too many");

		if (tracefs__dir(dir, sizeof(dir)) ||
		    access("/sys/kernel/tracing/events/sched/sched_switch/id", R_OK)) {
			diag("no readable tracefs: tracepoint parsing not tested");
			return done_testing();
		}
		evlist = evlist__new();
		is_int(parse_events__add_list(evlist, "sched:sched_switch,sched:sched_wak*",
					      msg, sizeof(msg)), 0, "a tracepoint and a glob");
		ok(evlist->nr_entries >= 3, "the glob adds several (%d)", evlist->nr_entries);
		ok(evlist->entries[0]->attr.type == PERF_TYPE_TRACEPOINT &&
		   !strcmp(evsel__name(evlist->entries[0]), "sched:sched_switch"), "named");
		for (i = 1; i < evlist->nr_entries; i++)
			if (strncmp(evsel__name(evlist->entries[i]), "sched:sched_wak", 15))
				break;
		is_int(i, evlist->nr_entries, "each glob match named sys:name");
		is_int(parse_events__set_filter(evlist, 0, "prev_pid > 0", msg, sizeof(msg)), 0,
		       "a filter on them");
		is_int(parse_events__set_filter(evlist, 1, "pid > 0", msg, sizeof(msg)), 0,
		       "another on the glob's");
		is_str(evlist->entries[0]->filter, "prev_pid > 0", "the first kept as set");
		is_str(evlist->entries[1]->filter, "(prev_pid > 0) && (pid > 0)", "joined");
		{
			struct event_args xa = { .nr = 0 };
			struct evlist *x = evlist__new();
			char want[64];

			event_args__add(&xa, "sched:sched_switch", false);
			event_args__add(&xa, "prev_pid > 0", true);
			event_args__add_exclude_pid(&xa);
			is_int(parse_events__add_args(x, &xa, NULL, msg, sizeof(msg)), 0,
			       "--filter then --exclude-perf");
			snprintf(want, sizeof(want), "(prev_pid > 0) && (common_pid != %d)",
				 (int)getpid());
			is_str(x->entries[0]->filter, want, "this process left out, joined");
			evlist__delete(x);
		}
		is_int(parse_events__add_list(evlist, "sched:nope", msg, sizeof(msg)), -ENOENT,
		       "unknown event of a known system");
		ok(strstr(msg, "subsystem 'sched' has no event 'nope'") != NULL, "said (%s)", msg);
		is_int(parse_events__add_list(evlist, "nosys:x", msg, sizeof(msg)), -ENOENT,
		       "unknown system");
		ok(strstr(msg, "no subsystem 'nosys'") != NULL, "said (%s)", msg);
		is_int(parse_events__add_list(evlist, "sched:zzz*", msg, sizeof(msg)), -ENOENT,
		       "a glob without a match");
		ok(strstr(msg, "no tracepoint matches") != NULL, "said (%s)", msg);
		is_int(parse_events__add_list(evlist, "*:sched_switch", msg, sizeof(msg)), 0,
		       "a system glob");
		is_str(evsel__name(evlist->entries[evlist->nr_entries - 1]), "sched:sched_switch",
		       "*:sched_switch is sched's");
		evlist__delete(evlist);
	}
	return done_testing();
}
