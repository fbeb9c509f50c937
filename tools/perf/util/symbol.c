// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol tables: sorted arrays searched by binary search.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "demangle.h"
#include "huge.h"
#include "symbol.h"

static struct symbol *symbol__new_n(u64 start, u64 len, u8 binding, const char *name, size_t n)
{
	struct symbol *sym = malloc(sizeof(*sym) + n + 1);

	if (!sym)
		return NULL;
	sym->start = start;
	sym->end = start + len;
	sym->binding = binding;
	sym->object = false;
	sym->mangled = false;
	memcpy(sym->name, name, n);
	sym->name[n] = '\0';
	return sym;
}

struct symbol *symbol__new(u64 start, u64 len, u8 binding, const char *name)
{
	return symbol__new_n(start, len, binding, name, strlen(name));
}

static void symbols__packed_free(struct symbols_packed *p);
static int symbols__unpack(struct symbols *syms);

void symbols__init(struct symbols *syms)
{
	memset(syms, 0, sizeof(*syms));
}

void symbols__exit(struct symbols *syms)
{
	size_t i;

	for (i = 0; i < syms->nr && syms->entries; i++)
		free(syms->entries[i]);
	free(syms->entries);
	symbols__packed_free(syms->packed);
	memset(syms, 0, sizeof(*syms));
}

int symbols__add(struct symbols *syms, struct symbol *sym)
{
	if (!sym)
		return -ENOMEM;
	if (syms->packed && symbols__unpack(syms)) {
		free(sym);
		return -ENOMEM;
	}
	if (array__grow((void **)&syms->entries, &syms->alloc, syms->nr + 1, sizeof(*syms->entries),
			64)) {
		free(sym);
		return -ENOMEM;
	}
	sym->seq = (u32)syms->nr;
	syms->entries[syms->nr++] = sym;
	return 0;
}

/*
 * The packed form: per symbol its start and name (offset into names, the
 * binding in the top bits), in the order added, then by
 * symbols__packed_fixup() sorted by start with one symbol per start.
 * made: the struct symbols handed out, by index, open addressing.
 */
#define PACKED_NAME_BITS	30
#define PACKED_NAME_MASK	((1U << PACKED_NAME_BITS) - 1)

struct packed_sym {
	u64	start;
	u32	name;
} __attribute__((packed));

struct packed_made {
	u32		idx;
	struct symbol	*sym;
};

/* Megabytes touched once: in huge pages (see huge.h). */
struct symbols_packed {
	struct huge_buf		syms_buf;
	struct huge_buf		names_buf;
	struct packed_sym	*sym;		/* syms_buf.p */
	char			*names;		/* names_buf.p */
	size_t			nr;
	size_t			names_len;
	bool			fixed;
	struct packed_made	*made;
	size_t			nr_made;
	size_t			made_cap;	/* a power of two, or 0 */
};

static void symbols__packed_free(struct symbols_packed *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->made_cap; i++)
		free(p->made[i].sym);
	free(p->made);
	huge_buf__free(&p->syms_buf);
	huge_buf__free(&p->names_buf);
	free(p);
}

int symbols__add_packed(struct symbols *syms, u64 start, u8 binding, const char *name,
			size_t len)
{
	struct symbols_packed *p = syms->packed;

	/* a table with plain symbols (or already fixed up) stays plain */
	if ((syms->nr && !p) || (p && p->fixed))
		return symbols__add(syms, symbol__new_n(start, 0, binding, name, len));
	if (!p) {
		p = calloc(1, sizeof(*p));
		if (!p)
			return -ENOMEM;
		syms->packed = p;
	}
	if (p->names_len + len + 1 > PACKED_NAME_MASK ||
	    huge_buf__grow(&p->syms_buf, (p->nr + 1) * sizeof(*p->sym)) ||
	    huge_buf__grow(&p->names_buf, p->names_len + len + 1))
		return -ENOMEM;
	p->sym = p->syms_buf.p;
	p->names = p->names_buf.p;
	p->sym[p->nr].start = start;
	p->sym[p->nr].name = (u32)p->names_len | (u32)binding << PACKED_NAME_BITS;
	p->nr++;
	memcpy(p->names + p->names_len, name, len);
	p->names[p->names_len + len] = '\0';
	p->names_len += len + 1;
	return 0;
}

static int packed_cmp(const void *a, const void *b, void *arg)
{
	const struct packed_sym *sym = arg;
	u32 l = *(const u32 *)a, r = *(const u32 *)b;

	if (sym[l].start != sym[r].start)
		return sym[l].start < sym[r].start ? -1 : 1;
	return l < r ? -1 : (l > r);
}

