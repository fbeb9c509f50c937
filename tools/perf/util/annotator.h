/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ANNOTATOR_H
#define __PERF_ANNOTATOR_H

#include <stdio.h>
#include "annotate.h"
#include "annotate-hist.h"
#include "event.h"

struct evlist;
struct perf_header;
struct perf_env_bpf;
struct evsel;
struct dso;
struct thread;

/*
 * perf annotate without its command line: the samples of a session by
 * symbol, then each sampled symbol's annotation, as upstream's --stdio.
 *
 *	annotator__init(&ann, &opts);
 *	annotator__use_header(&ann, &session->header);
 *	for each record: annotator__sample() / annotator__process_event()
 *	annotator__finish(&ann);	user symbols looked up, kernel ones reset
 *	annotator__kernel_samples(&ann);	when the kernel can be read
 *	annotator__fprintf(&ann, session->evlist, fp, &printed, &nr_errors);
 *	annotator__exit(&ann);
 *
 * Kernel samples are kept by address until annotator__kernel_samples():
 * reading /proc/kallsyms costs more than all the rest of a user symbol's
 * annotation.  User samples of the objects -d lets through are kept by
 * address in their dso too, so only those objects read their symbols, and
 * each address is looked up once.
 */
struct annotator_opts {
	const char		*sym_name;	/* only this symbol; NULL: all */
	const char		*dso_name;	/* only this object (-d); NULL: all */
	const char		*vmlinux;	/* -k: kernel code and symbols from it */
	const char		*kallsyms;	/* --kallsyms, NULL: /proc/kallsyms */
	u32			kinds;		/* only dsos of these kinds (1 << DSO_KIND_*); 0: all */
	bool			intel;		/* -M intel: Intel syntax */
	bool			no_demangle;	/* --no-demangle: user symbols' names as mangled */
	bool			demangle_kernel; /* --demangle-kernel: a vmlinux's names demangled */
	const char		*symfs;		/* --symfs: objects under this directory */
	const char		*prefix;	/* --prefix, --prefix-strip: srclines__set_prefix() */
	int			prefix_strip;
	struct annotate_print_opts print;
	bool			group;		/* --group: all events one group (none in the file) */
	/* prints one annotation (NULL: annotation__fprintf(), --stdio's layout) */
	void			(*fprintf)(const struct annotation *a,
					   const struct annotate_print_opts *opts, FILE *fp);
	/* a sample the caller's own filters drop (NULL: every sample counts) */
	bool			(*accept)(void *arg, struct thread *thread,
					  const struct perf_sample *sample);
	void			*accept_arg;
	/* an annotation that cannot be made: its one-line reason, to the caller's sink */
	void			(*error)(void *arg, const char *msg);
	void			*error_arg;
};

/* An event's samples that counted (the accept hook's): for a title line. */
struct annotator_total {
	u64	nr_samples;
	u64	period;
};

struct annotator {
	struct annotator_opts	opts;
	struct machine		*machine;
	struct perf_env_bpf	*bpf;		/* the header's BPF_PROG_INFO and BTF */
	const struct perf_env	*env;		/* the header's (GROUP_DESC); may be NULL */
	struct srclines		*srclines;	/* each object's DWARF read once */
	struct annotate_hist	*hists;		/* one per evsel, by idx */
	struct annotate_hist	*khists;	/* kernel samples by address */
	struct annotate_hist	*uhists;	/* user samples by address */
	struct annotator_total	*totals;	/* every sample counted, by idx */
	struct symbol		*all;		/* the symbol covering everything */
	bool			kernel_moved;
	int			nr_hists;
	/* user dsos with samples but no symbols: their file may be gone */
	struct dso		**nosym_dsos;
	int			nr_nosym_dsos;
	/* dsos already reported as not annotatable */
	const struct dso	**failed;
	int			nr_failed;
};

/* 0 or -ENOMEM (ann is ready for annotator__exit() either way). */
int annotator__init(struct annotator *ann, const struct annotator_opts *opts);
void annotator__exit(struct annotator *ann);

/* The header's build ids and BPF_PROG_INFO programs for the machine, its BPF code and BTF. */
void annotator__use_header(struct annotator *ann, struct perf_header *header);

/* One sample; 0 or -ENOMEM. */
int annotator__sample(struct annotator *ann, const union perf_event *ev,
		      const struct perf_sample *sample, struct evsel *evsel);
/* A side-band record into the machine: 0 or -ENOMEM. */
int annotator__process_event(struct annotator *ann, const union perf_event *ev,
			     const struct perf_sample *sample);

/*
 * Once every record is read: the user samples under their symbols, and
 * the kernel's symbols to be read again, from --kallsyms or the vmlinux.
 * 0 or -ENOMEM.
 */
int annotator__finish(struct annotator *ann);
/* Whether any event got kernel samples. */
bool annotator__has_kernel(const struct annotator *ann);
/* Whether the options let the kernel or a module be annotated. */
bool annotator__wants_kernel(const struct annotator *ann);
/* The kernel's samples under its symbols now (once); 0 or -ENOMEM. */
int annotator__kernel_samples(struct annotator *ann);

/*
 * Every event's annotations to fp, most sampled first: the number printed
 * added to *printed, each that could not be made to *nr_errors (its reason
 * to the error sink; of all symbols, one per object).  0 or -ENOMEM.
 */
int annotator__fprintf(struct annotator *ann, struct evlist *evlist, FILE *fp,
		       int *printed, int *nr_errors);

/*
 * The functions of event idx that the options let through, most period
 * first, each target ready for annotation__new(): an array to free(),
 * the entries stay the annotator's.  A BPF program loaded more than once
 * is one function (its first entry; annotator__merged_samples() gives the
 * samples of all).  0 (*nr 0: no samples) or -ENOMEM.
 */
int annotator__entries(struct annotator *ann, int idx, struct annotate_entry ***out,
		       size_t *nr);

/* Whether two entries are one function: the same object and symbol names. */
bool annotate_entry__same(const struct annotate_entry *a, const struct annotate_entry *b);

/*
 * The samples of e and of every other entry of event idx that is the
 * same function (a BPF program loaded more than once: one code, a dso
 * per load), for annotation__new(): an array to free().  -ENOMEM.
 */
int annotator__merged_samples(struct annotator *ann, int idx, const struct annotate_entry *e,
			      struct annotate_sample **out, size_t *nr);

/*
 * The samples of event idx that upstream's perf annotate counts in its
 * title: every one, or with a symbol or an object asked for, only those
 * of the entries that are of it.
 */
void annotator__shown_total(struct annotator *ann, int idx, struct annotator_total *tot);
/*
 * The entry of event idx whose symbol holds the runtime address addr
 * (a call's target), NULL when none got samples.
 */
struct annotate_entry *annotator__entry_at(struct annotator *ann, int idx, u64 addr);

/*
 * The sampled user objects whose file is gone (so their samples have no
 * symbols): the first's name in name and its errno in err, and how many.
 * Deleted mappings and memfds never were files to read.
 */
int annotator__missing_files(const struct annotator *ann, const char **name, int *err);

#endif /* __PERF_ANNOTATOR_H */
