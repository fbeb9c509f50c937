/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SESSION_H
#define __PERF_SESSION_H

#include "data.h"
#include "event.h"
#include "evlist.h"
#include "header.h"

struct tep_event;
struct tracing_data;

struct perf_session;

/*
 * What a command does with the records of a session.  Every callback is
 * optional.  Records reach the callbacks already in native byte order and
 * 8-byte aligned, valid until the callback returns.
 *
 * raw:     every record, in file order, before any ordering.
 * sample:  PERF_RECORD_SAMPLE, parsed, with its event.
 * event:   every other kernel record (KSYMBOL, BPF_EVENT, MMAP2, ...), with
 *          its sample_id trailer parsed into sample (zeroed when absent).
 * user:    records written by perf itself (HEADER_ATTR, FINISHED_ROUND, ...),
 *          before the session handles them (adds the attr, flushes the round).
 *
 * With ordered set, kernel records are delivered in time order: queued and
 * released at each FINISHED_ROUND up to the highest time seen before the
 * previous round, and all at the end.  Records without a time, or with
 * time 0 (synthesized before recording started), are delivered at once.  A callback returning non-zero stops
 * processing with that value.
 */
struct perf_tool {
	int (*raw)(struct perf_tool *tool, struct perf_session *session,
		   const union perf_event *event, u64 file_offset);
	int (*sample)(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *event, struct perf_sample *sample,
		      struct evsel *evsel);
	int (*event)(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *event, struct perf_sample *sample,
		     struct evsel *evsel);
	int (*user)(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, u64 file_offset);
	bool ordered;
	/* a damaged BPF_PROG_INFO is no error (perf_header.lenient_bpf_info) */
	bool lenient_bpf_info;
	/* Parse samples only when a sample callback exists (perf report --stats) */
};

/* Per record type counts, kernel types 0..PERF_RECORD_MAX and user 64.. */
#define PERF_SESSION_NR_TYPES	128

struct perf_session_stats {
	u64	nr_events[PERF_SESSION_NR_TYPES];
	u64	nr_unknown_type;
	u64	nr_lost_events;		/* LOST records */
	u64	nr_lost;		/* sum of their counts */
	u64	nr_lost_samples;	/* LOST_SAMPLES records' counts */
	u64	nr_unknown_id;		/* samples whose id matches no event */
	u64	nr_unordered;		/* records older than what was already delivered:
					   upstream's "out of order events" */
	u64	total_period;
};

/* PERF_RECORD_COMPRESSED: the stream, and the bytes of a record not yet whole */
struct session_unzip {
	struct ZSTD_DCtx_s		*stream;
	u8				*buf;
	size_t				have;
	u64				offset;		/* of the last COMPRESSED record */
};

struct perf_session {
	struct perf_data		*data;
	struct perf_header		header;
	struct evlist			*evlist;
	struct perf_tool		*tool;
	struct perf_session_stats	stats;
	struct ordered_queue		*queue;
	u64				file_offset;	/* of the record being handed out */
	bool				in_compressed;	/* raw: it came out of a COMPRESSED one */
	struct session_unzip		unzip;
	void				*priv;		/* the command's */
	/* TRACING_DATA read (file: at open; pipe: when its record comes), or NULL */
	struct tracing_data		*tracing;
	/* internal */
	int				id_pos_nr_entries;
	int				id_pos_sample;
	int				id_pos_trailer;
	u64				last_id;	/* the last id found, and its event */
	struct evsel			*last_evsel;
};

/* Open a session on an opened perf_data: reads the header (file mode). */
int perf_session__new(struct perf_session **out, struct perf_data *data, struct perf_tool *tool);
void perf_session__delete(struct perf_session *session);

/* Walk every record of the data section (or the pipe) through the tool. */
int perf_session__process(struct perf_session *session);

/*
 * The format of a tracepoint event from the file's TRACING_DATA (NULL for
 * other events, or when the file has none); found on first use and kept
 * in evsel->tp_format.
 */
struct tep_event *perf_session__tp_format(struct perf_session *session, struct evsel *evsel);

#endif /* __PERF_SESSION_H */