/* Sorted by start (stable), then of one start only the last added kept. */
static void symbols__packed_fixup(struct symbols *syms)
{
	struct symbols_packed *p = syms->packed;
	size_t i, out = 0;

	if (p->fixed)
		return;
	for (i = 1; i < p->nr; i++)
		if (p->sym[i].start < p->sym[i - 1].start)
			break;
	if (i < p->nr) {
		u32 *perm = malloc(p->nr * sizeof(*perm));
		struct packed_sym *sorted = malloc(p->nr * sizeof(*sorted));

		if (!perm || !sorted) {
			free(perm);
			free(sorted);
			p->nr = 0;
		} else {
			for (i = 0; i < p->nr; i++)
				perm[i] = (u32)i;
			qsort_r(perm, p->nr, sizeof(*perm), packed_cmp, p->sym);
			for (i = 0; i < p->nr; i++)
				sorted[i] = p->sym[perm[i]];
			memcpy(p->sym, sorted, p->nr * sizeof(*sorted));
			free(perm);
			free(sorted);
		}
	}
	for (i = 0; i < p->nr; i++) {
		if (i + 1 < p->nr && p->sym[i + 1].start == p->sym[i].start)
			continue;
		p->sym[out++] = p->sym[i];
	}
	p->nr = out;
	p->fixed = true;
	syms->nr = out;
}

static u64 packed_end(const struct symbols_packed *p, size_t i)
{
	return i + 1 < p->nr ? p->sym[i + 1].start : p->sym[i].start + 4096;
}

static struct packed_made *packed_slot(const struct symbols_packed *p, u32 idx)
{
	size_t mask = p->made_cap - 1, h = (idx * 0x9e3779b9U) & mask;

	while (p->made[h].sym && p->made[h].idx != idx)
		h = (h + 1) & mask;
	return &p->made[h];
}

/* The struct symbol of packed symbol idx, made the first time. */
static struct symbol *symbols__packed_get(struct symbols_packed *p, u32 idx)
{
	struct packed_made *slot;
	struct symbol *sym;
	const char *name;

	if (p->made_cap && (slot = packed_slot(p, idx))->sym)
		return slot->sym;
	if (2 * (p->nr_made + 1) > p->made_cap) {
		size_t cap = p->made_cap ? 2 * p->made_cap : 256, i;
		struct packed_made *old = p->made, *made = calloc(cap, sizeof(*made));

		if (!made)
			return NULL;
		p->made = made;
		for (i = 0; i < p->made_cap; i++) {
			if (old[i].sym) {
				size_t h = (old[i].idx * 0x9e3779b9U) & (cap - 1);

				while (made[h].sym)
					h = (h + 1) & (cap - 1);
				made[h] = old[i];
			}
		}
		free(old);
		p->made_cap = cap;
	}
	name = p->names + (p->sym[idx].name & PACKED_NAME_MASK);
	sym = symbol__new(p->sym[idx].start, packed_end(p, idx) - p->sym[idx].start,
			  (u8)(p->sym[idx].name >> PACKED_NAME_BITS), name);
	if (!sym)
		return NULL;
	sym->seq = idx;
	slot = packed_slot(p, idx);
	slot->idx = idx;
	slot->sym = sym;
	p->nr_made++;
	return sym;
}

static struct symbol *symbols__packed_find(struct symbols_packed *p, u64 addr)
{
	size_t lo = 0, hi = p->nr;

	if (!p->fixed)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->sym[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || addr >= packed_end(p, lo - 1))
		return NULL;
	return symbols__packed_get(p, (u32)(lo - 1));
}

/* Back to a plain table (symbols handed out stay the same). */
static int symbols__unpack(struct symbols *syms)
{
	struct symbols_packed *p = syms->packed;
	struct symbol **entries = malloc((p->nr ? p->nr : 1) * sizeof(*entries));
	size_t i;

	if (!entries)
		return -ENOMEM;
	for (i = 0; i < p->nr; i++) {
		if (p->fixed) {
			entries[i] = symbols__packed_get(p, (u32)i);
		} else {
			entries[i] = symbol__new(p->sym[i].start, 0,
						 (u8)(p->sym[i].name >> PACKED_NAME_BITS),
						 p->names + (p->sym[i].name & PACKED_NAME_MASK));
			if (entries[i])
				entries[i]->seq = (u32)i;
		}
		if (!entries[i]) {
			while (!p->fixed && i--)
				free(entries[i]);
			free(entries);
			return -ENOMEM;
		}
	}
	/* the made symbols belong to entries now */
	free(p->made);
	p->made = NULL;
	p->made_cap = 0;
	syms->entries = entries;
	syms->nr = p->nr;
	syms->alloc = p->nr ? (u32)p->nr : 1;
	syms->packed = NULL;
	symbols__packed_free(p);
	return 0;
}

