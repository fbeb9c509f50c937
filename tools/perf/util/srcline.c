// SPDX-License-Identifier: GPL-2.0
/*
 * Addresses to source positions through libdw, and source file text.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <elfutils/libdw.h>
#include <dwarf.h>

#include "array.h"
#include "demangle.h"
#include "dso.h"
#include "machine.h"
#include "regular-file.h"
#include "srcline.h"
#include "symbol-elf.h"

struct srcfile {
	char	*name;
	char	*data;		/* NULL: unreadable */
	size_t	size;
	size_t	*starts;	/* offset of each line */
	size_t	nr_lines;
};

struct srcline {
	int		fd;
	Dwarf		*dwarf;
	struct srcfile	*files;
	size_t		nr_files;
	char		func[1024];
	char		**names;	/* file names made absolute */
	size_t		nr_names;
	const char	*prefix;	/* see srclines__set_prefix() */
	int		prefix_strip;
	/* the function last looked in, and the code inlined into it */
	bool		have_func;
	Dwarf_Die	func_die;
	struct inlined	*inl;
	size_t		nr_inl;
	u32		alloc_inl;
};

struct inlined {
	Dwarf_Die	die;
	int		depth;
};

int srcline__new(struct srcline **out, const char *path, const char *orig)
{
	char dbg[PATH_MAX];
	struct srcline *s;

	*out = NULL;
	if (symbol_elf__debug_file(path, orig, ".debug_info", dbg, sizeof(dbg)))
		return -ENOENT;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->fd = regular_file__open(dbg);
	if (s->fd < 0) {
		free(s);
		return -ENOENT;
	}
	s->dwarf = dwarf_begin(s->fd, DWARF_C_READ);
	if (!s->dwarf) {
		close(s->fd);
		free(s);
		return -ENOENT;
	}
	*out = s;
	return 0;
}

void srcline__delete(struct srcline *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nr_files; i++) {
		free(s->files[i].name);
		free(s->files[i].data);
		free(s->files[i].starts);
	}
	free(s->files);
	for (i = 0; i < s->nr_names; i++)
		free(s->names[i]);
	free(s->names);
	free(s->inl);
	dwarf_end(s->dwarf);
	close(s->fd);
	free(s);
}

/* The name of a function DIE as binutils takes it: the linkage name first. */
static void func_name(struct srcline *s, Dwarf_Die *die, struct srcline_info *info)
{
	Dwarf_Attribute attr;
	const char *name = NULL;

	if (dwarf_attr_integrate(die, DW_AT_linkage_name, &attr) ||
	    dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr))
		name = dwarf_formstring(&attr);
	if (name && !demangle__name(name, s->func, sizeof(s->func))) {
		info->func = s->func;
		info->func_demangled = true;
		return;
	}
	if (!name && dwarf_attr_integrate(die, DW_AT_name, &attr))
		name = dwarf_formstring(&attr);
	info->func = name;
}

/* A relative name from the line table under the CU's directory, kept for s's life. */
static const char *absolute_name(struct srcline *s, Dwarf_Die *cu, const char *name)
{
	Dwarf_Attribute attr;
	const char *dir = NULL;
	char buf[PATH_MAX], **names;
	size_t i;

	if (name[0] == '/')
		return name;
	if (dwarf_attr(cu, DW_AT_comp_dir, &attr))
		dir = dwarf_formstring(&attr);
	if (!dir || snprintf(buf, sizeof(buf), "%s/%s", dir, name) >= (int)sizeof(buf))
		return name;
	for (i = 0; i < s->nr_names; i++)
		if (!strcmp(s->names[i], buf))
			return s->names[i];
	names = realloc(s->names, (s->nr_names + 1) * sizeof(*names));
	if (!names)
		return name;
	s->names = names;
	names[s->nr_names] = strdup(buf);
	return names[s->nr_names] ? names[s->nr_names++] : name;
}

