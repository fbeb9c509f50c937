// SPDX-License-Identifier: GPL-2.0
/*
 * util/synthesize.c: [bpf] kallsyms parsing (tagged and bare kernels),
 * KSYMBOL records with their trailer, this process's COMM/FORK/MMAP2 and
 * NAMESPACES.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "util/event.h"
#include "util/record-buildid.h"
#include "util/synthesize.h"
#include "util/thread-map.h"

struct out {
	int	nr[PERF_RECORD_MAX];
	u8	last[4096];
	u8	first[4096];
	int	first_type;	/* 0: none yet */
	bool	fork_before_comm;
	bool	seen_fork;
};

static int emit(void *priv, const union perf_event *ev)
{
	struct out *o = priv;

	if (ev->header.type < PERF_RECORD_MAX)
		o->nr[ev->header.type]++;
	if (ev->header.type == PERF_RECORD_FORK)
		o->seen_fork = true;
	if (ev->header.type == PERF_RECORD_COMM && o->nr[PERF_RECORD_COMM] == 1)
		o->fork_before_comm = o->seen_fork;
	memcpy(o->last, ev, ev->header.size);
	if (!o->first_type) {
		o->first_type = ev->header.type;
		memcpy(o->first, ev, ev->header.size);
	}
	return 0;
}

static const char tagged[] =
	"ffffffff81541240 t bpf_trampoline_lookup\n"
	"ffffffffc0025500 t bpf_dispatcher_xdp\t[bpf]\n"
	"ffffffffc0027000 t bpf_prog_ba7481c396c507da_hot_prog_0\t[bpf]\n"
	"ffffffffc0026000 t bpf_prog_c39f4152afaa4ada_F\t[bpf]\n"
	"ffffffffc0028000 t bpf_trampoline_6442\t[bpf]\n"
	"ffffffff81000000 T _text\n";

static const char bare[] =
	"ffffffff81541240 t bpf_trampoline_lookup\n"
	"ffffffffc0027000 t bpf_prog_ba7481c396c507da_hot_prog_0\n"
	"ffffffffc0028000 t bpf_trampoline_6442\n"
	"ffffffffc0029000 t bpf_prog_xyz\n";

