// SPDX-License-Identifier: GPL-2.0
/*
 * bpfprintk - load printk.bpf.c's program and run it once per line: each
 * run prints "bpfprintk <pid> line <n>" with bpf_printk(), n from 1 to N,
 * through the bpf_trace:bpf_trace_printk tracepoint (and trace_pipe).
 *
 *   bpfprintk [-n N] [--ready-file PATH --wait-signal]
 *
 * Prints "prog id=<id> name=printk_prog ksyms=<main>,<sub>" once loaded
 * (kallsyms names of the JITed functions, main first), then, after the
 * runs, "printed lines=<N> pid=<pid>".  --ready-file PATH is created
 * once loaded; --wait-signal then waits for SIGUSR1 (at most 300 s)
 * before the runs.  Exit 0, or 1 with "bpfprintk: <problem>".
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

extern const char printk_obj_start[], printk_obj_end[];

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig __attribute__((unused)))
{
	got_usr1 = 1;
}

static int fail(const char *what, int err)
{
	fprintf(stderr, "bpfprintk: %s: %s\n", what, strerror(err < 0 ? -err : err));
	return 1;
}

/* The kallsyms name at addr, into buf. */
static int ksym_name(unsigned long long addr, char *buf, size_t size)
{
	char line[512], name[256];
	unsigned long long a;
	FILE *fp = fopen("/proc/kallsyms", "r");
	int found = 0;

	if (!fp)
		return 0;
	while (!found && fgets(line, sizeof(line), fp))
		if (sscanf(line, "%llx %*s %255s", &a, name) == 2 && a == addr)
			found = snprintf(buf, size, "%s", name) > 0;
	fclose(fp);
	return found;
}

static void print_prog(int fd)
{
	unsigned long long ksyms[8];
	struct bpf_prog_info info;
	__u32 len = sizeof(info), i;
	char name[256];

	memset(&info, 0, sizeof(info));
	info.nr_jited_ksyms = 8;
	info.jited_ksyms = (unsigned long)ksyms;
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return;
	printf("prog id=%u name=printk_prog ksyms=", info.id);
	for (i = 0; i < info.nr_jited_ksyms && i < 8; i++) {
		if (!ksym_name(ksyms[i], name, sizeof(name)))
			snprintf(name, sizeof(name), "0x%llx", ksyms[i]);
		printf("%s%s", i ? "," : "", name);
	}
	printf("\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "lines",	 required_argument, NULL, 'n' },
		{ "ready-file",	 required_argument, NULL, 'r' },
		{ "wait-signal", no_argument,	    NULL, 'w' },
		{ "help",	 no_argument,	    NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *ready = NULL;
	struct bpf_object *obj;
	struct bpf_program *prog;
	bool wait = false;
	long lines = 10, i;
	int c, fd, err;

	while ((c = getopt_long(argc, argv, "n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			lines = strtol(optarg, NULL, 0);
			if (lines < 1 || lines > 100000) {
				fprintf(stderr, "bpfprintk: -n %s: 1 to 100000 lines\n", optarg);
				return 1;
			}
			break;
		case 'r':
			ready = optarg;
			break;
		case 'w':
			wait = true;
			break;
		case 'h':
			printf("usage: bpfprintk [-n LINES] [--ready-file PATH] [--wait-signal]\n");
			return 0;
		default:
			fprintf(stderr, "Try 'bpfprintk -h'\n");
			return 1;
		}
	}
	signal(SIGUSR1, on_usr1);
	libbpf_set_print(NULL);
	obj = bpf_object__open_mem(printk_obj_start, printk_obj_end - printk_obj_start, NULL);
	if (!obj)
		return fail("open the object", errno);
	err = bpf_object__load(obj);
	if (err)
		return fail("load printk_prog", err);
	prog = bpf_object__find_program_by_name(obj, "printk_prog");
	fd = prog ? bpf_program__fd(prog) : -1;
	if (fd < 0)
		return fail("printk_prog", ENOENT);
	print_prog(fd);
	if (ready) {
		FILE *fp = fopen(ready, "w");

		if (!fp)
			return fail(ready, errno);
		fprintf(fp, "%d\n", (int)getpid());
		fclose(fp);
	}
	for (i = 0; wait && !got_usr1 && i < 300 * 50; i++)
		usleep(20000);
	if (wait && !got_usr1) {
		fprintf(stderr, "bpfprintk: no SIGUSR1 in 300 s\n");
		return 1;
	}
	for (i = 1; i <= lines; i++) {
		unsigned char data[14 + 8] = { 0 };
		__u32 v[2] = { (__u32)getpid(), (__u32)i };
		LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = data, .data_size_in = sizeof(data),
			    .repeat = 1);

		memcpy(data + 14, v, sizeof(v));
		err = bpf_prog_test_run_opts(fd, &opts);
		if (err)
			return fail("run printk_prog", err);
		if (opts.retval)
			return fail("printk_prog read no packet", EINVAL);
	}
	printf("printed lines=%ld pid=%d\n", lines, (int)getpid());
	bpf_object__close(obj);
	return 0;
}