/* Every inlined_subroutine under die, with its nesting depth. */
static int collect_inlined(struct srcline *s, Dwarf_Die *die, int depth)
{
	Dwarf_Die child;

	if (dwarf_child(die, &child))
		return 0;
	do {
		int tag = dwarf_tag(&child), d = depth;

		if (tag == DW_TAG_inlined_subroutine) {
			if (array__grow((void **)&s->inl, &s->alloc_inl, s->nr_inl + 1,
					sizeof(*s->inl), 16))
				return -ENOMEM;
			s->inl[s->nr_inl++] = (struct inlined){ .die = child, .depth = depth + 1 };
			d = depth + 1;
		} else if (tag == DW_TAG_subprogram) {
			continue;
		}
		if (collect_inlined(s, &child, d))
			return -ENOMEM;
	} while (!dwarf_siblingof(&child, &child));
	return 0;
}

/*
 * The innermost function at addr: the CU's subprogram holding it (kept,
 * with what was inlined into it, for the next addresses), or the deepest
 * inlined code there.  dwarf_getscopes() would walk the CU each time.
 */
static Dwarf_Die *innermost_func(struct srcline *s, Dwarf_Die *cu, u64 addr)
{
	Dwarf_Die die, *best;
	int depth = 0;
	size_t i;

	if (!s->have_func || dwarf_haspc(&s->func_die, addr) <= 0) {
		s->have_func = false;
		s->nr_inl = 0;
		if (dwarf_child(cu, &die))
			return NULL;
		do {
			if (dwarf_tag(&die) == DW_TAG_subprogram && dwarf_haspc(&die, addr) > 0) {
				s->func_die = die;
				s->have_func = true;
				break;
			}
		} while (!dwarf_siblingof(&die, &die));
		if (!s->have_func)
			return NULL;
		if (collect_inlined(s, &s->func_die, 0))
			s->nr_inl = 0;
	}
	best = &s->func_die;
	for (i = 0; i < s->nr_inl; i++)
		if (s->inl[i].depth > depth && dwarf_haspc(&s->inl[i].die, addr) > 0) {
			best = &s->inl[i].die;
			depth = s->inl[i].depth;
		}
	return best;
}

int srcline__find(struct srcline *s, u64 addr, struct srcline_info *info)
{
	Dwarf_Die cu, *func;
	Dwarf_Line *line;
	unsigned int discr = 0;
	int lineno = 0;

	memset(info, 0, sizeof(*info));
	if (!dwarf_addrdie(s->dwarf, addr, &cu))
		return -ENOENT;
	line = dwarf_getsrc_die(&cu, addr);
	if (!line || dwarf_lineno(line, &lineno) || lineno <= 0)
		return -ENODATA;
	info->file = dwarf_linesrc(line, NULL, NULL);
	if (!info->file)
		return -ENODATA;
	info->file = absolute_name(s, &cu, info->file);
	info->line = (u32)lineno;
	if (!dwarf_linediscriminator(line, &discr))
		info->discriminator = discr;
	func = innermost_func(s, &cu, addr);
	if (func)
		func_name(s, func, info);
	return 0;
}

/* Where a source file is read: name, or with --prefix its place under the prefix */
static const char *srcline__source_path(const struct srcline *s, const char *name, char *buf,
					size_t size)
{
	const char *rest = name, *p;
	int level = 0;

	if (!s->prefix || name[0] != '/')
		return name;
	/* rest: from the separator before the first directory kept */
	for (p = name + 1; *p && level < s->prefix_strip; p++) {
		if (*p == '/') {
			rest = p;
			level++;
		}
	}
	if ((size_t)snprintf(buf, size, "%s%s", s->prefix, rest) >= size)
		return name;
	return buf;
}

static struct srcfile *srcline__file(struct srcline *s, const char *name)
{
	char path[PATH_MAX];
	struct srcfile *f;
	struct stat st;
	size_t i, n;
	int fd;

