/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_EVENT_H
#define __PERF_EVENT_H

/*
 * Records of a perf.data file or pipe: their layouts, names, the sample
 * and sample_id_all trailer parser, the byte-swapper and the one-line
 * descriptions that `perf report -D` and `perf script --show-*-events`
 * print.
 *
 * Input is untrusted.  Every function here takes a record whose
 * header.size bytes are readable and checks every length and offset inside
 * the record against header.size; a record too short for what its type or
 * the attr's sample_type says yields -EINVAL, never a read past its end.
 * Parsing and swapping read fields with memcpy, so any alignment is safe
 * for them; the printers read fields in place and need the record 8-byte
 * aligned.  Pointers stored in struct perf_sample point into the record;
 * arrays of u64 (callchain, branch stack, regs, read group) are 8-byte
 * aligned when the record is, which the session guarantees by copying
 * misaligned records into an aligned buffer.
 *
 * Byte order: perf_event__swap() converts a record written on the other
 * endianness to native, in place.  The caller swaps the 8-byte header
 * first (perf_event_header__swap()) to learn the size; perf_event__swap()
 * then converts the body and, given the attr, the sample_id_all trailer
 * or the whole sample.  Strings and opaque bytes are left as they are.
 * All other functions here take records in native byte order.
 *
 * API:
 *	perf_event__name(type)			"MMAP", "KSYMBOL", ... "UNKNOWN"
 *	perf_event_header__swap(hdr)		the 8-byte header
 *	perf_event__swap(ev, attr)		the rest
 *	perf_sample__parse(ev, attr, out)	PERF_RECORD_SAMPLE body
 *	perf_event__parse_id_sample(ev, attr, out)  trailer of other records
 *	perf_event__sample_id(ev, sample_type, &id) which evsel a record belongs
 *						to, before the attr is known
 *	perf_event__fprintf(ev, sample, fp)	"PERF_RECORD_MMAP -1/0: [...]\n"
 */

#include <stdio.h>
#include <linux/perf_event.h>
#include "types.h"

/* Record types written by perf tools, not by the kernel. */
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START	= 64,
	PERF_RECORD_HEADER_ATTR		= 64,
	PERF_RECORD_HEADER_EVENT_TYPE	= 65,	/* obsolete */
	PERF_RECORD_HEADER_TRACING_DATA	= 66,
	PERF_RECORD_HEADER_BUILD_ID	= 67,
	PERF_RECORD_FINISHED_ROUND	= 68,
	PERF_RECORD_ID_INDEX		= 69,
	PERF_RECORD_AUXTRACE_INFO	= 70,
	PERF_RECORD_AUXTRACE		= 71,
	PERF_RECORD_AUXTRACE_ERROR	= 72,
	PERF_RECORD_THREAD_MAP		= 73,
	PERF_RECORD_CPU_MAP		= 74,
	PERF_RECORD_STAT_CONFIG		= 75,
	PERF_RECORD_STAT		= 76,
	PERF_RECORD_STAT_ROUND		= 77,
	PERF_RECORD_EVENT_UPDATE	= 78,
	PERF_RECORD_TIME_CONV		= 79,
	PERF_RECORD_HEADER_FEATURE	= 80,
	PERF_RECORD_COMPRESSED		= 81,
	PERF_RECORD_FINISHED_INIT	= 82,
	PERF_RECORD_HEADER_MAX		= 83,	/* not ABI: size of count arrays */
};

/* header.misc of HEADER_BUILD_ID: build_id[20] holds its length in size */
#define PERF_RECORD_MISC_BUILD_ID_SIZE	(1 << 15)

/*
 * Kernel record bodies.  Variable parts (names, arrays) are flexible
 * arrays; the sample_id_all trailer follows every kernel record but SAMPLE
 * and is not part of these structs (see perf_event__parse_id_sample()).
 */
struct perf_record_mmap {
	struct perf_event_header header;
	u32	pid, tid;
	u64	start;
	u64	len;
	u64	pgoff;
	char	filename[];
};

#define PERF_MMAP2_BUILD_ID_MAX	20

