// SPDX-License-Identifier: GPL-2.0
/*
 * The rows `objdump -l -S` prints between the instructions of native code
 * (upstream's annotate shows them): a function's name where the innermost
 * function changes, "file:line" where the line changes (upstream numbers
 * the rows after it from that line on, or shows it when the path is not
 * absolute), and the source lines not printed
 * yet up to that line, with up to five lines of context before it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "annotate-code.h"
#include "srcline.h"

#define OBJDUMP_CONTEXT_LINES	5

struct printed_file {
	const char	*name;		/* the srcline's */
	u32		last_line;
	u32		max_printed;
};

struct objdump_src {
	struct srcline		*sl;		/* NULL: no DWARF */
	bool			own_sl;
	char			*sym_func;	/* the ELF symbol, where DWARF names none */
	char			*prev_func;
	long			prev_line;
	u32			prev_discr;
	struct printed_file	*files;
	size_t			nr_files;
};

int objdump_src__new(struct objdump_src **out, struct srclines *cache, const char *path,
		     const char *orig, const char *sym_func)
{
	struct objdump_src *o = calloc(1, sizeof(*o));

	*out = NULL;
	if (!o)
		return -ENOMEM;
	if (cache) {
		o->sl = srclines__get(cache, path, orig);
	} else if (srcline__new(&o->sl, path, orig) == -ENOMEM) {
		free(o);
		return -ENOMEM;
	}
	o->own_sl = !cache;
	if (!o->sl && !sym_func) {
		free(o);
		return -ENOENT;
	}
	o->sym_func = sym_func ? strdup(sym_func) : NULL;
	if (sym_func && !o->sym_func) {
		objdump_src__delete(o);
		return -ENOMEM;
	}
	o->prev_line = -1;
	*out = o;
	return 0;
}

bool objdump_src__has_dwarf(const struct objdump_src *o)
{
	return o->sl != NULL;
}

void objdump_src__delete(struct objdump_src *o)
{
	if (!o)
		return;
	if (o->own_sl)
		srcline__delete(o->sl);
	free(o->prev_func);
	free(o->sym_func);
	free(o->files);
	free(o);
}

/* objdump's state of a source file it can read; NULL when it cannot. */
static struct printed_file *printed_file(struct objdump_src *o, const char *name)
{
	struct printed_file *f;
	size_t i, len;

	for (i = 0; i < o->nr_files; i++)
		if (!strcmp(o->files[i].name, name))
			return &o->files[i];
	if (!srcline__source(o->sl, name, 1, &len))
		return NULL;
	f = realloc(o->files, (o->nr_files + 1) * sizeof(*f));
	if (!f)
		return NULL;
	o->files = f;
	f = &f[o->nr_files++];
	memset(f, 0, sizeof(*f));
	f->name = name;
	return f;
}

/* upstream trims objdump's lines and expands their tabs to 8 columns */
static void trim_expand(const char *s, size_t len, char *buf, size_t size)
{
	size_t n = 0;

	while (len && (*s == ' ' || *s == '\t' || *s == '\r')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	for (; len && n + 9 < size; s++, len--) {
		if (*s != '\t') {
			buf[n++] = *s;
			continue;
		}
		do
			buf[n++] = ' ';
		while (n % 8);
	}
	buf[n] = '\0';
}

int objdump_src__insn(struct objdump_src *o, u64 addr, objdump_row_fn fn, void *arg,
		      char *where, size_t wsize)
{
	struct srcline_info in;
	struct printed_file *f;
	char text[2048];
	int err;

	where[0] = '\0';
	/* binutils names the function from the ELF symbols when DWARF does not */
	if (!o->sl || srcline__find(o->sl, addr, &in))
		in = (struct srcline_info){ .func = NULL };
	if (!in.func)
		in.func = o->sym_func;
	if (in.file)
		snprintf(where, wsize, "%s:%u", in.file, in.line);
	if (in.func && (!o->prev_func || strcmp(in.func, o->prev_func))) {
		snprintf(text, sizeof(text), in.func_demangled ? "%s:" : "%s():", in.func);
		err = fn(arg, OBJDUMP_TEXT, 0, text);
		if (err)
			return err;
		free(o->prev_func);
		o->prev_func = strdup(in.func);
		if (!o->prev_func)
			return -ENOMEM;
		o->prev_line = -1;
	}
	if (!in.file)
		return 0;
	if (in.line != o->prev_line || in.discriminator != o->prev_discr) {
		/* upstream takes only absolute ones for "file:line", others are rows */
		if (in.file[0] == '/') {
			err = fn(arg, OBJDUMP_FILELOC, in.line, NULL);
		} else {
			int n = snprintf(text, sizeof(text), "%s:%u", in.file, in.line);

			if (in.discriminator && n > 0 && (size_t)n < sizeof(text))
				snprintf(text + n, sizeof(text) - n, " (discriminator %u)",
					 in.discriminator);
			err = fn(arg, OBJDUMP_TEXT, 0, text);
		}
		if (err)
			return err;
	}
	o->prev_line = in.line;
	o->prev_discr = in.discriminator;

	f = printed_file(o, in.file);
	if (f && in.line != f->last_line) {
		u32 l = in.line - OBJDUMP_CONTEXT_LINES;

		if (l >= in.line)
			l = 1;
		if (f->max_printed >= l)
			l = f->max_printed < in.line ? f->max_printed + 1 : in.line;
		for (; l <= in.line; l++) {
			size_t len;
			const char *src = srcline__source(o->sl, f->name, l, &len);

			if (!src)
				break;
			trim_expand(src, len, text, sizeof(text));
			err = fn(arg, OBJDUMP_SOURCE, 0, text);
			if (err)
				return err;
		}
		if (f->max_printed < in.line)
			f->max_printed = in.line;
		f->last_line = in.line;
	}
	return 0;
}
