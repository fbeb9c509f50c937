/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_EXPORT_FILE_H
#define __PERF_EXPORT_FILE_H

#include <stdbool.h>

/*
 * The output file of an export (flame graph, pprof, Firefox Profiler):
 * written under a temporary name beside it and renamed into place by
 * export_file__commit(), so a run that fails leaves no file, not even a
 * half-written one, and an older file of that name stays until the new
 * one is whole.  "-" is standard output, written as it goes.
 */
struct export_file {
	int	fd;
	char	*path;		/* the final name; NULL: standard output */
	char	*tmp;
};

/* 0 or -errno (the directory cannot be written, ...). */
int export_file__open(struct export_file *f, const char *path);
/* Rename into place: 0 or -errno; the temporary file is gone either way. */
int export_file__commit(struct export_file *f);
/* Remove the temporary file (after a failure); harmless after commit. */
void export_file__abort(struct export_file *f);

#endif /* __PERF_EXPORT_FILE_H */
