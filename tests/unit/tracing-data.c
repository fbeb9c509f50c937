// SPDX-License-Identifier: GPL-2.0
/*
 * util/tracing-data.c: TRACING_DATA sections read into libtraceevent.
 * The sections come from a file /usr/bin/perf recorded
 * (tests/fixtures/up-tracepoints.data) and from our writer on the live
 * tracefs; every truncation of them must fail with a one-line message,
 * and byte flips must never crash (ASan run), also when a sample is
 * formatted with what was read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "tap.h"
#include "util/record-tracing.h"
#include "util/strbuf.h"
#include "util/tracefs.h"
#include "util/tracing-data.h"

static u8 *load(const char *path, size_t *size)
{
	FILE *fp = fopen(path, "rb");
	u8 *buf = NULL;
	long n;

	if (!fp)
		return NULL;
	if (!fseek(fp, 0, SEEK_END) && (n = ftell(fp)) > 0 && !fseek(fp, 0, SEEK_SET)) {
		buf = malloc(n);
		if (buf && fread(buf, 1, n, fp) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*size = n;
	}
	fclose(fp);
	return buf;
}

/* The TRACING_DATA section of a perf.data file (the first feature section). */
static u8 *section(const u8 *file, size_t size, size_t *len)
{
	u64 data_off, data_size, feat, off, sz;

	if (size < 104)
		return NULL;
	memcpy(&data_off, file + 40, 8);
	memcpy(&data_size, file + 48, 8);
	memcpy(&feat, file + 72, 8);
	if (!(feat & 2) || data_off + data_size + 16 > size)
		return NULL;
	memcpy(&off, file + data_off + data_size, 8);
	memcpy(&sz, file + data_off + data_size + 8, 8);
	if (off + sz > size)
		return NULL;
	*len = sz;
	return (u8 *)file + off;
}

/* A sched_switch record as the kernel lays it out, for the format read. */
static size_t fake_switch(struct tep_event *ev, u8 *buf, size_t size)
{
	struct tep_format_field *f;
	size_t end = 0;

	memset(buf, 0, size);
	for (f = ev->format.common_fields; f; f = f->next)
		if (!strcmp(f->name, "common_type"))
			memcpy(buf + f->offset, &ev->id, 2);
	for (f = ev->format.fields; f; f = f->next) {
		if ((size_t)(f->offset + f->size) > end)
			end = f->offset + f->size;
		if (!strcmp(f->name, "prev_comm"))
			memcpy(buf + f->offset, "cc1", 4);
		else if (!strcmp(f->name, "next_comm"))
			memcpy(buf + f->offset, "perf", 5);
		else if (!strcmp(f->name, "prev_pid"))
			memcpy(buf + f->offset, &(int){ 14844 }, 4);
	}
	return end;
}

static int damaged(const u8 *sec, size_t len, const char *what)
{
	struct tracing_data *td;
	char err[256];
	size_t off, bad = 0, first = 0;
	u8 *copy = malloc(len);
	unsigned int i, seed = 1, ok_reads = 0, errors = 0, nr = 3000;
	int r;

	for (off = 0; off < len; off++) {
		memcpy(copy, sec, off);
		r = tracing_data__parse(&td, copy, off, err, sizeof(err));
		if (r == 0 || strncmp(err, "TRACING_DATA: ", 14) || strchr(err, '\n')) {
			if (!bad++)
				first = off;
			tracing_data__delete(td);
		}
	}
	ok(bad == 0, "%s: all %zu truncations fail with a one-line message", what, len);
	if (bad)
		diag("%zu did not, the first at %zu", bad, first);
	/* flips anywhere: read or refused, and what is read formats a record */
	if (getenv("TRACING_DATA_FLIPS"))
		nr = strtoul(getenv("TRACING_DATA_FLIPS"), NULL, 0);
	if (getenv("TRACING_DATA_SEED"))
		seed = strtoul(getenv("TRACING_DATA_SEED"), NULL, 0);
	srand(seed);
	for (i = 0; i < nr; i++) {
		int n = 1 + rand() % 4, j;

		memcpy(copy, sec, len);
		for (j = 0; j < n; j++)
			copy[rand() % len] ^= 1 << (rand() % 8);
		if (tracing_data__parse(&td, copy, len, err, sizeof(err))) {
			errors++;
			continue;
		}
		ok_reads++;
		{
			struct strbuf sb = STRBUF_INIT;
			static u8 raw[4096];
			int k;

			for (k = 0; k < tep_get_events_count(td->tep); k++) {
				struct tep_event *ev = tep_get_event(td->tep, k);

				size_t b, end = fake_switch(ev, raw, sizeof(raw));

				tracing_data__format(td, ev, 0, raw, end < 64 ? 64 : end, &sb);
				strbuf__reset(&sb);
				/* and garbage behind a right type */
				for (b = 8; b < sizeof(raw); b++)
					raw[b] = (u8)rand();
				tracing_data__format(td, ev, 0, raw, 1 + rand() % 512, &sb);
				strbuf__reset(&sb);
			}
			strbuf__release(&sb);
		}
		tracing_data__delete(td);
	}
	ok(ok_reads + errors == nr, "%s: %u flipped copies: %u read, %u refused, no crash",
	   what, nr, ok_reads, errors);
	free(copy);
	return 0;
}

