/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TOP_ANNOTATE_H
#define __PERF_TOP_ANNOTATE_H

#include <stddef.h>

struct perf_top;
struct dso;
struct symbol;

/*
 * The annotation of a row's symbol as lines of text (each malloc()ed,
 * the array too) and a title.  BPF functions are annotated from the
 * bpf_prog_info captured when they loaded, also once they are unloaded.
 * -errno with the reason in title when there is nothing to show.
 */
int top_annotate__lines(struct perf_top *top, const struct dso *dso, const struct symbol *sym,
			char *title, size_t title_size, char ***lines, int *nr);

#endif /* __PERF_TOP_ANNOTATE_H */
