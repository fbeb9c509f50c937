/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BPF_PROG_INFO_H
#define __PERF_BPF_PROG_INFO_H

#include <stdio.h>
#include <linux/bpf.h>
#include "types.h"

struct strbuf;
struct btf;

/*
 * The BPF_PROG_INFO (25) and BPF_BTF (26) feature payloads.
 *
 * BPF_PROG_INFO: u32 count, then per program
 *	u32 info_len;	bytes of struct bpf_prog_info the writer knew
 *	u32 data_len;
 *	u64 arrays;	which arrays follow, 1 << PERF_BPIL_*
 *	u8 info[info_len];
 *	u8 data[data_len];
 * The pointer fields of info (jited_ksyms, func_info, ...) hold offsets
 * into data, not addresses.  Only arrays whose bit is set are meaningful;
 * the kernel fills counts such as nr_map_ids whether or not they were asked
 * for.  A reader rejects info_len larger than its struct and zero-fills a
 * shorter one.
 *
 * BPF_BTF: u32 count, then per BTF object {u32 id; u32 data_size; u8 data[]}.
 * The BTF blob carries its own byte order (its magic 0xeB9F), so it is kept
 * verbatim whatever the file's order: libbpf's btf__new() recognises a
 * byte-swapped magic and swaps the header, types and strings offsets it
 * parses, remembering the blob's order (btf__endianness()), so names can be
 * looked up in a BTF of either order.
 *
 * Files of the other endianness: every info field is swapped by its size
 * (the gpl_compatible bit moves like the attr flag bits), and every element
 * of the arrays by its element type: u32 map ids and function lengths, u64
 * ksyms and jited line addresses, func_info and line_info records as u32
 * words, bpf_insn as {u8 code; u8 regs (nibbles exchanged); s16; s32};
 * jited instructions and tags are bytes.  Upstream perf skips both features
 * for such files; we convert them, so writing gives a native file.
 */
enum perf_bpil_array {
	PERF_BPIL_JITED_INSNS		= 0,
	PERF_BPIL_XLATED_INSNS,
	PERF_BPIL_MAP_IDS,
	PERF_BPIL_JITED_KSYMS,
	PERF_BPIL_JITED_FUNC_LENS,
	PERF_BPIL_FUNC_INFO,
	PERF_BPIL_LINE_INFO,
	PERF_BPIL_JITED_LINE_INFO,
	PERF_BPIL_PROG_TAGS,
	PERF_BPIL_LAST_ARRAY,
};

/* One program of BPF_PROG_INFO, native byte order. */
struct bpf_prog_info_node {
	u32			info_len;	/* as written, <= sizeof(info) */
	u32			data_len;
	u64			arrays;
	struct bpf_prog_info	info;		/* zero past info_len; pointers: data offsets */
	u8			*data;
	u32			seq;		/* order of arrival, to keep the first of an id */
};

/* One BTF object of BPF_BTF. */
struct btf_node {
	u32		id;
	u32		data_size;
	u8		*data;		/* the blob as found, in its own byte order */
	struct btf	*btf;		/* libbpf's view, made on first use */
	bool		btf_failed;
	u32		seq;
};

/* A JITed function's range, for perf_env_bpf__find_func(). */
struct bpf_func_range {
	u64	start;
	u32	len;
	u32	prog;		/* index in progs[] */
	u32	func;
};

/* Both features' contents, sorted by id (duplicates dropped, as upstream's tree). */
struct perf_env_bpf {
	u32			nr_progs;
	u32			alloc_progs;
	struct bpf_prog_info_node *progs;
	bool			progs_sorted;
	u32			nr_btfs;
	u32			alloc_btfs;
	struct btf_node		*btfs;
	bool			btfs_sorted;
	/* every function by start, made on the first lookup after progs[] changed */
	struct bpf_func_range	*ranges;
	u32			nr_ranges;
	u64			max_range_len;
	bool			ranges_valid;
};

void perf_env_bpf__init(struct perf_env_bpf *bpf);
void perf_env_bpf__exit(struct perf_env_bpf *bpf);

/*
 * Feature payload codecs.  Parsers append to bpf and return 0 or -errno with
 * a message in err; needs_swap converts from the other endianness.  Writers
 * append a native payload to sb (the count always, even when zero).
 */
int perf_env_bpf__parse_prog_info(struct perf_env_bpf *bpf, const void *buf, size_t size,
				  bool needs_swap, char *err, size_t errsz);
int perf_env_bpf__write_prog_info(struct perf_env_bpf *bpf, struct strbuf *sb);
int perf_env_bpf__parse_btf(struct perf_env_bpf *bpf, const void *buf, size_t size,
			    bool needs_swap, char *err, size_t errsz);
int perf_env_bpf__write_btf(struct perf_env_bpf *bpf, struct strbuf *sb);

/*
 * Byte-swap a whole payload in place: to_other false converts a payload of
 * the other endianness to native, true converts a native one to the other
 * (used to build big-endian test files).  Checks every bound.
 */
