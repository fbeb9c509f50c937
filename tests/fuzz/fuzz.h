/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __TESTS_FUZZ_H
#define __TESTS_FUZZ_H

/*
 * What the fuzz targets share.  Each target (read-perf-data.c, report.c,
 * script.c, annotate-bpf.c) defines LLVMFuzzerTestOneInput(): the input is
 * a perf.data file (or pipe stream), read by the library as a command
 * reads it, its output going to /dev/null.  Built with -DFUZZING and
 * clang -fsanitize=fuzzer (make fuzz) libFuzzer drives it; built plainly
 * (the ASan+UBSan build of make check) fuzz__replay_main() runs it once on
 * each file given, the seeds and the regressions, as TAP.
 *
 * The options of a run come from fuzz__mode(), a hash of the input, so a
 * file always replays the way it ran, and the fuzzer reaches every mode.
 */
#include <stddef.h>
#include <stdio.h>

#include "util/data.h"
#include "util/session.h"

int LLVMFuzzerTestOneInput(const u8 *buf, size_t size);

/* The kernel symbols the seeds hit (tests/fuzz/kallsyms; make-kallsyms there). */
#ifndef FUZZ_KALLSYMS
#define FUZZ_KALLSYMS	"tests/fuzz/kallsyms"
#endif

/* A stream and a descriptor on /dev/null, opened once (FUZZ_SHOW=1: stdout). */
FILE *fuzz__devnull(void);
int fuzz__devnull_fd(void);

/* Bits of a hash of the input: the options of its run. */
u64 fuzz__mode(const u8 *buf, size_t size);

/*
 * The input in a file of this process (rewritten for each input), opened
 * as a command opens one: 0 with data and session ready (perf_session__delete()
 * and perf_data__close() them), else -errno and neither left open.
 */
int fuzz__open(const u8 *buf, size_t size, struct perf_tool *tool, struct perf_data *data,
	       struct perf_session **session);

/*
 * A failed read must say why on one line (the commands print it after
 * "perf <cmd>: <file>: "): abort, for the fuzzer to keep the input, when
 * err is set and data->err is empty or holds a newline.
 */
void fuzz__check_error(int err, const struct perf_data *data);

/* The drivers' main() without libFuzzer: each FILE, or every file of each DIR, once. */
int fuzz__replay_main(int argc, char **argv);

#endif /* __TESTS_FUZZ_H */
