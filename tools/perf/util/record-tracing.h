/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_RECORD_TRACING_H
#define __PERF_RECORD_TRACING_H

#include "types.h"

struct strbuf;

/* tracefs: /sys/kernel/tracing, else /sys/kernel/debug/tracing; NULL when neither. */
const char *tracing__dir(void);
/* The id of tracepoint sys:name; -ENOENT when there is none. */
int tracing__event_id(const char *sys, const char *name, u64 *id);

/*
 * The TRACING_DATA payload as upstream's record writes it (version 0.6):
 * magic, version, endianness, sizeof(long), page size, header_page and
 * header_event, the ftrace formats, the format of each event of
 * events[] ("sys:name", grouped by system), then empty kallsyms and printk
 * sections and the saved cmdlines.
 */
int tracing_data__build(const char *const *events, int nr, struct strbuf *sb);

#endif /* __PERF_RECORD_TRACING_H */
