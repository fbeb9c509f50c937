/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The perf_event ABI as the tools use it: the attribute passed to
 * perf_event_open(2), the records the kernel writes into the ring buffer,
 * and the ring buffer's control page.  Written for this project from the
 * documented ABI; values are ABI unless a comment says otherwise.
 */
#ifndef _TOOLS_UAPI_LINUX_PERF_EVENT_H
#define _TOOLS_UAPI_LINUX_PERF_EVENT_H

#include <linux/types.h>
#include <linux/ioctl.h>
#include <asm/byteorder.h>

/* perf_event_attr.type */
enum perf_type_id {
	PERF_TYPE_HARDWARE	= 0,
	PERF_TYPE_SOFTWARE	= 1,
	PERF_TYPE_TRACEPOINT	= 2,
	PERF_TYPE_HW_CACHE	= 3,
	PERF_TYPE_RAW		= 4,
	PERF_TYPE_BREAKPOINT	= 5,
	PERF_TYPE_MAX,		/* not ABI */
};

enum perf_hw_id {
	PERF_COUNT_HW_CPU_CYCLES		= 0,
	PERF_COUNT_HW_INSTRUCTIONS		= 1,
	PERF_COUNT_HW_CACHE_REFERENCES		= 2,
	PERF_COUNT_HW_CACHE_MISSES		= 3,
	PERF_COUNT_HW_BRANCH_INSTRUCTIONS	= 4,
	PERF_COUNT_HW_BRANCH_MISSES		= 5,
	PERF_COUNT_HW_BUS_CYCLES		= 6,
	PERF_COUNT_HW_STALLED_CYCLES_FRONTEND	= 7,
	PERF_COUNT_HW_STALLED_CYCLES_BACKEND	= 8,
	PERF_COUNT_HW_REF_CPU_CYCLES		= 9,
	PERF_COUNT_HW_MAX,			/* not ABI */
};

enum perf_sw_ids {
	PERF_COUNT_SW_CPU_CLOCK			= 0,
	PERF_COUNT_SW_TASK_CLOCK		= 1,
	PERF_COUNT_SW_PAGE_FAULTS		= 2,
	PERF_COUNT_SW_CONTEXT_SWITCHES		= 3,
	PERF_COUNT_SW_CPU_MIGRATIONS		= 4,
	PERF_COUNT_SW_PAGE_FAULTS_MIN		= 5,
	PERF_COUNT_SW_PAGE_FAULTS_MAJ		= 6,
	PERF_COUNT_SW_ALIGNMENT_FAULTS		= 7,
	PERF_COUNT_SW_EMULATION_FAULTS		= 8,
	PERF_COUNT_SW_DUMMY			= 9,
	PERF_COUNT_SW_BPF_OUTPUT		= 10,
	PERF_COUNT_SW_CGROUP_SWITCHES		= 11,
	PERF_COUNT_SW_MAX,			/* not ABI */
};

/* perf_event_attr.sample_type: which fields a PERF_RECORD_SAMPLE carries */
enum perf_event_sample_format {
	PERF_SAMPLE_IP			= 1U << 0,
	PERF_SAMPLE_TID			= 1U << 1,
	PERF_SAMPLE_TIME		= 1U << 2,
	PERF_SAMPLE_ADDR		= 1U << 3,
	PERF_SAMPLE_READ		= 1U << 4,
	PERF_SAMPLE_CALLCHAIN		= 1U << 5,
	PERF_SAMPLE_ID			= 1U << 6,
	PERF_SAMPLE_CPU			= 1U << 7,
	PERF_SAMPLE_PERIOD		= 1U << 8,
	PERF_SAMPLE_STREAM_ID		= 1U << 9,
	PERF_SAMPLE_RAW			= 1U << 10,
	PERF_SAMPLE_BRANCH_STACK	= 1U << 11,
	PERF_SAMPLE_REGS_USER		= 1U << 12,
	PERF_SAMPLE_STACK_USER		= 1U << 13,
	PERF_SAMPLE_WEIGHT		= 1U << 14,
	PERF_SAMPLE_DATA_SRC		= 1U << 15,
	PERF_SAMPLE_IDENTIFIER		= 1U << 16,
	PERF_SAMPLE_TRANSACTION		= 1U << 17,
	PERF_SAMPLE_REGS_INTR		= 1U << 18,
	PERF_SAMPLE_PHYS_ADDR		= 1U << 19,
	PERF_SAMPLE_AUX			= 1U << 20,
	PERF_SAMPLE_CGROUP		= 1U << 21,
	PERF_SAMPLE_DATA_PAGE_SIZE	= 1U << 22,
	PERF_SAMPLE_CODE_PAGE_SIZE	= 1U << 23,
	PERF_SAMPLE_WEIGHT_STRUCT	= 1U << 24,
	PERF_SAMPLE_MAX			= 1U << 25,	/* not ABI */
};

