/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TOP_EVENTS_H
#define __PERF_TOP_EVENTS_H

struct perf_top;

/* perf top's events (util/top-events.c): attrs, fds, ring buffers. */
void top_events__config(struct perf_top *top);
/* One fd per event, CPU and thread; errors are printed.  0 or -errno. */
int top_events__open(struct perf_top *top);
/* One ring buffer per CPU (opts.pages data pages). */
int top_events__mmap(struct perf_top *top);
/* PERF_EVENT_IOC_ENABLE / DISABLE on every fd. */
void top_events__ioctl(struct perf_top *top, unsigned long req);
void top_events__close(struct perf_top *top);

#endif /* __PERF_TOP_EVENTS_H */
