// SPDX-License-Identifier: GPL-2.0
/* Event format files checked against the kernel's shapes before libtraceevent reads them. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tracing-format.h"

#define MAX_FIELDS	256
#define MAX_DEPTH	48

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Where "print fmt:" starts (the tokens, any spaces between), or len. */
static size_t print__at(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while ((p = memmem(p, end - p, "print", 5))) {
		const char *q = p + 5;

		while (q < end && isspace((unsigned char)*q))
			q++;
		if (end - q >= 3 && !memcmp(q, "fmt", 3)) {
			q += 3;
			while (q < end && isspace((unsigned char)*q))
				q++;
			if (q < end && *q == ':')
				return p - buf;
		}
		p += 5;
	}
	return len;
}

/* The names of the fields, as the declarations give them (the last word). */
struct names {
	const char	*v[MAX_FIELDS];
	size_t		len[MAX_FIELDS];
	int		nr;
};

static bool names__has(const struct names *n, const char *s, size_t len)
{
	int i;

	for (i = 0; i < n->nr; i++)
		if (n->len[i] == len && !memcmp(n->v[i], s, len))
			return true;
	return false;
}

/* The line at *p is "text" exactly, then a newline; past it. */
static bool line__is(const char **p, const char *end, const char *text)
{
	size_t n = strlen(text);

	if ((size_t)(end - *p) < n + 1 || memcmp(*p, text, n) || (*p)[n] != '\n')
		return false;
	*p += n + 1;
	return true;
}

/* "key", one to five of set, ";" (offsets and sizes stay below a page); past it. */
static bool part__is(const char **p, const char *end, const char *key, const char *set)
{
	size_t n = strlen(key);
	const char *q = *p + n;

	if ((size_t)(end - *p) < n || memcmp(*p, key, n))
		return false;
	while (q < end && *q && strchr(set, *q) && q - (*p + n) < 6)
		q++;
	if (q == *p + n || q - (*p + n) > 5 || q >= end || *q != ';')
		return false;
	*p = q + 1;
	return true;
}

/* Words, '*'s and "[N]" or "[]" after a word, single spaces between, a word last. */
static bool decl__ok(const char *p, const char *end, struct names *names)
{
	const char *last = NULL;
	size_t last_len = 0;
	int words = 0;
	bool word_end = false;

	while (p < end) {
		if (is_ident(*p)) {
			last = p;
			while (p < end && is_ident(*p))
				p++;
			last_len = p - last;
			words++;
			word_end = true;
			if (p < end && *p == '[') {
				p++;
				while (p < end && isdigit((unsigned char)*p))
					p++;
				if (p >= end || *p != ']')
					return false;
				p++;
			}
		} else if (*p == '*') {
			p++;
			word_end = false;
		} else if (*p == ' ' && p + 1 < end && p[1] != ' ') {
			p++;
			word_end = false;
		} else {
			return false;
		}
	}
	if (words < 2 || !word_end || names->nr == MAX_FIELDS || isdigit((unsigned char)*last))
		return false;
	names->v[names->nr] = last;
	names->len[names->nr++] = last_len;
	return true;
}

static bool number__run(const char **p, const char *end, int max)
{
	const char *q = *p;

	while (q < end && isdigit((unsigned char)*q))
		q++;
	if (q == *p || q - *p > max)
		return false;
	*p = q;
	return true;
}

/* name:, ID:, format: and the field lines, nothing else. */
static bool fields__ok(const char *buf, size_t print_at, struct names *names)
{
	const char *p = buf, *end = buf + print_at, *q;

	if (end - p < 7 || memcmp(p, "name: ", 6))
		return false;
	p += 6;
	q = p;
	while (p < end && is_ident(*p))
		p++;
	if (p == q || p >= end || *p++ != '\n')
		return false;
	if (end - p < 5 || memcmp(p, "ID: ", 4))
		return false;
	p += 4;
	if (!number__run(&p, end, 9) || p >= end || *p++ != '\n')
		return false;
	if (!line__is(&p, end, "format:"))
		return false;
	while (p < end) {
		const char *semi;

		if (*p == '\n') {
			p++;
			continue;
		}
		if (end - p < 7 || memcmp(p, "\tfield:", 7))
			return false;
		p += 7;
		semi = memchr(p, ';', end - p);
		if (!semi || !decl__ok(p, semi, names))
			return false;
		p = semi + 1;
		if (!part__is(&p, end, "\toffset:", "0123456789") ||
		    !part__is(&p, end, "\tsize:", "0123456789") ||
		    !part__is(&p, end, "\tsigned:", "01") || p >= end || *p++ != '\n')
			return false;
	}
	return true;
}

