// SPDX-License-Identifier: GPL-2.0
/* Tracepoint fields as perf report sort keys: resolved per event, shown as upstream's. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "hist.h"
#include "sort.h"
#include "sort-fields.h"
#include "tracing-data.h"

static void dyn__set(struct sort_dyn *d, const struct tep_format_field *f)
{
	d->offset = (u32)f->offset;
	d->size = (u32)f->size;
	d->dynamic = f->flags & TEP_FIELD_IS_DYNAMIC;
	d->rel = f->flags & TEP_FIELD_IS_RELATIVE;
	d->string = f->flags & TEP_FIELD_IS_STRING;
}

/* Does key d apply to event (named for it, a field it has)? */
static bool dyn__applies(struct sort_dyn *d, const struct tep_event *event)
{
	struct tep_format_field *f;
	char name[512];

	if (!event)
		return false;
	if (d->event[0]) {
		tracing_data__event_name(event, name, sizeof(name));
		if (strcmp(name, d->event))
			return false;
	}
	f = tep_find_field((struct tep_event *)event, d->field);
	if (!f || f->offset < 0 || f->size < 0)
		return false;
	dyn__set(d, f);
	return true;
}

int sort_fields__resolve(struct sort_spec *spec, const struct tep_event *event)
{
	struct tep_format_field *f;
	int k, kept = 0, at;

	for (k = 0; k < spec->nr; k++) {
		if (spec->keys[k] < SORT_DYN)
			continue;
		if (!dyn__applies(&spec->dyn[spec->keys[k] - SORT_DYN], event)) {
			if (spec->trace_fields_at > k)
				spec->trace_fields_at--;
			sort_spec__remove(spec, k--);
			continue;
		}
		kept++;
	}
	if (!spec->trace_fields || !event)
		return kept;
	/* every field of the event, in its order, where trace_fields was */
	at = spec->trace_fields_at;
	for (f = event->format.fields; f; f = f->next) {
		struct sort_dyn *d;

		if (spec->nr_dyn == SORT_MAX_DYN || spec->nr == SORT_MAX_KEYS)
			break;
		if (f->offset < 0 || f->size < 0)
			continue;
		d = &spec->dyn[spec->nr_dyn];
		memset(d, 0, sizeof(*d));
		snprintf(d->field, sizeof(d->field), "%s", f->name);
		dyn__set(d, f);
		memmove(&spec->keys[at + 1], &spec->keys[at], (spec->nr - at) * sizeof(spec->keys[0]));
		spec->keys[at++] = SORT_DYN + spec->nr_dyn;
		spec->mask |= 1u << (SORT_DYN + spec->nr_dyn);
		spec->nr_dyn++;
		spec->nr++;
		kept++;
	}
	return kept;
}

int sort_fields__text(void *priv, const struct hist_entry *he, const struct sort_dyn *d,
		      char *buf, size_t size)
{
	struct sort_fields_ctx *ctx = priv;
	size_t namelen = strlen(d->field);
	const char *s, *end;

	buf[0] = '\0';
	if (!ctx->event || !he->raw)
		return 0;
	strbuf__reset(&ctx->sb);
	if (!d->raw &&
	    !tracing_data__format(ctx->td, ctx->event, 0, he->raw, he->raw_size, &ctx->sb) &&
	    ctx->sb.buf) {
		/* as upstream: the first word that starts with the name, after one more character */
		for (s = ctx->sb.buf; s; s = *end ? end + 1 : NULL) {
			end = strchr(s, ' ');
			if (!end)
				end = s + strlen(s);
			if (!strncmp(s, d->field, namelen) && (size_t)(end - s) >= namelen) {
				s += namelen + ((size_t)(end - s) > namelen);
				return snprintf(buf, size, "%.*s", (int)(end - s), s);
			}
		}
	}
	strbuf__reset(&ctx->sb);
	if (tracing_data__field_value(ctx->td, ctx->event, d->field, he->raw, he->raw_size,
				      &ctx->sb) || !ctx->sb.buf)
		return 0;
	return snprintf(buf, size, "%s", ctx->sb.buf);
}