int main(void)
{
	static const char *const events[] = { "sched:sched_switch", "bpf_trace:bpf_trace_printk" };
	const char *top = getenv("TOPDIR");
	struct tracing_data *td;
	struct strbuf sb = STRBUF_INIT;
	char path[4096], err[256], dir[4096];
	size_t size = 0, len = 0;
	u8 *file, *sec, raw[4096];
	struct tep_event *ev;
	size_t rsz;

	snprintf(path, sizeof(path), "%s/tests/fixtures/up-tracepoints.data", top ? top : ".");
	file = load(path, &size);
	sec = file ? section(file, size, &len) : NULL;
	if (!sec)
		skip_all("no tests/fixtures/up-tracepoints.data (set TOPDIR)");

	is_int(tracing_data__parse(&td, sec, len, err, sizeof(err)), 0,
	       "upstream's section reads (%s)", err);
	is_str(td->version, "0.6", "version 0.6");
	ok(!td->big_endian && td->long_size == 8 && td->page_size == 4096,
	   "little endian, long 8, page 4096");
	is_int(td->nr_formats, 4, "four formats (sched_switch, _wakeup, _process_exit, hrtimer_start)");
	is_int(td->nr_bad_formats, 0, "all parsed");
	ev = tep_find_event_by_name(td->tep, "sched", "sched_switch");
	ok(ev != NULL, "sched:sched_switch is there");
	ok(ev && tracing_data__event(td, (u64)ev->id) == ev, "found by its id");
	ok(!tracing_data__event(td, 1ULL << 40) && !tracing_data__event(NULL, 1),
	   "no event of a bad id");
	if (ev) {
		tracing_data__event_name(ev, path, sizeof(path));
		is_str(path, "sched:sched_switch", "named sys:name");
		tracing_data__field_names(ev, path, sizeof(path));
		is_str(path, "prev_comm,prev_pid,prev_prio,prev_state,next_comm,next_pid,next_prio",
		       "its own fields, in format order");
		tracing_data__field_names(ev, path, 12);
		is_str(path, "prev_comm,p", "cut to the buffer");
		rsz = fake_switch(ev, raw, sizeof(raw));
		is_int(tracing_data__format(td, ev, 0, raw, rsz, &sb), 0, "a record formats");
		ok(!strncmp(sb.buf, "prev_comm=cc1 prev_pid=14844 ", 29) &&
		   strstr(sb.buf, " ==> next_comm=perf ") != NULL,
		   "with the fields of its print format (%s)", sb.buf);
		strbuf__reset(&sb);
		is_int(tracing_data__format(td, ev, 0, raw, 2, &sb), 0,
		       "a record cut short formats without reading past it");
		strbuf__reset(&sb);
		is_int(tracing_data__format_raw(td, ev, raw, rsz, &sb), 0, "raw: formats");
		ok(sb.buf && !strncmp(sb.buf, " prev_comm=cc1 prev_pid=14844 prev_prio=0 "
				      "prev_state=0 next_comm=perf ", 57),
		   "raw: \" name=value\" for each field, numbers in decimal (%s)", sb.buf);
		strbuf__reset(&sb);
		is_int(tracing_data__format_raw(td, ev, raw, 2, &sb), 0,
		       "raw: a record cut short, without reading past it");
		strbuf__reset(&sb);
		is_int(tracing_data__field_value(td, ev, "prev_pid", raw, rsz, &sb), 0,
		       "a field's raw value");
		is_str(sb.buf, "14844", "in decimal");
		strbuf__reset(&sb);
	}
	tracing_data__delete(td);

	/* text sections of odd shapes: no newline at the end, a NUL inside */
	{
		static const char *const texts[] = { "123 abc", "1 a\n\0\n2 b", "\n\n", "x" };
		size_t t;

		for (t = 0; t < ARRAY_SIZE(texts); t++) {
			size_t n = t == 1 ? 9 : strlen(texts[t]);
			u8 *copy = malloc(len + n);
			u64 sz = n;

			memcpy(copy, sec, len - 8);
			memcpy(copy + len - 8, &sz, 8);
			memcpy(copy + len, texts[t], n);
			is_int(tracing_data__parse(&td, copy, len + n, err, sizeof(err)), 0,
			       "saved cmdlines of an odd shape (%zu) read", t);
			tracing_data__delete(td);
			free(copy);
		}
	}
	is_int(tracing_data__parse(&td, "\x17\x08\x44tracinX", 10, err, sizeof(err)), -EINVAL,
	       "bad magic");
	ok(strstr(err, "bad magic") != NULL, "said (%s)", err);
	damaged(sec, len, "upstream's");

	if (!tracefs__dir(dir, sizeof(dir)) && !tracing_data__build(dir, events, 2, &sb)) {
		is_int(tracing_data__parse(&td, sb.buf, sb.len, err, sizeof(err)), 0,
		       "our writer's section reads (%s)", err);
		ok(td && td->nr_formats == 2 && td->nr_bad_formats == 0, "both formats");
		ok(td && tep_find_event_by_name(td->tep, "bpf_trace", "bpf_trace_printk"),
		   "bpf_trace_printk's");
		tracing_data__delete(td);
	} else {
		diag("no tracefs: our writer's sections not read back");
	}
	strbuf__release(&sb);
	free(file);
	return done_testing();
}
