// SPDX-License-Identifier: GPL-2.0
/*
 * util/na-options.c: upstream's options of absent units parse with their
 * syntax, and na_given__check() refuses, warns or passes as upstream;
 * na_options__parse() gives a command its arguments or its exit code.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/err-sink.h"
#include "util/na-options.h"

static char lines[4][512];
static int nr_lines;

static void sink(const char *line, void *priv)
{
	(void)priv;
	if (nr_lines < 4)
		snprintf(lines[nr_lines], sizeof(lines[0]), "%s", line);
	nr_lines++;
}

/*
 * parse ARGV (NULL-ended, argv[0] the command) into *GIVEN; the parser's
 * result, or with code non-NULL na_options__parse()'s
 */
static int parse_as(struct na_given *given, const char **argv, int *code)
{
	const struct option options[] = {
		OPT_NA_RECORD(given),
		OPT_NA_STITCH_LBR(given, &na_stitch_lbr),
		OPT_NA_ITRACE(given),
		OPT_NA_ARG(0, "dlfilter", given, "file", "a dlfilter", &na_dlfilter),
		OPT_NA(0, "mem-mode", given, "memory mode", &na_mem_mode),
		OPT_NA_ENTRY(0, "xed", given, NULL, "xed", &na_xed, PARSE_OPT_OPTARG),
		OPT_END()
	};
	static const char *const usage[] = { "test [<options>]", NULL };
	int argc = 0;

	memset(given, 0, sizeof(*given));
	nr_lines = 0;
	while (argv[argc])
		argc++;
	if (code)
		return na_options__parse(argc, argv, options, usage, 0, given, code);
	return parse_options(argc, argv, options, usage, 0);
}

static int parse(struct na_given *given, const char **argv)
{
	return parse_as(given, argv, NULL);
}

int main(void)
{
	struct na_given g;
	const char *a1[] = { "test", "--phys-data", "-W", "--transaction", "--clang-opt", "x",
			     NULL };
	const char *a2[] = { "test", "-j", "any", "-b", "--kcore", NULL };
	const char *a3[] = { "test", "--debuginfod", "--stitch-lbr", "--debuginfod=http://x",
			     "--itrace=i", NULL };
	const char *a4[] = { "test", "--mem-mode", NULL };
	const char *a5[] = { "test", "--dlfilter", "/nonexistent/f.so", NULL };
	const char *a6[] = { "test", "-S", "--aux-sample=x", NULL };
	const char *a7[] = { "test", "--xed", NULL };

	err_sink__set("test", sink, NULL);

	is_int(parse(&g, a1), 0, "sample bits and ignored options parse");
	ok(g.sample_type == (PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_WEIGHT_STRUCT),
	   "--phys-data and -W ask their sample bits, --transaction none");
	is_int(na_given__check(&g), 0, "nothing refused");
	is_int(nr_lines, 0, "nothing said");

	is_int(parse(&g, a2), 0, "-j takes its argument");
	is_int(na_given__check(&g), -EOPNOTSUPP, "branch sampling refused, exit 1");
	is_str(lines[0], "perf test: --branch-filter: PMU Hardware or event type doesn't "
	       "support branch stack sampling.", "the first refused option, upstream's text");
	is_int(nr_lines, 1, "one line");

	is_int(parse(&g, a3), 0, "optional arguments parse");
	is_int(na_given__check(&g), 0, "warnings go on");
	is_int(nr_lines, 2, "each warning once");
	is_str(lines[0], "perf test: warning: debuginfod support requested, but perf is not "
	       "built with it", "upstream's warning");

	parse(&g, a4);
	is_int(na_given__check(&g), 1, "--mem-mode: refused, exit 0 as upstream");

	parse(&g, a5);
	is_int(na_given__check(&g), -EOPNOTSUPP, "--dlfilter refused");
	is_str(lines[0], "perf test: dlopen failed for: '/nonexistent/f.so'",
	       "upstream's text with the file");

	parse(&g, a6);
	na_given__check(&g);
	is_str(lines[0], "perf test: --snapshot: No AUX area tracing to snapshot",
	       "-S is --snapshot, named by its long name");

	const char *b1[] = { "test", "--phys-data", "left", NULL };
	const char *b2[] = { "test", "--nope", NULL };
	/* fresh copies: the parser moves the arguments it leaves */
	const char *b3[] = { "test", "-j", "any", NULL };
	const char *b4[] = { "test", "--mem-mode", NULL };
	int code = -7;

	is_int(parse_as(&g, b1, &code), 1, "a command's start: the argument left");
	is_int(code, -7, "no exit code then");
	is_int(parse_as(&g, b2, &code), -1, "an unknown option: stop");
	is_int(code, 1, "exit 1");
	is_int(parse_as(&g, b3, &code), -1, "a refusal: stop");
	is_int(code, 1, "exit 1");
	is_int(parse_as(&g, b4, &code), -1, "--mem-mode: stop");
	is_int(code, 0, "exit 0, as upstream");

	setenv("PATH", "/nonexistent", 1);
	parse(&g, a7);
	is_int(na_given__check(&g), -EOPNOTSUPP, "--xed without xed in $PATH: refused");
	is_str(lines[0], "perf test: --xed: xed: not found", "what upstream's shell says");
	return done_testing();
}
