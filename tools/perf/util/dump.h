/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_DUMP_H
#define __PERF_DUMP_H

/*
 * `perf report -D` (--dump-raw-trace): upstream's per-record dump and the
 * counts at the end, byte for byte as Debian's perf 6.1 prints them.
 *
 * Per record (dump__event(), or dump__record() given the session):
 *
 *	\n<offset>@<path> [<size>]: event: <type>\n	offset "%#llx": "0" for 0
 *	.\n
 *	. ... raw event: size <n> bytes\n
 *	.  0000:  01 00 ... 16 bytes  ascii\n		(hex + ASCII, 16 per line)
 *	\n
 *	<prefix><offset> [<size>]: PERF_RECORD_<NAME><detail>
 *
 * <prefix>: "-1 -1 " for a non-SAMPLE record when the evlist has no
 * sample_id_all (also while a pipe has not yet delivered any attr);
 * otherwise "<cpu> " if the evlist's sample_type has CPU and "<time> " if
 * it has TIME, from the record's sample or trailer (0 for user records).
 * <detail> is perf_event__fprintf_detail() plus, for SAMPLE, upstream's
 * sample lines (callchain, branch stack, regs, user stack, weight,
 * data_src, phys_addr, page sizes, transaction, read values) and for READ
 * the values.  Records upstream's `perf report` has no handler for get
 * ": unhandled!\n" (THROTTLE, UNTHROTTLE, THREAD_MAP, CPU_MAP, STAT*,
 * FINISHED_INIT, EVENT_TYPE, COMPRESSED).  ATTR, FEATURE, TRACING_DATA
 * and BUILD_ID end without a newline: the next record's leading "\n"
 * ends the line, so no blank line separates them.
 *
 * Sample lines compared with perf 6.1 here: FP chain, user and intr regs
 * (x86_64 names), ustack, weight (struct form), data_src, phys_addr, page
 * sizes, transaction, group sample_read.  Not compared (no LBR here):
 * branch stack and branch callstack lines; LBR call chains are printed as
 * plain FP chains.
 *
 * Omitted: after a SAMPLE upstream prints " ... thread: <comm>:<tid>\n"
 * and " ...... dso: <dso>\n" (once per group member with PERF_SAMPLE_READ
 * groups) from its machine/thread state.  That state is not ours: set
 * dump_ctx.sample_hook to print them.  Without it those lines are left out.
 *
 * Paths and offsets (observed): file mode prints the file path as given
 * and the record's file offset; pipe mode prints "pipe" and offsets count
 * from the first byte after the 16-byte pipe header, including the
 * payloads that follow TRACING_DATA / AUXTRACE records in the stream.
 * Records unpacked from a COMPRESSED record are printed with the
 * COMPRESSED record's offset; with zstd upstream does not dump the
 * COMPRESSED record itself (but counts it); without zstd it dumps it as
 * unhandled, which is what dump__event() does.
 *
 * Order (observed): upstream prints user records (type >= 64, including
 * FINISHED_ROUND) when it reads them, in file order, and kernel records
 * (SAMPLE, MMAP, KSYMBOL, ...) when its ordered queue delivers them, in
 * time order: flushed at each FINISHED_ROUND and at the end.  So the dump
 * is not in file order (offsets go backwards).  Ordering is the
 * session's job; dump__event() prints one record when called.
 *
 * At the end (dump__stats(), dump__evsel_stats()):
 *
 *	\nAggregated stats:\n
 *	           TOTAL events:       8680\n		"%16s events: %10u"
 *	            MMAP events:          1  ( 0.0%)\n	+ "  (%4.1f%%)"
 *	...one line per type with a non-zero count, in type order...
 *	cpu-clock stats:\n				per evsel with samples
 *	          SAMPLE events:       7922\n
 *
 * The counts are of every record read (TOTAL is the sum), including
 * COMPRESSED and the records unpacked from it.
 */

#include <stdio.h>
#include "event.h"

struct dump_ctx;
struct machine;
struct evsel;
struct perf_session;

/* Prints the lines that follow a sample (upstream's thread and dso lines). */
typedef void (*dump_sample_hook_t)(FILE *fp, const struct dump_ctx *ctx,
				   const union perf_event *ev, const struct perf_sample *sample,
				   void *arg);

