/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TRACING_FORMAT_H
#define __PERF_TRACING_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * An event format file (events/<sys>/<name>/format) from an untrusted
 * perf.data, checked before libtraceevent reads it: its parser (1.7)
 * trusts the kernel's shapes and crashes on others (a field it does not
 * find, an operator without operand, a division by a constant 0, a
 * conversion the C library must not see).  Accepted:
 *
 *	name: <identifier>
 *	ID: <number>
 *	format:
 *		field:<declaration>;	offset:N;	size:N;	signed:0|1;
 *		... (blank lines between)
 *	print fmt: "<format>"[, <argument>]...
 *
 * declarations of words, '*'s and [N] or [] after a word; conversions
 * %[flags][width][.prec][length] of d i o u x X c s, %p with letters, %%;
 * arguments C expressions (numbers, strings, REC->field of a field the
 * format has, casts, calls: __print_flags(v, "delim", {n, "s"}, ...),
 * __print_symbolic(v, {n, "s"}, ...), __get_str(field) and the other
 * one-field helpers, __print_hex(p, n), __print_array(p, n, size), other
 * functions), constant divisors positive.
 */
enum tracing_format_verdict {
	TRACING_FORMAT_OK,
	TRACING_FORMAT_BAD,		/* not a kernel's format: not read at all */
	TRACING_FORMAT_BAD_PRINT,	/* the fields are, the print format is not */
};

/* The verdict on len bytes of buf; *print_at: where "print fmt" starts (len: none). */
enum tracing_format_verdict tracing_format__check(const char *buf, size_t len,
						  size_t *print_at);

/* Every conversion of the format string between p and end is one of those above. */
bool tracing_format__string_ok(const char *p, const char *end);

#endif /* __PERF_TRACING_FORMAT_H */