struct perf_record_mmap2 {
	struct perf_event_header header;
	u32	pid, tid;
	u64	start;
	u64	len;
	u64	pgoff;
	union {
		struct {			/* !PERF_RECORD_MISC_MMAP_BUILD_ID */
			u32	maj;
			u32	min;
			u64	ino;
			u64	ino_generation;
		};
		struct {			/* PERF_RECORD_MISC_MMAP_BUILD_ID */
			u8	build_id_size;
			u8	__reserved_1;
			u16	__reserved_2;
			u8	build_id[PERF_MMAP2_BUILD_ID_MAX];
		};
	};
	u32	prot;
	u32	flags;
	char	filename[];
};

struct perf_record_lost {
	struct perf_event_header header;
	u64	id;
	u64	lost;
};

struct perf_record_comm {
	struct perf_event_header header;
	u32	pid, tid;
	char	comm[];
};

/* PERF_RECORD_FORK and PERF_RECORD_EXIT */
struct perf_record_fork {
	struct perf_event_header header;
	u32	pid, ppid;
	u32	tid, ptid;
	u64	time;
};

/* PERF_RECORD_THROTTLE and PERF_RECORD_UNTHROTTLE */
struct perf_record_throttle {
	struct perf_event_header header;
	u64	time;
	u64	id;
	u64	stream_id;
};

/* values[] holds read_format data: see perf_event__parse_read() */
struct perf_record_read {
	struct perf_event_header header;
	u32	pid, tid;
	u64	values[];
};

/* PERF_RECORD_SAMPLE: the body depends on sample_type; see perf_sample__parse(). */
struct perf_record_sample {
	struct perf_event_header header;
	u64	array[];
};

#define PERF_AUX_FLAG_TRUNCATED		0x01
#define PERF_AUX_FLAG_OVERWRITE		0x02
#define PERF_AUX_FLAG_PARTIAL		0x04
#define PERF_AUX_FLAG_COLLISION		0x08

struct perf_record_aux {
	struct perf_event_header header;
	u64	aux_offset;
	u64	aux_size;
	u64	flags;
};

struct perf_record_itrace_start {
	struct perf_event_header header;
	u32	pid, tid;
};

struct perf_record_lost_samples {
	struct perf_event_header header;
	u64	lost;
};

/* PERF_RECORD_SWITCH has no body; SWITCH_CPU_WIDE names the other task. */
struct perf_record_switch {
	struct perf_event_header header;
	u32	next_prev_pid;
	u32	next_prev_tid;
};

enum {
	PERF_NS_NET, PERF_NS_UTS, PERF_NS_IPC, PERF_NS_PID, PERF_NS_USER,
	PERF_NS_MNT, PERF_NS_CGROUP, PERF_NR_NAMESPACES,
};

struct perf_ns_link_info {
	u64	dev;
	u64	ino;
};

struct perf_record_namespaces {
	struct perf_event_header header;
	u32	pid, tid;
	u64	nr_namespaces;
	struct perf_ns_link_info link_info[];
};

struct perf_record_ksymbol {
	struct perf_event_header header;
	u64	addr;
	u32	len;
	u16	ksym_type;
	u16	flags;
	char	name[];
};

struct perf_record_bpf_event {
	struct perf_event_header header;
	u16	type;
	u16	flags;
	u32	id;
	u8	tag[BPF_TAG_SIZE];
};

struct perf_record_cgroup {
	struct perf_event_header header;
	u64	id;
	char	path[];
};

/* bytes[] holds old_len old bytes then new_len new bytes */
struct perf_record_text_poke {
	struct perf_event_header header;
	u64	addr;
	u16	old_len;
	u16	new_len;
	u8	bytes[];
};

struct perf_record_aux_output_hw_id {
	struct perf_event_header header;
	u64	hw_id;
};

/* User record bodies. */

/* attr (attr.size bytes, at least PERF_ATTR_SIZE_VER0), then u64 ids to the end */
struct perf_record_header_attr {
	struct perf_event_header header;
	struct perf_event_attr attr;
};

