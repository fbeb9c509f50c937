/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BUILDID_CACHE_H
#define __PERF_BUILDID_CACHE_H

#include <stddef.h>

#include "types.h"

/*
 * The build-id cache upstream's record fills and report reads first
 * ($HOME/.debug): the file's copy in <dir>/<path>/<hex id>/elf (a hard
 * link when it can be one), and <dir>/.build-id/<2 hex>/<rest> pointing
 * at that directory.  A binary rebuilt or removed after the recording is
 * still named from its copy.  0 also when the copy is there already.
 */
int buildid_cache__add(const char *path, const u8 *id, size_t len);

/* Each user DSO of a BUILD_ID feature payload (HEADER_BUILD_ID records). */
int buildid_cache__add_payload(const void *buf, size_t size);

#endif /* __PERF_BUILDID_CACHE_H */
