// SPDX-License-Identifier: GPL-2.0
/*
 * perf report --stdio on damaged input: every record through the machine
 * (threads, maps, KSYMBOL register and unregister in any order), symbol
 * lookup (the kernel from tests/fuzz/kallsyms, objects from their files,
 * BPF programs from KSYMBOLs and the header's BPF_PROG_INFO), call chains
 * into children and graphs, then the rows and graphs printed.  The mode
 * picks -g (graph, none, caller, callee), --children or not, the sort
 * keys, filters and the printing options, or the --bpf-progs table (a
 * damaged BPF_PROG_INFO then kept as far as it goes).  See fuzz.h.
 */
#include <string.h>

#include "fuzz.h"
#include "util/bpf-progs-report.h"
#include "util/report.h"

struct fuzz_report {
	struct perf_tool	tool;
	struct report		rep;
	struct bpf_progs_report	bpr;
	bool			bpf_progs;
};

static int fr__sample(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	struct fuzz_report *fr = (struct fuzz_report *)tool;

	if (fr->bpf_progs)
		return bpf_progs_report__sample(&fr->bpr, ev, sample);
	return report__add_sample(&fr->rep, ev, sample, evsel);
}

static int fr__event(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	return report__process_event(&((struct fuzz_report *)tool)->rep, ev, sample);
}

static const char * const sorts[] = {
	"comm,dso,sym", "pid,sym", "tid,cpu,dso", "sym,dso", "bpf_prog,dso", "cpu,comm,sym", "sym",
	"comm,trace,trace_fields",
};

static const char * const graphs[] = { NULL, "none", "caller", "callee,0" };

static void report_opts__from_mode(struct report_opts *o, u64 mode)
{
	memset(o, 0, sizeof(*o));
	o->children = !(mode & 1);
	o->sort_order = sorts[(mode >> 1) & 7];
	sort_spec__parse_fields(&o->sort, o->sort_order, NULL, 0);
	o->cg.min_percent = 0.5;
	callchain_param__parse(&o->cg, graphs[(mode >> 4) & 3]);
	o->max_stack = (mode >> 6) & 1 ? 2 : 127;
	o->show_nr_samples = (mode >> 7) & 1;
	o->percent_limit = (mode >> 8) & 1 ? 2.0 : 0;
	o->quiet = (mode >> 9) & 1;
	o->verbose = (mode >> 10) & 1;
	o->no_bpf_prog_info = (mode >> 11) & 1;
	if ((mode >> 12 & 15) == 0)
		o->filter.comms = "bpfload,perf";
	if ((mode >> 12 & 15) == 1)
		o->filter.dsos = "[kernel.kallsyms]";
	if ((mode >> 12 & 15) == 2)
		o->filter.symbols = "bpf_prog_ba7481c396c507da_hot_prog_0,do_syscall_64";
	o->kallsyms = FUZZ_KALLSYMS;
}

int LLVMFuzzerTestOneInput(const u8 *buf, size_t size)
{
	struct fuzz_report fr = {
		.tool = { .sample = fr__sample, .event = fr__event, .ordered = true },
	};
	struct perf_session *session;
	struct report_opts o;
	struct perf_data data;
	char bad[256];

	static const char * const bpf_sorts[] = { NULL, "id", "loader,load", "lifetime,bytes" };
	u64 mode = fuzz__mode(buf, size);

	report_opts__from_mode(&o, mode);
	if (report__init(&fr.rep, &o))
		goto out;
	/* a quarter of the inputs: the --bpf-progs table */
	fr.bpf_progs = !((mode >> 16) & 3);
	if (fr.bpf_progs) {
		if (bpf_progs_report__init(&fr.bpr, fr.rep.machine, bpf_sorts[(mode >> 18) & 3],
					   bad, sizeof(bad)))
			goto out;
		fr.bpr.quiet = o.quiet;
		fr.bpr.verbose = o.verbose;
		fr.tool.lenient_bpf_info = true;
	}
	if (fuzz__open(buf, size, &fr.tool, &data, &session))
		goto out;
	report__use_header(&fr.rep, &session->header, true);
	/* tracepoints: the file's formats, field keys of its events (else the command stops) */
	if (!report__use_session(&fr.rep, session) &&
	    !report__check_fields(&fr.rep, bad, sizeof(bad))) {
		/* what was read before an error prints as a file cut there would */
		fuzz__check_error(perf_session__process(session), &data);
		if (fr.bpf_progs)
			bpf_progs_report__fprintf(&fr.bpr, fuzz__devnull());
		else
			report__fprintf(&fr.rep, session, fuzz__devnull());
	}
	perf_session__delete(session);
	perf_data__close(&data);
out:
	report__exit(&fr.rep);
	return 0;
}

#ifndef FUZZING
int main(int argc, char **argv)
{
	return fuzz__replay_main(argc, argv);
}
#endif
