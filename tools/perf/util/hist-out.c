// SPDX-License-Identifier: GPL-2.0
/* An entry's key texts and the buffered stream the rows and graphs go to. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "hist.h"
#include "hist-internal.h"
#include "huge.h"
#include "rb-order.h"

int hist_entry__snprintf_key(const struct hist_entry *he, enum sort_key key, char *buf,
			     size_t size)
{
	switch (key) {
	case SORT_COMM:
		return snprintf(buf, size, "%s", he->key.comm ? he->key.comm : "");
	case SORT_PID:
	case SORT_TID:
		return snprintf(buf, size, "%7d:%s", he->key.tid,
				he->thread_comm ? he->thread_comm : "");
	case SORT_CPU:
		return snprintf(buf, size, "%3.3d", he->key.cpu);
	case SORT_DSO:
		return snprintf(buf, size, "%s", he->key.dso ? he->key.dso->short_name :
				"[unknown]");
	case SORT_SYM:
		/* a data object: with the offset of the address that made the entry */
		if (he->key.sym && he->key.sym->object)
			return snprintf(buf, size, "[%c] %s+0x%llx", he->level, he->key.sym->name,
					(unsigned long long)he->obj_off);
		if (he->key.sym)
			return snprintf(buf, size, "[%c] %s", he->level, he->key.sym->name);
		return snprintf(buf, size, "[%c] %#.*llx", he->level, 16,
				(unsigned long long)he->key.addr);
	case SORT_TRACE:
		return snprintf(buf, size, "%s", he->key.trace ? he->key.trace : "N/A");
	case SORT_PARENT:
		return snprintf(buf, size, "%s", he->key.parent ? he->key.parent : "[other]");
	case SORT_SRCLINE:
		return snprintf(buf, size, "%s", he->key.srcline ? he->key.srcline : "");
	case SORT_CGROUP:
		/* as upstream: no cgroup in the sample, or one no record named */
		if (!he->key.cgroup)
			return snprintf(buf, size, "N/A");
		return snprintf(buf, size, "%s", he->key.cgroup_path ? he->key.cgroup_path :
				"unknown");
	case SORT_BPF_PROG:
		if (!he->key.prog)
			return snprintf(buf, size, "[not bpf]");
		if (!he->key.prog->id)
			return snprintf(buf, size, "- %s",
					bpf_prog_entry__short_name(he->key.prog));
		return snprintf(buf, size, "%u %s", he->key.prog->id,
				bpf_prog_entry__short_name(he->key.prog));
	default:
		return snprintf(buf, size, "?");
	}
}

/*
 * The rows and graphs go to the stream through a buffer of their own: a
 * big report is millions of fields, and a stdio call for each (above all
 * printf's format parsing) was a fifth of it.  Numbers as printf would
 * print them: percentages through snprintf() itself, remembered (most
 * rows of a big report have the same few).
 */
void hist_out__flush(struct hist_out *o)
{
	if (o->len)
		fwrite(o->buf, 1, o->len, o->fp);
	o->len = 0;
}

