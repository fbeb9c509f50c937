/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the PERF_RECORD_KSYMBOL / PERF_RECORD_BPF_EVENT
 * selftests: TAP output, raw bpf() and perf_event_open() wrappers, a
 * small BPF program and BTF builder, and a side-band ring buffer reader
 * that hands out whole records with their sample_id trailer decoded.
 *
 * Everything is static so that each test is one self-contained static
 * binary that runs in a minimal initramfs.
 */
#ifndef KSYM_UTIL_H
#define KSYM_UTIL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/perf_event.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define ptr_to_u64(p)	((__u64)(unsigned long)(p))

/* ---------------------------------------------------------------- TAP */

static int tap_planned, tap_number, tap_failed;

static inline void tap_plan(int n)
{
	tap_planned = n;
	printf("TAP version 13\n1..%d\n", n);
	fflush(stdout);
}

static inline void __attribute__((format(printf, 1, 2))) diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

enum { TEST_PASS, TEST_FAIL, TEST_SKIP };

static inline void tap_result(int res, const char *name, const char *skip_why)
{
	tap_number++;
	if (res == TEST_SKIP)
		printf("ok %d %s # SKIP %s\n", tap_number, name, skip_why ? skip_why : "");
	else
		printf("%sok %d %s\n", res == TEST_PASS ? "" : "not ", tap_number, name);
	if (res == TEST_FAIL)
		tap_failed++;
	fflush(stdout);
}

static inline int tap_exit(void)
{
	if (tap_number != tap_planned)
		diag("planned %d tests, ran %d", tap_planned, tap_number);
	return tap_failed || tap_number != tap_planned ? 1 : 0;
}

/* Fail the current test with a reason; used as "return fail(...)". */
static inline int __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	printf("# FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	return TEST_FAIL;
}

#define CHECK(cond, ...) do { if (!(cond)) return fail(__VA_ARGS__); } while (0)

/* ---------------------------------------------------------------- bpf */

static inline int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static char bpf_log[65536];

/* The tail of a multi-line log, folded into one TAP diagnostic line. */
static inline const char *one_line(char *s, size_t max)
{
	size_t len = strlen(s);
	char *p;

	if (len > max)
		s += len - max;
	for (p = s; *p; p++)
		if (*p == '\n')
			*p = '|';
	return s;
}

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })
#define MOV64_IMM(d, i)		INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)		INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD64_IMM(d, i)		INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define ADD64_REG(d, s)		INSN(BPF_ALU64 | BPF_ADD | BPF_X, d, s, 0, 0)
#define CALL_LOCAL(rel)		INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, rel)
#define EXIT_INSN()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

/*
 * A program of nfuncs functions (1..3): the main one calls every
 * subprogram and adds up what they return.  Function i starts at
 * prog_func_start[i]; the layout is fixed so BTF func_info can name it.
 */
#define PROG_MAX_FUNCS	3

struct test_prog {
	struct bpf_insn insns[16];
	int cnt;
	int nfuncs;
	int func_start[PROG_MAX_FUNCS];
};

static inline void test_prog_build(struct test_prog *p, int nfuncs)
{
	int i, n = 0, call_at[PROG_MAX_FUNCS];

	memset(p, 0, sizeof(*p));
	p->nfuncs = nfuncs;
	p->insns[n++] = MOV64_IMM(BPF_REG_6, 1);
	for (i = 1; i < nfuncs; i++) {
		call_at[i] = n;
		p->insns[n++] = CALL_LOCAL(0);		/* patched below */
		p->insns[n++] = ADD64_REG(BPF_REG_6, BPF_REG_0);
	}
	p->insns[n++] = MOV64_REG(BPF_REG_0, BPF_REG_6);
	p->insns[n++] = EXIT_INSN();
	for (i = 1; i < nfuncs; i++) {
		p->func_start[i] = n;
		p->insns[call_at[i]].imm = n - call_at[i] - 1;
		p->insns[n++] = MOV64_IMM(BPF_REG_0, 10 * i);
		p->insns[n++] = EXIT_INSN();
	}
	p->cnt = n;
}

