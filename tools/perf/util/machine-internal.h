/* SPDX-License-Identifier: GPL-2.0 */
/* What machine.c (the side-band) and machine-resolve.c (addresses) share. */
#ifndef PERF_UTIL_MACHINE_INTERNAL_H
#define PERF_UTIL_MACHINE_INTERNAL_H

#include "machine.h"

#define IP_CACHE_MAX_BITS	16

/* What machine__resolve_ip() found for an address of an address space. */
struct resolved_ip {
	u64			version;	/* of maps; 0: never filled */
	u64			ip;
	const struct maps	*maps;
	struct map		*map;
	struct symbol		*sym;
	u64			addr;
	bool			fallback;
};

/* The maps of a thread: its process leader's, made when first needed. */
struct maps *machine__thread_maps(struct machine *m, struct thread *t);
int machine__add_kernel_mmap(struct machine *m, u64 start, u64 len, u64 pgoff, const char *name);

#endif /* PERF_UTIL_MACHINE_INTERNAL_H */