struct perf_record_header_event_type {
	struct perf_event_header header;
	u64	event_id;
	char	name[64];
};

/* size bytes of tracing data follow the record in the stream */
struct perf_record_header_tracing_data {
	struct perf_event_header header;
	u32	size;
	u32	__pad;
};

struct perf_record_header_build_id {
	struct perf_event_header header;
	s32	pid;
	union {
		u8	build_id[24];
		struct {
			u8	data[20];
			u8	size;		/* with PERF_RECORD_MISC_BUILD_ID_SIZE */
			u8	__reserved_1;
			u16	__reserved_2;
		};
	};
	char	filename[];
};

/* nr_entries: one per event fd; entries may be 32 bytes or 48 (+machine_pid, vcpu) */
struct perf_id_index_entry {
	u64	id;
	u64	idx;
	u64	cpu;
	u64	tid;
};

struct perf_record_id_index {
	struct perf_event_header header;
	u64	nr;
	struct perf_id_index_entry entries[];
};

struct perf_record_auxtrace_info {
	struct perf_event_header header;
	u32	type;
	u32	__reserved;
	u64	priv[];
};

/* size bytes of AUX area data follow the record in the stream */
struct perf_record_auxtrace {
	struct perf_event_header header;
	u64	size;
	u64	offset;
	u64	reference;
	u32	idx;
	u32	tid;
	u32	cpu;
	u32	__reserved;
};

#define PERF_AUXTRACE_ERROR_MSG_MAX	64

struct perf_record_auxtrace_error {
	struct perf_event_header header;
	u32	type;
	u32	code;
	u32	cpu;
	u32	pid;
	u32	tid;
	u32	fmt;
	u64	ip;
	u64	time;
	char	msg[PERF_AUXTRACE_ERROR_MSG_MAX];
	u32	machine_pid;		/* fmt >= 2 */
	u32	vcpu;
};

struct perf_thread_map_entry {
	u64	pid;
	char	comm[16];
};

struct perf_record_thread_map {
	struct perf_event_header header;
	u64	nr;
	struct perf_thread_map_entry entries[];
};

/*
 * CPU map encodings (cpu_map_data, starting 8 bytes into CPU_MAP and 24
 * bytes into an EVENT_UPDATE of type CPUS), byte offsets from its start:
 *	0: u16 type
 *	CPUS:	2: u16 nr; 4: u16 cpu[nr]
 *	MASK:	2: u16 nr; 4: u16 long_size (4 or 8);
 *		long_size 4: 6: u32 mask[nr]; long_size 8: 10: u64 mask[nr]
 *		(where a naturally aligned {u16 nr, long_size; mask[]} placed
 *		right after the u16 type puts them: never aligned in a record)
 *	RANGE:	2: u8 any_cpu; 3: pad; 4: u16 start_cpu; 6: u16 end_cpu
 */
enum {
	PERF_CPU_MAP__CPUS		= 0,
	PERF_CPU_MAP__MASK		= 1,
	PERF_CPU_MAP__RANGE_CPUS	= 2,
};

struct perf_record_cpu_map {
	struct perf_event_header header;
	u8	data[];
};

enum {
	PERF_STAT_CONFIG_TERM__AGGR_MODE	= 0,
	PERF_STAT_CONFIG_TERM__INTERVAL		= 1,
	PERF_STAT_CONFIG_TERM__SCALE		= 2,
	PERF_STAT_CONFIG_TERM__AGGR_LEVEL	= 3,
};

struct perf_stat_config_entry {
	u64	tag;
	u64	val;
};

struct perf_record_stat_config {
	struct perf_event_header header;
	u64	nr;
	struct perf_stat_config_entry data[];
};

struct perf_record_stat {
	struct perf_event_header header;
	u64	id;
	u32	cpu;
	u32	thread;
	u64	val;
	u64	ena;
	u64	run;
};

enum {
	PERF_STAT_ROUND_TYPE__INTERVAL	= 0,
	PERF_STAT_ROUND_TYPE__FINAL	= 1,
};

struct perf_record_stat_round {
	struct perf_event_header header;
	u64	type;
	u64	time;
};