int bpf_prog_info_payload__swap(void *buf, size_t size, bool to_other, char *err, size_t errsz);
int btf_payload__swap(void *buf, size_t size, bool to_other, char *err, size_t errsz);

/*
 * Add a program the way record's side-band thread got it: info with its
 * pointer fields already turned into offsets into data.  Validated like a
 * parsed one.  Copies everything.
 */
int perf_env_bpf__add_prog(struct perf_env_bpf *bpf, const struct bpf_prog_info *info,
			   u32 info_len, u64 arrays, const void *data, u32 data_len,
			   char *err, size_t errsz);
int perf_env_bpf__add_btf(struct perf_env_bpf *bpf, u32 id, const void *data, u32 size);

/* Sort by id and drop duplicates (done by parsers, lookups and writers). */
void perf_env_bpf__sort_progs(struct perf_env_bpf *bpf);
void perf_env_bpf__sort_btfs(struct perf_env_bpf *bpf);

/* Lookups; NULL when absent. */
const struct bpf_prog_info_node *perf_env_bpf__find_prog(struct perf_env_bpf *bpf, u32 id);
struct btf_node *perf_env_bpf__find_btf(struct perf_env_bpf *bpf, u32 id);
/* libbpf's view of BTF object id, NULL when absent or unparsable. */
struct btf *perf_env_bpf__btf(struct perf_env_bpf *bpf, u32 id);

/* Array a of a program (NULL if not recorded); count elements of rec_size bytes. */
const void *bpf_prog_info_node__array(const struct bpf_prog_info_node *node,
				      enum perf_bpil_array a, u32 *count, u32 *rec_size);
/* JITed functions: main first, then subprograms. */
u32 bpf_prog_info_node__nr_funcs(const struct bpf_prog_info_node *node);
/*
 * The one namer of a BPF function: the name /proc/kallsyms gives JITed
 * function i of node's program, "bpf_prog_" and a tag, then "_" and the
 * function's BTF name (btf_name, NULL without BTF), else the program's
 * name (up to 15 characters, none when it has none) for the main function
 * and "F" for a subprogram.  The main function carries the whole
 * program's tag, a subprogram its own.
 *
 * upstream_header names them as upstream's header printer (-I) does: each
 * function with its own tag, and "F" for every function of a program with
 * subprograms and no BTF.  Only that printout uses it.
 */
void bpf_func__name(const struct bpf_prog_info_node *node, u32 i, const char *btf_name,
		    bool upstream_header, char *buf, size_t size);
/* A node's data, freed (the node itself is the caller's). */
void bpf_prog_info_node__exit(struct bpf_prog_info_node *node);
/*
 * Function i of a program: address, length and its name (bpf_func__name(),
 * with the BTF of the env).  -ENOENT when out of range.
 */
int perf_env_bpf__func(struct perf_env_bpf *bpf, const struct bpf_prog_info_node *node,
		       u32 i, u64 *addr, u32 *len, char *name, size_t namesz);
/*
 * fn(priv, node, idx, start, len) for every function of every program, in
 * the store's order, until fn returns nonzero (returned; 0 when none
 * did); with namesz, name holds each function's name during its call.
 */
typedef int (*perf_env_bpf_func_fn)(void *priv, const struct bpf_prog_info_node *node, u32 idx,
				    u64 start, u32 len);
int perf_env_bpf__for_each_func(struct perf_env_bpf *bpf, char *name, size_t namesz,
				perf_env_bpf_func_fn fn, void *priv);

/*
 * The program and function containing addr: of several (an address a
 * later program reused) the first in progs[], and its first function.
 * O(log n) by an index of every function's range.
 */
int perf_env_bpf__find_func(struct perf_env_bpf *bpf, u64 addr,
			    const struct bpf_prog_info_node **nodep, u32 *idx);

/* --header-only lines: "# bpf_prog_info ..." and "# btf info of id ...". */
void perf_env_bpf__fprintf_prog_info(struct perf_env_bpf *bpf, FILE *fp);
void perf_env_bpf__fprintf_btf(struct perf_env_bpf *bpf, FILE *fp);

/*
 * (bpf-prog-info.c and bpf-prog-names.c) The place of array a (an index
 * into the array descriptors) in a program's data: 0, or -EINVAL with a
 * message in err when the info's counts and sizes do not fit data_len.
 */
int bpil_array__geometry(const struct bpf_prog_info *info, u32 data_len, int a,
			 u64 *off, u32 *count, u32 *rec, char *err, size_t errsz);
/*
 * The one description of the arrays, read and written through these: the
 * count of array a, its record size (its info field, or the fixed size),
 * and all three with its pointer (an offset into data once captured).
 */
u32 bpil_array__count(const struct bpf_prog_info *info, int a);
u32 bpil_array__rec_size(const struct bpf_prog_info *info, int a);
void bpil_array__set(struct bpf_prog_info *info, int a, u32 count, u32 rec, u64 ptr);

#endif /* __PERF_BPF_PROG_INFO_H */