/* Function names used in BTF, by function index. */
static const char *const btf_func_names[PROG_MAX_FUNCS] = {
	"ksym_main", "ksym_sub_one", "ksym_sub_two",
};

/*
 * Load a BTF blob with "int", one "int (void)" prototype and one static
 * FUNC per entry of btf_func_names; FUNC i has type id 3 + i.
 */
static inline int btf_load_funcs(void)
{
	struct {
		struct btf_header hdr;
		__u32 types[4 + 3 + 3 * PROG_MAX_FUNCS];
		char strings[64];
	} blob;
	__u32 *t = blob.types, str_len = 1, name_off[PROG_MAX_FUNCS], int_off;
	union bpf_attr attr;
	int i, fd;

	memset(&blob, 0, sizeof(blob));
	int_off = str_len;
	strcpy(blob.strings + str_len, "int");
	str_len += 4;
	for (i = 0; i < PROG_MAX_FUNCS; i++) {
		name_off[i] = str_len;
		strcpy(blob.strings + str_len, btf_func_names[i]);
		str_len += strlen(btf_func_names[i]) + 1;
	}
	/* [1] int: signed, 32 bits */
	*t++ = int_off;
	*t++ = BTF_KIND_INT << 24;
	*t++ = 4;
	*t++ = BTF_INT_SIGNED << 24 | 32;
	/* [2] int (void) */
	*t++ = 0;
	*t++ = BTF_KIND_FUNC_PROTO << 24;
	*t++ = 1;
	/* [3..] static functions of that prototype */
	for (i = 0; i < PROG_MAX_FUNCS; i++) {
		*t++ = name_off[i];
		*t++ = BTF_KIND_FUNC << 24 | BTF_FUNC_STATIC;
		*t++ = 2;
	}
	blob.hdr.magic = BTF_MAGIC;
	blob.hdr.version = BTF_VERSION;
	blob.hdr.hdr_len = sizeof(blob.hdr);
	blob.hdr.type_off = 0;
	blob.hdr.type_len = sizeof(blob.types);
	blob.hdr.str_off = sizeof(blob.types);
	blob.hdr.str_len = str_len;

	memset(&attr, 0, sizeof(attr));
	attr.btf = ptr_to_u64(&blob);
	attr.btf_size = sizeof(blob.hdr) + sizeof(blob.types) + str_len;
	attr.btf_log_buf = ptr_to_u64(bpf_log);
	attr.btf_log_size = sizeof(bpf_log);
	attr.btf_log_level = 1;
	bpf_log[0] = 0;
	fd = sys_bpf(BPF_BTF_LOAD, &attr);
	if (fd < 0)
		diag("BPF_BTF_LOAD: %s: %s", strerror(errno), one_line(bpf_log, 400));
	return fd;
}

/*
 * Load a socket filter of nfuncs functions named name (may be "" for an
 * unnamed program); with_btf attaches BTF func_info for every function.
 * Returns the program fd or -1 with errno set.
 */
static inline int prog_load_type(int nfuncs, const char *name, bool with_btf, __u32 type)
{
	struct bpf_func_info finfo[PROG_MAX_FUNCS];
	struct test_prog p;
	union bpf_attr attr;
	int fd, btf_fd = -1, i, err;

	test_prog_build(&p, nfuncs);
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.insns = ptr_to_u64(p.insns);
	attr.insn_cnt = p.cnt;
	attr.license = ptr_to_u64("GPL");
	strncpy(attr.prog_name, name, sizeof(attr.prog_name) - 1);
	if (with_btf) {
		btf_fd = btf_load_funcs();
		if (btf_fd < 0)
			return -1;
		for (i = 0; i < nfuncs; i++) {
			finfo[i].insn_off = p.func_start[i];
			finfo[i].type_id = 3 + i;
		}
		attr.prog_btf_fd = btf_fd;
		attr.func_info = ptr_to_u64(finfo);
		attr.func_info_cnt = nfuncs;
		attr.func_info_rec_size = sizeof(finfo[0]);
	}
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	err = errno;
	if (fd < 0) {
		int fd2;

		/* retry with a verifier log to say why */
		attr.log_buf = ptr_to_u64(bpf_log);
		attr.log_size = sizeof(bpf_log);
		attr.log_level = 1;
		bpf_log[0] = 0;
		fd2 = sys_bpf(BPF_PROG_LOAD, &attr);
		if (fd2 >= 0)
			close(fd2);
		else
			diag("BPF_PROG_LOAD: %s: %s", strerror(err), one_line(bpf_log, 400));
	}
	if (btf_fd >= 0)
		close(btf_fd);
	errno = err;
	return fd;
}

