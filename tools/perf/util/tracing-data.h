/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TRACING_DATA_H
#define __PERF_TRACING_DATA_H

#include "types.h"

struct tep_handle;
struct tep_event;
struct strbuf;

/*
 * A file's TRACING_DATA (feature 1, or the payload of a pipe's
 * HEADER_TRACING_DATA record) read into libtraceevent: the header page,
 * every event format, the kallsyms, printk formats and saved cmdlines
 * sections.  Everything a reader prints about tracepoints comes from
 * here, never from the live system, so a file read on another machine or
 * kernel prints the same fields.  The section's numbers are in the byte
 * order its own header names (not the perf header's).
 */
typedef const char *(*tracing_data_resolver_t)(void *priv, u64 addr, u64 *start);

struct tracing_data {
	struct tep_handle	*tep;
	tracing_data_resolver_t	resolve;
	void			*resolve_priv;
	char			version[16];	/* "0.6" */
	bool			big_endian;	/* the writer's */
	u8			long_size;
	u32			page_size;
	u32			nr_formats;	/* event formats read */
	u32			nr_bad_formats;	/* of them libtraceevent could not parse */
	/* a sample's raw data, zero-padded for libtraceevent (tracing_data__format()) */
	u8			*scratch;
	size_t			scratch_size;
	size_t			scratch_dirty;
};

/*
 * Parse size bytes of buf.  0 and *out, or -EINVAL (or -ENOMEM) with the
 * problem in err ("TRACING_DATA: truncated: 8 bytes needed at offset 52
 * of 60"): every read is checked against the section's end.  A format
 * libtraceevent cannot parse is counted, not fatal (its events print
 * libtraceevent's "[FAILED TO PARSE]" line).
 */
int tracing_data__parse(struct tracing_data **out, const void *buf, size_t size, char *err,
			size_t errsz);
void tracing_data__delete(struct tracing_data *td);

/* The format of the tracepoint of this id (attr.config), NULL when the section has none. */
struct tep_event *tracing_data__event(struct tracing_data *td, u64 id);

/* "sys:name" of an event format into buf. */
void tracing_data__event_name(const struct tep_event *event, char *buf, size_t size);
/*
 * The event's own fields (not the common_ ones), in format order, joined
 * by commas into buf ("prev_comm,prev_pid,...", cut to size).
 */
void tracing_data__field_names(const struct tep_event *event, char *buf, size_t size);

/*
 * Kernel addresses to function names for %pS and friends: resolve(priv,
 * addr, &start) gives the name of the function holding addr and its
 * start, or NULL.  Upstream's readers resolve with their own kernel
 * symbols (their record leaves kallsyms empty).
 */
int tracing_data__set_resolver(struct tracing_data *td, tracing_data_resolver_t resolve,
			       void *priv);

/*
 * The fields of one sample's raw data as the event's print format makes
 * them ("prev_comm=perf prev_pid=11470 ... next_prio=0"), as libtraceevent
 * renders them, appended to sb.  0 or -ENOMEM.
 */
int tracing_data__format(struct tracing_data *td, struct tep_event *event, int cpu,
			 const void *raw, u32 raw_size, struct strbuf *sb);
/*
 * The same without the print format: each field as " name=value"
 * (libtraceevent's tep_print_fields()), as --raw-trace shows them.
 */
int tracing_data__format_raw(struct tracing_data *td, struct tep_event *event,
			     const void *raw, u32 raw_size, struct strbuf *sb);

/*
 * One field's value alone, without the print format (as
 * tracing_data__format_raw() shows each), appended to sb: the raw value
 * of a sort key "field/raw".  0 or -ENOMEM.
 */
int tracing_data__field_value(struct tracing_data *td, struct tep_event *event,
			      const char *field, const void *raw, u32 raw_size,
			      struct strbuf *sb);

#endif /* __PERF_TRACING_DATA_H */