#define PERF_SAMPLE_WEIGHT_TYPE	(PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)

/* branch_sample_type bits the tools name; the rest are carried opaquely */
#define PERF_SAMPLE_BRANCH_HW_INDEX	(1U << 17)

/* perf_event_attr.read_format */
enum perf_event_read_format {
	PERF_FORMAT_TOTAL_TIME_ENABLED	= 1U << 0,
	PERF_FORMAT_TOTAL_TIME_RUNNING	= 1U << 1,
	PERF_FORMAT_ID			= 1U << 2,
	PERF_FORMAT_GROUP		= 1U << 3,
	PERF_FORMAT_LOST		= 1U << 4,
	PERF_FORMAT_MAX			= 1U << 5,	/* not ABI */
};

/* Sizes of the attribute as it grew; attr.size 0 means VER0. */
#define PERF_ATTR_SIZE_VER0	64
#define PERF_ATTR_SIZE_VER1	72	/* config2 */
#define PERF_ATTR_SIZE_VER2	80	/* branch_sample_type */
#define PERF_ATTR_SIZE_VER3	96	/* sample_regs_user, sample_stack_user */
#define PERF_ATTR_SIZE_VER4	104	/* sample_regs_intr */
#define PERF_ATTR_SIZE_VER5	112	/* aux_watermark, sample_max_stack */
#define PERF_ATTR_SIZE_VER6	120	/* aux_sample_size */
#define PERF_ATTR_SIZE_VER7	128	/* sig_data */

struct perf_event_attr {
	__u32	type;		/* enum perf_type_id */
	__u32	size;		/* sizeof the attr as the caller knows it */
	__u64	config;
	union {
		__u64	sample_period;
		__u64	sample_freq;	/* when freq is set */
	};
	__u64	sample_type;
	__u64	read_format;

	/* byte offset 40: one u64 word of flag bits, low bit first */
	__u64	disabled		:  1,	/*  0 */
		inherit			:  1,	/*  1 */
		pinned			:  1,	/*  2 */
		exclusive		:  1,	/*  3 */
		exclude_user		:  1,	/*  4 */
		exclude_kernel		:  1,	/*  5 */
		exclude_hv		:  1,	/*  6 */
		exclude_idle		:  1,	/*  7 */
		mmap			:  1,	/*  8 */
		comm			:  1,	/*  9 */
		freq			:  1,	/* 10 */
		inherit_stat		:  1,	/* 11 */
		enable_on_exec		:  1,	/* 12 */
		task			:  1,	/* 13 */
		watermark		:  1,	/* 14 */
		precise_ip		:  2,	/* 15-16 */
		mmap_data		:  1,	/* 17 */
		sample_id_all		:  1,	/* 18 */
		exclude_host		:  1,	/* 19 */
		exclude_guest		:  1,	/* 20 */
		exclude_callchain_kernel :  1,	/* 21 */
		exclude_callchain_user	:  1,	/* 22 */
		mmap2			:  1,	/* 23 */
		comm_exec		:  1,	/* 24 */
		use_clockid		:  1,	/* 25 */
		context_switch		:  1,	/* 26 */
		write_backward		:  1,	/* 27 */
		namespaces		:  1,	/* 28 */
		ksymbol			:  1,	/* 29: PERF_RECORD_KSYMBOL */
		bpf_event		:  1,	/* 30: PERF_RECORD_BPF_EVENT */
		aux_output		:  1,	/* 31 */
		cgroup			:  1,	/* 32 */
		text_poke		:  1,	/* 33 */
		build_id		:  1,	/* 34 */
		inherit_thread		:  1,	/* 35 */
		remove_on_exec		:  1,	/* 36 */
		sigtrap			:  1,	/* 37 */
		__reserved_1		: 26;