int main(void)
{
	struct bpf_kallsyms ks;
	struct out o;
	struct perf_synth s = {
		.emit = emit, .priv = &o, .id_hdr_size = 16,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME,
	};
	struct perf_record_ksymbol *k = (void *)o.last;
	struct perf_thread_map *self;
	u64 t;

	memset(&o, 0, sizeof(o));
	is_int(bpf_kallsyms__parse(&ks, tagged, sizeof(tagged) - 1), 0, "parse tagged");
	is_int(ks.nr, 4, "only the [bpf] lines, not core bpf_trampoline_lookup");
	is_str(bpf_kallsyms__find(&ks, 0xffffffffc0026000ULL), "bpf_prog_c39f4152afaa4ada_F",
	       "find by address");
	ok(!bpf_kallsyms__find(&ks, 0xffffffffc0026001ULL), "no match inside a symbol");
	ok(ks.entries[0].addr < ks.entries[1].addr, "sorted");
	is_int(perf_synth__bpf_images(&s, &ks), 0, "images");
	is_int(o.nr[PERF_RECORD_KSYMBOL], 2, "one trampoline and one dispatcher");
	bpf_kallsyms__exit(&ks);

	is_int(bpf_kallsyms__parse(&ks, bare, sizeof(bare) - 1), 0, "parse an untagged kernel's");
	is_int(ks.nr, 2, "the unambiguous bare names only");
	bpf_kallsyms__exit(&ks);

	s.time = 1234;
	is_int(perf_synth__ksymbol(&s, 0xffffffffc0027000ULL, 109, PERF_RECORD_KSYMBOL_TYPE_BPF, 0,
				   "bpf_prog_ba7481c396c507da_hot_prog_0"), 0, "ksymbol");
	is_int(k->header.size, 24 + 40 + 16, "header + name padded to 8 + trailer");
	is_str(k->name, "bpf_prog_ba7481c396c507da_hot_prog_0", "name");
	ok(k->addr == 0xffffffffc0027000ULL && k->len == 109 && k->ksym_type == 1, "fields");
	memcpy(&t, o.last + k->header.size - 8, 8);
	ok(t == 1234, "trailer time in place (after pid/tid)");
	s.time = 0;

	memset(&o, 0, sizeof(o));
	self = thread_map__new_one(getpid());
	is_int(perf_synth__threads(&s, self), 0, "this process");
	ok(o.nr[PERF_RECORD_COMM] >= 1 && o.nr[PERF_RECORD_FORK] == o.nr[PERF_RECORD_COMM],
	   "a COMM and a FORK per thread");
	ok(o.fork_before_comm, "FORK before COMM");
	ok(o.nr[PERF_RECORD_MMAP2] >= 2, "executable maps as MMAP2");
	is_int(o.nr[PERF_RECORD_NAMESPACES], 0, "no NAMESPACES unless asked");
	memset(&o, 0, sizeof(o));
	s.namespaces = true;
	is_int(perf_synth__threads(&s, self), 0, "this process, with its namespaces");
	is_int(o.nr[PERF_RECORD_NAMESPACES], 1, "one NAMESPACES");
	is_int(o.first_type, PERF_RECORD_NAMESPACES, "first, before FORK and COMM");
	{
		struct perf_record_namespaces *ns = (void *)o.first;
		struct stat st;

		ok(ns->pid == (u32)getpid() && ns->tid == ns->pid && ns->nr_namespaces == 7,
		   "of this process, 7 namespaces");
		ok(!stat("/proc/self/ns/net", &st) && ns->link_info[0].dev == st.st_dev &&
		   ns->link_info[0].ino == st.st_ino, "net: device and inode of /proc/self/ns/net");
		ok(!stat("/proc/self/ns/cgroup", &st) && ns->link_info[6].ino == st.st_ino,
		   "cgroup: the seventh");
		is_int(ns->header.size, 8 + 16 + 7 * 16 + (int)s.id_hdr_size, "size");
	}
	s.namespaces = false;
	thread_map__delete(self);
	memset(&o, 0, sizeof(o));
	is_int(perf_synth__kernel_mmap(&s), 0, "kernel map");
	if (o.nr[PERF_RECORD_MMAP])
		is_str(((struct perf_record_mmap *)o.last)->filename, "[kernel.kallsyms]_text",
		       "kernel map name");
	is_int(perf_synth__modules(&s), 0, "modules (none is fine)");

	/* --buildid-mmap: MMAP2s with the build ids of the kernel and of files */
	s.mmap_build_id = true;
	memset(&o, 0, sizeof(o));
	is_int(perf_synth__kernel_mmap(&s), 0, "kernel map with its build id");
	if (o.nr[PERF_RECORD_MMAP2]) {
		struct perf_record_mmap2 *m = (void *)o.last;
		u8 id[BUILD_ID_MAX];
		size_t len = sizeof(id);

		is_str(m->filename, "[kernel.kallsyms]_text", "an MMAP2 of the kernel's text");
		if (!build_id__read_kernel(id, &len))
			ok((m->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) &&
			   m->build_id_size == len && !memcmp(m->build_id, id, len) &&
			   !m->prot && !m->flags,
			   "the kernel's build id, no prot nor flags (as upstream's)");
	}
	self = thread_map__new_one(getpid());
	memset(&o, 0, sizeof(o));
	is_int(perf_synth__threads(&s, self), 0, "this process's maps with build ids");
	{
		struct perf_record_mmap2 *m = (void *)o.last;

		ok(o.nr[PERF_RECORD_MMAP2] >= 2, "its executable maps");
		/* the last is [vdso]: no file, the device and inode kept */
		ok(!strcmp(m->filename, "[vdso]") ?
		   !(m->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) :
		   m->filename[0] != '/' || (m->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID),
		   "a file's map has its build id, [vdso] none (%s)", m->filename);
	}
	thread_map__delete(self);
	return done_testing();
}