static inline int prog_load(int nfuncs, const char *name, bool with_btf)
{
	return prog_load_type(nfuncs, name, with_btf, BPF_PROG_TYPE_SOCKET_FILTER);
}

/* What bpf_prog_info says about a loaded program, arrays included. */
struct prog_desc {
	struct bpf_prog_info info;
	__u64 ksyms[PROG_MAX_FUNCS];
	__u32 lens[PROG_MAX_FUNCS];
	__u8 tags[PROG_MAX_FUNCS][BPF_TAG_SIZE];
	struct bpf_func_info finfo[PROG_MAX_FUNCS];
	int nfuncs;
	char names[PROG_MAX_FUNCS][128];	/* expected kernel symbol names */
};

static inline void hex_tag(char *out, const __u8 *tag)
{
	int i;

	for (i = 0; i < BPF_TAG_SIZE; i++)
		sprintf(out + 2 * i, "%02x", tag[i]);
}

/*
 * Fill d from BPF_OBJ_GET_INFO_BY_FD and derive the names the kernel
 * gives the program's functions: "bpf_prog_" + tag + "_" + name, where
 * the main function carries the whole program's tag and each subprogram
 * its own, and the name is the BTF function name when func_info exists,
 * else the program name for the main function and "F" for subprograms.
 */
static inline int prog_describe(int fd, struct prog_desc *d, bool with_btf)
{
	union bpf_attr attr;
	char tag[2 * BPF_TAG_SIZE + 1];
	__u32 len = sizeof(d->info);
	int i;

	memset(d, 0, sizeof(*d));
	d->info.nr_jited_ksyms = PROG_MAX_FUNCS;
	d->info.jited_ksyms = ptr_to_u64(d->ksyms);
	d->info.nr_jited_func_lens = PROG_MAX_FUNCS;
	d->info.jited_func_lens = ptr_to_u64(d->lens);
	d->info.nr_prog_tags = PROG_MAX_FUNCS;
	d->info.prog_tags = ptr_to_u64(d->tags);
	if (with_btf) {
		d->info.nr_func_info = PROG_MAX_FUNCS;
		d->info.func_info_rec_size = sizeof(d->finfo[0]);
		d->info.func_info = ptr_to_u64(d->finfo);
	}
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = len;
	attr.info.info = ptr_to_u64(&d->info);
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &attr) < 0) {
		diag("BPF_OBJ_GET_INFO_BY_FD: %s", strerror(errno));
		return -1;
	}
	d->nfuncs = d->info.nr_jited_ksyms;
	if (d->nfuncs < 1 || d->nfuncs > PROG_MAX_FUNCS ||
	    d->info.nr_jited_func_lens != (__u32)d->nfuncs) {
		diag("prog has %u ksyms, %u lens", d->info.nr_jited_ksyms,
		     d->info.nr_jited_func_lens);
		return -1;
	}
	for (i = 0; i < d->nfuncs; i++) {
		const char *fname;

		hex_tag(tag, i == 0 ? d->info.tag : d->tags[i]);
		if (with_btf)
			fname = btf_func_names[i];
		else if (i == 0)
			fname = d->info.name;
		else
			fname = "F";
		if (fname[0])
			snprintf(d->names[i], sizeof(d->names[i]), "bpf_prog_%s_%s", tag, fname);
		else
			snprintf(d->names[i], sizeof(d->names[i]), "bpf_prog_%s", tag);
	}
	return 0;
}