struct dump_ctx {
	const char		*path;		/* after '@': file path, or "pipe" */
	u64			sample_type;	/* the evlist's combined sample_type */
	bool			sample_id_all;	/* the evlist's; false while it is empty */
	dump_sample_hook_t	sample_hook;	/* may be NULL */
	bool			script;		/* upstream's script tool: it handles more types */
	void			*hook_arg;
	/*
	 * records in file order (report --disable-order, script
	 * --dump-unsorted-raw-trace): FINISHED_ROUND is "unhandled!"
	 */
	bool			unordered;
};

/* The two lines `perf report -D` starts with when --header is not given. */
void dump__preamble(FILE *fp);

/*
 * One record, native byte order, 8-byte aligned, header.size readable.
 * attr and evsel_name: the record's evsel, NULL when unknown (then SAMPLE
 * and READ print no detail, as upstream does for unknown ids).  sample:
 * parsed sample for SAMPLE, parsed trailer for other kernel records, NULL
 * for user records (cpu and time print as 0).
 */
void dump__event(FILE *fp, const struct dump_ctx *ctx, const union perf_event *ev,
		 u64 file_offset, const struct perf_event_attr *attr, const char *evsel_name,
		 const struct perf_sample *sample);

/*
 * The context of a session now: its path ("pipe" in pipe mode), the OR of
 * its events' sample_type and the first event's sample_id_all (false
 * while the evlist is empty).  Upstream dumps a pipe's HEADER_ATTR before
 * adding its event, so the first one prints "-1 -1 ".
 */
void dump_ctx__init(struct dump_ctx *ctx, struct perf_session *session);

/* dump__event() with dump_ctx__init(), the evsel's attr and name. */
void dump__record(FILE *fp, struct perf_session *session, const union perf_event *ev,
		  u64 file_offset, struct evsel *evsel, const struct perf_sample *sample);

/*
 * dump__record() of a record the session delivered, a sample followed by
 * upstream's " ... thread:" and " ...... dso:" lines as machine resolves
 * it (report and annotate -D).
 */
void dump__record_resolved(FILE *fp, struct perf_session *session, const union perf_event *ev,
			   struct evsel *evsel, const struct perf_sample *sample,
			   struct machine *machine);

/*
 * The same as `perf script -D` prints it: THREAD_MAP and CPU_MAP without
 * ": unhandled!", THROTTLE and UNTHROTTLE by their names alone (upstream's
 * script tool has handlers for them, which print nothing).
 */
void dump__record_script(FILE *fp, struct perf_session *session, const union perf_event *ev,
			 struct evsel *evsel, const struct perf_sample *sample,
			 struct machine *machine);

/*
 * A user record (perf_tool.user) as -D shows it.  A COMPRESSED record
 * shows as the records it holds: upstream dumps it itself only when it
 * fails to decompress, and then stops, as the session stops with it.
 */
void dump__user_record(FILE *fp, struct perf_session *session, const union perf_event *ev,
		       u64 file_offset);
/*
 * The same for perf script -D (types as dump__record_script()); unsorted:
 * --dump-unsorted-raw-trace, where upstream's FINISHED_ROUND is unhandled.
 */
void dump__user_record_script(FILE *fp, struct perf_session *session,
			      const union perf_event *ev, u64 file_offset, bool unsorted);

/* The parts of dump__event(), for callers that need them apart. */
void dump__raw(FILE *fp, const union perf_event *ev);
void dump__prefix(FILE *fp, const struct dump_ctx *ctx, u32 type, const struct perf_sample *s);
void dump__sample(FILE *fp, const union perf_event *ev, const struct perf_event_attr *attr,
		  const struct perf_sample *s);

/*
 * "\nAggregated stats:" and a line per non-zero count; nr[0] is the total
 * (TOTAL), nr[type] the records of each type.  auxtrace: the file has the
 * AUXTRACE feature (upstream then adds a note to the title).
 */
void dump__stats(FILE *fp, const u64 nr[PERF_RECORD_HEADER_MAX], bool auxtrace);

/* "<name> stats:" and its SAMPLE count; nothing when nr_samples is 0. */
void dump__evsel_stats(FILE *fp, const char *name, u64 nr_samples);

/* x86_64 register names as perf prints them ("AX", "R8", "XMM0"); "unknown" beyond. */
const char *dump__reg_name(unsigned int id);

/* Upstream's page size names: "N/A" for 0, "4K", "2M", "1024B", and "1024M" for 1G (sic). */
const char *dump__page_size_name(u64 size, char *buf, size_t len);

#endif /* __PERF_DUMP_H */