enum {
	PERF_EVENT_UPDATE__UNIT		= 0,
	PERF_EVENT_UPDATE__SCALE	= 1,
	PERF_EVENT_UPDATE__NAME		= 2,
	PERF_EVENT_UPDATE__CPUS		= 3,
};

/* data: UNIT/NAME a string, SCALE a double, CPUS a cpu_map_data */
struct perf_record_event_update {
	struct perf_event_header header;
	u64	type;
	u64	id;
	u8	data[];
};

/* time_cycles and later fields are absent in records of older writers */
struct perf_record_time_conv {
	struct perf_event_header header;
	u64	time_shift;
	u64	time_mult;
	u64	time_zero;
	u64	time_cycles;
	u64	time_mask;
	u8	cap_user_time_zero;
	u8	cap_user_time_short;
	u8	__reserved[6];
};

/* data: the feature section in file format (see header.h) */
struct perf_record_header_feature {
	struct perf_event_header header;
	u64	feat_id;
	u8	data[];
};

/* data: zstd frames holding further records */
struct perf_record_compressed {
	struct perf_event_header header;
	u8	data[];
};

union perf_event {
	struct perf_event_header		header;
	struct perf_record_mmap			mmap;
	struct perf_record_mmap2		mmap2;
	struct perf_record_comm			comm;
	struct perf_record_fork			fork;
	struct perf_record_lost			lost;
	struct perf_record_lost_samples		lost_samples;
	struct perf_record_read			read;
	struct perf_record_throttle		throttle;
	struct perf_record_sample		sample;
	struct perf_record_aux			aux;
	struct perf_record_itrace_start		itrace_start;
	struct perf_record_switch		context_switch;
	struct perf_record_namespaces		namespaces;
	struct perf_record_ksymbol		ksymbol;
	struct perf_record_bpf_event		bpf;
	struct perf_record_cgroup		cgroup;
	struct perf_record_text_poke		text_poke;
	struct perf_record_aux_output_hw_id	aux_output_hw_id;
	struct perf_record_header_attr		attr;
	struct perf_record_header_event_type	event_type;
	struct perf_record_header_tracing_data	tracing_data;
	struct perf_record_header_build_id	build_id;
	struct perf_record_id_index		id_index;
	struct perf_record_auxtrace_info	auxtrace_info;
	struct perf_record_auxtrace		auxtrace;
	struct perf_record_auxtrace_error	auxtrace_error;
	struct perf_record_thread_map		thread_map;
	struct perf_record_cpu_map		cpu_map;
	struct perf_record_stat_config		stat_config;
	struct perf_record_stat			stat;
	struct perf_record_stat_round		stat_round;
	struct perf_record_event_update		event_update;
	struct perf_record_time_conv		time_conv;
	struct perf_record_header_feature	feat;
	struct perf_record_compressed		pack;
};

/*
 * A branch stack entry as the kernel writes it.  flags is a bitfield word
 * in the writer's bit order; decode it with the PERF_BRANCH_* helpers
 * (little-endian layout, after perf_event__swap() on a foreign file).
 */
struct perf_branch_entry_raw {
	u64	from;
	u64	to;
	u64	flags;
};

#define PERF_BRANCH_MISPRED(f)		((unsigned int)((f) >> 0) & 1)
#define PERF_BRANCH_PREDICTED(f)	((unsigned int)((f) >> 1) & 1)
#define PERF_BRANCH_IN_TX(f)		((unsigned int)((f) >> 2) & 1)
#define PERF_BRANCH_ABORT(f)		((unsigned int)((f) >> 3) & 1)
#define PERF_BRANCH_CYCLES(f)		((unsigned int)((f) >> 4) & 0xffff)
#define PERF_BRANCH_TYPE(f)		((unsigned int)((f) >> 20) & 0xf)