static inline int prog_fd_by_id(__u32 id)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_id = id;
	return sys_bpf(BPF_PROG_GET_FD_BY_ID, &attr);
}

static inline int prog_test_run(int fd, int repeat)
{
	char data[64] = { 0 };
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = fd;
	attr.test.data_in = ptr_to_u64(data);
	attr.test.data_size_in = sizeof(data);
	attr.test.repeat = repeat;
	return sys_bpf(BPF_PROG_TEST_RUN, &attr);
}

/* -------------------------------------------------------------- perf */

static inline int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			       int group_fd, unsigned long flags)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

/* The sample_id trailer every test event asks for. */
#define SB_SAMPLE_TYPE	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | \
			 PERF_SAMPLE_IDENTIFIER)

struct sample_id {
	__u32 pid, tid;
	__u64 time;
	__u32 cpu, res;
	__u64 id;
};

enum { WANT_KSYMBOL = 1, WANT_BPF_EVENT = 2, WANT_COMM = 4 };

#define RB_PAGES	64	/* data pages per ring buffer: 256 KiB */

struct sb_event {
	int fd;
	__u64 id;
	void *base;
	size_t data_size;
	__u64 lost;		/* records reported lost by PERF_RECORD_LOST */
	char rec[4096];		/* the current record, contiguous */
};

/*
 * Open a software dummy event that only collects side-band records:
 * pid/cpu as for perf_event_open(2), want is a WANT_* mask.
 */
static inline int sb_open(struct sb_event *e, pid_t pid, int cpu, int want)
{
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);

	memset(e, 0, sizeof(*e));
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.sample_type = SB_SAMPLE_TYPE;
	attr.sample_id_all = 1;
	attr.ksymbol = !!(want & WANT_KSYMBOL);
	attr.bpf_event = !!(want & WANT_BPF_EVENT);
	attr.comm = !!(want & WANT_COMM);
	attr.use_clockid = 1;
	attr.clockid = CLOCK_MONOTONIC;
	attr.watermark = 1;
	attr.wakeup_watermark = 1;
	e->fd = sys_perf_event_open(&attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (e->fd < 0)
		return -1;
	if (ioctl(e->fd, PERF_EVENT_IOC_ID, &e->id) < 0)
		goto err;
	e->data_size = RB_PAGES * page;
	e->base = mmap(NULL, (RB_PAGES + 1) * page, PROT_READ | PROT_WRITE, MAP_SHARED,
		       e->fd, 0);
	if (e->base == MAP_FAILED)
		goto err;
	return 0;
err:
	close(e->fd);
	e->fd = -1;
	return -1;
}

static inline void sb_close(struct sb_event *e)
{
	if (e->base && e->base != MAP_FAILED)
		munmap(e->base, e->data_size + sysconf(_SC_PAGESIZE));
	if (e->fd >= 0)
		close(e->fd);
	e->fd = -1;
	e->base = NULL;
}

/*
 * Copy the next record into e->rec and return it, or NULL when the
 * buffer is empty.  PERF_RECORD_LOST is counted in e->lost and skipped.
 */
static inline struct perf_event_header *sb_next(struct sb_event *e)
{
	struct perf_event_mmap_page *pg = e->base;
	struct perf_event_header *h;
	__u64 head, tail;
	size_t off, size, first;
	char *data = (char *)e->base + pg->data_offset;

again:
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	tail = pg->data_tail;
	if (tail == head)
		return NULL;
	off = tail % e->data_size;
	h = (struct perf_event_header *)(data + off);
	size = h->size;
	if (size < sizeof(*h) || size > sizeof(e->rec) || size > head - tail) {
		diag("torn record: size %zu, %llu bytes available", size,
		     (unsigned long long)(head - tail));
		__atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
		return NULL;
	}
	first = e->data_size - off < size ? e->data_size - off : size;
	memcpy(e->rec, data + off, first);
	memcpy(e->rec + first, data, size - first);
	__atomic_store_n(&pg->data_tail, tail + size, __ATOMIC_RELEASE);
	h = (struct perf_event_header *)e->rec;
	if (h->type == PERF_RECORD_LOST) {
		e->lost += *(__u64 *)(e->rec + sizeof(*h) + 8);
		goto again;
	}
	return h;
}

