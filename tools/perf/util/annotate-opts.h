/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ANNOTATE_OPTS_H
#define __PERF_ANNOTATE_OPTS_H

#include <stddef.h>

#include "parse-options.h"
#include "types.h"

struct annotator_opts;

/*
 * How annotations look, as upstream's options of report, top and annotate
 * say it (report and top: their browsers' annotations; annotate: --stdio
 * and its browser):
 *
 *   -M STYLE          "intel" or "att", or a comma list of them (the last
 *                     counts): the instructions' syntax
 *   --asm-raw         each instruction's bytes before it
 *   --source          source lines between the instructions (the
 *                     default); --no-source without them
 *   --prefix DIR      source files read under DIR (absolute paths), with
 *   --prefix-strip N  the first N directories of their paths dropped
 *   --objdump PATH    accepted: no objdump runs, capstone disassembles
 *
 *	struct annotate_opts ao = ANNOTATE_OPTS_INIT;
 *	... OPT_ANNOTATE_ALL(&ao), ... in the option table
 *	if (annotate_opts__resolve(&ao, msg, sizeof(msg)))  say msg, exit 1
 *	annotate_opts__apply(&ao, &annotator_opts);
 */
struct annotate_opts {
	const char	*style;		/* -M as given */
	const char	*prefix;
	const char	*prefix_strip;	/* as given */
	const char	*objdump;
	bool		asm_raw;
	bool		source;
	/* after resolve */
	bool		intel;
	int		strip;
};

#define ANNOTATE_OPTS_INIT	{ .source = true }

#define OPT_ANNOTATE_STYLE(ao) OPT_STRING('M', "disassembler-style", &(ao)->style, \
	"disassembler style", "instructions in intel or att (the default) syntax")
#define OPT_ANNOTATE_ASM_RAW(ao) OPT_BOOLEAN(0, "asm-raw", &(ao)->asm_raw, \
	"each instruction's bytes too")
#define OPT_ANNOTATE_SOURCE(ao) OPT_BOOLEAN(0, "source", &(ao)->source, \
	"source lines between the instructions (the default)")
#define OPT_ANNOTATE_PREFIX(ao) OPT_STRING(0, "prefix", &(ao)->prefix, "prefix", \
	"read source files under this directory (with --prefix-strip)")
#define OPT_ANNOTATE_PREFIX_STRIP(ao) OPT_STRING(0, "prefix-strip", &(ao)->prefix_strip, "N", \
	"drop the first N directories of source paths (with --prefix)")
#define OPT_ANNOTATE_OBJDUMP(ao) OPT_STRING(0, "objdump", &(ao)->objdump, "path", \
	"objdump binary (none is run: capstone disassembles; accepted)")

/* All six, for an option table (parse-options sorts the help) */
#define OPT_ANNOTATE_ALL(ao)	OPT_ANNOTATE_STYLE(ao), OPT_ANNOTATE_ASM_RAW(ao),		\
	OPT_ANNOTATE_SOURCE(ao), OPT_ANNOTATE_PREFIX(ao), OPT_ANNOTATE_PREFIX_STRIP(ao),	\
	OPT_ANNOTATE_OBJDUMP(ao)

/*
 * After parsing: -M's words and --prefix-strip's number checked (and
 * kept in intel, strip).  0, or -EINVAL with the problem in msg:
 * upstream's "--prefix-strip requires --prefix" for a strip without a
 * prefix, else "OPTION: problem".
 */
int annotate_opts__resolve(struct annotate_opts *ao, char *msg, size_t size);

/* The resolved options into an annotator's (syntax, prefix, printing). */
void annotate_opts__apply(const struct annotate_opts *ao, struct annotator_opts *o);

#endif /* __PERF_ANNOTATE_OPTS_H */
