// SPDX-License-Identifier: GPL-2.0
/*
 * util/live-session.c on the live kernel: targets (this thread, every
 * CPU, a list that does not parse, a pid that does not exist) with their
 * messages in the error sink, what a session synthesizes at start (its
 * tasks, and its BPF programs only when the kernel took the side-band
 * bits), then cpu-clock on this thread opened, mapped, polled, enabled
 * and closed.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <bpf/bpf.h>

#include "tap.h"
#include "util/bpf-event.h"
#include "util/cpumap.h"
#include "util/err-sink.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/live-session.h"
#include "util/parse-events.h"
#include "util/synthesize.h"
#include "util/thread-map.h"

static char said[1024];
static int nr_type[PERF_RECORD_MAX];
static pid_t comm_pid;

static int count(void *priv, const union perf_event *ev)
{
	if (ev->header.type < PERF_RECORD_MAX)
		nr_type[ev->header.type]++;
	if (ev->header.type == PERF_RECORD_COMM)
		comm_pid = ev->comm.pid;
	return 0;
}

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

	struct perf_synth syn = { .emit = count, .sample_type = PERF_SAMPLE_TID };
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct perf_env_bpf env_bpf;
	struct bpf_capture cap = { .bpf = &env_bpf, .lock = &lock, .keep_info = true,
				   .arrays = BPF_EVENT__ALL_ARRAYS };
	int prog = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "unit_live", "GPL", insns, 2, NULL);

	perf_env_bpf__init(&env_bpf);

	is_int(live_session__synth_tasks(&ls, &syn), 0, "tasks synthesized");
	ok(nr_type[PERF_RECORD_MMAP] >= 1 && nr_type[PERF_RECORD_COMM] == 1 && comm_pid == getpid(),
	   "the kernel's map and this process only (%d MMAP, %d COMM)",
	   nr_type[PERF_RECORD_MMAP], nr_type[PERF_RECORD_COMM]);
	memset(nr_type, 0, sizeof(nr_type));
	ls.sideband_bits = false;
	is_int(live_session__synth_bpf(&ls, &syn, &cap, true), 0,
	       "no side-band bits: no BPF program synthesized");
	ok(!nr_type[PERF_RECORD_KSYMBOL] && !nr_type[PERF_RECORD_BPF_EVENT] && !env_bpf.nr_progs,
	   "nothing emitted or captured");
	ls.sideband_bits = true;
	n = live_session__synth_bpf(&ls, &syn, &cap, true);
	ok(n >= 0 && nr_type[PERF_RECORD_BPF_EVENT] >= (prog >= 0) &&
	   nr_type[PERF_RECORD_KSYMBOL] >= nr_type[PERF_RECORD_BPF_EVENT] &&
	   env_bpf.nr_progs == (u32)nr_type[PERF_RECORD_BPF_EVENT],
	   "side-band bits: every loaded program (ours %s) with its KSYMBOL and BPF_EVENT, "
	   "its info kept (%d KSYMBOL, %d BPF_EVENT, %u kept)", prog >= 0 ? "too" : "not loaded",
	   nr_type[PERF_RECORD_KSYMBOL], nr_type[PERF_RECORD_BPF_EVENT], env_bpf.nr_progs);
	if (prog >= 0)
		close(prog);
	bpf_capture__exit(&cap);
	perf_env_bpf__exit(&env_bpf);
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
