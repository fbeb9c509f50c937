// SPDX-License-Identifier: GPL-2.0
/*
 * The annotation options report, top and annotate share (-M, --asm-raw,
 * --source, --prefix, --prefix-strip, --objdump).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate-opts.h"
#include "annotator.h"

/* "intel", "att" or a comma list of them: the last word counts */
static int annotate_opts__style(const char *styles, bool *intel)
{
	const char *s = styles;

	while (s && *s) {
		size_t n = strcspn(s, ",");

		if (n == 5 && !strncmp(s, "intel", 5))
			*intel = true;
		else if (n == 3 && !strncmp(s, "att", 3))
			*intel = false;
		else if (n)
			return -EINVAL;
		s += n + (s[n] == ',');
	}
	return 0;
}

int annotate_opts__resolve(struct annotate_opts *ao, char *msg, size_t size)
{
	ao->intel = false;
	ao->strip = 0;
	if (ao->prefix_strip && !ao->prefix) {
		snprintf(msg, size, "--prefix-strip requires --prefix");
		return -EINVAL;
	}
	if (ao->prefix_strip) {
		char *end;
		long n = strtol(ao->prefix_strip, &end, 10);

		if (!*ao->prefix_strip || *end || n < 0 || n > 4096) {
			snprintf(msg, size, "--prefix-strip: not a number of directories: '%s'",
				 ao->prefix_strip);
			return -EINVAL;
		}
		ao->strip = (int)n;
	}
	if (annotate_opts__style(ao->style, &ao->intel)) {
		snprintf(msg, size, "-M: unknown disassembler style '%s' (intel, att)", ao->style);
		return -EINVAL;
	}
	return 0;
}

void annotate_opts__apply(const struct annotate_opts *ao, struct annotator_opts *o)
{
	o->intel = ao->intel;
	o->prefix = ao->prefix;
	o->prefix_strip = ao->strip;
	o->print.asm_raw = ao->asm_raw;
	o->print.no_source = !ao->source;
}
