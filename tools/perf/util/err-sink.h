/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where util/ says what went wrong: one line each, "perf <cmd>: <what>",
 * handed to the sink the command set (stderr unless it set another: perf
 * top's screen, say).  util/ never prints by itself; it calls pr_err() or
 * pr_warning() and returns -errno.
 */
#ifndef PERF_UTIL_ERR_SINK_H
#define PERF_UTIL_ERR_SINK_H

#include "types.h"

/* The line without its newline; priv as given to err_sink__set(). */
typedef void (*err_sink_t)(const char *line, void *priv);

/* cmd names the command in every line; sink NULL: stderr. */
void err_sink__set(const char *cmd, err_sink_t sink, void *priv);

void pr_err(const char *fmt, ...) __printf(1, 2);
/* "perf <cmd>: warning: ..." */
void pr_warning(const char *fmt, ...) __printf(1, 2);

#endif /* PERF_UTIL_ERR_SINK_H */
