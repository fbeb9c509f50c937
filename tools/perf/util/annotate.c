// SPDX-License-Identifier: GPL-2.0
/*
 * Annotation of a symbol: its instructions with the share of samples each
 * got, source lines where known, in upstream's `perf annotate --stdio` shape.
 */
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate-code.h"
#include "array.h"
#include "disasm.h"
#include "dso.h"
#include "machine.h"
#include "map.h"
#include "strbuf.h"
#include "symbol.h"

/* upstream's -l threshold: instructions at or below it are left out of the summary */
#define SUMMARY_MIN_PERCENT	0.5

/* --stdio-color: upstream's colors, red from 5%, green from 0.5% */
#define COLOR_RED	"\033[31m"
#define COLOR_GREEN	"\033[32m"
#define COLOR_BLUE	"\033[34m"
#define COLOR_MAGENTA	"\033[35m"
#define COLOR_RESET	"\033[m"

static const char *percent_color(const struct annotate_print_opts *opts, double percent)
{
	if (!opts->color)
		return "";
	return percent >= 5.0 ? COLOR_RED : percent >= 0.5 ? COLOR_GREEN : "";
}

/* snprintf() of fmt between color and a reset; no color: as it is */
static int __printf(4, 5) color_snprintf(char *buf, size_t size, const char *color,
					 const char *fmt, ...)
{
	va_list ap;
	int n, m;

	n = color[0] ? snprintf(buf, size, "%s", color) : 0;
	va_start(ap, fmt);
	m = vsnprintf(buf + min((size_t)n, size), size - min((size_t)n, size), fmt, ap);
	va_end(ap);
	n += m;
	if (color[0])
		n += snprintf(buf + min((size_t)n, size), size - min((size_t)n, size), COLOR_RESET);
	return n;
}

static const char *const percent_type_names[] = {
	[ANNOTATE_PERCENT_LOCAL_PERIOD]	= "local period",
	[ANNOTATE_PERCENT_GLOBAL_PERIOD] = "global period",
	[ANNOTATE_PERCENT_LOCAL_HITS]	= "local hits",
	[ANNOTATE_PERCENT_GLOBAL_HITS]	= "global hits",
};

const char *annotate_percent_type__name(enum annotate_percent_type type)
{
	return type < ARRAY_SIZE(percent_type_names) ? percent_type_names[type] : "local period";
}

int annotate_percent_type__parse(const char *s, enum annotate_percent_type *type)
{
	const char *dash = strchr(s, '-');
	size_t i;

	if (!dash)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(percent_type_names); i++) {
		const char *name = percent_type_names[i], *sp = strchr(name, ' ');
		size_t l1 = sp - name, l2 = strlen(sp + 1);

		/* "local-period" or "period-local" */
		if ((dash - s == (long)l1 && !strncmp(s, name, l1) && !strcmp(dash + 1, sp + 1)) ||
		    (dash - s == (long)l2 && !strncmp(s, sp + 1, l2) &&
		     strlen(dash + 1) == l1 && !strncmp(dash + 1, name, l1))) {
			*type = i;
			return 0;
		}
	}
	return -EINVAL;
}

static double share(u64 part, u64 total)
{
	return total ? 100.0 * part / total : 0;
}

double annotation_line__percent(const struct annotation *a, const struct annotation_line *l,
				const struct annotate_print_opts *opts)
{
	switch (opts->percent_type) {
	case ANNOTATE_PERCENT_GLOBAL_PERIOD:
		return share(l->period, opts->global_period);
	case ANNOTATE_PERCENT_LOCAL_HITS:
		return share(l->nr_samples, a->nr_samples);
	case ANNOTATE_PERCENT_GLOBAL_HITS:
		return share(l->nr_samples, opts->global_nr_samples);
	default:
		return l->percent;
	}
}

struct annotation_priv {
	char	*strings;	/* every text and path of the lines */
};

