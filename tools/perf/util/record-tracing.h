/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_RECORD_TRACING_H
#define __PERF_RECORD_TRACING_H

#include "types.h"

struct strbuf;

#define TRACING_DATA_VERSION	"0.6"

/*
 * The TRACING_DATA payload as upstream's record writes it (version 0.6),
 * from the tracefs directory dir: magic "\x17\x08\x44tracing", version,
 * endianness, sizeof(long), page size; header_page and header_event; the
 * formats of ftrace's events that events[] names; the other systems that
 * events[] ("sys:name") names, each with the formats of its events named
 * there, both in the directories' order; an empty kallsyms (upstream
 * leaves it so: readers resolve addresses with their own symbols), the
 * printk formats and the saved cmdlines.  Appended to sb; -errno.
 */
int tracing_data__build(const char *dir, const char *const *events, int nr,
			struct strbuf *sb);

#endif /* __PERF_RECORD_TRACING_H */