/* Read values: of PERF_SAMPLE_READ and of PERF_RECORD_READ. */
struct perf_sample_read {
	u64		time_enabled;	/* PERF_FORMAT_TOTAL_TIME_ENABLED */
	u64		time_running;	/* PERF_FORMAT_TOTAL_TIME_RUNNING */
	/* !PERF_FORMAT_GROUP */
	u64		value;
	u64		id;		/* PERF_FORMAT_ID */
	u64		lost;		/* PERF_FORMAT_LOST */
	/* PERF_FORMAT_GROUP: group_nr entries of group_stride u64s: value[, id][, lost] */
	u64		group_nr;
	const u64	*group;
	u32		group_stride;
};

/* Member i (< group_nr) of a group read. */
void perf_sample_read__group_entry(const struct perf_sample_read *r, u64 read_format, u64 i,
				   u64 *value, u64 *id, u64 *lost);

struct perf_sample_regs {
	u64		abi;		/* PERF_SAMPLE_REGS_ABI_*; 0: no registers */
	u64		mask;		/* from the attr */
	const u64	*regs;		/* popcount(mask) values when abi != 0 */
};

enum {
	PERF_SAMPLE_REGS_ABI_NONE	= 0,
	PERF_SAMPLE_REGS_ABI_32		= 1,
	PERF_SAMPLE_REGS_ABI_64		= 2,
};

/*
 * A parsed sample, or the sample_id_all trailer of another record (then
 * only pid, tid, time, id, stream_id, cpu are set).  Fields whose
 * sample_type bit is clear are 0 / NULL, except pid, tid, cpu: (u32)-1.
 */
struct perf_sample {
	u64		sample_type;	/* what was present */
	u64		ip;
	u32		pid, tid;
	u64		time;
	u64		addr;
	u64		id;		/* IDENTIFIER or ID */
	u64		stream_id;
	u32		cpu;
	u32		cpu_res;
	u64		period;
	struct perf_sample_read	read;
	u64		callchain_nr;
	const u64	*callchain;	/* callchain_nr ips, PERF_CONTEXT_* markers included */
	u32		raw_size;
	const void	*raw_data;
	u64		branch_nr;
	u64		branch_hw_idx;	/* with PERF_SAMPLE_BRANCH_HW_INDEX */
	bool		branch_has_hw_idx;
	const struct perf_branch_entry_raw *branch_entries;
	struct perf_sample_regs	user_regs;
	u64		user_stack_size;	/* bytes dumped (u64 before the data) */
	u64		user_stack_dyn_size;	/* bytes valid; 0 when size is 0 */
	const void	*user_stack_data;
	u32		user_stack_offset;	/* of the size u64, from the record start */
	u64		weight;		/* WEIGHT, or var1_dw of WEIGHT_STRUCT */
	u16		ins_lat;	/* WEIGHT_STRUCT var2_w */
	u16		p_stage_cyc;	/* WEIGHT_STRUCT var3_w */
	u64		data_src;
	u64		transaction;
	struct perf_sample_regs	intr_regs;
	u64		phys_addr;
	u64		cgroup;
	u64		data_page_size;
	u64		code_page_size;
	u64		aux_size;
	const void	*aux_data;
};

/* Name of a record type as upstream prints it: "MMAP", "FEATURE"; "UNKNOWN"/"INVALID". */
const char *perf_event__name(u32 type);

/*
 * Parse a native PERF_RECORD_SAMPLE by attr->sample_type, read_format,
 * branch_sample_type, sample_regs_user/intr.  0, or -EINVAL when the
 * record is shorter than the fields, a count overflows it, or a
 * variable-length field would leave the rest misaligned.
 */
int perf_sample__parse(const union perf_event *ev, const struct perf_event_attr *attr,
		       struct perf_sample *out);

/*
 * Bytes of a KSYMBOL (its name NUL-padded to 8) or BPF_EVENT before the
 * sample_id_all trailer; 0 for other types or a KSYMBOL without a name.
 * The kernel may make header.size longer than body + trailer (listeners
 * before this one), so the body is computed, not taken from the header.
 */
size_t perf_event__sideband_body_size(const union perf_event *ev);

/* Bytes of the sample_id_all trailer for sample_type (0..48). */
u32 perf_event__id_hdr_size(u64 sample_type);

