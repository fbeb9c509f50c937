/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TOP_EVENTS_H
#define __PERF_TOP_EVENTS_H

struct perf_top;

/* perf top's events' attrs (util/top-events.c). */
void top_events__config(struct perf_top *top);

#endif /* __PERF_TOP_EVENTS_H */
