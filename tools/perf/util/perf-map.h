/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PERF_MAP_H
#define __PERF_PERF_MAP_H

#include "symbol.h"

/*
 * /tmp/perf-<pid>.map, written by JIT runtimes for their generated code:
 * one "<start> <size> <name>" line per function, start and size in hex
 * (an optional 0x prefix), name the rest of the line.  Symbols are
 * absolute addresses (the anonymous maps they live in are identity
 * mapped).  As upstream: a line whose name is shorter than three
 * characters is skipped, a function of size 0 covers its first byte only.
 * 0, or -errno when the file cannot be read.
 */
int perf_map__load(const char *path, struct symbols *syms);

/* Parse one line (without its newline); 0, or -EINVAL when it is skipped. */
int perf_map__parse_line(const char *line, u64 *start, u64 *size, const char **name);

#endif /* __PERF_PERF_MAP_H */