	union {
		__u32	wakeup_events;
		__u32	wakeup_watermark;	/* when watermark is set */
	};
	__u32	bp_type;
	union {
		__u64	bp_addr;
		__u64	kprobe_func;
		__u64	uprobe_path;
		__u64	config1;
	};
	union {
		__u64	bp_len;
		__u64	kprobe_addr;
		__u64	probe_offset;
		__u64	config2;
	};
	__u64	branch_sample_type;
	__u64	sample_regs_user;
	__u32	sample_stack_user;
	__s32	clockid;
	__u64	sample_regs_intr;
	__u32	aux_watermark;
	__u16	sample_max_stack;
	__u16	__reserved_2;
	__u32	aux_sample_size;
	__u32	__reserved_3;
	__u64	sig_data;
};

/* Bit numbers of the flag word, for code that must handle it as a u64. */
#define PERF_ATTR_FLAGS_OFFSET		40
#define PERF_ATTR_BIT_SAMPLE_ID_ALL	18
#define PERF_ATTR_BIT_KSYMBOL		29
#define PERF_ATTR_BIT_BPF_EVENT		30

#define PERF_EVENT_IOC_ENABLE		_IO('$', 0)
#define PERF_EVENT_IOC_DISABLE		_IO('$', 1)
#define PERF_EVENT_IOC_REFRESH		_IO('$', 2)
#define PERF_EVENT_IOC_RESET		_IO('$', 3)
#define PERF_EVENT_IOC_PERIOD		_IOW('$', 4, __u64)
#define PERF_EVENT_IOC_SET_OUTPUT	_IO('$', 5)
#define PERF_EVENT_IOC_SET_FILTER	_IOW('$', 6, char *)
#define PERF_EVENT_IOC_ID		_IOR('$', 7, __u64 *)
#define PERF_EVENT_IOC_SET_BPF		_IOW('$', 8, __u32)
#define PERF_EVENT_IOC_PAUSE_OUTPUT	_IOW('$', 9, __u32)

#define PERF_FLAG_FD_NO_GROUP		(1UL << 0)
#define PERF_FLAG_FD_OUTPUT		(1UL << 1)
#define PERF_FLAG_PID_CGROUP		(1UL << 2)
#define PERF_FLAG_FD_CLOEXEC		(1UL << 3)

/*
 * The first page of a ring-buffer mapping.  Only the fields the tools read
 * are named; the rest of the page is padding up to data_head at 1024.
 */
struct perf_event_mmap_page {
	__u32	version;
	__u32	compat_version;
	__u32	lock;
	__u32	index;
	__s64	offset;
	__u64	time_enabled;
	__u64	time_running;
	__u64	capabilities;
	__u16	pmc_width;
	__u16	time_shift;
	__u32	time_mult;
	__u64	time_offset;
	__u64	time_zero;
	__u32	size;
	__u32	__reserved_1;
	__u64	time_cycles;
	__u64	time_mask;
	__u8	__reserved[116 * 8];
	__u64	data_head;	/* written by the kernel */
	__u64	data_tail;	/* written by the reader */
	__u64	data_offset;
	__u64	data_size;
	__u64	aux_head;
	__u64	aux_tail;
	__u64	aux_offset;
	__u64	aux_size;
};

/* perf_event_header.misc */
#define PERF_RECORD_MISC_CPUMODE_MASK		(7 << 0)
#define PERF_RECORD_MISC_CPUMODE_UNKNOWN	(0 << 0)
#define PERF_RECORD_MISC_KERNEL			(1 << 0)
#define PERF_RECORD_MISC_USER			(2 << 0)
#define PERF_RECORD_MISC_HYPERVISOR		(3 << 0)
#define PERF_RECORD_MISC_GUEST_KERNEL		(4 << 0)
#define PERF_RECORD_MISC_GUEST_USER		(5 << 0)
#define PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT	(1 << 12)
#define PERF_RECORD_MISC_MMAP_DATA		(1 << 13)
#define PERF_RECORD_MISC_COMM_EXEC		(1 << 13)
#define PERF_RECORD_MISC_FORK_EXEC		(1 << 13)
#define PERF_RECORD_MISC_SWITCH_OUT		(1 << 13)
#define PERF_RECORD_MISC_EXACT_IP		(1 << 14)
#define PERF_RECORD_MISC_SWITCH_OUT_PREEMPT	(1 << 14)
#define PERF_RECORD_MISC_MMAP_BUILD_ID		(1 << 14)
#define PERF_RECORD_MISC_EXT_RESERVED		(1 << 15)

struct perf_event_header {
	__u32	type;
	__u16	misc;
	__u16	size;	/* of the whole record, header included */
};

