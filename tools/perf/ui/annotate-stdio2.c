// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate --stdio2: the annotate browser's lines printed as text.
 */
#include <stdlib.h>
#include <string.h>

#include "annotate-stdio2.h"
#include "tui-annotate.h"
#include "util/annotate.h"
#include "util/report.h"

/* the browser's bar (│) after the share column: a blank here */
static void stdio2__unbar(char *buf)
{
	char *bar = strstr(buf, "\u2502");

	if (bar) {
		*bar = ' ';
		memmove(bar + 1, bar + 3, strlen(bar + 3) + 1);
	}
}

void annotate_stdio2__fprintf(const struct annotation *a, const struct annotate_print_opts *opts,
			      FILE *fp)
{
	volatile sig_atomic_t done = 0;
	/* (upstream's source rows stay with --no-source too) */
	struct tui_annotate t = { .a = a, .done = &done };
	u64 nr = opts->one_symbol ? a->nr_samples : opts->global_nr_samples;
	u64 period = opts->one_symbol ? a->period : opts->global_period;
	char buf[4096], samples[32];
	int i;

	report__nr_samples_text(nr, samples, sizeof(samples));
	/* upstream prints the u64 frequency with %d */
	fprintf(fp, "Samples: %s of event '%s', %d Hz, Event count (approx.): %llu, "
		"[percent: %s]\n", samples, opts->event_name ? opts->event_name : "",
		(int)opts->event_freq, (unsigned long long)period,
		annotate_percent_type__name(opts->percent_type));
	fprintf(fp, "%s() %s\n", a->sym_name, a->dso_name);
	fprintf(fp, "Percent        \n");
	if (tui_annotate__view(&t))
		return;
	for (i = 0; i < t.nr_view; i++) {
		const struct annotation_line *l = &a->lines[t.view[i]];

		/* an empty source line: the width of the "Percent" line; upstream
		 * leaves out the first (objdump's first line, empty) */
		if (l->type != ANNOTATION_LINE_INSN && !l->text[0]) {
			if (i == 0)
				continue;
			fprintf(fp, "%15s\n", "");
			continue;
		}
		tui_annotate__line(&t, i, buf, sizeof(buf));
		stdio2__unbar(buf);
		fprintf(fp, "%s\n", buf);
	}
	tui_annotate__exit(&t);
}
