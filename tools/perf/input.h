/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How every command that reads a perf.data file opens it: the file, the
 * owner check that -f/--force skips, an empty file refused, then the
 * session that reads its header.  Problems are printed here as one line
 * naming the file, as a builtin's own code prints them.
 */
#ifndef PERF_INPUT_H
#define PERF_INPUT_H

#include <stdbool.h>

struct perf_data;
struct perf_session;
struct perf_tool;

struct input {
	const char	*cmd;		/* "report": the error lines' prefix */
	const char	*path;		/* perf_data__input_name()'s answer */
	bool		force;		/* -f: another user's file too */
};

/* 0 with data and *session open, else -errno with both closed. */
int input__open(const struct input *in, struct perf_data *data,
		struct perf_tool *tool, struct perf_session **session);

#endif