/*
 * Record types written by the kernel.  Each body is described next to its
 * number; "sample_id" is the trailer present when attr.sample_id_all is
 * set (pid/tid, time, id, stream_id, cpu, identifier as selected by
 * sample_type).
 */
enum perf_event_type {
	PERF_RECORD_MMAP		= 1,	/* pid, tid, addr, len, pgoff, filename */
	PERF_RECORD_LOST		= 2,	/* id, lost */
	PERF_RECORD_COMM		= 3,	/* pid, tid, comm */
	PERF_RECORD_EXIT		= 4,	/* pid, ppid, tid, ptid, time */
	PERF_RECORD_THROTTLE		= 5,	/* time, id, stream_id */
	PERF_RECORD_UNTHROTTLE		= 6,
	PERF_RECORD_FORK		= 7,	/* pid, ppid, tid, ptid, time */
	PERF_RECORD_READ		= 8,	/* pid, tid, read values */
	PERF_RECORD_SAMPLE		= 9,	/* fields chosen by sample_type */
	PERF_RECORD_MMAP2		= 10,	/* MMAP + dev/ino or build id, prot, flags */
	PERF_RECORD_AUX			= 11,	/* aux_offset, aux_size, flags */
	PERF_RECORD_ITRACE_START	= 12,	/* pid, tid */
	PERF_RECORD_LOST_SAMPLES	= 13,	/* lost */
	PERF_RECORD_SWITCH		= 14,
	PERF_RECORD_SWITCH_CPU_WIDE	= 15,	/* next_prev_pid, next_prev_tid */
	PERF_RECORD_NAMESPACES		= 16,	/* pid, tid, nr, {dev, ino}[nr] */

	/*
	 * A kernel symbol appeared or went away (JITed BPF function,
	 * trampoline, out-of-line code):
	 *	u64 addr; u32 len; u16 ksym_type; u16 flags; char name[];
	 * name is NUL-terminated and padded to 8 bytes; sample_id follows.
	 */
	PERF_RECORD_KSYMBOL		= 17,

	/*
	 * A BPF program was loaded or unloaded; sent after the KSYMBOL
	 * records of all its functions:
	 *	u16 type; u16 flags; u32 id; u8 tag[BPF_TAG_SIZE];
	 * sample_id follows.
	 */
	PERF_RECORD_BPF_EVENT		= 18,

	PERF_RECORD_CGROUP		= 19,	/* id, path */
	PERF_RECORD_TEXT_POKE		= 20,	/* addr, old_len, new_len, bytes */
	PERF_RECORD_AUX_OUTPUT_HW_ID	= 21,	/* hw_id */
	PERF_RECORD_MAX,			/* not ABI */
};

enum perf_record_ksymbol_type {
	PERF_RECORD_KSYMBOL_TYPE_UNKNOWN	= 0,
	PERF_RECORD_KSYMBOL_TYPE_BPF		= 1,
	PERF_RECORD_KSYMBOL_TYPE_OOL		= 2,	/* kprobe slots, ftrace trampolines */
	PERF_RECORD_KSYMBOL_TYPE_MAX,			/* not ABI */
};

#define PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER	(1 << 0)

enum perf_bpf_event_type {
	PERF_BPF_EVENT_UNKNOWN		= 0,
	PERF_BPF_EVENT_PROG_LOAD	= 1,
	PERF_BPF_EVENT_PROG_UNLOAD	= 2,
	PERF_BPF_EVENT_MAX,			/* not ABI */
};

#ifndef BPF_TAG_SIZE
#define BPF_TAG_SIZE	8
#endif

#define PERF_MAX_STACK_DEPTH		127
#define PERF_MAX_CONTEXTS_PER_STACK	8

/* Markers in a callchain that switch context; not addresses. */
enum perf_callchain_context {
	PERF_CONTEXT_HV			= (__u64)-32,
	PERF_CONTEXT_KERNEL		= (__u64)-128,
	PERF_CONTEXT_USER		= (__u64)-512,
	PERF_CONTEXT_GUEST		= (__u64)-2048,
	PERF_CONTEXT_GUEST_KERNEL	= (__u64)-2176,
	PERF_CONTEXT_GUEST_USER		= (__u64)-2560,
	PERF_CONTEXT_MAX		= (__u64)-4095,
};

#endif /* _TOOLS_UAPI_LINUX_PERF_EVENT_H */