int annotate_target__init(struct annotate_target *t, const struct addr_location *al,
			  struct perf_env_bpf *bpf, struct machine *machine)
{
	if (!al->map || !al->sym || !al->dso)
		return -EINVAL;
	memset(t, 0, sizeof(*t));
	t->dso = al->dso;
	t->sym = al->sym;
	t->map_start = al->map->start;
	t->map_pgoff = al->map->pgoff;
	t->map_identity = al->map->identity;
	t->bpf = bpf;
	t->machine = machine;
	return 0;
}

u64 annotate_target__addr(const struct annotate_target *t)
{
	if (t->map_identity)
		return t->sym->start;
	return t->sym->start - t->map_pgoff + t->map_start;
}

static bool target_is_bpf(const struct annotate_target *t)
{
	return t->dso->kind == DSO_KIND_BPF || t->dso->kind == DSO_KIND_FALLBACK;
}

/* "<name+0xoff>" of a kernel or BPF address, false when unknown. */
static bool kernel_target_name(const struct annotate_target *t, u64 addr, char *buf,
			       size_t size)
{
	char name[512];
	u64 start;

	if (t->machine) {
		struct map *map = maps__find(t->machine->kmaps, addr);
		struct symbol *sym = NULL;
		u64 a = addr;

		if (map) {
			a = map__map_ip(map, addr);
			sym = dso__find_symbol(map->dso, a);
		} else if (t->machine->kernel_dso) {
			sym = dso__find_symbol(t->machine->kernel_dso, addr);
		}
		if (sym && a < sym->end) {
			snprintf(name, sizeof(name), "%s", sym->name);
			start = sym->start;
			goto found;
		}
		addr = a;
	}
	if (annotate_bpf__func_name(t->bpf, addr, name, sizeof(name), &start))
		return false;
found:
	if (addr == start)
		snprintf(buf, size, "<%s>", name);
	else
		snprintf(buf, size, "<%s+0x%llx>", name, (unsigned long long)(addr - start));
	return true;
}

/* The operands of a direct branch: "<printed target> <sym+0xoff>" as objdump writes them. */
static void branch_operands(const struct annotate_target *t, const struct annotate_code *c,
			    const struct disasm_insn *in, char *buf, size_t size)
{
	u64 target = in->target;
	char name[600] = "";

	if (target >= c->addr && target - c->addr < c->len) {
		u64 off = target - c->addr;

		if (off)
			snprintf(name, sizeof(name), "<%s+0x%llx>", t->sym->name,
				 (unsigned long long)off);
		else
			snprintf(name, sizeof(name), "<%s>", t->sym->name);
		target = c->print_start + off;
	} else if (target_is_bpf(t) || t->dso->kind == DSO_KIND_KERNEL ||
		   t->dso->kind == DSO_KIND_MODULE) {
		kernel_target_name(t, target, name, sizeof(name));
	} else {
		/* the same segment: the file offset is as far from ours as the address */
		u64 foff = target - c->addr + t->sym->start;
		struct symbol *sym = dso__find_symbol(t->dso, foff);

		if (sym && foff < sym->end) {
			if (foff == sym->start)
				snprintf(name, sizeof(name), "<%s>", sym->name);
			else
				snprintf(name, sizeof(name), "<%s+0x%llx>", sym->name,
					 (unsigned long long)(foff - sym->start));
		}
	}
	snprintf(buf, size, "%llx%s%s", (unsigned long long)target, name[0] ? " " : "", name);
}

