// SPDX-License-Identifier: GPL-2.0
/*
 * util/top*.c without the live kernel: records sent through the inbox
 * (a synthesized KSYMBOL never undoes a live one, an unregister read late
 * never removes a program that reused the address), decay and zeroing,
 * the header line, rows with -K and a filter.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "util/evlist.h"
#include "util/synthesize.h"
#include "util/top.h"
#include "util/top-print.h"

#define A	0xffffffffc0001000ULL
#define B	0xffffffffc0002000ULL

static void ksym(struct perf_top *top, u64 time, u64 addr, bool unreg, const char *name)
{
	struct perf_synth s = {
		.emit = top_inbox__emit, .priv = &top->inbox, .id_hdr_size = top->id_hdr_size,
		.sample_type = evlist__first(top->evlist)->attr.sample_type, .time = time,
	};

	perf_synth__ksymbol(&s, addr, 64, PERF_RECORD_KSYMBOL_TYPE_BPF,
			    unreg ? PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER : 0, name);
}

static const char *name_at(struct perf_top *top, u64 addr)
{
	struct map *map = maps__find(top->machine->kmaps, addr);

	return map ? map->dso->long_name : "(none)";
}

int main(void)
{
	struct top_opts opts = { 0 };
	struct perf_top top;
	struct addr_location al = { 0 };
	struct top_rows rows = { 0 };
	struct hists *h;
	char tid[32], buf[512], want[256];

	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	is_int(top__init(&top, &opts), 0, "init (-t self; nothing opened yet)");
	ok(top.live.per_thread && top.id_hdr_size > 0, "per-thread, sample_id_all trailer");

	ksym(&top, 10, A, false, "bpf_prog_aaaa_live");
	ksym(&top, 0, A, false, "bpf_prog_aaaa_old");
	ksym(&top, 11, B, true, "bpf_prog_bbbb_gone");
	ksym(&top, 0, B, false, "bpf_prog_bbbb_gone");
	ksym(&top, 12, A, true, "bpf_prog_aaaa_old");
	is_int(top__read(&top), 0, "inbox applied");
	is_str(name_at(&top, A + 8), "bpf_prog_aaaa_live",
	       "a synthesized registration does not replace a live one");
	is_str(name_at(&top, B + 8), "(none)",
	       "a synthesized registration does not bring back a program unloaded live");
	ok(maps__find(top.machine->kmaps, A) != NULL,
	   "an unregister of another name leaves the program at that address");

	/* two entries: decay keeps 7/8, drops what reaches zero */
	h = top__hists(&top);
	machine__resolve_ip(top.machine, NULL, PERF_RECORD_MISC_KERNEL, A + 8, &al);
	ok(al.sym && !strcmp(al.sym->name, "bpf_prog_aaaa_live"), "a sample resolves to it");
	hists__add(h, &al, 0, 8);
	machine__resolve_ip(top.machine, NULL, PERF_RECORD_MISC_USER, 0x1234, &al);
	hists__add(h, &al, 0, 1);
	is_int(h->nr_entries, 2, "two entries");
	top.stats.samples = 2;
	top.stats.kernel_samples = 1;
	top__header(&top, 1.0, buf, sizeof(buf));
	snprintf(want, sizeof(want), "   PerfTop:       2 irqs/sec  kernel:50.0%%  exact:  0.0%% "
		 "lost: 0/0 drop: 0/0 [4000Hz cpu-clock],  (target_tid: %s)", tid);
	is_str(buf, want, "header line as upstream's");

	top.opts.hide_kernel = true;
	is_int(top_rows__build(&rows, &top, NULL, 0), 1, "-K: the kernel row hidden");
	top.opts.hide_kernel = false;
	is_int(top_rows__build(&rows, &top, "aaaa", 0), 1, "filter: the matching row");
	top_rows__format(&rows, rows.v[0], buf, sizeof(buf));
	is_str(buf, "    88.89%  bpf_prog_aaaa_live  [k] bpf_prog_aaaa_live", "row text");
	is_int(top_rows__build(&rows, &top, NULL, 1), 1, "limit");
	top_rows__exit(&rows);

	top__decay(&top);
	is_int(h->nr_entries, 1, "decay: the entry of period 1 went");
	is_int((int)h->total_period, 7, "decay: 8 became 7");
	ok(top.stats.samples == 0 && top.stats.samples_total == 2, "interval counts restart");
	top.opts.zero = true;
	top__decay(&top);
	ok(h->nr_entries == 0 && h->total_period == 0, "-z: everything zeroed");

	ksym(&top, 13, A, true, "bpf_prog_aaaa_live");
	top__read(&top);
	is_str(name_at(&top, A + 8), "(none)", "its own unregister removes it");
	top__exit(&top);
	return done_testing();
}