/*
 * The sample_id_all trailer of a non-SAMPLE record into out (its other
 * fields reset).  With !attr->sample_id_all, out is reset and 0 returned.
 * -EINVAL when the record is too short for its body plus the trailer.
 */
int perf_event__parse_id_sample(const union perf_event *ev, const struct perf_event_attr *attr,
				struct perf_sample *out);

/*
 * Position of the sample id, for finding the evsel before the attr is
 * known; sample_type must be the same in all attrs for the id position
 * (IDENTIFIER makes it so).  Bytes from the start of a SAMPLE record, or
 * from the end of another record; -EINVAL when sample_type has no id.
 */
int perf_event__sample_id_pos(u64 sample_type);
int perf_event__trailer_id_pos(u64 sample_type);

/*
 * The id of any record: SAMPLE from the front, others from the trailer
 * (with sample_id_all).  0, -ENOENT when the record carries none (user
 * records, no ID/IDENTIFIER bit), -EINVAL when it is too short.
 */
int perf_event__sample_id(const union perf_event *ev, u64 sample_type, bool sample_id_all,
			  u64 *id);

/* Read values of a PERF_RECORD_READ by read_format. */
int perf_event__parse_read(const union perf_event *ev, u64 read_format,
			   struct perf_sample_read *out);

/* Swap the 8-byte header in place (type u32, misc u16, size u16). */
void perf_event_header__swap(struct perf_event_header *hdr);

/*
 * Convert the body of one record of the other endianness to native, in
 * place; the header must already be native.  attr (native) is needed for
 * SAMPLE and for the sample_id_all trailer of kernel records; without it
 * SAMPLE fails with -EINVAL and trailers are left unswapped.  Unknown
 * types are left as they are (0).  HEADER_ATTR: only the ids after the
 * attr are swapped; the attr itself is perf_header's to swap (its flag
 * word needs bit order handling).  HEADER_FEATURE: only feat_id; the
 * payload is per feature.  -EINVAL on malformed records, which may then
 * be partly swapped.
 */
int perf_event__swap(union perf_event *ev, const struct perf_event_attr *attr);

/*
 * "PERF_RECORD_<NAME>" and upstream's description for the type, as `perf
 * report -D` prints it after the offset, newline included when upstream
 * prints one.  sample (may be NULL) supplies the id of LOST_SAMPLES.
 * SAMPLE and READ print only the name: their details need the evsel
 * (see dump.h).  Returns the bytes printed.
 *
 * Compared byte for byte with perf 6.1's -D on records written here:
 * MMAP, MMAP2 (both forms), LOST, COMM (+exec), FORK, EXIT, LOST_SAMPLES,
 * SWITCH, SWITCH_CPU_WIDE, NAMESPACES, KSYMBOL, BPF_EVENT, CGROUP, ATTR,
 * TRACING_DATA, BUILD_ID, FINISHED_ROUND, ID_INDEX, THREAD_MAP, CPU_MAP
 * (range and cpus), STAT_CONFIG, STAT, STAT_ROUND, EVENT_UPDATE (unit,
 * scale, name), FEATURE, FINISHED_INIT.  Not producible on this machine,
 * so written from upstream's format strings but never compared: AUX,
 * ITRACE_START, TEXT_POKE (upstream also resolves the symbol and dumps
 * the bytes: left out), AUX_OUTPUT_HW_ID, AUXTRACE, AUXTRACE_ERROR,
 * TIME_CONV, EVENT_UPDATE of CPUS, CPU_MAP masks.
 */
size_t perf_event__fprintf(const union perf_event *ev, const struct perf_sample *sample,
			   FILE *fp);

/* The description without the "PERF_RECORD_<NAME>" prefix. */
size_t perf_event__fprintf_detail(const union perf_event *ev, const struct perf_sample *sample,
				  FILE *fp);

/* "0-3,5" as upstream prints a cpu map; "-1" for the any-cpu entry; -EINVAL if malformed. */
int perf_cpu_map_data__fprintf(const void *data, size_t size, FILE *fp);

#endif /* __PERF_EVENT_H */