void out__mem(struct hist_out *o, const void *s, size_t n)
{
	if (o->room >= 0) {
		if (n > (size_t)o->room)
			n = (size_t)o->room;
		o->room -= (long)n;
	}
	if (!o->buf) {
		fwrite(s, 1, n, o->fp);
		return;
	}
	if (n > HIST_OUT_SIZE - o->len) {
		hist_out__flush(o);
		if (n > HIST_OUT_SIZE) {
			fwrite(s, 1, n, o->fp);
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

void out__puts(struct hist_out *o, const char *s)
{
	out__mem(o, s, strlen(s));
}

void out__putc(struct hist_out *o, char c)
{
	out__mem(o, &c, 1);
}

void out__spaces(struct hist_out *o, int n)
{
	static const char sp[] = "                                                                ";

	for (; n > 0; n -= (int)sizeof(sp) - 1)
		out__mem(o, sp, min(n, (int)sizeof(sp) - 1));
}

/*
 * A share in color, as upstream's: red from 5%, green from 0.5%; the
 * padding before the last eight characters ("%7.2f%%") left out of it.
 */
static bool out__pct_color(struct hist_out *o, double v, int width)
{
	int inner = min(width, 7);
	char buf[64];
	int n;

	if (!o->color || v < 0.5)
		return false;
	out__spaces(o, width - inner);
	n = snprintf(buf, sizeof(buf), "%s%*.2f%%\033[m", v >= 5.0 ? "\033[31m" : "\033[32m",
		     inner, v);
	out__mem(o, buf, (size_t)min(max(n, 0), (int)sizeof(buf) - 1));
	return true;
}

/* "%*.2f%%" of v */
void out__pct(struct hist_out *o, double v, int width)
{
	struct hist_pct *p = NULL, tmp;
	u64 bits;
	int n;

	if (out__pct_color(o, v, width))
		return;
	memcpy(&bits, &v, sizeof(bits));
	if (o->pct) {
		p = &o->pct[((bits ^ (bits >> 29)) * 0x9e3779b97f4a7c15ULL + (u64)width) >>
			    (64 - 10)];
		if (p->len && p->bits == bits && p->width == width) {
			out__mem(o, p->s, p->len);
			return;
		}
	} else {
		p = &tmp;
	}
	n = snprintf(p->s, sizeof(p->s), "%*.2f%%", width, v);
	if (n <= 0 || n >= (int)sizeof(p->s)) {
		/* (no percentage is that long; as printf would say it anyway) */
		char big[512];

		n = snprintf(big, sizeof(big), "%*.2f%%", width, v);
		out__mem(o, big, (size_t)min(max(n, 0), (int)sizeof(big) - 1));
		p->len = 0;
		return;
	}
	p->bits = bits;
	p->width = (u8)width;
	p->len = (u8)n;
	out__mem(o, p->s, (size_t)n);
}

/* "%#llx" of v */
void out__hex(struct hist_out *o, u64 v)
{
	char b[20];
	int n = sizeof(b);

	do {
		b[--n] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	if (n < (int)sizeof(b) - 1 || b[n] != '0') {
		b[--n] = 'x';
		b[--n] = '0';
	}
	out__mem(o, b + n, sizeof(b) - (size_t)n);
}

void hist_out__init(struct hist_out *o, FILE *fp)
{
	o->fp = fp;
	o->len = 0;
	o->room = -1;
	o->color = false;
	o->buf = malloc(HIST_OUT_SIZE);
	o->pct = calloc(HIST_PCT_SLOTS, sizeof(*o->pct));
}

void hist_out__exit(struct hist_out *o)
{
	hist_out__flush(o);
	free(o->buf);
	free(o->pct);
}

/*
 * The text of one key of an entry and its length, as
 * hist_entry__snprintf_key() gives them (into a buffer of 8192, so a
 * longer text is cut there): the common keys without formatting.
 */
const char *hist_entry__key_text(const struct hist_entry *he, enum sort_key key,
					char *buf, size_t size, int *len)
{
	const char *s;
	size_t n;

	switch (key) {
	case SORT_COMM:
		s = he->key.comm ? he->key.comm : "";
		n = strlen(s);
		break;
	case SORT_DSO:
		s = he->key.dso ? he->key.dso->short_name : "[unknown]";
		n = he->key.dso ? he->key.dso->short_len : 9;
		break;
	case SORT_SYM:
		if (!he->key.sym) {
			/* "[%c] %#.*llx", 16: zero has no 0x */
			u64 a = he->key.addr;
			int i, p = 4;

			buf[0] = '[';
			buf[1] = he->level;
			buf[2] = ']';
			buf[3] = ' ';
			if (a) {
				buf[p++] = '0';
				buf[p++] = 'x';
			}
			for (i = 15; i >= 0; i--, a >>= 4)
				buf[p + i] = "0123456789abcdef"[a & 15];
			p += 16;
			buf[p] = '\0';
			*len = p;
			return buf;
		}
		if (he->key.sym->object)
			goto slow;
		s = he->key.sym->name;
		n = strlen(s);
		if (n + 5 > size)
			goto slow;
		buf[0] = '[';
		buf[1] = he->level;
		buf[2] = ']';
		buf[3] = ' ';
		memcpy(buf + 4, s, n + 1);
		*len = (int)n + 4;
		return buf;
	default:
		goto slow;
	}
	if (n < size) {
		*len = (int)n;
		return s;
	}
slow:
	*len = hist_entry__snprintf_key(he, key, buf, size);
	return buf;
}

