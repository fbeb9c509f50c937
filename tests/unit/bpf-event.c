// SPDX-License-Identifier: GPL-2.0
/*
 * util/bpf-event.c: fetch a real program's info with every array, keep
 * it in the env once, synthesize its KSYMBOL and BPF_EVENT.  Needs root
 * (loading a program); skips otherwise.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "tap.h"
#include "util/bpf-event.h"
#include "util/bpf-prog-info.h"
#include "util/event.h"
#include "util/synthesize.h"

static int nr_ksym, nr_bpf;
static char ksym_name[256];
static u32 bpf_id;

static int emit(void *priv, const union perf_event *ev)
{
	if (ev->header.type == PERF_RECORD_KSYMBOL) {
		nr_ksym++;
		snprintf(ksym_name, sizeof(ksym_name), "%s", ev->ksymbol.name);
	} else if (ev->header.type == PERF_RECORD_BPF_EVENT) {
		nr_bpf++;
		bpf_id = ev->bpf.id;
	}
	return 0;
}

int main(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	struct bpf_prog_fetched f;
	struct perf_env_bpf env;
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct bpf_capture cap = { .bpf = &env, .lock = &lock,
				   .arrays = BPF_EVENT__ALL_ARRAYS, .keep_info = true };
	struct perf_synth s = { .emit = emit };
	const u64 *ksyms;
	u32 nr;
	int fd;

	if (geteuid())
		skip_all("needs root to load a BPF program");
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "unit_prog", "GPL", insns, 2, &opts);
	if (fd < 0)
		skip_all("cannot load a BPF program here");
	perf_env_bpf__init(&env);

	is_int(bpf_prog__fetch(fd, BPF_EVENT__ALL_ARRAYS, &f), 0, "fetch with every array");
	ok(f.info.id && !strcmp(f.info.name, "unit_prog"), "id and name");
	ksyms = bpf_prog_fetched__array(&f, PERF_BPIL_JITED_KSYMS, &nr);
	ok(ksyms && nr == 1 && ksyms[0], "one JITed function with its address");
	ok(f.arrays & (1ULL << PERF_BPIL_XLATED_INSNS), "xlated instructions kept");
	ok(f.arrays & (1ULL << PERF_BPIL_PROG_TAGS), "prog tags kept");
	is_int(bpf_capture__add(&cap, &f), 0, "into the env");
	ok(bpf_capture__has(&cap, f.info.id), "found by id");
	is_int(bpf_capture__add(&cap, &f), 0, "again");
	perf_env_bpf__sort_progs(&env);
	is_int(env.nr_progs, 1, "kept once");
	is_int(perf_synth__bpf_prog(&s, &f, NULL, true), 0, "synthesize");
	ok(nr_ksym == 1 && nr_bpf == 1 && bpf_id == f.info.id, "a KSYMBOL then a BPF_EVENT");
	ok(!strncmp(ksym_name, "bpf_prog_", 9) && strstr(ksym_name, "_unit_prog"),
	   "named as the kernel names it (%s)", ksym_name);
	nr_ksym = nr_bpf = 0;
	ok(bpf_event__synthesize_all(&s, &cap, NULL, false, true) >= 0 && nr_bpf == 0,
	   "rescan: known programs skipped, no BPF_EVENT when not asked");
	bpf_prog_fetched__exit(&f);
	close(fd);
	bpf_capture__exit(&cap);
	perf_env_bpf__exit(&env);
	return done_testing();
}
