/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REPORT_ANNOTATE_H
#define __PERF_REPORT_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>
#include "annotator.h"
#include "session.h"

struct report;
struct perf_data;
struct perf_session;
struct dso;
struct symbol;
struct annotation;

/*
 * perf report's annotations (its browser's `a`): the report's file read
 * once more, the first time one is asked for, into an annotator that
 * counts the samples the report's time, CPU and task filters keep (its
 * location filters keep every sample of a symbol they keep, so they have
 * nothing to take away); then the annotation of any entry, found by its
 * object's and symbol's names, and of the symbol a call lands in.  BPF
 * functions come from the file's BPF_PROG_INFO and BTF, so programs
 * unloaded before the report annotate too.
 */
struct report_annotate {
	struct perf_tool	tool;		/* first: the callbacks find the rest */
	struct annotator	ann;
	const struct report	*rep;
	const char		*path;
	struct perf_data	*data;
	struct perf_session	*session;	/* kept: its header holds the BPF code */
	bool			read;
	int			err;		/* of the read: given again on each use */
	char			errmsg[512];
};

void report_annotate__init(struct report_annotate *ra, const struct report *rep,
			   const char *path);
void report_annotate__exit(struct report_annotate *ra);

/*
 * The annotation of event idx's samples in sym of dso (by names: the
 * report's machine is not the annotator's).  0, or -errno with a
 * one-line reason in err.
 */
int report_annotate__new(struct report_annotate *ra, int idx, const struct dso *dso,
			 const struct symbol *sym, struct annotation **a, char *err,
			 size_t errsz);

/* The same for the symbol holding the runtime address addr (a call's target). */
int report_annotate__at(struct report_annotate *ra, int idx, u64 addr,
			struct annotation **a, char *err, size_t errsz);

struct bpf_prog_entry;

/* A BPF program of an event's samples (each load apart), for a browser's list. */
struct report_bpf_prog {
	const struct bpf_prog_entry	*prog;		/* the annotator machine's */
	u64				nr_samples;
	u64				period;
	const struct annotate_entry	*hottest;	/* its function with the most period */
};

/*
 * The BPF programs of event idx's samples through the report's filters,
 * most period first (then by id): an array to free().  0, or -errno with
 * a one-line reason in err.
 */
int report_annotate__bpf_progs(struct report_annotate *ra, int idx,
			       struct report_bpf_prog **out, int *nr, char *err, size_t errsz);

/* The annotation of a list line's hottest function (all its loads' samples). */
int report_annotate__entry(struct report_annotate *ra, int idx,
			   const struct annotate_entry *e, struct annotation **a, char *err,
			   size_t errsz);

#endif /* __PERF_REPORT_ANNOTATE_H */
