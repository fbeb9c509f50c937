// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-ids-gone IDS-FILE: wait until no BPF program of the ids in IDS-FILE
 * (one per line) exists any more, 10 s at most.  The kernel frees a
 * closed program, and writes its PROG_UNLOAD and KSYMBOL unregister
 * records, from a workqueue that runs far behind on a busy machine; a
 * recording that should hold those records runs this after the workload.
 * Exit 0 when all are gone, 1 (with a line) otherwise.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <sys/syscall.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

/* A new fd of program id, or -1 (ENOENT once it is gone). */
static int prog_fd_by_id(unsigned int id)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_id = id;
	return (int)syscall(SYS_bpf, BPF_PROG_GET_FD_BY_ID, &attr, sizeof(attr));
}

int main(int argc, char **argv)
{
	unsigned long long deadline = now_ns() + 10000000000ULL;
	const struct timespec ms = { 0, 1000000 };
	unsigned int id;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: bpf-ids-gone IDS-FILE\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "bpf-ids-gone: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	while (fscanf(f, "%u", &id) == 1) {
		int fd;

		while ((fd = prog_fd_by_id(id)) >= 0) {
			close(fd);
			if (now_ns() > deadline) {
				fprintf(stderr, "bpf-ids-gone: program %u still loaded after 10 s\n", id);
				fclose(f);
				return 1;
			}
			nanosleep(&ms, NULL);
		}
	}
	fclose(f);
	return 0;
}
