// SPDX-License-Identifier: GPL-2.0
/*
 * util/bpf-progs.c: programs from KSYMBOL + BPF_EVENT records through the
 * machine, the loader and times from their sample_id, synthesized ones,
 * subprograms claimed by the loading tid, rescans, trampolines, KSYMBOL
 * alone, programs of the header only, and the dso -> program link.
 */
#include <string.h>

#include "records.h"
#include "tap.h"
#include "util/bpf-prog-info.h"
#include "util/bpf-progs.h"
#include "util/dso.h"
#include "util/machine.h"

/* A program of BPF_PROG_INFO: one function at addr, len bytes (lens: its count). */
static int add_info(struct perf_env_bpf *env, u32 id, u64 addr, u32 len, u32 nr_lens)
{
	struct bpf_prog_info info = { .id = id, .type = BPF_PROG_TYPE_SOCKET_FILTER,
				      .btf_id = 5, .nr_jited_ksyms = 1,
				      .nr_jited_func_lens = nr_lens, .jited_ksyms = 0,
				      .jited_func_lens = 8 };
	u64 arrays = 1ULL << PERF_BPIL_JITED_KSYMS | 1ULL << PERF_BPIL_JITED_FUNC_LENS;
	u8 data[16];

	memcpy(data, &addr, 8);
	memcpy(data + 8, &len, 4);
	memset(data + 12, 0, 4);
	return perf_env_bpf__add_prog(env, &info, sizeof(info), arrays, data, sizeof(data),
				      NULL, 0);
}

static struct perf_sample at(u32 pid, u64 time)
{
	return (struct perf_sample){ .pid = pid, .tid = pid, .time = time };
}

/* The machine's entry of the dso at addr. */
static struct bpf_prog_entry *prog_of(struct machine *m, u64 addr)
{
	struct addr_location al;

	machine__resolve_map(m, NULL, PERF_RECORD_MISC_KERNEL, addr, &al);
	return al.dso ? bpf_progs__of_dso(m->progs, al.dso) : NULL;
}