/* The trailer sits at the end of every non-sample record. */
static inline void sb_sample_id(const struct perf_event_header *h, struct sample_id *sid)
{
	memcpy(sid, (const char *)h + h->size - sizeof(*sid), sizeof(*sid));
}

struct ksym_rec {
	struct perf_event_header header;
	__u64 addr;
	__u32 len;
	__u16 ksym_type;
	__u16 flags;
	char name[];
};

struct bpf_rec {
	struct perf_event_header header;
	__u16 type;
	__u16 flags;
	__u32 id;
	__u8 tag[BPF_TAG_SIZE];
};

/*
 * Check the framing of a KSYMBOL record: the name is NUL-terminated and
 * zero-padded to 8 bytes, and exactly the trailer follows it.
 */
static inline int ksym_rec_check(const struct ksym_rec *k)
{
	size_t area, nlen;

	if (k->header.size < sizeof(*k) + sizeof(struct sample_id) + 8)
		return fail("KSYMBOL record of %u bytes is too short", k->header.size);
	area = k->header.size - sizeof(*k) - sizeof(struct sample_id);
	nlen = strnlen(k->name, area);
	if (nlen == area)
		return fail("KSYMBOL name is not NUL-terminated");
	if (area != ((nlen + 1 + 7) & ~(size_t)7))
		return fail("KSYMBOL name area %zu for a %zu-byte name", area, nlen);
	for (size_t i = nlen; i < area; i++)
		if (k->name[i])
			return fail("KSYMBOL name padding is not zero");
	if (k->header.size % 8)
		return fail("KSYMBOL record size %u not 8-aligned", k->header.size);
	return TEST_PASS;
}

/* ------------------------------------------------- any event layout */

/*
 * What the sample_id trailer of a non-sample record holds for an event
 * of the given sample_type with sample_id_all set: the fields present,
 * in the order the ABI gives them.  Fields the layout lacks stay 0.
 */
struct sample_id_any {
	__u32 pid, tid;
	__u64 time, id, stream_id;
	__u32 cpu, res;
	__u64 identifier;
};

#define SAMPLE_ID_BITS	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | \
			 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

/* Size of the trailer an event with this attr appends to side-band records. */
static inline size_t sample_id_size(const struct perf_event_attr *attr)
{
	if (!attr->sample_id_all)
		return 0;
	return 8 * __builtin_popcountll(attr->sample_type & SAMPLE_ID_BITS);
}

/* Decode the trailer of h (which must be long enough) for the given attr. */
static inline void sample_id_decode(const struct perf_event_header *h,
				    const struct perf_event_attr *attr,
				    struct sample_id_any *sid)
{
	const __u64 *p = (const __u64 *)((const char *)h + h->size - sample_id_size(attr));
	__u64 st = attr->sample_type;

	memset(sid, 0, sizeof(*sid));
	if (!attr->sample_id_all)
		return;
	if (st & PERF_SAMPLE_TID) {
		sid->pid = *p & 0xffffffff;
		sid->tid = *p++ >> 32;
	}
	if (st & PERF_SAMPLE_TIME)
		sid->time = *p++;
	if (st & PERF_SAMPLE_ID)
		sid->id = *p++;
	if (st & PERF_SAMPLE_STREAM_ID)
		sid->stream_id = *p++;
	if (st & PERF_SAMPLE_CPU) {
		sid->cpu = *p & 0xffffffff;
		sid->res = *p++ >> 32;
	}
	if (st & PERF_SAMPLE_IDENTIFIER)
		sid->identifier = *p;
}

/*
 * Whether a KSYMBOL or BPF_EVENT record is exactly as long as the
 * event's layout implies: the fixed part, for KSYMBOL a NUL-terminated
 * name zero-padded to 8 bytes, then the event's trailer and nothing
 * else.  Fills why (when given) on failure.
 */
