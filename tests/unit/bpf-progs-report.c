// SPDX-License-Identifier: GPL-2.0
/*
 * util/bpf-progs-report.c: the --bpf-progs table of two programs: samples
 * summed over functions, callers from the frame below the program in
 * the chain (subprogram frames skipped), zero-sample rows, sorting,
 * -q, -v and the sort key names.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "records.h"
#include "tap.h"
#include "util/bpf-progs.h"
#include "util/bpf-progs-report.h"
#include "util/machine.h"

static void sample(struct bpf_progs_report *r, u64 ip, const u64 *chain, u64 nr)
{
	union perf_event ev = { .header = { .type = PERF_RECORD_SAMPLE,
					    .misc = PERF_RECORD_MISC_KERNEL } };
	struct perf_sample s = { .ip = ip, .period = 1, .time = 5000000, .callchain = chain,
				 .callchain_nr = nr, .pid = 100, .tid = 100 };

	bpf_progs_report__sample(r, &ev, &s);
}

static char *print(struct bpf_progs_report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	if (!fp)
		return NULL;
	bpf_progs_report__fprintf(r, fp);
	fclose(fp);
	return text;
}

int main(void)
{
	char path[] = "/tmp/bpf-progs-report-kallsyms.XXXXXX";
	struct perf_sample s = { .pid = 100, .tid = 100, .time = 1000000 };
	struct bpf_progs_report r;
	struct machine *m;
	char bad[64], *out;
	int fd = mkstemp(path);
	FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	const u64 in_sub[] = { PERF_CONTEXT_KERNEL, 0xffffffffc0001110ULL, 0xffffffffc0001010ULL,
			       0xffffffff81000110ULL, PERF_CONTEXT_USER, 0x400000 };
	const u64 in_main[] = { PERF_CONTEXT_KERNEL, 0xffffffffc0001020ULL, 0xffffffff81000210ULL };

	if (!fp)
		skip_all("no temporary file");
	fprintf(fp, "ffffffff81000000 T _text\nffffffff81000100 T bpf_test_run\n"
		"ffffffff81000200 T other_caller\nffffffff81000300 T _etext\n");
	fclose(fp);
	m = machine__new(path);
	if (!m)
		skip_all("no machine");
	machine__process_event(m, comm_ev(100, 100, "loader"), &s);
	machine__process_event(m, mmap_ev(-1, 0xffffffff81000000ULL, 0x300, 0,
					  "[kernel.kallsyms]_text", PERF_RECORD_MISC_KERNEL), &s);
	s.time = 2000000;
	machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x100, false,
					  "bpf_prog_aa00000000000000_hot"), &s);
	machine__process_event(m, ksym_ev(0xffffffffc0001100ULL, 0x40, false,
					  "bpf_prog_bb00000000000000_hot_sub"), &s);
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 21, 0), &s);
	s.time = 3000000;
	machine__process_event(m, ksym_ev(0xffffffffc0002000ULL, 0x20, false,
					  "bpf_prog_cc00000000000000_idle"), &s);
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 22, 0), &s);

	is_int(bpf_progs_report__init(&r, m, "nosuch,id", bad, sizeof(bad)), -EINVAL,
	       "an unknown key");
	is_str(bad, "nosuch", "named");
	is_int(bpf_progs_report__init(&r, m, NULL, bad, sizeof(bad)), 0, "default: by samples");
	sample(&r, 0xffffffffc0001110ULL, in_sub, 6);
	sample(&r, 0xffffffffc0001110ULL, in_sub, 6);
	sample(&r, 0xffffffffc0001020ULL, in_main, 3);
	sample(&r, 0xffffffff81000120ULL, NULL, 0);
	s.time = 9000000;
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_UNLOAD, 21, 0), &s);

	out = print(&r);
	if (getenv("V"))
		diag("%s", out);
	ok(out && strstr(out, "# BPF programs: 2 (2 loaded while recording"), "summary");
	ok(out && strstr(out, "bpf_test_run 66.67%, other_caller 33.33%"),
	   "callers: below the subprogram and main frames, with shares");
	ok(out && strstr(out, "loader/100") && strstr(out, "0.001000  0.008000   0.007000"),
	   "loader, load, unload and lifetime from the first record");
	ok(out && strstr(out, ">0.006000"), "still loaded at the end: an open lifetime");
	ok(out && strstr(out, "     3  75.00%") && strstr(out, "     0   0.00%  -"),
	   "samples and share; the idle program listed with none");
	ok(out && strstr(out, "# total: 2 programs, 3 functions, 352 bytes, 3 of 4 samples"),
	   "the total line");
	ok(out && strstr(out, "  21  ") < strstr(out, "  22  "), "most samples first");
	free(out);

	r.quiet = true;
	r.sort[0] = BPC_BYTES;
	r.nr_sort = 1;
	out = print(&r);
	ok(out && !strchr(out, '#') && out[0] == '2' && out[1] == '1', "-q, --sort bytes");
	free(out);
	r.sort[0] = BPC_LOAD;
	out = print(&r);
	ok(out && strstr(out, "21  ") == out, "--sort load: the first loaded first");
	free(out);
	r.verbose = true;
	out = print(&r);
	ok(out && strstr(out, "  0xffffffffc0001100-0xffffffffc0001140     64 bytes          2 "
			 "samples  bpf_prog_bb00000000000000_hot_sub"), "-v: a function's line");
	free(out);
	machine__delete(m);
	unlink(path);
	return done_testing();
}
