/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PARSE_OPTIONS_H
#define __PERF_PARSE_OPTIONS_H

#include "types.h"

/*
 * Command-line options in perf's style: "-i file", "-ifile", "--input file",
 * "--input=file", "--no-<bool>", bundled short booleans ("-nq"), "--" to
 * end options.  A table ends with OPT_END().
 */
enum option_type {
	OPTION_END,
	OPTION_GROUP,	/* a heading in the help text */
	OPTION_BOOLEAN,	/* bool *, --no- form clears it */
	OPTION_INCR,	/* int *, each use adds one (-v -v) */
	OPTION_STRING,	/* const char ** */
	OPTION_INTEGER,	/* int * */
	OPTION_U64,	/* u64 * */
	OPTION_DOUBLE,	/* double * */
	OPTION_CALLBACK,	/* cb(opt, arg or NULL for --no-, unset) */
};

#define PARSE_OPT_OPTARG	(1 << 0)	/* the argument may be omitted */
#define PARSE_OPT_NOARG		(1 << 1)	/* callback takes no argument */

struct option;
typedef int (*option_cb)(const struct option *opt, const char *arg, int unset);

struct option {
	enum option_type	type;
	char			short_name;
	const char		*long_name;
	void			*value;
	const char		*argh;
	const char		*help;
	int			flags;
	option_cb		callback;
	void			*data;
};

#define OPT_END()		{ .type = OPTION_END }
#define OPT_GROUP(h)		{ .type = OPTION_GROUP, .help = (h) }
#define OPT_BOOLEAN(s, l, v, h)	{ .type = OPTION_BOOLEAN, .short_name = (s), \
				  .long_name = (l), .value = (v), .help = (h) }
#define OPT_INCR(s, l, v, h)	{ .type = OPTION_INCR, .short_name = (s), \
				  .long_name = (l), .value = (v), .help = (h) }
#define OPT_STRING(s, l, v, a, h) { .type = OPTION_STRING, .short_name = (s), \
				  .long_name = (l), .value = (v), .argh = (a), .help = (h) }
#define OPT_INTEGER(s, l, v, h)	{ .type = OPTION_INTEGER, .short_name = (s), \
				  .long_name = (l), .value = (v), .argh = "n", .help = (h) }
#define OPT_U64(s, l, v, h)	{ .type = OPTION_U64, .short_name = (s), \
				  .long_name = (l), .value = (v), .argh = "n", .help = (h) }
#define OPT_DOUBLE(s, l, v, h)	{ .type = OPTION_DOUBLE, .short_name = (s), \
				  .long_name = (l), .value = (v), .argh = "n", .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, cb) { .type = OPTION_CALLBACK, .short_name = (s), \
				  .long_name = (l), .value = (v), .argh = (a), .help = (h), \
				  .callback = (cb) }
#define OPT_CALLBACK_NOARG(s, l, v, h, cb) { .type = OPTION_CALLBACK, \
				  .short_name = (s), .long_name = (l), .value = (v), \
				  .help = (h), .callback = (cb), .flags = PARSE_OPT_NOARG }

#define PARSE_OPT_STOP_AT_NON_OPTION	(1 << 0)
#define PARSE_OPT_KEEP_DASHDASH		(1 << 1)

/*
 * Parse argv[1..] (argv[0] is the command name).  Returns the number of
 * arguments left in argv (moved to the front), or -1 after printing an
 * error (unknown option, missing or bad argument), or -2 when -h/--help
 * printed the usage.  Printing happens here because it is the
 * command-line front end, used only by builtins.
 */
int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const usage[], int flags);

/* The usage and the options, by short name (case folded) then long name, as upstream. */
void usage_with_options(const char *const usage[], const struct option *options);
/* Print "  Error: <msg>" and the usage to stderr. */
void usage_error(const char *const usage[], const struct option *options,
		 const char *fmt, ...) __printf(3, 4);

#endif /* __PERF_PARSE_OPTIONS_H */
