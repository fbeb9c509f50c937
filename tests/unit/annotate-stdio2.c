// SPDX-License-Identifier: GPL-2.0
/*
 * ui/annotate-stdio2.c: a small annotation (an empty first source row, a
 * source line, a loop's backward jump, a forward jump, a call, a jump
 * through a register, a return) printed as perf annotate --stdio2 lays
 * it out, the symbol's own counts or the event's in the title.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/annotate.h"
#include "ui/annotate-stdio2.h"

static struct annotation_line lines[] = {
	{ .type = ANNOTATION_LINE_SOURCE, .text = "" },
	{ .type = ANNOTATION_LINE_SOURCE, .text = "" },
	{ .type = ANNOTATION_LINE_SOURCE, .text = "f.c:3" },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x0, .text = "pushq  %rbp" },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x1, .text = "addq   $1,%rdi",
	  .nr_samples = 6, .period = 6, .percent = 60.0 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x5, .text = "jne    1 <f+0x1>",
	  .is_jump = true, .target = 0x1, .nr_samples = 1, .period = 1, .percent = 10.0 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x7, .text = "je     10 <f+0x10>",
	  .is_jump = true, .target = 0x10 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0xb, .text = "callq  ffffffff81000000 <g>",
	  .is_call = true, .target = 0xffffffff81000000ULL, .nr_samples = 3, .period = 3,
	  .percent = 30.0 },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0xe, .text = "jmpq   *%rcx" },
	{ .type = ANNOTATION_LINE_INSN, .offset = 0x10, .text = "retq" },
};

static const char want[] =
	"Samples: 10  of event 'cpu-clock', 4000 Hz, Event count (approx.): 2500000, "
	"[percent: local period]\n"
	"f() /usr/lib/libf.so\n"
	"Percent        \n"
	"               \n"
	"            f.c:3\n"
	"              pushq      %rbp\n"
	" 60.00   1:   addq       $1,%rdi\n"
	" 10.00      \u2191 jne        1\n"
	"            \u2193 je         10\n"
	" 30.00      \u2192 callq      g\n"
	"            \u2192 jmpq       *%rcx\n"
	"        10: \u2190 retq\n";

static char *print(const struct annotation *a, const struct annotate_print_opts *o)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&buf, &size);

	annotate_stdio2__fprintf(a, o, fp);
	fclose(fp);
	return buf;
}

int main(void)
{
	struct annotation a = {
		.sym_name = "f", .dso_name = "/usr/lib/libf.so", .size = 0x11,
		.nr_samples = 10, .period = 2500000, .lines = lines,
		.nr_lines = sizeof(lines) / sizeof(lines[0]), .nr_insns = 7,
	};
	struct annotate_print_opts o = {
		.event_name = "cpu-clock", .event_freq = 4000, .one_symbol = true,
		.global_nr_samples = 3300, .global_period = 825000000,
	};
	char *got = print(&a, &o);

	is_str(got, want, "--stdio2 of a named symbol: its counts, the browser's rows");
	free(got);
	o.one_symbol = false;
	got = print(&a, &o);
	ok(!strncmp(got, "Samples: 3K of event 'cpu-clock', 4000 Hz, Event count (approx.): "
		    "825000000, [percent: local period]\n", 96), "all symbols: the event's totals");
	free(got);
	o.no_source = true;
	got = print(&a, &o);
	ok(strstr(got, "f.c:3\n") != NULL, "--no-source: source rows stay, as upstream's");
	free(got);
	done_testing();
}
