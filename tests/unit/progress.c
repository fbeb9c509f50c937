// SPDX-License-Identifier: GPL-2.0
/* ui/progress.c: silent off a terminal or for small work; redraws by percent. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "ui/progress.h"

int main(void)
{
	struct ui_progress p;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ui_progress__init(&p, fp, "Processing events...", 1000, 10);
	ok(!p.enabled, "not a terminal: no bar");
	ui_progress__update(&p, 500);
	fflush(fp);
	is_int(len, 0, "nothing written");
	/* as on a terminal */
	p.enabled = true;
	ui_progress__update(&p, 500);
	ui_progress__update(&p, 501);	/* same percentage: no redraw */
	ui_progress__update(&p, 5000);	/* past the end: 100% */
	fflush(fp);
	ok(strstr(buf, " 50%") && strstr(buf, "100%"), "percentages drawn");
	ok(strstr(buf, "[====================>") != NULL, "half a bar");
	is_int((int)(strstr(buf + 1, "\r") - buf) > 0, 1, "redrawn in place");
	ui_progress__finish(&p);
	fflush(fp);
	ok(buf[len - 1] == '\r', "erased at the end");
	fclose(fp);
	free(buf);
	ui_progress__init(&p, stderr, "x", 5, 10);
	ok(!p.enabled, "small work: no bar");
	return done_testing();
}