/*
 * One printf conversion after its '%' that libtraceevent hands to the C
 * library safely; its length, or 0.
 */
static size_t conversion__len(const char *p, const char *end)
{
	const char *q = p;

	if (q < end && *q == '%')
		return 1;
	while (q < end && strchr("-+ #0", *q) && *q)
		q++;
	if (q < end && *q == '*')
		q++;
	while (q < end && isdigit((unsigned char)*q))
		q++;
	if (q < end && *q == '.') {
		q++;
		if (q < end && *q == '*')
			q++;
		while (q < end && isdigit((unsigned char)*q))
			q++;
	}
	if (end - q >= 2 && (!memcmp(q, "hh", 2) || !memcmp(q, "ll", 2)))
		q += 2;
	else if (q < end && *q && strchr("hlLzjt", *q))
		q++;
	if (q >= end)
		return 0;
	if (*q == 'p') {
		q++;
		while (q < end && isalnum((unsigned char)*q))
			q++;
		return q - p;
	}
	return *q && strchr("diouxXcs", *q) ? (size_t)(q + 1 - p) : 0;
}

bool tracing_format__string_ok(const char *p, const char *end)
{
	while (p < end) {
		size_t n;

		if (*p++ != '%')
			continue;
		n = conversion__len(p, end);
		if (!n)
			return false;
		p += n;
	}
	return true;
}

/* The print format's tokens, as libtraceevent's tokenizer splits them. */
enum tok { T_END, T_IDENT, T_NUM, T_STR, T_CHAR, T_OP, T_BAD };

struct fp {
	const char		*p, *end;
	enum tok		tok;
	const char		*ts;	/* the token's text */
	size_t			tlen;
	int			depth;
	const struct names	*names;
};

static void fp__next(struct fp *f)
{
	static const char *const ops2[] = { "->", "<<", ">>", "&&", "||", "==", "!=", "<=", ">=" };
	const char *p = f->p;
	size_t i;

	while (p < f->end && isspace((unsigned char)*p))
		p++;
	f->ts = p;
	if (p >= f->end) {
		f->tok = T_END;
		f->tlen = 0;
		f->p = p;
		return;
	}
	if (is_ident(*p)) {
		f->tok = isdigit((unsigned char)*p) ? T_NUM : T_IDENT;
		while (p < f->end && is_ident(*p))
			p++;
	} else if (*p == '"' || *p == '\'') {
		char q = *p++;

		while (p < f->end && *p != q)
			p += *p == '\\' && p + 1 < f->end ? 2 : 1;
		if (p >= f->end) {
			f->tok = T_BAD;
			f->p = p;
			return;
		}
		p++;
		f->tok = q == '"' ? T_STR : T_CHAR;
	} else {
		f->tok = T_OP;
		for (i = 0; i < sizeof(ops2) / sizeof(ops2[0]); i++)
			if (f->end - p >= 2 && !memcmp(p, ops2[i], 2))
				break;
		if (i < sizeof(ops2) / sizeof(ops2[0]))
			p += 2;
		else if (*p && strchr("+-*/%&|^~!<>?:,()[]{}", *p))
			p++;
		else
			f->tok = T_BAD;
		if (f->tok == T_BAD) {
			f->p = p;
			return;
		}
	}
	f->tlen = p - f->ts;
	f->p = p;
}

static bool fp__is(const struct fp *f, const char *op)
{
	return f->tok == T_OP && f->tlen == strlen(op) && !memcmp(f->ts, op, f->tlen);
}

static bool fp__ident(const struct fp *f, const char *s)
{
	return f->tok == T_IDENT && f->tlen == strlen(s) && !memcmp(f->ts, s, f->tlen);
}

static bool fp__expect(struct fp *f, const char *op)
{
	if (!fp__is(f, op))
		return false;
	fp__next(f);
	return true;
}

static bool expr(struct fp *f, bool constant);

