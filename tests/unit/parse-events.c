// SPDX-License-Identifier: GPL-2.0
/* util/parse-events.c: -e names, modifiers, lists. */
#include <errno.h>

#include "tap.h"
#include "util/parse-events.h"

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
	return done_testing();
}
