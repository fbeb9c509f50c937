// SPDX-License-Identifier: GPL-2.0
/*
 * util/annotate-source.c on this test binary's DWARF: the rows objdump
 * -l -S prints between the instructions of a function of this file (its
 * name once, then "file:line" where the line changes, with the source
 * lines of this very file and the context before, each instruction's
 * file:line); a
 * file without DWARF names the function from its ELF symbol, or has
 * nothing; an error of the row callback stops the walk.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/annotate-code.h"
#include "util/disasm.h"
#include "util/dso.h"

static const int marker_first = __LINE__ + 2;
int __attribute__((noinline)) annotate_source_marker(int x);
int __attribute__((noinline)) annotate_source_marker(int x)
{
	int i, s = 3;

	for (i = 0; i < x; i++)
		s = s * 17 + (i ^ x);	/* the marker's loop */
	return s;
}
static const int marker_last = __LINE__ - 1;

struct rows {
	int	nr, text, fileloc, source, bad_loc, loop_src, sig, ret, before;
	char	first[256];
	int	stop_at;	/* fail the nth row (0: never) */
};

static int on_row(void *arg, enum objdump_row kind, u32 nr, const char *text)
{
	struct rows *r = arg;

	if (r->stop_at && ++r->nr == r->stop_at)
		return -42;
	if (r->stop_at)
		return 0;
	if (!r->nr++)
		snprintf(r->first, sizeof(r->first), "%s", text ? text : "(fileloc)");
	switch (kind) {
	case OBJDUMP_TEXT:
		r->text++;
		break;
	case OBJDUMP_FILELOC:
		r->fileloc++;
		r->bad_loc += (int)nr < marker_first || (int)nr > marker_last;
		break;
	case OBJDUMP_SOURCE:
		r->source++;
		r->sig += !strcmp(text, "int __attribute__((noinline)) annotate_source_marker(int x)");
		r->ret += !strcmp(text, "return s;");
		/* objdump's context: lines before the function's first */
		r->before += !strcmp(text, "int __attribute__((noinline)) annotate_source_marker(int x);");
		if (getenv("V"))
			diag("src [%s]", text);
		r->loop_src += !strcmp(text, "s = s * 17 + (i ^ x);   /* the marker's loop */");
		break;
	}
	return 0;
}

int main(void)
{
	struct annotate_target t;
	struct annotate_code c;
	struct objdump_src *o;
	struct disasm_insn in;
	struct disasm *d;
	struct symbol *sym = NULL;
	struct rows r = { 0 };
	struct dso *dso;
	char path[PATH_MAX], err[256], where[PATH_MAX + 16];
	int i, nr_insns = 0, where_ok = 0, ret;

	if (!realpath("/proc/self/exe", path))
		skip_all("no /proc/self/exe");
	dso = dso__new(path, DSO_KIND_USER);
	dso__load(dso);
	for (i = 0; i < (int)dso->symbols.nr; i++)
		if (!strcmp(dso->symbols.entries[i]->name, "annotate_source_marker"))
			sym = dso->symbols.entries[i];
	t = (struct annotate_target){ .dso = dso, .sym = sym };
	if (!sym || annotate_code__elf(&c, &t, err, sizeof(err)) || disasm__new(&d))
		skip_all("our marker's code is not readable");
	plan(13);

	ret = objdump_src__new(&o, NULL, path, path, "annotate_source_marker");
	is_int(ret, 0, "our binary's DWARF");
	if (ret)
		return done_testing();
	ok(objdump_src__has_dwarf(o), "it has DWARF");
	disasm__start(d, c.bytes, c.len, c.addr);
	while (disasm__next(d, &in)) {
		size_t wl;

		nr_insns++;
		if (objdump_src__insn(o, in.addr, on_row, &r, where, sizeof(where)))
			break;
		wl = strlen(where);
		if (strstr(where, "annotate-source.c:") && wl) {
			int line = atoi(strrchr(where, ':') + 1);

			/* line 0: code the compiler made of no line */
			where_ok += !line || (line >= marker_first && line <= marker_last);
		}
	}
	is_str(r.first, "annotate_source_marker():", "the function's name first");
	is_int(r.text, 1, "named once");
	ok(r.fileloc >= 2, "a file:line where the line changes (%d)", r.fileloc);
	is_int(r.bad_loc, 0, "each inside the function's lines");
	is_int(where_ok, nr_insns, "every instruction's file:line in this file, in the function");
	ok(r.loop_src >= 1, "the loop's source line, trimmed, tabs expanded");
	ok(r.sig && r.ret && r.before, "the function's lines and the context before (%d rows)",
	   r.source);
	objdump_src__delete(o);

	/* a callback's error ends the walk with it */
	memset(&r, 0, sizeof(r));
	r.stop_at = 2;
	objdump_src__new(&o, NULL, path, path, NULL);
	ret = 0;
	disasm__start(d, c.bytes, c.len, c.addr);
	while (!ret && disasm__next(d, &in))
		ret = objdump_src__insn(o, in.addr, on_row, &r, where, sizeof(where));
	is_int(ret, -42, "the callback's error comes back");
	objdump_src__delete(o);

	/* without DWARF: the ELF symbol's name, or nothing */
	is_int(objdump_src__new(&o, NULL, "/nonexistent", "/nonexistent", NULL), -ENOENT,
	       "no DWARF, no symbol: -ENOENT");
	memset(&r, 0, sizeof(r));
	if (!ok(!objdump_src__new(&o, NULL, "/nonexistent", "/nonexistent", "elf_name") &&
		!objdump_src__has_dwarf(o), "no DWARF, a symbol's name"))
		return done_testing();
	objdump_src__insn(o, 0x1000, on_row, &r, where, sizeof(where));
	objdump_src__insn(o, 0x1004, on_row, &r, where, sizeof(where));
	ok(r.nr == 1 && !strcmp(r.first, "elf_name():") && !where[0],
	   "binutils' name from the symbol, once, no file:line");
	objdump_src__delete(o);
	disasm__delete(d);
	annotate_code__exit(&c);
	dso__delete(dso);
	return done_testing();
}
