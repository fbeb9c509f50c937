/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_HEADER_H
#define __PERF_HEADER_H

#include <stdio.h>
#include "types.h"
#include "env.h"

struct perf_data;
struct evlist;
struct strbuf;

/* Feature ids: bit numbers of the header's feature bitmap. */
enum {
	HEADER_RESERVED		= 0,
	HEADER_TRACING_DATA	= 1,
	HEADER_BUILD_ID,
	HEADER_HOSTNAME,
	HEADER_OSRELEASE,
	HEADER_VERSION,
	HEADER_ARCH,
	HEADER_NRCPUS,
	HEADER_CPUDESC,
	HEADER_CPUID,
	HEADER_TOTAL_MEM,
	HEADER_CMDLINE,
	HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY,
	HEADER_NUMA_TOPOLOGY,
	HEADER_BRANCH_STACK,
	HEADER_PMU_MAPPINGS,
	HEADER_GROUP_DESC,
	HEADER_AUXTRACE,
	HEADER_STAT,
	HEADER_CACHE,
	HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY,
	HEADER_CLOCKID,
	HEADER_DIR_FORMAT,
	HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF,
	HEADER_COMPRESSED,
	HEADER_CPU_PMU_CAPS,
	HEADER_CLOCK_DATA,
	HEADER_HYBRID_TOPOLOGY,
	HEADER_PMU_CAPS,
	HEADER_LAST_FEATURE,
	HEADER_FEAT_BITS	= 256,
};

#define PERF_MAGIC2		0x32454c4946524550ULL	/* "PERFILE2" little endian */

struct perf_file_section {
	u64	offset;
	u64	size;
};

/* The 104-byte file header at offset 0 of a perf.data file. */
struct perf_file_header {
	u64				magic;
	u64				size;
	u64				attr_size;
	struct perf_file_section	attrs;
	struct perf_file_section	data;
	struct perf_file_section	event_types;
	u64				adds_features[HEADER_FEAT_BITS / 64];
};

/* The 16-byte header of pipe mode. */
struct perf_pipe_file_header {
	u64	magic;
	u64	size;
};

/* A feature section kept as raw bytes (native endian) for copying. */
struct perf_feat_raw {
	void	*buf;
	u64	size;
	bool	swapped;	/* still in the file's foreign byte order */
};

struct perf_header {
	bool			needs_swap;	/* file written on the other endianness */
	bool			is_pipe;	/* pipe-mode stream (also a file holding one) */
	u64			data_offset;
	u64			data_size;
	u64			attr_size;	/* file header's attr_size (0 in pipe mode) */
	s64			mtime;		/* "captured on": the input's mtime */
	bool			has_mtime;
	struct evlist		*evlist;	/* named from EVENT_DESC as it arrives */
	char			err[256];	/* last feature codec problem */
	/*
	 * A damaged BPF_PROG_INFO keeps the programs before the damage
	 * and says what it was here, instead of failing the read.
	 */
	bool			lenient_bpf_info;
	char			bpf_info_err[200];
	/* pipe mode: features in the order their records came, printed so */
	u16			nr_feat_order;
	u8			feat_order[HEADER_FEAT_BITS];
	u64			features[HEADER_FEAT_BITS / 64];
	struct perf_env		env;		/* parsed feature contents */
	/*
	 * Every section read, as found; on a foreign file the sections perf
	 * only prints or copies (BUILD_ID, NUMA_TOPOLOGY, CACHE, ...) are
	 * converted to native order (swapped false), the rest stay as found.
	 */
	struct perf_feat_raw	raw[HEADER_FEAT_BITS];
};

static inline bool perf_header__has_feat(const struct perf_header *h, int feat)
{
	return feat >= 0 && feat < HEADER_FEAT_BITS &&
	       (h->features[feat / 64] >> (feat % 64)) & 1;
}

static inline void perf_header__set_feat(struct perf_header *h, int feat)
{
	h->features[feat / 64] |= 1ULL << (feat % 64);
}

static inline void perf_header__clear_feat(struct perf_header *h, int feat)
{
	h->features[feat / 64] &= ~(1ULL << (feat % 64));
}

void perf_header__init(struct perf_header *h);
void perf_header__exit(struct perf_header *h);

/*
 * File mode: read the file header, the attrs with their ids into evlist,
 * and every feature section.  Pipe mode: only the 16-byte header; attrs and
 * features arrive as records (see below).  Errors go to data->err.
 */
int perf_header__read(struct perf_header *h, struct evlist *evlist, struct perf_data *data);

/* Pipe mode records; ev is already in native byte order except payloads. */
int perf_header__process_attr_record(struct perf_header *h, struct evlist *evlist,
				     const void *record, size_t size, struct perf_data *data);
int perf_header__process_feature(struct perf_header *h, int feat, const void *payload,
				 size_t size, struct perf_data *data);

/*
 * `perf report --header-only`: upstream's "# name : value" lines.  full is
 * -I (print CPU_TOPOLOGY etc. instead of "info available").  In pipe mode
 * call it after the HEADER_FEATURE records were processed: it prints the
 * zeroed file header block, then each feature, as upstream does.
 */
void perf_header__fprintf(struct perf_header *h, struct evlist *evlist, FILE *fp, bool full);
/* One feature's lines (nothing when it has none or is absent). */
void perf_feature__fprintf(struct perf_header *h, int feat, FILE *fp, bool full);

/*
 * Writing (always native endianness).  File mode: write attrs, ids and
 * features after data, then the file header at 0.  Pipe mode: the pipe
 * header, then HEADER_ATTR and HEADER_FEATURE records.
 */
int perf_header__write(struct perf_header *h, struct evlist *evlist, struct perf_data *data,
		       u64 data_offset, u64 data_size);
/*
 * Bytes the ids and attrs of evlist take.  A writer that starts data at
 * sizeof(struct perf_file_header) + this gets upstream's layout (header,
 * ids, attrs, data, features); with less room perf_header__write() puts
 * ids and attrs after the feature sections instead.
 */
u64 perf_header__attrs_size(const struct evlist *evlist);
int perf_header__write_pipe(struct perf_header *h, struct evlist *evlist,
			    struct perf_data *data);

/*
 * Feature payload codec, one entry per feature id (util/header.c table).
 * perf_feature__name(): upstream's name ("HOSTNAME"), NULL past the table.
 * perf_feature__parse(): buf as found in the file (h->needs_swap says its
 * byte order); keeps a copy in h->raw[feat] and, for the features we know,
 * fills h->env.  -errno with the problem in h->err.
 * perf_feature__write(): append the native payload to out: encoded from
 * h->env for the features we parse, else the raw copy; -ENOENT when there
 * is nothing to write (a raw section of the other byte order included).
 */
const char *perf_feature__name(int feat);
int perf_feature__parse(struct perf_header *h, int feat, const void *buf, size_t size);
int perf_feature__write(struct perf_header *h, int feat, struct strbuf *out);

#endif /* __PERF_HEADER_H */
