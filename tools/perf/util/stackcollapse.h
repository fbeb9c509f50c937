/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_STACKCOLLAPSE_H
#define __PERF_STACKCOLLAPSE_H

#include "calltree.h"

struct fmt_buf;

/*
 * Folded stacks, as upstream's `perf script report stackcollapse` prints
 * them and FlameGraph, inferno and speedscope read them: a line per
 * distinct path, "group;outermost;...;innermost count", the frames
 * joined by ';', in byte order of the line's text (upstream sorts the
 * joined strings), the count in samples.
 *
 * The tree is read with merge_names (frames by name alone); a frame whose
 * tag is set (kernel_tag) gets upstream's "_[k]" (--kernel).
 */
int stackcollapse__write(const struct calltree *t, struct fmt_buf *out);

#endif /* __PERF_STACKCOLLAPSE_H */
