// SPDX-License-Identifier: GPL-2.0
/*
 * util/bpf-event.c: fetch a real program's info with every array, keep
 * it in the env once, synthesize its KSYMBOL and BPF_EVENT.  Needs root
 * (loading a program); skips otherwise.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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

/*
 * The regression: function 0 of a program with a subprogram and no BTF.
 * The kernel names it after the program (and its whole tag); the builder
 * for programs gone from kallsyms and the env's namer must say the same,
 * while only the header printout keeps upstream's "<own tag>_F".
 */
static void test_multi_no_btf(void)
{
	/* main calls the subprogram at insn 2, which returns 1 */
	struct bpf_insn insns[] = {
		{ .code = BPF_JMP | BPF_CALL, .src_reg = BPF_PSEUDO_CALL, .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct perf_env_bpf env;
	struct bpf_capture cap = { .bpf = &env, .lock = &lock,
				   .arrays = BPF_EVENT__ALL_ARRAYS, .keep_info = true };
	const struct bpf_prog_info_node *node;
	struct bpf_prog_info_node f;
	struct bpf_kallsyms ks;
	char built[256], env_name[256], *printed = NULL;
	size_t printed_len = 0;
	FILE *fp;
	u32 i;
	int fd;

	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "unit_multi", "GPL", insns, 4, &opts);
	if (fd < 0) {
		ok(1, "# SKIP cannot load a program with a subprogram here");
		return;
	}
	perf_env_bpf__init(&env);
	memset(&ks, 0, sizeof(ks));
	is_int(bpf_prog__fetch(fd, BPF_EVENT__ALL_ARRAYS, &f), 0, "two functions: fetched");
	is_int(bpf_prog_info_node__nr_funcs(&f), 2, "  main and its subprogram");
	is_int(bpf_kallsyms__load(&ks), 0, "/proc/kallsyms read");
	is_int(bpf_capture__add(&cap, &f), 0, "  into the env");
	node = perf_env_bpf__find_prog(&env, f.info.id);
	for (i = 0; i < 2; i++) {
		const u64 *ksyms = bpf_prog_info_node__array(&f, PERF_BPIL_JITED_KSYMS, NULL, NULL);
		const char *truth = ksyms ? bpf_kallsyms__find(&ks, ksyms[i]) : NULL;

		ok(truth != NULL, "function %u in /proc/kallsyms (%s)", i, truth ? truth : "-");
		bpf_prog__live_func_name(&f, i, NULL, built, sizeof(built));
		is_str(built, truth, "function %u: built as the kernel names it", i);
		env_name[0] = '\0';
		if (node)
			perf_env_bpf__func(&env, node, i, NULL, NULL, env_name, sizeof(env_name));
		is_str(env_name, truth, "function %u: the env names it the same", i);
	}
	ok(strstr(built, "_F") && !strcmp(built + strlen(built) - 2, "_F"),
	   "the subprogram is \"F\" without BTF");
	fp = open_memstream(&printed, &printed_len);
	if (fp) {
		perf_env_bpf__fprintf_prog_info(&env, fp);
		fclose(fp);
	}
	ok(printed && strstr(printed, "\tsub_prog 0: bpf_prog_") &&
	   strstr(strstr(printed, "\tsub_prog 0: ") + 30, "_F addr "),
	   "the header printout (-I) keeps upstream's _F for function 0");
	free(printed);
	bpf_prog_info_node__exit(&f);
	bpf_kallsyms__exit(&ks);
	close(fd);
	bpf_capture__exit(&cap);
	perf_env_bpf__exit(&env);
}

int main(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	struct bpf_prog_info_node f;
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
	ksyms = bpf_prog_info_node__array(&f, PERF_BPIL_JITED_KSYMS, &nr, NULL);
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
	bpf_prog_info_node__exit(&f);
	close(fd);
	bpf_capture__exit(&cap);
	perf_env_bpf__exit(&env);
	test_multi_no_btf();
	return done_testing();
}