/* A parenthesized type of sizeof() or a cast: words and '*'s. */
static bool type__ok(struct fp *f)
{
	int n = 0;

	while (f->tok == T_IDENT || fp__is(f, "*")) {
		n++;
		fp__next(f);
	}
	return n > 0 && fp__expect(f, ")");
}

/* Is "(" followed by words and '*'s and ")"? (a cast) */
static bool fp__looks_cast(const struct fp *f)
{
	struct fp t = *f;

	fp__next(&t);
	if (t.tok != T_IDENT || fp__ident(&t, "REC"))
		return false;
	while (t.tok == T_IDENT || fp__is(&t, "*"))
		fp__next(&t);
	return fp__is(&t, ")");
}

/* Can this token start an operand? */
static bool fp__starts_unary(const struct fp *f)
{
	if (f->tok == T_IDENT || f->tok == T_NUM || f->tok == T_STR || f->tok == T_CHAR)
		return true;
	return fp__is(f, "(") || fp__is(f, "-") || fp__is(f, "+") || fp__is(f, "!") ||
	       fp__is(f, "~") || fp__is(f, "*") || fp__is(f, "&");
}

/* { constant, "string" } of __print_flags() and __print_symbolic() (the name may be NULL) */
static bool pair__ok(struct fp *f)
{
	if (!fp__expect(f, "{"))
		return false;
	if (fp__expect(f, "}"))
		return true;	/* an empty table: { } */
	if (!expr(f, true) || !fp__expect(f, ","))
		return false;
	if (f->tok == T_STR) {
		while (f->tok == T_STR)
			fp__next(f);
	} else if (!expr(f, true)) {
		return false;
	}
	return fp__expect(f, "}");
}

static bool helper__is(const char *s, size_t n, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == n && !memcmp(*list, s, n))
			return true;
	return false;
}

/* A call: name( already read, up to and past ")". */
static bool call__ok(struct fp *f, const char *name, size_t n)
{
	static const char *const one_field[] = {
		"__get_str", "__get_bitmask", "__get_cpumask", "__get_dynamic_array",
		"__get_dynamic_array_len", "__get_rel_str", "__get_rel_bitmask",
		"__get_rel_cpumask", "__get_rel_dynamic_array", "__get_rel_dynamic_array_len",
		"__get_sockaddr", "__get_rel_sockaddr", NULL,
	};
	static const char *const flags[] = { "__print_flags", "__print_flags_u64", NULL };
	static const char *const symbolic[] = {
		"__print_symbolic", "__print_symbolic_u64", NULL,
	};
	int nargs = 0, want = -1;

	if (n == 6 && !memcmp(name, "sizeof", 6))
		return type__ok(f);
	if (helper__is(name, n, one_field)) {
		if (f->tok != T_IDENT || !names__has(f->names, f->ts, f->tlen))
			return false;
		fp__next(f);
		return fp__expect(f, ")");
	}
	if (helper__is(name, n, flags) || helper__is(name, n, symbolic)) {
		if (!expr(f, false))
			return false;
		if (helper__is(name, n, flags)) {
			if (!fp__expect(f, ",") || f->tok != T_STR)
				return false;
			fp__next(f);
		}
		while (fp__expect(f, ","))
			if (!pair__ok(f))
				return false;
		return fp__expect(f, ")");
	}
	if (n == 11 && !memcmp(name, "__print_hex", 11))
		want = 2;
	else if (n == 15 && !memcmp(name, "__print_hex_str", 15))
		want = 2;
	else if (n == 13 && !memcmp(name, "__print_array", 13))
		want = 3;
	if (!fp__is(f, ")")) {
		do {
			if (!expr(f, false))
				return false;
			nargs++;
		} while (fp__expect(f, ","));
	}
	return (want < 0 || nargs == want) && fp__expect(f, ")");
}

static bool unary(struct fp *f, bool constant);

