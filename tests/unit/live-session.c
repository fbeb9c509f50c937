// SPDX-License-Identifier: GPL-2.0
/*
 * util/live-session.c on the live kernel: targets (this thread, every
 * CPU, a list that does not parse, a pid that does not exist) with their
 * messages in the error sink, then cpu-clock on this thread opened,
 * mapped, polled, enabled and closed.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>

#include "tap.h"
#include "util/cpumap.h"
#include "util/err-sink.h"
#include "util/evlist.h"
#include "util/live-session.h"
#include "util/parse-events.h"
#include "util/thread-map.h"

static char said[1024];

static void sink(const char *line, void *priv)
{
	snprintf(said, sizeof(said), "%s", line);
	(*(int *)priv)++;
}

int main(void)
{
	struct live_session ls = { 0 };
	struct live_target t = { 0 };
	struct pollfd pfd[1024];
	char pid[32], msg[256];
	int lines = 0, n;
	struct evsel *evsel;

	err_sink__set("test", sink, &lines);
	{
		FILE *fp = fopen("/proc/sys/kernel/perf_event_max_sample_rate", "r");
		int want = 0;

		if (fp && fscanf(fp, "%d", &want) != 1)
			want = 0;
		if (fp)
			fclose(fp);
		is_int(live_session__max_freq(), want, "the maximum frequency is the sysctl's");
	}
	t.system_wide = true;
	t.cpu_list = "x";
	ok(live_session__init_target(&ls, &t) < 0, "-C x: refused");
	ok(lines == 1 && strstr(said, "perf test: -C x: bad CPU list"), "one line: %s", said);
	live_session__exit(&ls);

	t = (struct live_target){ .pids = "999999999" };
	ok(live_session__init_target(&ls, &t) < 0, "a pid that does not exist: refused");
	ok(strstr(said, "-p 999999999") != NULL, "the line names it: %s", said);
	live_session__exit(&ls);

	t = (struct live_target){ .system_wide = true };
	n = live_session__init_target(&ls, &t);
	ok(!n && !ls.per_thread && ls.cpus->nr > 0 && ls.threads->nr == 1,
	   "-a: every CPU, one thread slot (%d CPUs)", n ? 0 : ls.cpus->nr);
	live_session__exit(&ls);

	snprintf(pid, sizeof(pid), "%d", getpid());
	t = (struct live_target){ .tids = pid };
	n = live_session__init_target(&ls, &t);
	ok(!n && ls.per_thread && ls.threads->nr == 1, "-t self: per thread");
	ls.evlist = evlist__new();
	ok(ls.evlist && !parse_events__add_list(ls.evlist, "cpu-clock", msg, sizeof(msg)),
	   "cpu-clock");
	evsel = evlist__first(ls.evlist);
	evsel->attr.sample_period = 100000;
	evsel->attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	evsel->attr.disabled = 1;
	ls.pages = 8;
	lines = 0;
	if (live_session__open(&ls, "none")) {
		diag("%s", said);
		skip_all("cannot open cpu-clock here");
	}
	ok(lines == 0, "opened without a word");
	ok(!live_session__mmap(&ls) && ls.nr_maps == ls.cpus->nr, "one ring buffer per CPU");
	n = live_session__pollfds(&ls, pfd);
	ok(n == ls.nr_maps && pfd[0].events == POLLIN && pfd[0].fd >= 0, "their poll fds");
	live_session__ioctl(&ls, -1, PERF_EVENT_IOC_ENABLE);
	live_session__ioctl(&ls, -1, PERF_EVENT_IOC_DISABLE);
	live_session__exit(&ls);
	ok(!ls.fds && !ls.maps && !ls.nr_maps && !ls.cpus && !ls.threads, "all gone");
	evlist__delete(ls.evlist);
	return done_testing();
}
