// SPDX-License-Identifier: GPL-2.0
/* TRACING_DATA read back into libtraceevent, every read bounds-checked. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <byteswap.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>

#include "strbuf.h"
#include "cursor.h"
#include "tracing-data.h"
#include "tracing-format.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TRACING_DATA_ASAN
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TRACING_DATA_ASAN
#endif

#ifdef TRACING_DATA_ASAN
/*
 * libtraceevent 1.7 loses the tokens of a damaged format's fields on
 * some of its error paths; the ASan builds (tests, fuzzing) would report
 * them as our leaks.  Its tokenizer's own frames are named too: a short
 * malloc context (faster fuzzing) may not reach tep_parse_event().
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:tep_parse_event\nleak:tep_parse_format\nleak:extend_token\nleak:__read_token\n";
}
#endif

static const char tracing_magic[10] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };

/* The section, where the next read starts, and where an error is said. */
struct tcur {
	struct cursor	cur;
	char		*err;
	size_t		errsz;
};

static int __printf(2, 3) tcur__err(struct tcur *c, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(c->err, c->errsz, "TRACING_DATA: ");

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < c->errsz)
		vsnprintf(c->err + n, c->errsz - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int tcur__short(struct tcur *c, u64 len, const char *what)
{
	return tcur__err(c, "truncated: %llu bytes of %s needed at offset %zu of %zu",
			 (unsigned long long)len, what, c->cur.pos, c->cur.size);
}

static int tcur__need(struct tcur *c, u64 len, const char *what)
{
	return cursor__has(&c->cur, len) ? 0 : tcur__short(c, len, what);
}

static int tcur__u32(struct tcur *c, u32 *v, const char *what)
{
	return cursor__u32(&c->cur, v) ? tcur__short(c, 4, what) : 0;
}

static int tcur__u64(struct tcur *c, u64 *v, const char *what)
{
	return cursor__u64(&c->cur, v) ? tcur__short(c, 8, what) : 0;
}

/* A NUL-terminated string at the cursor, into *s (in place). */
static int tcur__str(struct tcur *c, const char **s, const char *what)
{
	*s = cursor__cstr(&c->cur);
	if (!*s)
		return tcur__err(c, "truncated: %s at offset %zu of %zu has no end", what,
				 c->cur.pos, c->cur.size);
	return 0;
}

/* len bytes at the cursor as a NUL-terminated copy (libtraceevent wants strings). */
static int tcur__copy(struct tcur *c, u64 len, const char *what, char **out)
{
	int err = tcur__need(c, len, what);

	if (err)
		return err;
	*out = malloc(len + 1);
	if (!*out)
		return -ENOMEM;
	memcpy(*out, c->cur.p + c->cur.pos, len);
	(*out)[len] = '\0';
	c->cur.pos += len;
	return 0;
}

/* "name\0", u64 size, contents: header_page, header_event. */
static int read_header_file(struct tcur *c, struct tracing_data *td, const char *want)
{
	const char *name;
	char *buf;
	u64 size;
	int err;

	err = tcur__str(c, &name, want);
	if (!err && strcmp(name, want))
		err = tcur__err(c, "'%s' expected at offset %zu, found '%.32s'", want,
				c->cur.pos - strlen(name) - 1, name);
	if (!err)
		err = tcur__u64(c, &size, want);
	if (!err)
		err = tcur__copy(c, size, want, &buf);
	if (err)
		return err;
	if (!strcmp(want, "header_page"))
		/* an old kernel's header it cannot parse: the defaults stand */
		tep_parse_header_page(td->tep, buf, size, td->long_size);
	free(buf);
	return 0;
}

/*
 * One event format into the handle when it has the kernel's shape, its
 * fields alone when only its print format has not (libtraceevent then
 * prints its events as failed to parse), else not at all.
 */
static void format__parse(struct tracing_data *td, const char *buf, size_t len, const char *sys)
{
	size_t print_at;

	td->nr_formats++;
	switch (tracing_format__check(buf, len, &print_at)) {
	case TRACING_FORMAT_OK:
		if (tep_parse_event(td->tep, buf, len, sys))
			td->nr_bad_formats++;
		break;
	case TRACING_FORMAT_BAD_PRINT:
		tep_parse_event(td->tep, buf, print_at, sys);
		td->nr_bad_formats++;
		break;
	default:
		td->nr_bad_formats++;
		break;
	}
}

/* u32 count, then count times u64 size + an event's format file. */
static int read_formats(struct tcur *c, struct tracing_data *td, const char *sys)
{
	u32 nr, i;
	int err = tcur__u32(c, &nr, "an event count");

	for (i = 0; !err && i < nr; i++) {
		char *buf;
		u64 size;

		err = tcur__u64(c, &size, "a format's size");
		if (!err)
			err = tcur__copy(c, size, "an event format", &buf);
		if (err)
			break;
		format__parse(td, buf, size, sys);
		free(buf);
	}
	return err;
}

/* kallsyms, printk formats (u32 sizes): text libtraceevent reads line by line */
static int read_text(struct tcur *c, struct tracing_data *td, const char *what, bool size64,
		     int (*parse)(struct tep_handle *tep, char *buf))
{
	char *buf;
	u64 size;
	u32 size32;
	int err;

	if (size64) {
		err = tcur__u64(c, &size, what);
	} else {
		err = tcur__u32(c, &size32, what);
		size = size32;
	}
	if (!err)
		err = tcur__copy(c, size, what, &buf);
	if (err)
		return err;
	if (size && parse(td->tep, buf))
		err = tcur__err(c, "cannot read the %s", what);
	free(buf);
	return err;
}

/*
 * The text sections go to libtraceevent line by line, and it trusts each
 * line's shape: only the lines of the shape the kernel writes are kept.
 */
static bool is_hex_addr(const char **p)
{
	const char *q = *p;

	while (isxdigit((unsigned char)*q))
		q++;
	if (q == *p || q - *p > 16)
		return false;
	*p = q;
	return true;
}

/* "0x<hex> : \"<text>\"" */
static bool printk_line__ok(const char *l, size_t n)
{
	const char *p = l + 2;

	if (n < 8 || memcmp(l, "0x", 2) || !is_hex_addr(&p))
		return false;
	if ((size_t)(p - l) + 5 > n || memcmp(p, " : \"", 4))
		return false;
	/*
	 * At least two characters between the quotes: libtraceevent looks
	 * for a "\\n" two before the closing one without checking the length
	 */
	return l[n - 1] == '"' && (size_t)(p + 6 - l) < n &&
	       tracing_format__string_ok(p + 4, l + n - 1);
}

/* "<hex> <type> <name>[\t[module]]" */
static bool kallsyms_line__ok(const char *l, size_t n)
{
	const char *p = l;

	if (!is_hex_addr(&p) || (size_t)(p - l) + 4 > n)
		return false;
	return p[0] == ' ' && p[1] != ' ' && p[1] != '\t' && p[2] == ' ' &&
	       p[3] != ' ' && p[3] != '\t';
}

/* "<pid> <comm>" */
static bool cmdline_line__ok(const char *l, size_t n)
{
	size_t d = 0;

	while (d < n && d < 10 && isdigit((unsigned char)l[d]))
		d++;
	return d > 0 && d + 1 < n && l[d] == ' ';
}

/* buf (NUL-terminated) keeps only the lines ok() accepts; their count. */
static int text__filter(char *buf, bool (*ok)(const char *l, size_t n))
{
	char *in = buf, *out = buf;
	int nr = 0;

	while (*in) {
		size_t n = strcspn(in, "\n");
		bool nl = in[n] == '\n';
		char *next = in + n + nl;

		/* a kept line moves down, never past what is still to read */
		if (n && ok(in, n)) {
			memmove(out, in, n);
			out += n;
			if (nl)
				*out++ = '\n';
			nr++;
		}
		in = next;
	}
	*out = '\0';
	return nr;
}

static int parse_saved_cmdlines(struct tep_handle *tep, char *buf)
{
	if (text__filter(buf, cmdline_line__ok))
		tep_parse_saved_cmdlines(tep, buf);
	return 0;
}

static int parse_printk(struct tep_handle *tep, char *buf)
{
	if (text__filter(buf, printk_line__ok))
		tep_parse_printk_formats(tep, buf);
	return 0;
}

static int parse_kallsyms(struct tep_handle *tep, char *buf)
{
	if (text__filter(buf, kallsyms_line__ok))
		tep_parse_kallsyms(tep, buf);
	return 0;
}

static int tracing_data__read(struct tracing_data *td, struct tcur *c)
{
	const char *version, *sys;
	u32 nr_sys, i;
	u8 b[2];
	int err;

	err = tcur__need(c, sizeof(tracing_magic), "the magic");
	if (err)
		return err;
	if (memcmp(c->cur.p, tracing_magic, sizeof(tracing_magic)))
		return tcur__err(c, "bad magic (not \\x17\\x08\\x44tracing)");
	c->cur.pos = sizeof(tracing_magic);
	err = tcur__str(c, &version, "the version");
	if (err)
		return err;
	if (strlen(version) >= sizeof(td->version))
		return tcur__err(c, "bad version '%.16s...'", version);
	strcpy(td->version, version);
	err = tcur__need(c, 2, "the endianness and long size");
	if (err)
		return err;
	memcpy(b, c->cur.p + c->cur.pos, 2);
	c->cur.pos += 2;
	if (b[0] > 1 || (b[1] != 4 && b[1] != 8))
		return tcur__err(c, "bad endianness %u or long size %u", b[0], b[1]);
	td->big_endian = b[0];
	td->long_size = b[1];
	c->cur.swap = td->big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	err = tcur__u32(c, &td->page_size, "the page size");
	if (err)
		return err;
	tep_set_file_bigendian(td->tep, td->big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(td->tep, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
				TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_long_size(td->tep, td->long_size);
	tep_set_page_size(td->tep, (int)td->page_size);

	err = read_header_file(c, td, "header_page");
	if (!err)
		err = read_header_file(c, td, "header_event");
	if (!err)
		err = read_formats(c, td, "ftrace");
	if (!err)
		err = tcur__u32(c, &nr_sys, "the system count");
	for (i = 0; !err && i < nr_sys; i++) {
		err = tcur__str(c, &sys, "a system name");
		if (!err)
			err = read_formats(c, td, sys);
	}
	if (!err)
		err = read_text(c, td, "kallsyms", false, parse_kallsyms);
	if (!err)
		err = read_text(c, td, "printk formats", false, parse_printk);
	/* 0.6 added the saved cmdlines */
	if (!err && strcmp(td->version, "0.6") >= 0 && c->cur.pos < c->cur.size)
		err = read_text(c, td, "saved cmdlines", true, parse_saved_cmdlines);
	else if (!err && strcmp(td->version, "0.6") >= 0)
		err = tcur__need(c, 8, "the saved cmdlines size");
	return err;
}

int tracing_data__parse(struct tracing_data **out, const void *buf, size_t size, char *err,
			size_t errsz)
{
	struct tcur c = { .cur = CURSOR(buf, size, false), .err = err, .errsz = errsz };
	struct tracing_data *td = calloc(1, sizeof(*td));
	int ret;

	*out = NULL;
	if (err && errsz)
		err[0] = '\0';
	if (!td)
		return -ENOMEM;
	/* libtraceevent's parse warnings are not ours to print */
	tep_set_loglevel(TEP_LOG_NONE);
	td->tep = tep_alloc();
	if (!td->tep) {
		free(td);
		return -ENOMEM;
	}
	ret = tracing_data__read(td, &c);
	if (ret) {
		if (ret == -ENOMEM && err && errsz)
			snprintf(err, errsz, "TRACING_DATA: out of memory");
		tracing_data__delete(td);
		return ret;
	}
	*out = td;
	return 0;
}

void tracing_data__delete(struct tracing_data *td)
{
	if (!td)
		return;
	tep_free(td->tep);
	free(td->scratch);
	free(td);
}

struct tep_event *tracing_data__event(struct tracing_data *td, u64 id)
{
	if (!td || id > 0x7fffffff)
		return NULL;
	return tep_find_event(td->tep, (int)id);
}

void tracing_data__event_name(const struct tep_event *event, char *buf, size_t size)
{
	snprintf(buf, size, "%s:%s", event->system ? event->system : "unknown",
		 event->name ? event->name : "unknown");
}

void tracing_data__field_names(const struct tep_event *event, char *buf, size_t size)
{
	const struct tep_format_field *f;
	size_t n = 0;

	buf[0] = '\0';
	for (f = event->format.fields; f && n < size; f = f->next) {
		int w = snprintf(buf + n, size - n, "%s%s", n ? "," : "", f->name);

		if (w < 0)
			break;
		n += (size_t)w;
	}
}

static char *tracing_data__resolve(void *priv, unsigned long long *addrp, char **modp)
{
	struct tracing_data *td = priv;
	const char *name;
	u64 start = 0;

	*modp = NULL;
	name = td->resolve(td->resolve_priv, *addrp, &start);
	if (!name)
		return NULL;
	*addrp = start;
	return (char *)name;
}

int tracing_data__set_resolver(struct tracing_data *td, tracing_data_resolver_t resolve,
			       void *priv)
{
	td->resolve = resolve;
	td->resolve_priv = priv;
	if (!resolve) {
		tep_reset_function_resolver(td->tep);
		return 0;
	}
	return tep_set_function_resolver(td->tep, tracing_data__resolve, td) ? -ENOMEM : 0;
}

/* Past the end of the bytes any static field of event covers. */
static size_t event__fields_end(const struct tep_event *event)
{
	const struct tep_format_field *f;
	size_t end = 0;
	int pass;

	if (!event)
		return 0;
	for (pass = 0; pass < 2; pass++) {
		f = pass ? event->format.fields : event->format.common_fields;
		for (; f; f = f->next)
			if (f->offset >= 0 && f->size >= 0 &&
			    (size_t)f->offset + (size_t)f->size > end)
				end = (size_t)f->offset + (size_t)f->size;
	}
	return end;
}

/*
 * libtraceevent reads fields where the format puts them and dynamic
 * arrays where their 16-bit offset and length say, without looking at
 * the record's size: it gets a copy with zeros up to every place a field
 * of the format, or a dynamic array, can reach.
 */
#define TRACING_DATA_TAIL	(2 * 65536 + 16)

static void *tracing_data__scratch(struct tracing_data *td, const struct tep_event *event,
				   const void *raw, u32 raw_size)
{
	size_t end = event__fields_end(event), need;

	if (end < raw_size)
		end = raw_size;
	need = end + TRACING_DATA_TAIL;
	if (need > td->scratch_size) {
		u8 *p = realloc(td->scratch, need);

		if (!p)
			return NULL;
		memset(p + td->scratch_size, 0, need - td->scratch_size);
		td->scratch = p;
		td->scratch_size = need;
	}
	if (td->scratch_dirty > raw_size)
		memset(td->scratch + raw_size, 0, td->scratch_dirty - raw_size);
	memcpy(td->scratch, raw, raw_size);
	td->scratch_dirty = raw_size;
	return td->scratch;
}

int tracing_data__format(struct tracing_data *td, struct tep_event *event, int cpu,
			 const void *raw, u32 raw_size, struct strbuf *sb)
{
	struct tep_record record;
	struct trace_seq s;
	void *data = tracing_data__scratch(td, event, raw, raw_size);
	struct tep_event *other;
	int err;

	if (!data)
		return -ENOMEM;
	memset(&record, 0, sizeof(record));
	record.cpu = cpu;
	record.size = (int)raw_size;
	record.data = data;
	/* libtraceevent prints the event the data's common_type names */
	other = tep_find_event_by_record(td->tep, &record);
	if (other && other != event) {
		data = tracing_data__scratch(td, other, raw, raw_size);
		if (!data)
			return -ENOMEM;
		record.data = data;
	}
	trace_seq_init(&s);
	tep_print_event(td->tep, &s, &record, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&s);
	err = s.state == TRACE_SEQ__MEM_ALLOC_FAILED ? -ENOMEM : strbuf__add(sb, s.buffer, s.len);
	trace_seq_destroy(&s);
	return err;
}

/*
 * A field's value without its print format, as --raw-trace shows it:
 * strings as text, pointers in hex, other numbers in decimal (signed as
 * the format says), other arrays as their bytes in hex.
 */
static void field__print_raw(struct tep_handle *tep, struct trace_seq *s, const u8 *data,
			     u32 size, const struct tep_format_field *f)
{
	u32 off = f->offset, len = f->size, i;
	u64 v;

	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		u32 loc = off + 4 <= size ? (u32)tep_read_number(tep, data + off, 4) : 0;

		off = loc & 0xffff;
		len = loc >> 16;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			off += f->offset + f->size;
	}
	if (off > size)
		return;
	if (len > size - off)
		len = size - off;
	if (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING)) {
		if (f->flags & TEP_FIELD_IS_STRING) {
			trace_seq_printf(s, "%.*s", (int)strnlen((const char *)data + off, len),
					 (const char *)data + off);
			return;
		}
		for (i = 0; i < len; i++)
			trace_seq_printf(s, "%s%02x", i ? " " : "", data[off + i]);
		return;
	}
	if (len > sizeof(v))
		len = sizeof(v);
	v = tep_read_number(tep, data + off, len);
	if (f->flags & TEP_FIELD_IS_POINTER) {
		trace_seq_printf(s, "0x%llx", (unsigned long long)v);
	} else if (f->flags & TEP_FIELD_IS_SIGNED) {
		long long sv = len == 1 ? (s8)v : len == 2 ? (s16)v : len == 4 ? (s32)v : (s64)v;

		trace_seq_printf(s, "%lld", sv);
	} else {
		trace_seq_printf(s, "%llu", (unsigned long long)v);
	}
}

int tracing_data__format_raw(struct tracing_data *td, struct tep_event *event,
			     const void *raw, u32 raw_size, struct strbuf *sb)
{
	void *data = tracing_data__scratch(td, event, raw, raw_size);
	struct tep_format_field *f;
	struct trace_seq s;
	int err;

	if (!data)
		return -ENOMEM;
	trace_seq_init(&s);
	for (f = event->format.fields; f; f = f->next) {
		trace_seq_printf(&s, " %s=", f->name);
		field__print_raw(td->tep, &s, data, raw_size, f);
	}
	trace_seq_terminate(&s);
	err = s.state == TRACE_SEQ__MEM_ALLOC_FAILED ? -ENOMEM : strbuf__add(sb, s.buffer, s.len);
	trace_seq_destroy(&s);
	return err;
}

int tracing_data__field_value(struct tracing_data *td, struct tep_event *event,
			      const char *field, const void *raw, u32 raw_size,
			      struct strbuf *sb)
{
	struct tep_format_field *f = event ? tep_find_any_field(event, field) : NULL;
	void *data = tracing_data__scratch(td, event, raw, raw_size);
	struct trace_seq s;
	int err;

	if (!data)
		return -ENOMEM;
	if (!f)
		return 0;
	trace_seq_init(&s);
	field__print_raw(td->tep, &s, data, raw_size, f);
	trace_seq_terminate(&s);
	err = s.state == TRACE_SEQ__MEM_ALLOC_FAILED ? -ENOMEM : strbuf__add(sb, s.buffer, s.len);
	trace_seq_destroy(&s);
	return err;
}
