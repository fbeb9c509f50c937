// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph page's script and style sheet, kept as files of their
 * own (util/flamegraph/) and built into perf: the assembler includes
 * them as bytes, each followed by a NUL.  Paths are from the top of the
 * tree, where the build runs.
 */
#include "flamegraph.h"

__asm__(".pushsection .rodata\n"
	".global flamegraph_js\n"
	".type flamegraph_js, @object\n"
	"flamegraph_js:\n"
	".incbin \"tools/perf/util/flamegraph/flamegraph.js\"\n"
	".byte 0\n"
	".size flamegraph_js, . - flamegraph_js\n"
	".global flamegraph_css\n"
	".type flamegraph_css, @object\n"
	"flamegraph_css:\n"
	".incbin \"tools/perf/util/flamegraph/flamegraph.css\"\n"
	".byte 0\n"
	".size flamegraph_css, . - flamegraph_css\n"
	".popsection\n");