int main(void)
{
	struct machine *m = machine__new("/dev/null");
	struct bpf_prog_entry *e, *e2;
	struct perf_sample s;
	struct bpf_progs *p;

	if (!m)
		skip_all("no machine");
	p = m->progs;
	s = at(100, 1000);
	machine__process_event(m, comm_ev(100, 100, "loader"), &s);

	/* loaded while recording: main, subprogram, then PROG_LOAD, all by tid 100 */
	s = at(100, 2000);
	machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80,
					  false, "bpf_prog_aa00000000000000_main"), &s);
	machine__process_event(m, ksym_ev(0xffffffffc0001100ULL, 0x40,
					  false, "bpf_prog_bb00000000000000_sub"), &s);
	/* another task's function meanwhile: not this program's */
	s = at(200, 2500);
	machine__process_event(m, ksym_ev(0xffffffffc0002000ULL, 0x20,
					  false, "bpf_prog_cc00000000000000_other"), &s);
	s = at(100, 3000);
	is_int(machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 7, 0xaa), &s), 0,
	       "PROG_LOAD");
	e = prog_of(m, 0xffffffffc0001010ULL);
	ok(e && e->id == 7 && e->origin == BPF_PROG_LOADED, "the main function's program: id 7");
	ok(e && prog_of(m, 0xffffffffc0001120ULL) == e, "the subprogram is the same program's");
	ok(e && e->nr_funcs == 2 && e->jited_bytes == 0xc0, "two functions, 0xc0 bytes");
	ok(e && e->pid == 100 && e->comm && !strcmp(e->comm, "loader") && e->load_time == 3000,
	   "loader pid, comm and time from the PROG_LOAD's sample_id");
	is_str(e ? bpf_prog_entry__short_name(e) : NULL, "main", "short name");
	is_str(e ? bpf_prog_entry__type_name(e) : NULL, "-", "no info: type -");
	ok(e && bpf_prog_entry__origin_name(e) == NULL, "loaded: no origin mark");
	s = at(100, 9000);
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_UNLOAD, 7, 0xaa), &s);
	ok(e && e->unloaded && e->unload_time == 9000, "PROG_UNLOAD: its time");

	/* synthesized (pid 0, time 0), then again by a rescan: one entry */
	s = at(0, 0);
	machine__process_event(m, ksym_ev(0xffffffffc0003000ULL, 0x10,
					  false, "bpf_prog_dd00000000000000_old"), &s);
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 3, 0xdd), &s);
	e2 = prog_of(m, 0xffffffffc0003000ULL);
	ok(e2 && e2->id == 3 && e2->origin == BPF_PROG_SYNTHESIZED && !e2->load_time,
	   "pid 0 at time 0: synthesized, no load time");
	s = at(0, 5000);
	machine__process_event(m, ksym_ev(0xffffffffc0003000ULL, 0x10,
					  false, "bpf_prog_dd00000000000000_old"), &s);
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 3, 0xdd), &s);
	ok(e2 && e2->nr_funcs == 1 && prog_of(m, 0xffffffffc0003000ULL) == e2,
	   "synthesized again after losses: the same entry, once");
	s = at(0, 6000);
	machine__process_event(m, ksym_ev(0xffffffffc0004000ULL, 0x10,
					  false, "bpf_prog_ee00000000000000_new"), &s);
	machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 11, 0xee), &s);
	e2 = prog_of(m, 0xffffffffc0004000ULL);
	ok(e2 && e2->origin == BPF_PROG_RESCAN, "pid 0 at a time: found by a rescan");
	is_str(e2 ? bpf_prog_entry__origin_name(e2) : NULL, "rescan", "marked rescan");

	/* a trampoline: its own entry, at once, its unregister its unload */
	s = at(100, 7000);
	machine__process_event(m, ksym_ev(0xffffffffc0005000ULL, 0x30, false,
					  "bpf_trampoline_30064771079"), &s);
	e2 = prog_of(m, 0xffffffffc0005000ULL);
	ok(e2 && e2->origin == BPF_PROG_TRAMPOLINE && e2->serves == 7,
	   "trampoline: its own entry, its key names program 7");
	is_str(e2 ? bpf_prog_entry__type_name(e2) : NULL, "trampoline", "type trampoline");
	s = at(100, 8000);
	machine__process_event(m, ksym_ev(0xffffffffc0005000ULL, 0x30, true,
					  "bpf_trampoline_30064771079"), &s);
	ok(e2 && e2->unloaded && e2->unload_time == 8000, "trampoline unregistered: unloaded");

	/* the other task's function, never claimed: KSYMBOL only, on demand */
	e2 = prog_of(m, 0xffffffffc0002000ULL);
	ok(e2 && e2->origin == BPF_PROG_KSYMBOL_ONLY && e2->pid == 200 && e2->load_time == 2500,
	   "a function no PROG_LOAD claimed: a program of its own, with its loader");
	is_int(bpf_progs__finish(p), 0, "finish");
	is_int(p->nr, 5, "five entries");
	ok(p->first_time == 1000 && p->last_time == 9000, "the records' span");

	/* accounting */
	e = prog_of(m, 0xffffffffc0001010ULL);
	if (e) {
		const char *c = machine__intern_comm(m, "bpf_test_run");

		bpf_prog_entry__account(e, 1, 10, c);
		bpf_prog_entry__account(e, 0, 10, c);
		bpf_prog_entry__account(e, -1, 10, NULL);
	}
	ok(e && e->nr_samples == 3 && e->period == 30 && e->funcs[1].nr_samples == 1 &&
	   e->nr_callers == 1 && e->callers[0].nr_samples == 2, "samples, functions, callers");
	ok(e && bpf_prog_entry__func_at(e, 0xffffffffc0001130ULL) == 1 &&
	   bpf_prog_entry__func_at(e, 0xffffffffc0001200ULL) == -1, "function at an address");
	machine__delete(m);

	/* the header: a loaded program's info, and one no record told of */
	{
		struct perf_env_bpf env;

		perf_env_bpf__init(&env);
		m = machine__new("/dev/null");
		is_int(add_info(&env, 40, 0xffffffffc0008000ULL, 0x50, 1) |
		       add_info(&env, 41, 0xffffffffc0009000ULL, 0x60, 1) |
		       add_info(&env, 42, 0xffffffffc000a000ULL, 0x70, 0), 0, "three infos");
		bpf_progs__set_env(m->progs, &env);
		s = at(100, 100);
		machine__process_event(m, ksym_ev(0xffffffffc0008000ULL, 0x50, false,
						  "bpf_prog_aa00000000000000_x"), &s);
		machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 40, 0xaa), &s);
		machine__process_event(m, ksym_ev(0xffffffffc000a000ULL, 0x70, false,
						  "bpf_prog_bb00000000000000_z"), &s);
		machine__process_event(m, bpf_ev(PERF_BPF_EVENT_PROG_LOAD, 42, 0xbb), &s);
		e = prog_of(m, 0xffffffffc0008000ULL);
		ok(e && e->info == BPF_PROG_INFO_OK && e->has_btf && e->nr_funcs == 1 &&
		   e->jited_bytes == 0x50 && !strcmp(bpf_prog_entry__type_name(e), "socket_filter"),
		   "info: type, BTF, the functions of jited_ksyms");
		e = prog_of(m, 0xffffffffc000a000ULL);
		ok(e && e->info == BPF_PROG_INFO_BAD && e->nr_funcs == 1 && e->jited_bytes == 0x70,
		   "counts that do not match: marked bad, the KSYMBOL's length");
		is_int(bpf_progs__finish(m->progs), 0, "finish");
		e = m->progs->nr == 3 ? m->progs->entries[2] : NULL;
		ok(e && e->id == 41 && e->origin == BPF_PROG_HEADER_ONLY && e->nr_funcs == 1 &&
		   e->jited_bytes == 0x60, "a program only the header knows: listed, header-only");
		machine__delete(m);
		perf_env_bpf__exit(&env);
	}

	/* a file without bpf_event: KSYMBOLs are programs of their own at once */
	m = machine__new("/dev/null");
	m->progs->no_bpf_events = true;
	s = at(100, 100);
	machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80,
					  false, "bpf_prog_aa00000000000000_main"), &s);
	e = m->progs->nr ? m->progs->entries[0] : NULL;
	ok(e && e->origin == BPF_PROG_KSYMBOL_ONLY && prog_of(m, 0xffffffffc0001000ULL) == e,
	   "no bpf_event: a KSYMBOL is a program at once (sort keys see it)");
	machine__delete(m);
	return done_testing();
}
