/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record --switch-output, --switch-max-files, --timestamp-filename:
 * when the output is finished and put aside under a timestamped name,
 * what that name is, and which old files go.  Decisions only: the
 * recorder (util/record-header.c) rotates, the command prints.
 */
#ifndef PERF_UTIL_RECORD_SWITCH_H
#define PERF_UTIL_RECORD_SWITCH_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/time.h>
#include "types.h"

struct record_switch {
	bool		enabled;	/* --switch-output (or --switch-output-event) */
	bool		signal;		/* rotate on SIGUSR2 */
	u64		size;		/* rotate past this many bytes, 0: never */
	unsigned int	secs;		/* rotate every secs seconds, 0: never */
	bool		timestamp_filename;	/* the last file timestamped too */
	int		max_files;	/* --switch-max-files: 0 keeps them all */
	char		**files;	/* the max_files newest, a ring */
	int		cur;		/* the ring's next slot */
};

/*
 * --switch-output's argument: NULL or "signal", a size with one of the
 * suffixes B, K, M, G, or a time with s, m, h, d (0K, 0s: never, as
 * upstream's).  -EINVAL for anything else (a bare number, another suffix).
 */
int record_switch__parse(struct record_switch *s, const char *arg);

/* "<path>.YYYYMMDDhhmmssCC" (local time, CC the hundredths), as upstream's. */
int record_switch__name(char *buf, size_t len, const char *path, const struct timeval *tv);

/* Bytes written to the current file call for a new one. */
static inline bool record_switch__size_due(const struct record_switch *s, u64 bytes)
{
	return s->enabled && s->size && bytes >= s->size;
}

/*
 * Count name as the newest rotated file.  With max_files, *drop is set to
 * the oldest name past the limit (the caller removes the file and frees
 * the name), else NULL.  0 or -ENOMEM.
 */
int record_switch__keep(struct record_switch *s, const char *name, char **drop);

void record_switch__exit(struct record_switch *s);

#endif /* PERF_UTIL_RECORD_SWITCH_H */