	for (i = 0; i < s->nr_files; i++)
		if (!strcmp(s->files[i].name, name))
			return &s->files[i];
	f = realloc(s->files, (s->nr_files + 1) * sizeof(*f));
	if (!f)
		return NULL;
	s->files = f;
	f = &f[s->nr_files];
	memset(f, 0, sizeof(*f));
	f->name = strdup(name);
	if (!f->name)
		return NULL;
	s->nr_files++;
	fd = regular_file__open(srcline__source_path(s, name, path, sizeof(path)));
	if (fd < 0)
		return f;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > (64 << 20))
		goto out;
	f->data = malloc(st.st_size + 1);
	if (!f->data || pread(fd, f->data, st.st_size, 0) != st.st_size)
		goto fail;
	f->size = st.st_size;
	for (i = 0, n = 1; i < f->size; i++)
		n += f->data[i] == '\n';
	f->starts = malloc(n * sizeof(*f->starts));
	if (!f->starts)
		goto fail;
	f->starts[f->nr_lines++] = 0;
	for (i = 0; i < f->size; i++)
		if (f->data[i] == '\n' && i + 1 < f->size)
			f->starts[f->nr_lines++] = i + 1;
	goto out;
fail:
	free(f->data);
	f->data = NULL;
	f->nr_lines = 0;
out:
	close(fd);
	return f;
}

const char *srcline__source(struct srcline *s, const char *file, u32 nr, size_t *len)
{
	struct srcfile *f = srcline__file(s, file);
	const char *p, *nl;

	if (!f || !f->data || !nr || nr > f->nr_lines)
		return NULL;
	p = f->data + f->starts[nr - 1];
	nl = memchr(p, '\n', f->size - (p - f->data));
	*len = nl ? (size_t)(nl - p) : f->size - (p - f->data);
	return p;
}

struct srcline_entry {
	char		*path;
	struct srcline	*sl;		/* NULL: no DWARF */
};

struct srclines {
	struct srcline_entry	*entries;
	size_t			nr;
	const char		*prefix;
	int			prefix_strip;
};

void srclines__set_prefix(struct srclines *c, const char *prefix, int strip)
{
	c->prefix = prefix;
	c->prefix_strip = strip;
}

struct srclines *srclines__new(void)
{
	return calloc(1, sizeof(struct srclines));
}

void srclines__delete(struct srclines *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nr; i++) {
		free(c->entries[i].path);
		srcline__delete(c->entries[i].sl);
	}
	free(c->entries);
	free(c);
}

struct srcline *srclines__get(struct srclines *c, const char *path, const char *orig)
{
	struct srcline_entry *e;
	size_t i;

	for (i = 0; i < c->nr; i++)
		if (!strcmp(c->entries[i].path, path))
			return c->entries[i].sl;
	e = realloc(c->entries, (c->nr + 1) * sizeof(*e));
	if (!e)
		return NULL;
	c->entries = e;
	e = &e[c->nr];
	e->path = strdup(path);
	if (!e->path)
		return NULL;
	e->sl = NULL;
	srcline__new(&e->sl, path, orig);
	if (e->sl) {
		e->sl->prefix = c->prefix;
		e->sl->prefix_strip = c->prefix_strip;
	}
	c->nr++;
	return e->sl;
}

void srclines__location(struct srclines **c, const struct addr_location *al, bool full,
			bool sym, char *buf, size_t size)
{
	struct srcline_info info;
	struct srcline *sl = NULL;
	char path[PATH_MAX];
	const char *file;
	u64 vaddr;
	int err;

	if (!al->map || !al->dso) {
		snprintf(buf, size, "??:0");
		return;
	}
	if (al->dso->kind == DSO_KIND_USER && !dso__code_path(al->dso, path, sizeof(path)) &&
	    !symbol_elf__offset_to_vaddr(path, al->addr, &vaddr)) {
		if (!*c)
			*c = srclines__new();
		if (*c)
			sl = srclines__get(*c, path, al->dso->long_name);
	}
	err = sl ? srcline__find(sl, vaddr, &info) : -ENOENT;
	if (!err) {
		file = strrchr(info.file, '/');
		snprintf(buf, size, "%s:%u", full || !file ? info.file : file + 1, info.line);
		return;
	}
	/* a unit without a line there: upstream's addr2line gives no file, line 0 */
	if (err == -ENODATA)
		snprintf(buf, size, ":0");
	else if (sym && al->sym)
		snprintf(buf, size, "%s+%llu", al->sym->name,
			 (unsigned long long)(al->addr - al->sym->start));
	else
		snprintf(buf, size, "%s[%llx]", al->dso->short_name, (unsigned long long)al->addr);
}
