// SPDX-License-Identifier: GPL-2.0
/*
 * util/top-synth.c: perf top's background synthesis of this process
 * (-t self) on the live system, into the inbox: it ends, and what it
 * sent is whole records: the kernel's map, this thread's COMM and the
 * MMAP2 of this very binary, with the event's sample_id trailer; the
 * inbox hands over everything sent, once; once stopped it takes nothing
 * more.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "util/evlist.h"
#include "util/top.h"
#include "util/top-synth.h"

int main(void)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(h) };
	struct top_opts opts = { .no_bpf_event = true };
	struct perf_top top;
	struct strbuf *sb;
	char tid[32], exe[PATH_MAX];
	int tries, whole = 1, kernel = 0, comm = 0, self_map = 0, n = 0;
	pid_t me = (pid_t)syscall(SYS_gettid);
	size_t off;

	snprintf(tid, sizeof(tid), "%ld", (long)me);
	opts.tids = tid;
	if (!realpath("/proc/self/exe", exe) || top__init(&top, &opts))
		skip_all("perf top cannot be set up here");
	plan(10);
	is_int(top_synth__start(&top), 0, "the synthesis thread starts");
	for (tries = 0; tries < 1000 && !__atomic_load_n(&top.synth_done, __ATOMIC_ACQUIRE); tries++)
		usleep(10000);
	ok(top.synth_done && !top.synth_err, "it ends, without error");

	sb = top_inbox__take(&top.inbox);
	for (off = 0; off + sizeof(struct perf_event_header) <= sb->len; off += h.size) {
		const union perf_event *ev = (const union perf_event *)(sb->buf + off);

		h = ev->header;
		if (h.size < sizeof(h) || off + h.size > sb->len) {
			whole = 0;
			break;
		}
		n++;
		if (h.type == PERF_RECORD_MMAP && !strncmp(ev->mmap.filename, "[kernel.kallsyms]", 17))
			kernel++;
		if (h.type == PERF_RECORD_COMM && ev->comm.tid == (u32)me)
			comm++;
		if (h.type == PERF_RECORD_MMAP2 && ev->mmap2.pid == (u32)getpid() &&
		    !strcmp(ev->mmap2.filename, exe))
			self_map++;
	}
	ok(n > 3 && whole && off == sb->len, "whole records, back to back (%d)", n);
	is_int(kernel, 1, "the kernel's map");
	is_int(comm, 1, "this thread's comm");
	ok(self_map >= 1, "the maps of this binary");
	is_int(top_inbox__take(&top.inbox)->len, 0, "taken once: the inbox is empty after");

	h = (struct perf_event_header){ .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(h) };
	is_int(top_inbox__emit(&top.inbox, (const union perf_event *)&h), 0, "a record sent");
	top_synth__stop(&top);
	ok(!top.synth_running && top.inbox.closed, "stopped: joined, inbox closed");
	is_int(top_inbox__emit(&top.inbox, (const union perf_event *)&h), -ECANCELED,
	       "a sender after the stop gives up");
	top__exit(&top);
	return done_testing();
}
