/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_ANNOTATE_STDIO2_H
#define __PERF_UI_ANNOTATE_STDIO2_H

#include <stdio.h>

struct annotation;
struct annotate_print_opts;

/*
 * perf annotate --stdio2: one annotation as upstream's alternate stdio
 * layout prints it, the annotate browser's lines as text: the title
 * ("Samples: N of event 'E', F Hz, Event count (approx.): P, [percent:
 * TYPE]": the event's totals, the symbol's own when one was asked for),
 * "SYMBOL() OBJECT", "Percent", then every line as the browser lays it
 * out with nothing selected (the bar a blank; jump targets' offsets,
 * arrows for jumps, calls and returns).
 */
void annotate_stdio2__fprintf(const struct annotation *a, const struct annotate_print_opts *opts,
			      FILE *fp);

#endif /* __PERF_UI_ANNOTATE_STDIO2_H */
