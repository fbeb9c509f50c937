/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_RECORD_BUILDID_H
#define __PERF_RECORD_BUILDID_H

#include <stdbool.h>
#include "types.h"

struct strbuf;

#define BUILD_ID_MAX	20

/* The GNU build-id note of an ELF file; -ENOENT when it has none. */
int build_id__read_elf(const char *path, u8 *id, size_t *len);
/* The running kernel's, from /sys/kernel/notes. */
int build_id__read_kernel(u8 *id, size_t *len);

/*
 * The BUILD_ID feature payload for a recorded file, as upstream's record
 * writes it: one HEADER_BUILD_ID record (pid -1, name padded to 64) per
 * DSO that got samples, found by walking the file's MMAP/MMAP2/FORK
 * records and samples (with all: every DSO mapped, and the kernel, as
 * --buildid-all).  DSOs whose build-id cannot be read are left out; an
 * empty payload when none is known.
 */
int record_buildid__collect(const char *path, bool all, struct strbuf *payload);

/*
 * Pipe mode, where the output cannot be read back: feed every record
 * written (sample_type of the samples: IP and TID first, after an
 * IDENTIFIER), then take the same payload, HEADER_BUILD_ID records to be
 * written into the stream at its end.
 */
struct record_buildid;
union perf_event;

struct record_buildid *record_buildid__new(bool all);
void record_buildid__delete(struct record_buildid *rb);
int record_buildid__event(struct record_buildid *rb, const union perf_event *ev,
			  u64 sample_type);
int record_buildid__payload(struct record_buildid *rb, struct strbuf *payload);

#endif /* __PERF_RECORD_BUILDID_H */
