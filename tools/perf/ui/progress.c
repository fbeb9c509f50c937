// SPDX-License-Identifier: GPL-2.0
/*
 * The progress bar of long reads.
 */
#include <string.h>
#include <unistd.h>

#include "progress.h"

#define BAR_WIDTH	40

void ui_progress__init(struct ui_progress *p, FILE *fp, const char *title, u64 total,
		       u64 min_total)
{
	p->fp = fp;
	p->title = title;
	p->total = total;
	p->shown = -1;
	p->enabled = total >= min_total && total && isatty(fileno(fp));
}

void ui_progress__update(struct ui_progress *p, u64 done)
{
	char bar[BAR_WIDTH + 1];
	int pct, fill;

	if (!p->enabled)
		return;
	if (done > p->total)
		done = p->total;
	pct = (int)(done * 100 / p->total);
	if (pct == p->shown)
		return;
	p->shown = pct;
	fill = pct * BAR_WIDTH / 100;
	memset(bar, ' ', BAR_WIDTH);
	memset(bar, '=', fill);
	if (fill < BAR_WIDTH)
		bar[fill] = '>';
	bar[BAR_WIDTH] = '\0';
	fprintf(p->fp, "\r%s [%s] %3d%%", p->title, bar, pct);
	fflush(p->fp);
}

void ui_progress__finish(struct ui_progress *p)
{
	if (!p->enabled || p->shown < 0)
		return;
	fprintf(p->fp, "\r%*s\r", (int)strlen(p->title) + BAR_WIDTH + 8, "");
	fflush(p->fp);
	p->shown = -1;
}
