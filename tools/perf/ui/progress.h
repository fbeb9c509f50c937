/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_PROGRESS_H
#define __PERF_UI_PROGRESS_H

#include <stdio.h>
#include "util/types.h"

/*
 * A progress bar on a terminal ("Processing events... [=====>    ]  45%"),
 * redrawn when the percentage changes; nothing at all when the stream is
 * not a terminal or the work is small.
 */
struct ui_progress {
	FILE		*fp;
	const char	*title;
	u64		total;
	int		shown;		/* last percentage drawn, -1: none */
	bool		enabled;
};

/* min_total: below this much work no bar is drawn. */
void ui_progress__init(struct ui_progress *p, FILE *fp, const char *title, u64 total,
		       u64 min_total);
void ui_progress__update(struct ui_progress *p, u64 done);
/* Erase the bar. */
void ui_progress__finish(struct ui_progress *p);

#endif /* __PERF_UI_PROGRESS_H */
