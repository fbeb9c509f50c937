/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record --control fd:CTL[,ACK] or fifo:CTL[,ACK]: the commands read
 * from CTL (one a line: enable, disable, snapshot, ping, stop) and the
 * "ack\n" written to ACK after each one understood.  Decides nothing
 * about the events: the command acts on what it is handed.
 */
#ifndef PERF_UTIL_RECORD_CONTROL_H
#define PERF_UTIL_RECORD_CONTROL_H

#include <stdbool.h>
#include <stddef.h>

enum record_ctl_cmd {
	RECORD_CTL_NONE,	/* no complete line waiting */
	RECORD_CTL_ENABLE,
	RECORD_CTL_DISABLE,
	RECORD_CTL_SNAPSHOT,	/* AUX snapshots: none here, acknowledged */
	RECORD_CTL_PING,
	RECORD_CTL_STOP,
	RECORD_CTL_UNKNOWN,	/* not acknowledged, as upstream's */
};

struct record_control {
	int	ctl_fd;		/* -1: no --control */
	int	ack_fd;		/* -1: no acks */
	bool	opened;		/* fifo: the fds are ours to close */
	char	buf[256];	/* a partial line */
	size_t	len;
};

#define RECORD_CONTROL_INIT	{ .ctl_fd = -1, .ack_fd = -1 }

/* "fd:N[,M]" or "fifo:PATH[,PATH]" (the fifos opened); -EINVAL, -errno. */
int record_control__parse(struct record_control *c, const char *spec);
/* The next command waiting on CTL, without blocking. */
enum record_ctl_cmd record_control__next(struct record_control *c);
/* Parse one line (no newline) into its command. */
enum record_ctl_cmd record_control__cmd(const char *line);
/* "ack\n" to ACK, if any: 0 or -errno. */
int record_control__ack(struct record_control *c);
void record_control__close(struct record_control *c);

#endif /* PERF_UTIL_RECORD_CONTROL_H */