u64 symbols__last_end(const struct symbols *syms)
{
	const struct symbols_packed *p = syms->packed;

	if (p)
		return p->fixed && p->nr ? packed_end(p, p->nr - 1) : 0;
	return syms->nr ? syms->entries[syms->nr - 1]->end : 0;
}

static int symbol__cmp(const void *a, const void *b)
{
	const struct symbol *l = *(const struct symbol * const *)a;
	const struct symbol *r = *(const struct symbol * const *)b;

	if (l->start != r->start)
		return l->start < r->start ? -1 : 1;
	return l->seq < r->seq ? -1 : (l->seq > r->seq);
}

/* not weak first, then global */
static int binding_rank(u8 b)
{
	return b == SYMBOL_GLOBAL ? 0 : b == SYMBOL_LOCAL ? 1 : 2;
}

static size_t leading_underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* true when b is a better name than a for one address */
static bool symbol__better(const struct symbol *a, const struct symbol *b)
{
	size_t ua, ub, la, lb;

	if ((a->end > a->start) != (b->end > b->start))
		return b->end > b->start;
	if (binding_rank(a->binding) != binding_rank(b->binding))
		return binding_rank(b->binding) < binding_rank(a->binding);
	ua = leading_underscores(a->name);
	ub = leading_underscores(b->name);
	if (ua != ub)
		return ub < ua;
	la = strlen(a->name);
	lb = strlen(b->name);
	return lb > la;
}

/* entries[i], demangled first when it is mangled (see struct symbol) */
static struct symbol *symbols__demangle_at(struct symbols *syms, size_t i)
{
	struct symbol *s = syms->entries[i], *d;
	char dname[8192];

	if (!s->mangled || syms->no_demangle)
		return s;
	s->mangled = false;
	if (demangle__name(s->name, dname, sizeof(dname)))
		return s;
	d = symbol__new(s->start, 0, s->binding, dname);
	if (!d)
		return s;	/* out of memory: the raw name */
	d->end = s->end;
	d->object = s->object;
	d->seq = s->seq;
	syms->entries[i] = d;
	free(s);
	return d;
}

static void symbols__fixup_end(struct symbols *syms)
{
	size_t i;

	for (i = 0; i + 1 < syms->nr; i++) {
		struct symbol *s = syms->entries[i];

		if (s->end <= s->start)
			s->end = syms->entries[i + 1]->start;
	}
	if (syms->entries[syms->nr - 1]->end <= syms->entries[syms->nr - 1]->start)
		syms->entries[syms->nr - 1]->end = syms->entries[syms->nr - 1]->start + 4096;
}

void symbols__fixup(struct symbols *syms)
{
	size_t i, out = 0;

	if (syms->packed) {
		symbols__packed_fixup(syms);
		return;
	}
	if (!syms->nr)
		return;
	/* kallsyms and most symbol tables come sorted already */
	for (i = 1; i < syms->nr; i++)
		if (symbol__cmp(&syms->entries[i - 1], &syms->entries[i]) > 0)
			break;
	if (i < syms->nr)
		qsort(syms->entries, syms->nr, sizeof(*syms->entries), symbol__cmp);
	/* sizes first: of a run of unsized aliases only the last gets one */
	symbols__fixup_end(syms);
	for (i = 0; i < syms->nr; i++) {
		struct symbol *s = syms->entries[i];

		if (out && syms->entries[out - 1]->start == s->start) {
			/* the better name is chosen by the names shown, as upstream */
			struct symbol *prev = symbols__demangle_at(syms, out - 1);

			s = symbols__demangle_at(syms, i);

			if (symbol__better(prev, s)) {
				syms->entries[out - 1] = s;
				free(prev);
			} else {
				free(s);
			}
			continue;
		}
		syms->entries[out++] = s;
	}
	syms->nr = out;
	for (i = 0; i < syms->nr; i++)
		syms->entries[i]->seq = (u32)i;
	symbols__fixup_end(syms);
}

struct symbol *symbols__find(const struct symbols *syms, u64 addr)
{
	size_t lo = 0, hi = syms->nr;

	if (syms->packed)
		return symbols__packed_find(syms->packed, addr);

	/* the last symbol starting at or below addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (syms->entries[mid]->start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	if (addr >= syms->entries[lo - 1]->end)
		return NULL;
	/* the table is the caller's to read, but a lookup may name it */
	return symbols__demangle_at((struct symbols *)syms, lo - 1);
}
