// SPDX-License-Identifier: GPL-2.0
/* util/parse-options.c: the forms perf accepts, and the errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/parse-options.h"

static const char *const usage[] = { "perf test [<options>]", NULL };

static bool flag_b, flag_q;
static const char *str;
static int num, verbose;
static u64 big;

static const struct option options[] = {
	OPT_BOOLEAN('b', "bool", &flag_b, "a flag"),
	OPT_BOOLEAN('q', "quiet", &flag_q, "another"),
	OPT_STRING('i', "input", &str, "file", "a string"),
	OPT_INTEGER('n', "num", &num, "a number"),
	OPT_U64(0, "big", &big, "a u64"),
	OPT_INCR('v', "verbose", &verbose, "more"),
	OPT_END()
};

static int run(int argc, const char **argv)
{
	flag_b = flag_q = false;
	str = NULL;
	num = verbose = 0;
	big = 0;
	return parse_options(argc, argv, options, usage, 0);
}

int main(void)
{
	FILE *saved = stderr;

	{
		const char *argv[] = { "t", "-i", "f1", "--num=5", "-bq", "rest", "-vv", NULL };

		is_int(run(7, argv), 1, "one argument left");
		is_str(str, "f1", "-i value");
		is_int(num, 5, "--num=5");
		ok(flag_b && flag_q, "bundled -bq");
		is_int(verbose, 2, "-vv counts");
		is_str(argv[0], "rest", "non-option moved to the front");
	}
	{
		const char *argv[] = { "t", "-ifile", "--input", "g", "--no-bool", "--big", "1",
				       "--", "-x", NULL };

		is_int(run(9, argv), 1, "after -- everything is an argument");
		is_str(str, "g", "last value wins");
		ok(!flag_b, "--no-bool");
		is_int(big, 1, "--big 1");
		is_str(argv[0], "-x", "-x kept after --");
	}
	{
		/* the help in upstream's order: short names case folded, then the rest */
		char *out = NULL, *a, *b, *i, *n, *v;
		size_t len;
		FILE *saved_out = stdout;

		stdout = open_memstream(&out, &len);
		usage_with_options(usage, options);
		fclose(stdout);
		stdout = saved_out;
		b = strstr(out, "-b, --bool");
		i = strstr(out, "-i, --input");
		n = strstr(out, "-n, --num");
		a = strstr(out, "    --big");
		v = strstr(out, "-v, --verbose");
		ok(b && i && n && v && a && b < i && i < n && n < v && v < a,
		   "-h: by short name, then the long-only ones");
		free(out);
	}
	stderr = fopen("/dev/null", "w");
	{
		const char *argv[] = { "t", "--nope", NULL };

		is_int(run(2, argv), -1, "unknown long option");
	}
	{
		const char *argv[] = { "t", "-z", NULL };

		is_int(run(2, argv), -1, "unknown switch");
	}
	{
		const char *argv[] = { "t", "-i", NULL };

		is_int(run(2, argv), -1, "missing value");
	}
	{
		const char *argv[] = { "t", "--num=abc", NULL };

		is_int(run(2, argv), -1, "not a number");
	}
	{
		const char *argv[] = { "t", "--big=-1", NULL };

		is_int(run(2, argv), -1, "negative u64");
	}
	{
		const char *argv[] = { "t", "--bool=1", NULL };

		is_int(run(2, argv), -1, "a boolean takes no value");
	}
	fclose(stderr);
	stderr = saved;
	return done_testing();
}
