/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_UI_TUI_REPORT_PRIV_H
#define __PERF_UI_TUI_REPORT_PRIV_H

/*
 * Between the files of perf report's browser (tui-report*.c), not for
 * others: the rows of event idx built again through the zooms (0 or
 * -errno); the lines of row's graph from tree line k on, under parent,
 * at level, added to the view (the line after them, or -ENOMEM); a
 * frame's fold mark; the menu of events' drawing and keys.
 */
int tui_report__rebuild(struct tui_report *t, int idx);
int tui_report__tree(struct tui_report *t, int row, int k, u32 parent, int level);
char tui_report__tree_sign(const struct tui_report *t, int row, int k);
void tui_report__draw_menu(struct tui_report *t);
int tui_report__menu_key(struct tui_report *t, int ch);
/* Enter's menu of actions on the selected entry (tui-report-actions.c). */
int tui_report__actions(struct tui_report *t);
void tui_report__draw_actions(struct tui_report *t);
int tui_report__actions_key(struct tui_report *t, int ch);

#endif /* __PERF_UI_TUI_REPORT_PRIV_H */
