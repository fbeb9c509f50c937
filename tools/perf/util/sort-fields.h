/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SORT_FIELDS_H
#define __PERF_SORT_FIELDS_H

#include <stddef.h>
#include "strbuf.h"

struct hist_entry;
struct sort_dyn;
struct sort_spec;
struct tep_event;
struct tracing_data;

/*
 * perf report's tracepoint field keys (upstream's dynamic sort keys) for
 * one event, from its format: spec's field keys of another event, or of
 * a field the event does not have, are dropped; "trace_fields" becomes
 * every field of the event, where it was in the list.  event NULL (not a
 * tracepoint, no format): every field key is dropped.  Returns how many
 * field keys the event kept.
 */
int sort_fields__resolve(struct sort_spec *spec, const struct tep_event *event);

/*
 * A field key's text for an entry, as upstream's: the value that follows
 * "<field>=" in the event's formatted fields (up to the next space), or
 * with /raw (or when the print format shows no such word) the field's
 * value alone.  For hists_print_opts.field_text, priv a struct
 * sort_fields_ctx of the entry's event.
 */
struct sort_fields_ctx {
	struct tracing_data	*td;
	struct tep_event	*event;
	struct strbuf		sb;
};

int sort_fields__text(void *priv, const struct hist_entry *he, const struct sort_dyn *d,
		      char *buf, size_t size);

#endif /* __PERF_SORT_FIELDS_H */
