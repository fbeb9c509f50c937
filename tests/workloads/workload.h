/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workload.h - BPF programs captured from an object file, loadable many times.
 *
 * A workload is prepared with libbpf, which does everything a real loader
 * does (ELF parsing, subprogram linking, BTF upload, func_info/line_info
 * relocation).  Right before libbpf would load a program, a custom
 * SEC("socket") handler copies the final instructions and the BTF func_info
 * and line_info libbpf is about to hand to the kernel, and stops it there:
 * nothing is loaded while capturing.  Every load is then a plain
 * BPF_PROG_LOAD of the captured copy, with or without BTF.  That makes each
 * load as cheap as the kernel allows, which --churn needs.
 *
 * All functions return 0 (or a value) on success and a negative errno on
 * failure; none prints except through the libbpf print callback.
 */
#ifndef WORKLOAD_H
#define WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct workload;

/*
 * Open the BPF object @path, or the in-memory image @buf/@size when @path is
 * NULL, and capture its SEC("socket") programs.
 */
int workload__new(struct workload **wp, const char *path, const void *buf, size_t size);
void workload__delete(struct workload *w);

int workload__nr_progs(const struct workload *w);
/* The program's name as in the object (the BTF name of its main function). */
const char *workload__prog_name(const struct workload *w, int idx);
/* Number of functions (main + subprograms) the BTF describes; 0 without BTF. */
int workload__nr_funcs(const struct workload *w, int idx);
bool workload__has_btf(const struct workload *w);

/*
 * Load program @idx once more; @btf false loads the same instructions with no
 * prog_btf_fd, func_info or line_info.  Returns the new program fd.  With
 * @log, the verifier's log (level 1) goes there: slower, for diagnostics.
 */
int workload__load(const struct workload *w, int idx, bool btf, char *log, size_t log_size);

/* What the kernel says about a loaded program. */
struct prog_desc {
	__u32	id;
	__u8	tag[8];
	__u32	nr_ksyms;
	__u64	*ksyms;		/* JITed function addresses, main first */
};

int prog_desc__fill(struct prog_desc *d, int fd);
void prog_desc__exit(struct prog_desc *d);
/* Only the id: one BPF_OBJ_GET_INFO_BY_FD with no arrays. */
int prog__id(int fd, __u32 *id);

/* The BPF part of /proc/kallsyms: [bpf] entries (and bpf_* without module). */
struct ksym_table;

int ksym_table__new(struct ksym_table **tp, const char *path);
void ksym_table__delete(struct ksym_table *t);
/* Name of the symbol starting exactly at @addr, or NULL. */
const char *ksym_table__find(const struct ksym_table *t, __u64 addr);

/* The objects built from hot.bpf.c and churn.bpf.c, linked in by workload-objs.S. */
extern const char hot_obj_start[], hot_obj_end[];
extern const char churn_obj_start[], churn_obj_end[];

#endif /* WORKLOAD_H */
