// SPDX-License-Identifier: GPL-2.0
/* perf top's annotation of the selected row. */
#include <errno.h>
#include <stdio.h>

#include "top.h"
#include "top-annotate.h"

int top_annotate__lines(struct perf_top *top, const struct dso *dso, const struct symbol *sym,
			char *title, size_t title_size, char ***lines, int *nr)
{
	*lines = NULL;
	*nr = 0;
	snprintf(title, title_size, "annotate: not available in this build");
	return -ENOSYS;
}
