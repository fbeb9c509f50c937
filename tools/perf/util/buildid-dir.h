/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BUILDID_DIR_H
#define __PERF_BUILDID_DIR_H

#include <stddef.h>

#include "types.h"

/*
 * Where build ids put files, as upstream lays them out.  The cache is
 * $HOME/.debug (/root/.debug when HOME is unset or empty), read here and
 * nowhere else, at each call: a test or the fuzzer may move it.
 *
 *	<dir>/.build-id/<2 hex>/<rest><tail>	an id's entry in a directory
 *	<cache><name>/<hex id>/<file>		a file's copy (elf, debug, vdso),
 *						[kernel.kallsyms]'s kallsyms
 *	<cache>/.build-id/<2 hex>/<rest>	a link to the copy's directory
 *
 * Each builder writes the path into buf and returns 0, or -EINVAL (no id,
 * one over BUILD_ID_MAX bytes) or -ENAMETOOLONG (buf too small).  None
 * looks at the file system.
 */

/* $HOME/.debug */
int buildid_dir__cache(char *buf, size_t size);

/* <dir>/.build-id/<2 hex>/<rest><tail>: /usr/lib/debug's "<id>.debug" too */
int buildid_dir__link(const char *dir, const u8 *id, size_t len, const char *tail, char *buf,
		      size_t size);

/* <cache>/.build-id/<2 hex>/<rest>, then /<file> unless file is NULL */
int buildid_dir__entry(const u8 *id, size_t len, const char *file, char *buf, size_t size);

/* <cache><name>/<hex id>, then /<file> unless file is NULL; name starts with '/' */
int buildid_dir__copy(const char *name, const u8 *id, size_t len, const char *file, char *buf,
		      size_t size);

/* What the link to name's copy holds: ../..<name>/<hex id> */
int buildid_dir__target(const char *name, const u8 *id, size_t len, char *buf, size_t size);

#endif /* __PERF_BUILDID_DIR_H */