int annotate__hex_width(u64 v)
{
	int w = 1;

	while (v >>= 4)
		w++;
	return w;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Strings go into one buffer; lines keep offsets into it until it stops moving. */
#define STR_OFF(off)	((const char *)(uintptr_t)((off) + 1))
#define OFF_STR(p)	((size_t)(uintptr_t)(p) - 1)

static int add_string(struct strbuf *sb, const char *s, const char **out)
{
	size_t off = sb->len;

	if (strbuf__add(sb, s, strlen(s) + 1))
		return -ENOMEM;
	*out = STR_OFF(off);
	return 0;
}

/* room for one more line */
static int annotation__grow(struct annotation *a, u32 *alloc)
{
	return array__grow((void **)&a->lines, alloc, a->nr_lines + 1, sizeof(*a->lines), 256);
}

/*
 * Upstream's rows from objdump's output before the code: three empty ones,
 * then the section and the symbol, numbered as objdump's line 3 and 5.
 */
static int annotation__objdump_head(struct annotation *a, u32 *alloc, struct strbuf *sb,
				    const struct annotate_code *c, const char *name)
{
	char text[600];
	int i;

	for (i = 0; i < 6; i++) {
		struct annotation_line *l;

		if (annotation__grow(a, alloc))
			return -ENOMEM;
		l = &a->lines[a->nr_lines++];
		memset(l, 0, sizeof(*l));
		l->type = ANNOTATION_LINE_TEXT;
		l->line_nr = i;
		l->nosrc_nr = i;
		text[0] = '\0';
		if (i == 3)
			snprintf(text, sizeof(text), "Disassembly of section %s:", c->section);
		else if (i == 5)
			snprintf(text, sizeof(text), "%016llx <%s>:", (unsigned long long)c->addr,
				 name);
		if (add_string(sb, text, &l->text))
			return -ENOMEM;
	}
	return 0;
}

/* The name binutils finds in the ELF symbols for t's code: none for PLT entries we made up. */
static const char *symtab_func(const struct annotate_target *t)
{
	const char *name = t->sym->name;
	size_t len = strlen(name);

	if (!t->dso->has_symtab || (len >= 4 && !strcmp(name + len - 4, "@plt")))
		return NULL;
	return name;
}

/* Native code: objdump -l -S's rows, numbered as upstream numbers them. */
struct objdump_rows {
	struct annotation	*a;
	u32			*alloc;
	struct strbuf		*sb;
	u64			offset;		/* of the next instruction */
	u32			nr;		/* the next row's number */
	u32			nosrc_nr;	/* the same without source rows */
};

static int objdump_row(void *arg, enum objdump_row kind, u32 nr, const char *text)
{
	struct objdump_rows *r = arg;
	struct annotation_line *l;

	if (kind == OBJDUMP_FILELOC) {
		r->nr = r->nosrc_nr = nr;
		return 0;
	}
	if (annotation__grow(r->a, r->alloc))
		return -ENOMEM;
	l = &r->a->lines[r->a->nr_lines++];
	memset(l, 0, sizeof(*l));
	l->type = kind == OBJDUMP_SOURCE ? ANNOTATION_LINE_SOURCE : ANNOTATION_LINE_TEXT;
	l->offset = r->offset;
	l->line_nr = r->nr++;
	l->nosrc_nr = kind == OBJDUMP_SOURCE ? 0 : r->nosrc_nr++;
	return add_string(r->sb, text, &l->text);
}

static int annotation__build(struct annotation *a, const struct annotate_target *t,
			     const struct annotate_code *c, struct disasm *d)
{
	const char *path = NULL;
	struct disasm_insn in;
	struct strbuf sb = STRBUF_INIT;
	struct objdump_src *osrc = NULL;
	struct objdump_rows rows = { .a = a, .sb = &sb, .nr = 6, .nosrc_nr = 6 };
	size_t s = 0, i;
	u32 alloc = 0;
	char ops[800], text[1024], loc[PATH_MAX + 16];
	int err = -ENOMEM;

	rows.alloc = &alloc;
	if (!c->is_bpf && annotation__objdump_head(a, &alloc, &sb, c, t->sym->name))
		goto out;
	if (c->file && objdump_src__new(&osrc, t->srclines, c->file, t->dso->long_name,
					symtab_func(t)) == -ENOMEM)
		goto out;
	a->has_dwarf = osrc && objdump_src__has_dwarf(osrc);
	disasm__start(d, c->bytes, c->len, c->addr);
	while (disasm__next(d, &in)) {
		u64 off = in.addr - c->addr;
		struct annotation_line *l;

		if (osrc) {
			rows.offset = off;
			if (objdump_src__insn(osrc, in.addr, objdump_row, &rows, loc,
					      sizeof(loc)))
				goto out;
			path = NULL;
			if (loc[0] && add_string(&sb, loc, &path))
				goto out;
			rows.nr++;
			rows.nosrc_nr++;
		}

		/* the source lines whose code starts here (or inside the previous insn) */
		for (; s < c->nr_src && c->src[s].offset <= off; s++) {
			const struct annotate_srcline *src = &c->src[s];
			char where[600];

			if (annotation__grow(a, &alloc))
				goto out;
			l = &a->lines[a->nr_lines++];
			memset(l, 0, sizeof(*l));
			l->type = ANNOTATION_LINE_SOURCE;
			l->offset = src->offset;
			l->line_nr = src->line_nr;
			l->nosrc_nr = src->line_nr;
			if (add_string(&sb, src->text, &l->text))
				goto out;
			snprintf(where, sizeof(where), "%s:%u", base_name(src->file), src->line_nr);
			if (add_string(&sb, where, &path))
				goto out;
		}
		if (annotation__grow(a, &alloc))
			goto out;
		l = &a->lines[a->nr_lines++];
		memset(l, 0, sizeof(*l));
		l->type = ANNOTATION_LINE_INSN;
		l->offset = off;
		l->addr = c->print_start + off;
		l->size = in.size;
		memcpy(l->bytes, in.bytes, min((size_t)in.size, sizeof(l->bytes)));
		l->path = path;
		if (in.has_target) {
			l->is_call = in.is_call;
			l->is_jump = !in.is_call && in.target >= c->addr &&
				     in.target - c->addr < c->len;
			l->target = l->is_jump ? in.target - c->addr : in.target;
			branch_operands(t, c, &in, ops, sizeof(ops));
			snprintf(text, sizeof(text), "%-6s %s", in.mnemonic, ops);
		} else if (in.operands[0]) {
			snprintf(text, sizeof(text), "%-6s %s", in.mnemonic, in.operands);
		} else {
			snprintf(text, sizeof(text), "%s", in.mnemonic);
		}
		if (add_string(&sb, text, &l->text))
			goto out;
		a->nr_insns++;
	}
	a->priv->strings = strbuf__detach(&sb, NULL);
	if (!a->priv->strings && a->nr_lines)
		goto out;
	for (i = 0; i < a->nr_lines; i++) {
		struct annotation_line *l = &a->lines[i];

		l->text = a->priv->strings + OFF_STR(l->text);
		if (l->path)
			l->path = a->priv->strings + OFF_STR(l->path);
	}
	err = 0;
out:
	objdump_src__delete(osrc);
	strbuf__release(&sb);
	return err;
}

int annotation__new(struct annotation **out, const struct annotate_target *t,
		    const struct annotate_sample *samples, size_t nr, char *err, size_t errsz)
{
	struct annotate_code c;
	struct annotation *a;
	struct disasm *d = NULL;
	int ret;

	*out = NULL;
	if (!t->dso || !t->sym) {
		snprintf(err, errsz, "no symbol to annotate");
		return -EINVAL;
	}
	if (target_is_bpf(t))
		ret = annotate_code__bpf(&c, t, err, errsz);
	else
		ret = annotate_code__elf(&c, t, err, errsz);
	if (ret) {
		if (ret == -ENOMEM)
			snprintf(err, errsz, "%s: out of memory", t->sym->name);
		return ret;
	}
	ret = disasm__new(&d);
	if (!ret && t->intel)
		ret = disasm__set_intel(d);
	if (ret) {
		snprintf(err, errsz, "capstone cannot disassemble x86-64 here");
		goto out;
	}
	ret = -ENOMEM;
	a = calloc(1, sizeof(*a));
	if (!a)
		goto out;
	a->priv = calloc(1, sizeof(*a->priv));
	a->sym_name = strdup(t->sym->name);
	a->dso_name = strdup(t->dso->long_name);
	if (!a->priv || !a->sym_name || !a->dso_name || annotation__build(a, t, &c, d)) {
		annotation__delete(a);
		snprintf(err, errsz, "%s: out of memory", t->sym->name);
		goto out;
	}
	a->is_bpf = c.is_bpf;
	a->start = c.print_start;
	a->size = c.len;
	a->addr_width = 1;
	if (a->nr_lines) {
		size_t i = a->nr_lines;

		while (i-- > 0)
			if (a->lines[i].type == ANNOTATION_LINE_INSN) {
				a->addr_width = annotate__hex_width(a->lines[i].addr);
				break;
			}
	}
	annotation__set_samples(a, samples, nr);
	*out = a;
	ret = 0;
out:
	disasm__delete(d);
	annotate_code__exit(&c);
	return ret;
}

void annotation__delete(struct annotation *a)
{
	if (!a)
		return;
	if (a->priv)
		free(a->priv->strings);
	free(a->priv);
	free(a->lines);
	free(a->sym_name);
	free(a->dso_name);
	free(a);
}

/* The instruction line holding offset off: the last one starting at or before it. */
static struct annotation_line *annotation__insn_at(struct annotation *a, u64 off)
{
	size_t lo = 0, hi = a->nr_lines, found = a->nr_lines;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->lines[mid].offset <= off) {
			found = mid;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	while (found < a->nr_lines && a->lines[found].type != ANNOTATION_LINE_INSN)
		found = found ? found - 1 : a->nr_lines;
	return found < a->nr_lines ? &a->lines[found] : NULL;
}

void annotation__set_samples(struct annotation *a, const struct annotate_sample *samples,
			     size_t nr)
{
	size_t i;

	a->nr_samples = 0;
	a->period = 0;
	for (i = 0; i < a->nr_lines; i++) {
		a->lines[i].nr_samples = 0;
		a->lines[i].period = 0;
		a->lines[i].percent = 0;
	}
	for (i = 0; i < nr; i++) {
		struct annotation_line *l;

		if (samples[i].offset >= a->size)
			continue;
		l = annotation__insn_at(a, samples[i].offset);
		if (!l)
			continue;
		l->nr_samples += samples[i].nr_samples;
		l->period += samples[i].period;
		a->nr_samples += samples[i].nr_samples;
		a->period += samples[i].period;
	}
	for (i = 0; i < a->nr_lines; i++)
		if (a->lines[i].type == ANNOTATION_LINE_INSN && a->period)
			a->lines[i].percent = 100.0 * a->lines[i].period / a->period;
}

static int pcnt_width(const struct annotate_print_opts *opts)
{
	return (opts->show_total_period ? 12 : 8) * (1 + opts->nr_group);
}

/* one share column: the period, the samples or the percent of l */
static int share_snprintf(const struct annotation *a, const struct annotation_line *l,
			  const struct annotate_print_opts *opts, char *buf, size_t size)
{
	double percent = a ? annotation_line__percent(a, l, opts) : 0;
	const char *color = percent_color(opts, percent);
	u64 period = a ? l->period : 0, nr = a ? l->nr_samples : 0;

	if (opts->show_total_period)
		return color_snprintf(buf, size, color, " %11llu", (unsigned long long)period);
	if (opts->show_nr_samples)
		return color_snprintf(buf, size, color, " %7llu", (unsigned long long)nr);
	return color_snprintf(buf, size, color, " %7.2f", percent);
}

/* objdump puts a tab after "addr:"; upstream prints its line with the tab expanded */
static int objdump_pad(const struct annotation *a, u64 addr)
{
	int col = annotate__hex_width(addr) + 1;

	return a->is_bpf ? 0 : 8 - col % 8;
}

int annotation_line__snprintf(const struct annotation *a, const struct annotation_line *l,
			      const struct annotate_print_opts *opts, char *buf, size_t size)
{
	char raw[3 * DISASM_MAX_INSN + 1] = "";
	int n = 0, i;

	if (l->type != ANNOTATION_LINE_INSN) {
		if (!l->text[0])
			return snprintf(buf, size, " %*s:", pcnt_width(opts), " ");
		return snprintf(buf, size, " %*s: %-*u %s", pcnt_width(opts), " ", a->addr_width,
				opts->no_source ? l->nosrc_nr : l->line_nr, l->text);
	}
	n = share_snprintf(a, l, opts, buf, size);
	/* a group's other events: the same line of their annotations */
	for (i = 0; i < opts->nr_group; i++) {
		const struct annotation *m = opts->group[i];
		size_t k = l - a->lines;

		if (m && k >= m->nr_lines)
			m = NULL;
		struct annotate_print_opts mo = *opts;

		mo.global_nr_samples = opts->group_nr_samples[i];
		mo.global_period = opts->group_period[i];
		n += share_snprintf(m, m ? &m->lines[k] : l, &mo, buf + min((size_t)n, size),
				    size - min((size_t)n, size));
	}
	n += snprintf(buf + min((size_t)n, size), size - min((size_t)n, size), " : ");
	n += color_snprintf(buf + min((size_t)n, size), size - min((size_t)n, size),
			    opts->color ? COLOR_MAGENTA : "", "  %*llx:", a->addr_width,
			    (unsigned long long)l->addr);
	if (opts->asm_raw)
		for (i = 0; i < l->size && i < DISASM_MAX_INSN; i++)
			sprintf(raw + 3 * i, "%02x ", l->bytes[i]);
	n += color_snprintf(buf + min((size_t)n, size), size - min((size_t)n, size),
			    opts->color ? COLOR_BLUE : "", opts->asm_raw ? "%*s%-21s %s" : "%*s%s%s",
			    objdump_pad(a, l->addr), "", raw, l->text);
	return n;
}

/*
 * -l: an instruction's "file:line", the file's base name unless -P; where
 * none is known: "??:0", or as upstream "<object>[<address>]" for native
 * code of an object that has DWARF (addr2line's "??:0" there).
 */
static const char *line_path(const struct annotation *a, const struct annotation_line *l,
			     const struct annotate_print_opts *opts, char *buf, size_t size)
{
	if (!l->path) {
		if (!a->has_dwarf)
			return "??:0";
		snprintf(buf, size, "%s[%llx]", base_name(a->dso_name), (unsigned long long)l->addr);
		return buf;
	}
	return opts->full_paths ? l->path : base_name(l->path);
}

struct path_sum {
	char		*path;
	double		percent;
};

static int path_sum__cmp(const void *pa, const void *pb)
{
	const struct path_sum *a = pa, *b = pb;

	if (a->percent != b->percent)
		return a->percent > b->percent ? -1 : 1;
	/* upstream's order of ties */
	return strcmp(b->path, a->path);
}

/* -l: the share of each source line, of instructions above 0.5% */
static void annotation__fprintf_summary(const struct annotation *a,
					const struct annotate_print_opts *opts, FILE *fp)
{
	struct path_sum *sums = calloc(a->nr_insns ? a->nr_insns : 1, sizeof(*sums));
	size_t nr = 0, i, j;

	fprintf(fp, "\nSorted summary for file %s\n", a->dso_name);
	fprintf(fp, "----------------------------------------------\n\n");
	for (i = 0; sums && i < a->nr_lines; i++) {
		const struct annotation_line *l = &a->lines[i];
		char buf[PATH_MAX];
		const char *path = line_path(a, l, opts, buf, sizeof(buf));

		if (l->type != ANNOTATION_LINE_INSN ||
		    annotation_line__percent(a, l, opts) <= SUMMARY_MIN_PERCENT)
			continue;
		for (j = 0; j < nr; j++)
			if (!strcmp(sums[j].path, path))
				break;
		if (j == nr) {
			sums[nr].path = strdup(path);
			if (!sums[nr].path)
				break;
			nr++;
		}
		sums[j].percent += annotation_line__percent(a, l, opts);
	}
	if (!nr)
		fprintf(fp, " Nothing higher than %1.1f%%\n", SUMMARY_MIN_PERCENT);
	qsort(sums, nr, sizeof(*sums), path_sum__cmp);
	for (i = 0; i < nr; i++) {
		const char *color = percent_color(opts, sums[i].percent);
		char row[PATH_MAX + 64];

		color_snprintf(row, sizeof(row), color, " %7.2f", sums[i].percent);
		fputs(row, fp);
		color_snprintf(row, sizeof(row), color, " %s\n", sums[i].path);
		fputs(row, fp);
		free(sums[i].path);
	}
	free(sums);
}

void annotation__fprintf(const struct annotation *a, const struct annotate_print_opts *opts,
			 FILE *fp)
{
	const char *dso_name = opts->full_paths ? a->dso_name : base_name(a->dso_name);
	char row[2048], buf[PATH_MAX], prev_path[PATH_MAX] = "";
	int len, i;
	size_t k;

	if (opts->print_line)
		annotation__fprintf_summary(a, opts, fp);
	len = fprintf(fp, " %-*.*s|\tSource code & Disassembly of %s for %s (%llu samples, "
		      "percent: %s)\n", pcnt_width(opts), pcnt_width(opts),
		      opts->show_total_period ? "Period" :
		      opts->show_nr_samples ? "Samples" : "Percent", dso_name,
		      opts->event_name ? opts->event_name : "cycles",
		      (unsigned long long)a->nr_samples,
		      annotate_percent_type__name(opts->percent_type));
	for (i = 0; i < len + 4; i++)
		fputc('-', fp);
	fputc('\n', fp);
	if (opts->verbose) {
		/* upstream's -v: "addr: samples", 32 wide, then the sum */
		for (k = 0; k < a->nr_lines; k++)
			if (a->lines[k].type == ANNOTATION_LINE_INSN && a->lines[k].nr_samples)
				fprintf(fp, "%32llx: %llu\n", (unsigned long long)a->lines[k].addr,
					(unsigned long long)a->lines[k].nr_samples);
		fprintf(fp, "%32s: %llu\n", "h->nr_samples", (unsigned long long)a->nr_samples);
	}
	for (k = 0; k < a->nr_lines; k++) {
		const struct annotation_line *l = &a->lines[k];
		double percent = annotation_line__percent(a, l, opts);

		if (l->type == ANNOTATION_LINE_SOURCE && opts->no_source)
			continue;
		if (l->type == ANNOTATION_LINE_INSN && opts->min_percent > 0 &&
		    percent < opts->min_percent)
			continue;
		annotation_line__snprintf(a, l, opts, row, sizeof(row));
		fputs(row, fp);
		if (opts->print_line && l->type == ANNOTATION_LINE_INSN &&
		    percent > SUMMARY_MIN_PERCENT) {
			const char *path = line_path(a, l, opts, buf, sizeof(buf));

			if (!prev_path[0] || strcmp(prev_path, path)) {
				color_snprintf(row, sizeof(row), percent_color(opts, percent),
					       " // %s", path);
				fputs(row, fp);
			}
			snprintf(prev_path, sizeof(prev_path), "%s", path);
		}
		fputc('\n', fp);
	}
}