static inline bool record_whole(const struct perf_event_header *h,
				const struct perf_event_attr *attr, char *why, size_t whysz)
{
	size_t trailer = sample_id_size(attr), fixed, area, nlen;
	char dummy[8];

	if (!why) {
		why = dummy;
		whysz = sizeof(dummy);
	}
	if (h->type == PERF_RECORD_BPF_EVENT) {
		fixed = sizeof(struct perf_event_header) + 16;
		if (h->size != fixed + trailer) {
			snprintf(why, whysz, "BPF_EVENT of %u bytes, layout implies %zu",
				 h->size, fixed + trailer);
			return false;
		}
		return true;
	}
	if (h->type != PERF_RECORD_KSYMBOL)
		return true;
	fixed = sizeof(struct perf_event_header) + 16;
	if (h->size % 8 || h->size < fixed + 8 + trailer) {
		snprintf(why, whysz, "KSYMBOL of %u bytes with a %zu-byte trailer", h->size,
			 trailer);
		return false;
	}
	area = h->size - fixed - trailer;
	nlen = strnlen((const char *)h + fixed, area);
	if (nlen == area || area != ((nlen + 1 + 7) & ~(size_t)7)) {
		snprintf(why, whysz, "KSYMBOL of %u bytes: %zu-byte name in a %zu-byte area "
			 "(trailer %zu)", h->size, nlen, area, trailer);
		return false;
	}
	for (size_t i = nlen; i < area; i++) {
		if (((const char *)h)[fixed + i]) {
			snprintf(why, whysz, "KSYMBOL name padding is not zero");
			return false;
		}
	}
	return true;
}

/*
 * Open a side-band event with the caller's attr (size, type and config
 * are filled in) and a ring buffer of pages data pages.
 */
static inline int sb_open_attr(struct sb_event *e, struct perf_event_attr *attr, pid_t pid,
			       int cpu, int pages)
{
	long page = sysconf(_SC_PAGESIZE);

	memset(e, 0, sizeof(*e));
	attr->size = sizeof(*attr);
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = PERF_COUNT_SW_DUMMY;
	e->fd = sys_perf_event_open(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (e->fd < 0)
		return -1;
	if (ioctl(e->fd, PERF_EVENT_IOC_ID, &e->id) < 0)
		goto err;
	e->data_size = pages * page;
	e->base = mmap(NULL, (pages + 1) * page, PROT_READ | PROT_WRITE, MAP_SHARED, e->fd, 0);
	if (e->base == MAP_FAILED)
		goto err;
	return 0;
err:
	close(e->fd);
	e->fd = -1;
	e->base = NULL;
	return -1;
}

/* ------------------------------------------ kprobes, ftrace, vmlinux BTF */

static inline int kprobe_pmu_type(void)
{
	char buf[32] = "";
	int fd = open("/sys/bus/event_source/devices/kprobe/type", O_RDONLY);

	if (fd < 0)
		return -1;
	if (read(fd, buf, sizeof(buf) - 1) <= 0)
		buf[0] = 0;
	close(fd);
	return buf[0] ? atoi(buf) : -1;
}

static inline int kprobe_open(int type, const char *func, __u64 offset)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.kprobe_func = ptr_to_u64(func);
	attr.probe_offset = offset;
	attr.disabled = 1;
	return sys_perf_event_open(&attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
}

static inline bool traced(const char *func)
{
	char line[256];
	FILE *f = fopen("/sys/kernel/tracing/available_filter_functions", "r");
	size_t n = strlen(func);
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, func, n) && (line[n] == '\n' || line[n] == ' ');
	fclose(f);
	return found;
}

static inline int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_TRUNC), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok ? 0 : -1;
}

