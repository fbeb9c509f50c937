// SPDX-License-Identifier: GPL-2.0
/* util/list-events.c: perf list's events, names and order as upstream's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "tap.h"
#include "util/list-events.h"
#include "util/strbuf.h"

static int collect(const char *name, const char *kind, void *priv)
{
	return strbuf__addf(priv, "%s [%s]\n", name, kind);
}

static bool starts(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

static bool no_hw(u32 type, u64 config)
{
	return type != PERF_TYPE_HARDWARE;
}

static void mk(const char *root, const char *path, bool id)
{
	char p[512];
	FILE *fp;

	snprintf(p, sizeof(p), "%s/events/%s", root, path);
	mkdir(p, 0755);
	if (!id)
		return;
	snprintf(p, sizeof(p), "%s/events/%s/id", root, path);
	fp = fopen(p, "w");
	if (fp) {
		fputs("1\n", fp);
		fclose(fp);
	}
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	char root[] = "/tmp/list-events-test.XXXXXX", p[600];

	is_int(list_events__symbols(PERF_TYPE_SOFTWARE, NULL, NULL, collect, &sb), 0,
	       "software events");
	ok(starts(sb.buf, "alignment-faults [Software event]\nbpf-output [Software event]\n"
		  "cgroup-switches [Software event]\ncontext-switches OR cs [Software event]\n"),
	   "sorted by name, the alias after OR");
	ok(strstr(sb.buf, "page-faults OR faults [Software event]\ntask-clock [Software event]\n")
	   != NULL, "task-clock last");
	strbuf__reset(&sb);
	is_int(list_events__symbols(PERF_TYPE_SOFTWARE, "*cs*", NULL, collect, &sb), 0, "a glob");
	is_str(sb.buf, "context-switches OR cs [Software event]\n", "matching the alias");
	strbuf__reset(&sb);
	is_int(list_events__symbols(PERF_TYPE_HARDWARE, "*cycles*", NULL, collect, &sb), 0,
	       "hardware cycles");
	ok(starts(sb.buf, "bus-cycles [Hardware event]\ncpu-cycles OR cycles [Hardware event]\n"
		  "ref-cycles"), "bus-cycles, cpu-cycles OR cycles, ref-cycles...");
	strbuf__reset(&sb);
	is_int(list_events__symbols(PERF_TYPE_HARDWARE, NULL, no_hw, collect, &sb), 0,
	       "without the PMU");
	is_int(sb.len, 0, "no hardware event");
	ok(list_events__supported(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK),
	   "cpu-clock can be opened");
	ok(!list_events__supported(PERF_TYPE_SOFTWARE, 1000), "no software event 1000");

	if (!mkdtemp(root))
		skip_all("no temporary directory");
	snprintf(p, sizeof(p), "%s/events", root);
	mkdir(p, 0755);
	mk(root, "fib", false);
	mk(root, "fib/fib_table_lookup", true);
	mk(root, "fib6", false);
	mk(root, "fib6/fib6_table_lookup", true);
	mk(root, "ftrace", false);
	mk(root, "ftrace/bprint", false);
	strbuf__reset(&sb);
	is_int(list_events__tracepoints(root, NULL, NULL, collect, &sb), 0, "tracepoints");
	is_str(sb.buf, "fib6:fib6_table_lookup [Tracepoint event]\n"
	       "fib:fib_table_lookup [Tracepoint event]\n",
	       "sorted by the whole name, events without an id left out");
	strbuf__reset(&sb);
	is_int(list_events__tracepoints(root, "fib", "*", collect, &sb), 0, "fib:*");
	is_str(sb.buf, "fib:fib_table_lookup [Tracepoint event]\n", "one system");
	snprintf(p, sizeof(p), "rm -rf '%s'", root);
	if (system(p))
		diag("cannot remove %s", root);
	strbuf__release(&sb);
	return done_testing();
}
