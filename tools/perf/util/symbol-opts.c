// SPDX-License-Identifier: GPL-2.0
/*
 * The symbol source options the readers share (--symfs, -k, --kallsyms,
 * --ignore-vmlinux, -m, --demangle, --demangle-kernel).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "machine.h"
#include "symbol-opts.h"

int symbol_opts__resolve(struct symbol_opts *so, char *msg, size_t size)
{
	if (!so->vmlinux)
		return 0;
	/* as upstream: the path as given, not under --symfs */
	if (access(so->vmlinux, R_OK)) {
		int err = errno;

		snprintf(msg, size, "%s: %s", so->vmlinux, strerror(err));
		return -err;
	}
	if (so->ignore_vmlinux)
		so->vmlinux = NULL;
	return 0;
}

void symbol_opts__apply(const struct symbol_opts *so, struct machine *m)
{
	if (so->kallsyms)
		m->kallsyms = so->kallsyms;
	m->vmlinux = so->vmlinux;
	m->dsos.symfs = so->symfs && *so->symfs ? so->symfs : NULL;
	m->dsos.no_demangle = !so->demangle;
	m->dsos.demangle_kernel = so->demangle_kernel;
}