static bool primary(struct fp *f, bool constant)
{
	const char *name;
	size_t n;

	switch (f->tok) {
	case T_NUM:
	case T_CHAR:
		fp__next(f);
		return true;
	case T_STR:
		if (constant)
			return false;
		while (f->tok == T_STR)
			fp__next(f);
		return true;
	case T_IDENT:
		name = f->ts;
		n = f->tlen;
		fp__next(f);
		if (n == 3 && !memcmp(name, "REC", 3)) {
			if (constant || !fp__expect(f, "->") || f->tok != T_IDENT ||
			    !names__has(f->names, f->ts, f->tlen))
				return false;
			fp__next(f);
			return true;
		}
		if (fp__expect(f, "("))
			return (!constant || (n == 6 && !memcmp(name, "sizeof", 6))) &&
			       call__ok(f, name, n);
		/* a bare word: an enum name libtraceevent may know */
		return true;
	case T_OP:
		if (fp__is(f, "(")) {
			if (fp__looks_cast(f)) {
				fp__next(f);
				if (!type__ok(f))
					return false;
				/* "(word)" and no operand: a word in parentheses */
				return !fp__starts_unary(f) || unary(f, constant);
			}
			fp__next(f);
			return expr(f, constant) && fp__expect(f, ")");
		}
		return false;
	default:
		return false;
	}
}

static bool postfix(struct fp *f, bool constant)
{
	if (!primary(f, constant))
		return false;
	while (fp__is(f, "[")) {
		fp__next(f);
		if (!expr(f, constant) || !fp__expect(f, "]"))
			return false;
	}
	return true;
}

static bool unary(struct fp *f, bool constant)
{
	bool ok;

	if (++f->depth > MAX_DEPTH)
		return false;
	if (fp__is(f, "-") || fp__is(f, "+") || fp__is(f, "!") || fp__is(f, "~") ||
	    fp__is(f, "*") || fp__is(f, "&")) {
		fp__next(f);
		ok = unary(f, constant);
	} else {
		ok = postfix(f, constant);
	}
	f->depth--;
	return ok;
}

static bool binop(const struct fp *f)
{
	static const char *const ops[] = {
		"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||",
		"==", "!=", "<", ">", "<=", ">=", NULL,
	};
	const char *const *o;

	if (f->tok != T_OP)
		return false;
	for (o = ops; *o; o++)
		if (fp__is(f, *o))
			return true;
	return false;
}

/* A divisor libtraceevent may fold: a literal not 0, or sizeof(). */
static bool divisor__ok(const struct fp *f)
{
	const char *p;

	if (fp__ident(f, "sizeof"))
		return true;
	if (f->tok != T_NUM)
		return false;
	for (p = f->ts; p < f->ts + f->tlen && isdigit((unsigned char)*p); p++)
		if (*p != '0')
			return true;
	return false;
}

static bool binary(struct fp *f, bool constant)
{
	if (!unary(f, constant))
		return false;
	while (binop(f)) {
		bool div = fp__is(f, "/") || fp__is(f, "%");

		fp__next(f);
		if (div && !divisor__ok(f))
			return false;
		if (!unary(f, constant))
			return false;
	}
	return true;
}

static bool expr(struct fp *f, bool constant)
{
	bool ok;

	if (++f->depth > MAX_DEPTH)
		return false;
	ok = binary(f, constant);
	if (ok && fp__is(f, "?")) {
		fp__next(f);
		ok = expr(f, constant) && fp__expect(f, ":") && expr(f, constant);
	}
	f->depth--;
	return ok;
}

/* print fmt: "format" [, argument]... to the end */
static bool print__ok(const char *buf, size_t len, size_t print_at, const struct names *names)
{
	struct fp f = { .p = memchr(buf + print_at, ':', len - print_at), .end = buf + len,
			.names = names };

	f.p++;
	fp__next(&f);
	if (f.tok != T_STR)
		return false;
	while (f.tok == T_STR) {
		if (!tracing_format__string_ok(f.ts + 1, f.ts + f.tlen - 1))
			return false;
		fp__next(&f);
	}
	while (fp__expect(&f, ","))
		if (!expr(&f, false))
			return false;
	return f.tok == T_END;
}

enum tracing_format_verdict tracing_format__check(const char *buf, size_t len,
						  size_t *print_at)
{
	struct names *names = calloc(1, sizeof(*names));
	enum tracing_format_verdict v;

	*print_at = print__at(buf, len);
	if (!names || *print_at == len || !fields__ok(buf, *print_at, names))
		v = TRACING_FORMAT_BAD;
	else if (!print__ok(buf, len, *print_at, names))
		v = TRACING_FORMAT_BAD_PRINT;
	else
		v = TRACING_FORMAT_OK;
	free(names);
	return v;
}