/* Find the BTF id of FUNC name in /sys/kernel/btf/vmlinux; 0 if none. */
static inline __u32 vmlinux_btf_func(const char *name)
{
	static char buf[16 << 20];
	struct btf_header *hdr = (void *)buf;
	ssize_t n, total = 0;
	__u32 id = 1, found = 0;
	char *types, *strs, *p, *end;
	int fd = open("/sys/kernel/btf/vmlinux", O_RDONLY);

	if (fd < 0)
		return 0;
	while ((n = read(fd, buf + total, sizeof(buf) - total)) > 0)
		total += n;
	close(fd);
	if (total < (ssize_t)sizeof(*hdr) || hdr->magic != BTF_MAGIC)
		return 0;
	types = buf + hdr->hdr_len + hdr->type_off;
	strs = buf + hdr->hdr_len + hdr->str_off;
	end = types + hdr->type_len;
	for (p = types; p + sizeof(struct btf_type) <= end && !found; id++) {
		struct btf_type *t = (void *)p;
		__u32 vlen = BTF_INFO_VLEN(t->info);

		p += sizeof(*t);
		switch (BTF_INFO_KIND(t->info)) {
		case BTF_KIND_INT:
		case BTF_KIND_VAR:
		case BTF_KIND_DECL_TAG:
			p += 4;
			break;
		case BTF_KIND_ARRAY:
			p += sizeof(struct btf_array);
			break;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
		case BTF_KIND_DATASEC:
			p += vlen * 12;
			break;
		case BTF_KIND_ENUM:
		case BTF_KIND_FUNC_PROTO:
			p += vlen * 8;
			break;
		case 19:	/* BTF_KIND_ENUM64: an enum value, not a macro */
			p += vlen * 12;
			break;
		case BTF_KIND_FUNC:
			if (!strcmp(strs + t->name_off, name))
				found = id;
			break;
		default:
			break;
		}
	}
	return found;
}

/*
 * Load an fentry program (return 0) on the vmlinux function of BTF id
 * btf_id; on failure the verifier's log goes to a diagnostic.  Returns
 * the fd or -1 with errno set.
 */
static inline int fentry_prog_load(__u32 btf_id, const char *name)
{
	struct bpf_insn insns[] = { MOV64_IMM(BPF_REG_0, 0), EXIT_INSN() };
	union bpf_attr attr;
	int fd, err;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_TRACING;
	attr.expected_attach_type = BPF_TRACE_FENTRY;
	attr.attach_btf_id = btf_id;
	attr.insns = ptr_to_u64(insns);
	attr.insn_cnt = ARRAY_SIZE(insns);
	attr.license = ptr_to_u64("GPL");
	strncpy(attr.prog_name, name, sizeof(attr.prog_name) - 1);
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd >= 0)
		return fd;
	err = errno;
	attr.log_buf = ptr_to_u64(bpf_log);
	attr.log_size = sizeof(bpf_log);
	attr.log_level = 1;
	bpf_log[0] = 0;
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd >= 0)
		close(fd);
	else
		diag("BPF_PROG_LOAD(fentry, btf id %u): %s: %s", btf_id, strerror(err),
		     one_line(bpf_log, 400));
	errno = err;
	return -1;
}

/* --------------------------------------------------------- kallsyms */

/*
 * Look name up in /proc/kallsyms (only entries of module only_mod when
 * that is not NULL).  Returns 1 and fills addr/mod when found, 0 when
 * absent, -1 on error.
 */
static inline int kallsyms_find(const char *name, const char *only_mod, __u64 *addr, char *mod,
			 size_t modsz)
{
	char line[512], sym[256], m[128], type;
	unsigned long long a;
	FILE *f = fopen("/proc/kallsyms", "r");
	int found = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		int n;

		m[0] = 0;
		n = sscanf(line, "%llx %c %255s [%127[^]]]", &a, &type, sym, m);
		if (n < 3 || strcmp(sym, name))
			continue;
		if (only_mod && (n < 4 || strcmp(m, only_mod)))
			continue;
		if (addr)
			*addr = a;
		if (mod)
			snprintf(mod, modsz, "%s", m);
		found = 1;
		break;
	}
	fclose(f);
	return found;
}

static inline __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static inline int pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static inline int online_cpus(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN);
}

#endif /* KSYM_UTIL_H */
