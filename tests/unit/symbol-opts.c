// SPDX-License-Identifier: GPL-2.0
/* util/symbol-opts.c: -k checked and dropped with --ignore-vmlinux; a machine's dsos given the rest. */
#include <errno.h>
#include <string.h>

#include "tap.h"
#include "util/dso.h"
#include "util/machine.h"
#include "util/symbol-opts.h"

int main(void)
{
	struct symbol_opts so = SYMBOL_OPTS_INIT;
	struct machine *m;
	struct dso *user, *kernel, *module;
	char msg[256] = "";

	ok(so.demangle && !so.demangle_kernel, "defaults: user names demangled, the kernel's not");
	is_int(symbol_opts__resolve(&so, msg, sizeof(msg)), 0, "no -k: nothing to check");

	so.vmlinux = "/nonexistent/vmlinux";
	is_int(symbol_opts__resolve(&so, msg, sizeof(msg)), -ENOENT, "-k of a missing file: -ENOENT");
	is_str(msg, "/nonexistent/vmlinux: No such file or directory", "...said with the path");
	so.ignore_vmlinux = true;
	is_int(symbol_opts__resolve(&so, msg, sizeof(msg)), -ENOENT,
	       "--ignore-vmlinux: still checked");

	so.vmlinux = "/proc/self/exe";
	so.symfs = "/nonexistent";
	so.ignore_vmlinux = false;
	is_int(symbol_opts__resolve(&so, msg, sizeof(msg)), 0, "-k of a readable file");
	is_str(so.vmlinux, "/proc/self/exe", "...as given, not under --symfs");
	so.ignore_vmlinux = true;
	is_int(symbol_opts__resolve(&so, msg, sizeof(msg)), 0, "--ignore-vmlinux");
	ok(so.vmlinux == NULL, "...leaves it unused");

	/* a machine: the dsos made after apply get symfs and the demangling */
	m = machine__new(NULL);
	ok(m != NULL, "machine");
	so.vmlinux = "/proc/self/exe";
	so.kallsyms = "/some/kallsyms";
	so.demangle = false;
	symbol_opts__apply(&so, m);
	is_str(m->dsos.symfs, "/nonexistent", "symfs on the dsos");
	is_str(m->vmlinux, "/proc/self/exe", "-k on the machine");
	is_str(m->kallsyms, "/some/kallsyms", "--kallsyms on the machine");
	user = dsos__findnew(&m->dsos, "/usr/bin/x", DSO_KIND_USER);
	kernel = dsos__findnew(&m->dsos, "[kernel.kallsyms]", DSO_KIND_KERNEL);
	module = dsos__findnew(&m->dsos, "[mod]", DSO_KIND_MODULE);
	ok(user && user->symfs && !strcmp(user->symfs, "/nonexistent"), "a user dso: its symfs");
	ok(user && user->no_demangle, "--no-demangle: its names as mangled");
	ok(kernel && kernel->no_demangle && module && module->no_demangle,
	   "the kernel's and modules' names as they are");
	machine__delete(m);

	m = machine__new(NULL);
	so.symfs = "";
	so.demangle = true;
	so.demangle_kernel = true;
	symbol_opts__apply(&so, m);
	ok(m->dsos.symfs == NULL, "--symfs '': none");
	user = dsos__findnew(&m->dsos, "/usr/bin/x", DSO_KIND_USER);
	kernel = dsos__findnew(&m->dsos, "[kernel.kallsyms]", DSO_KIND_KERNEL);
	ok(user && !user->no_demangle && !user->symfs, "a user dso: demangled, no symfs");
	ok(kernel && !kernel->no_demangle, "--demangle-kernel: the kernel's demangled");
	machine__delete(m);
	return done_testing();
}
