/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_PAGER_H
#define __PERF_UI_PAGER_H

/*
 * Page stdout through $PAGER (default "less" with LESS=FRSX, as upstream)
 * when stdout is a terminal.  PAGER=cat or an empty PAGER turns it off.
 * pager__setup() returns 0 also when no pager was started; pager__finish()
 * flushes stdout, closes the pipe and waits for the pager to exit.
 */
int pager__setup(void);
void pager__finish(void);

#endif /* __PERF_UI_PAGER_H */
