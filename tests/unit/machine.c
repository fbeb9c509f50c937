// SPDX-License-Identifier: GPL-2.0
/*
 * util/machine.c: threads from COMM/FORK, maps from MMAP2, BPF programs
 * from KSYMBOL register and unregister, the kernel from a kallsyms file,
 * resolution by cpumode, and names from bpf_prog_info where no KSYMBOL is.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "records.h"
#include "tap.h"
#include "util/dso.h"
#include "util/machine.h"

int main(void)
{
	char path[] = "/tmp/machine-kallsyms.XXXXXX";
	struct perf_sample s = { 0 };
	struct addr_location al;
	struct machine *m;
	struct thread *t;
	FILE *fp;
	int fd = mkstemp(path);

	fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!fp)
		skip_all("no temporary file");
	fprintf(fp, "ffffffff81000000 T _text\nffffffff81000100 T do_work\n"
		"ffffffff81000200 T _etext\n"
		"ffffffffc0100000 t ext4_fn\t[ext4]\nffffffffc0100100 T ext4_other\t[ext4]\n"
		"ffffffffc0100200 d ext4_data\t[ext4]\nffffffffc0200000 t dm_fn\t[dm_mod]\n");
	fclose(fp);

	m = machine__new(path);
	ok(m != NULL, "machine");
	t = machine__find_thread(m, 0);
	is_str(t ? t->comm : NULL, "swapper", "thread 0 is swapper");

	is_int(machine__process_event(m, comm_ev(100, 100, "app"), &s), 0, "COMM");
	is_int(machine__process_event(m, fork_ev(100, 101, 100, 100), &s), 0, "FORK a thread");
	is_int(machine__process_event(m, fork_ev(300, 300, 999, 999), &s), 0,
	       "FORK of a parent never named");
	is_str(machine__find_thread(m, 101)->comm, "app", "a thread inherits the name");
	is_str(machine__find_thread(m, 300)->comm, ":300", "unnamed parent: the child's own");
	is_int(machine__process_event(m, mmap_ev(100, 0x400000, 0x1000, 0, "/bin/app",
						 PERF_RECORD_MISC_USER), &s), 0, "MMAP2");
	is_int(machine__process_event(m, fork_ev(200, 200, 100, 100), &s), 0, "FORK a process");
	machine__resolve_ip(m, machine__find_thread(m, 101), PERF_RECORD_MISC_USER, 0x400010, &al);
	ok(al.dso && !strcmp(al.dso->short_name, "app"), "resolved (and remembered) before a new map");
	is_int(machine__process_event(m, mmap_ev(100, 0x400000, 0x1000, 0x1000, "/bin/other",
						 PERF_RECORD_MISC_USER), &s), 0,
	       "the parent maps something else there");
	is_int(machine__process_event(m, mmap_ev(-1, 0xffffffff81000000ULL, 0x200, 0,
						 "[kernel.kallsyms]_text",
						 PERF_RECORD_MISC_KERNEL), &s), 0, "kernel MMAP");

	machine__resolve_ip(m, machine__find_thread(m, 101), PERF_RECORD_MISC_USER, 0x400010, &al);
	ok(al.dso && !strcmp(al.dso->short_name, "other") && al.addr == 0x1010 && al.level == '.',
	   "a thread sees its process's maps, the latest there");
	machine__resolve_ip(m, machine__find_thread(m, 200), PERF_RECORD_MISC_USER, 0x400010, &al);
	ok(al.dso && !strcmp(al.dso->short_name, "app"), "a forked process got a copy");

	/* versions: a record changes only the address spaces it changes */
	{
		struct thread *t100 = machine__find_thread(m, 100);
		struct thread *t200 = machine__find_thread(m, 200);
		u64 v100 = machine__maps_version(m, t100, PERF_RECORD_MISC_USER);
		u64 v101 = machine__maps_version(m, machine__find_thread(m, 101),
						 PERF_RECORD_MISC_USER);
		u64 v200 = machine__maps_version(m, t200, PERF_RECORD_MISC_USER);
		u64 vk = machine__maps_version(m, t100, PERF_RECORD_MISC_KERNEL);

		ok(v100 && v100 == v101 && v200 && v200 != v100 && vk && vk != v100 && vk != v200,
		   "a process's threads share a version, other spaces have their own");
		machine__process_event(m, mmap_ev(200, 0x500000, 0x1000, 0, "/bin/lib",
						  PERF_RECORD_MISC_USER), &s);
		ok(machine__maps_version(m, t200, PERF_RECORD_MISC_USER) > v200 &&
		   machine__maps_version(m, t100, PERF_RECORD_MISC_USER) == v100 &&
		   machine__maps_version(m, t100, PERF_RECORD_MISC_KERNEL) == vk,
		   "an mmap: a new version of that process's only");
		machine__process_event(m, ksym_ev(0xffffffffc0009000ULL, 0x80, false,
						  "bpf_prog_00_v"), &s);
		ok(machine__maps_version(m, t100, PERF_RECORD_MISC_KERNEL) > vk &&
		   machine__maps_version(m, t100, PERF_RECORD_MISC_USER) == v100,
		   "a KSYMBOL: a new version of the kernel's only");
		is_int(machine__maps_version(m, t100, PERF_RECORD_MISC_GUEST_USER), 0,
		       "no address space: version 0");
		/* tid 200 reused by a new process: its space a version never seen */
		machine__process_event(m, fork_ev(200, 200, 100, 100), &s);
		ok(machine__maps_version(m, machine__find_thread(m, 200), PERF_RECORD_MISC_USER) >
		   machine__maps_version(m, t100, PERF_RECORD_MISC_KERNEL),
		   "a reused tid's new process: a new version");
	}

	{
		union perf_event *ev = (void *)fork_ev(400, 400, 100, 100);

		ev->header.misc |= PERF_RECORD_MISC_FORK_EXEC;
		is_int(machine__process_event(m, ev, &s), 0, "vfork+exec FORK");
	}
	machine__resolve_ip(m, machine__find_thread(m, 400), PERF_RECORD_MISC_USER, 0x400010, &al);
	ok(!al.dso, "vfork+exec: the parent's maps are not the child's");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffff81000150ULL, &al);
	ok(al.sym && !strcmp(al.sym->name, "do_work") && al.level == 'k', "kernel symbol");
	{
		u64 start = 0;
		const char *fn = machine__kernel_function(m, 0xffffffff81000150ULL, &start);

		is_str(fn, "do_work", "a kernel function by address (for %pS)");
		ok(start && start <= 0xffffffff81000150ULL, "and its start");
		ok(!machine__kernel_function(m, 0x1000, &start), "none for a user address");
	}
	machine__resolve_map(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffff81000150ULL, &al);
	ok(al.map && al.dso == m->kernel_dso && !al.sym && al.addr == 0xffffffff81000150ULL,
	   "resolve_map: the map and dso, no symbol");

	/* BPF: named while loaded, [unknown] after, earlier samples unaffected */
	is_int(machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80, false,
						 "bpf_prog_0011223344556677_p"), &s), 0, "register");
	is_int(machine__process_event(m, ksym_ev(0xffffffffc0001080ULL, 0x40, false,
						 "bpf_prog_8899aabbccddeeff_sub"), &s), 0,
	       "register its subprogram");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0001090ULL, &al);
	ok(al.dso && !strcmp(al.dso->short_name, "bpf_prog_8899aabbccddeeff_sub") &&
	   al.sym && !strcmp(al.sym->name, al.dso->short_name) && al.addr == 0x10,
	   "a subprogram is its own dso and symbol");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0001010ULL, &al);
	ok(al.sym && !strcmp(al.sym->name, "bpf_prog_0011223344556677_p"), "the program by name");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0001010ULL, &al);
	ok(al.sym && !strcmp(al.sym->name, "bpf_prog_0011223344556677_p") && al.addr == 0x10 &&
	   al.thread == t && al.ip == 0xffffffffc0001010ULL, "the same again (from the cache)");
	is_int(machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80, true,
						 "bpf_prog_0011223344556677_p"), &s), 0, "unregister");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0001010ULL, &al);
	ok(!al.dso && !al.sym && al.addr == 0xffffffffc0001010ULL, "gone after unregister");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0001090ULL, &al);
	ok(al.dso != NULL, "the subprogram is still there");

	/* modules: "[name]" dsos, symbols from kallsyms relative to the start */
	is_int(machine__process_event(m, mmap_ev(-1, 0xffffffffc0100000ULL, 0x1000, 0,
						 "/lib/modules/6.1.0/kernel/fs/ext4/ext4.ko",
						 PERF_RECORD_MISC_KERNEL), &s), 0, "module MMAP (a .ko)");
	is_int(machine__process_event(m, mmap_ev(-1, 0xffffffffc0200000ULL, 0x1000, 0,
						 "/lib/modules/6.1.0/kernel/md/dm-mod.ko.xz",
						 PERF_RECORD_MISC_KERNEL), &s), 0,
	       "module MMAP (compressed, a '-' in its name)");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0100250ULL, &al);
	ok(al.dso && !strcmp(al.dso->short_name, "[ext4]") && !strcmp(al.dso->long_name, "[ext4]") &&
	   al.dso->kind == DSO_KIND_MODULE && al.addr == 0x250 && al.level == 'k',
	   "a module sample: dso [ext4], address relative to the module");
	is_str(al.sym ? al.sym->name : NULL, "ext4_other", "the module's symbol (data ignored)");
	ok(dsos__find(&m->dsos, "[dm_mod]") && dsos__find(&m->dsos, "[dm_mod]")->loaded &&
	   dsos__find(&m->dsos, "[dm_mod]")->symbols.nr == 1,
	   "every module's symbols read in that one pass over kallsyms");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0200010ULL, &al);
	ok(al.dso && !strcmp(al.dso->short_name, "[dm_mod]") && al.sym &&
	   !strcmp(al.sym->name, "dm_fn"), "dm-mod.ko.xz is [dm_mod], named from kallsyms");
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, 0xffffffffc0300000ULL, &al);
	ok(!al.dso && !al.sym, "beyond the modules: unknown");

	/* anonymous executable memory: JIT code named by /tmp/perf-<pid>.map */
	is_int(machine__process_event(m, mmap_ev(100, 0x7f0000000000ULL, 0x2000, 0, "//anon",
						 PERF_RECORD_MISC_USER), &s), 0, "anon exec MMAP2");
	machine__resolve_ip(m, machine__find_thread(m, 100), PERF_RECORD_MISC_USER,
			    0x7f0000000010ULL, &al);
	ok(al.dso && al.dso->kind == DSO_KIND_JIT && !strcmp(al.dso->long_name, "/tmp/perf-100.map") &&
	   !strcmp(al.dso->short_name, "[JIT] tid 100") && al.addr == 0x7f0000000010ULL,
	   "anon exec: /tmp/perf-100.map, [JIT] tid 100, addresses as they are");
	{
		struct perf_record_mmap2 *m2 = (void *)mmap_ev(100, 0x7f0000100000ULL, 0x1000, 0,
							       "//anon", PERF_RECORD_MISC_USER);

		m2->prot = 3;
		is_int(machine__process_event(m, (void *)m2, &s), 0, "anon data MMAP2");
	}
	machine__resolve_ip(m, machine__find_thread(m, 100), PERF_RECORD_MISC_USER,
			    0x7f0000100010ULL, &al);
	ok(al.dso && al.dso->kind == DSO_KIND_ANON && !strcmp(al.dso->short_name, "//anon"),
	   "anon data: //anon, no map file");

	/* malformed records are refused, never read past */
	{
		union perf_event *ev = (void *)ksym_ev(0, 0, false, "");

		ev->header.size = sizeof(struct perf_record_ksymbol);
		is_int(machine__process_event(m, ev, &s), -22, "KSYMBOL without a name");
	}
	s.pid = 100;
	s.tid = 101;
	s.ip = 0x400020;
	{
		union perf_event ev = { .header = { .type = PERF_RECORD_SAMPLE,
						    .misc = PERF_RECORD_MISC_USER } };

		is_int(machine__resolve(m, &ev, &s, &al), 0, "resolve a sample");
		ok(al.thread && al.thread->tid == 101 && al.dso, "its thread and dso");
	}
	/*
	 * samples of tid 500 before its (late) FORK: that task keeps ":500";
	 * the task the FORK made (of a parent never named) takes the COMM
	 */
	{
		const char *early = machine__findnew_thread(m, 500, 500)->comm, *late;

		is_int(machine__process_event(m, fork_ev(500, 500, 600, 600), &s), 0, "late FORK");
		late = machine__find_thread(m, 500)->comm;
		ok(late != early && !strcmp(late, ":500"), "the new task: a \":500\" of its own");
		is_int(machine__process_event(m, comm_ev(500, 500, "named"), &s), 0, "its COMM");
		is_str(machine__final_comm(m, late), "named", "the new task's samples: named");
		is_str(machine__final_comm(m, early), ":500", "the dropped task's: \":500\"");
		ok(machine__final_comm(m, early) == machine__intern_comm(m, ":500"),
		   "unnamed tasks of a tid: one row's name");
	}
	/*
	 * a thread forked by a parent not named yet: a report keeps its
	 * ":<tid>" (as upstream); perf top, naming its running tasks late,
	 * gives it the parent's name when the parent's COMM comes
	 */
	{
		const char *before;

		machine__process_event(m, fork_ev(700, 701, 700, 700), &s);
		machine__process_event(m, comm_ev(700, 700, "late"), &s);
		is_str(machine__find_thread(m, 701)->comm, ":701",
		       "report: a child of a parent named late keeps its own name");
		machine__name_late_parents(m);
		machine__process_event(m, fork_ev(800, 801, 800, 800), &s);
		before = machine__find_thread(m, 801)->comm;
		machine__process_event(m, fork_ev(900, 901, 800, 800), &s);
		machine__process_event(m, comm_ev(800, 800, "late"), &s);
		is_str(machine__find_thread(m, 801)->comm, "late",
		       "top: the parent's late COMM names the child it forked");
		is_str(machine__final_comm(m, before), "late", "  and its samples from before");
		is_str(machine__find_thread(m, 901)->comm, "late",
		       "  and a process it forked, not named by an exec yet");
	}
	machine__delete(m);
	unlink(path);
	return done_testing();
}
