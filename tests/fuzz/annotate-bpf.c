// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate of JITed BPF functions on damaged input: samples by
 * symbol (programs registered and unregistered by KSYMBOL, or named from
 * BPF_PROG_INFO), then each sampled function's annotation, whose code,
 * line info and BTF all come from the file's header, disassembled and
 * printed.  Only BPF objects: user ELF files and the kernel would be read
 * from this machine, not from the input.  The mode picks the printing
 * options (--asm-raw, -l, -P, --no-source, -n, --show-total-period,
 * --percent-limit).  See fuzz.h.
 */
#include "fuzz.h"
#include "util/annotator.h"
#include "util/dso.h"

struct fuzz_annotate {
	struct perf_tool	tool;
	struct annotator	ann;
};

static int fa__sample(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	return annotator__sample(&((struct fuzz_annotate *)tool)->ann, ev, sample, evsel);
}

static int fa__event(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	return annotator__process_event(&((struct fuzz_annotate *)tool)->ann, ev, sample);
}

int LLVMFuzzerTestOneInput(const u8 *buf, size_t size)
{
	struct fuzz_annotate fa = {
		.tool = { .sample = fa__sample, .event = fa__event, .ordered = true },
	};
	u64 mode = fuzz__mode(buf, size);
	struct annotator_opts o = {
		.kinds = 1u << DSO_KIND_BPF | 1u << DSO_KIND_FALLBACK,
		/* the kernel's symbols, for the helpers a program calls */
		.kallsyms = FUZZ_KALLSYMS,
		.print = {
			.asm_raw = mode & 1,
			.print_line = (mode >> 1) & 1,
			.full_paths = (mode >> 2) & 1,
			.no_source = (mode >> 3) & 1,
			.show_nr_samples = (mode >> 4) & 1,
			.show_total_period = (mode >> 5 & 3) == 0,
			.min_percent = (mode >> 7) & 1 ? 5.0 : 0,
		},
	};
	struct perf_session *session;
	struct perf_data data;
	int printed = 0, nr_errors = 0;

	if (annotator__init(&fa.ann, &o))
		goto out;
	if (fuzz__open(buf, size, &fa.tool, &data, &session))
		goto out;
	annotator__use_header(&fa.ann, &session->header);
	fuzz__check_error(perf_session__process(session), &data);
	if (!annotator__finish(&fa.ann))
		annotator__fprintf(&fa.ann, session->evlist, fuzz__devnull(), &printed,
				   &nr_errors);
	perf_session__delete(session);
	perf_data__close(&data);
out:
	annotator__exit(&fa.ann);
	return 0;
}

#ifndef FUZZING
int main(int argc, char **argv)
{
	return fuzz__replay_main(argc, argv);
}
#endif
