// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol tables: sorted arrays searched by binary search.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "symbol.h"

struct symbol *symbol__new(u64 start, u64 len, u8 binding, const char *name)
{
	size_t n = strlen(name);
	struct symbol *sym = malloc(sizeof(*sym) + n + 1);

	if (!sym)
		return NULL;
	sym->start = start;
	sym->end = start + len;
	sym->binding = binding;
	memcpy(sym->name, name, n + 1);
	return sym;
}

void symbols__init(struct symbols *syms)
{
	memset(syms, 0, sizeof(*syms));
}

void symbols__exit(struct symbols *syms)
{
	size_t i;

	for (i = 0; i < syms->nr; i++)
		free(syms->entries[i]);
	free(syms->entries);
	memset(syms, 0, sizeof(*syms));
}

int symbols__add(struct symbols *syms, struct symbol *sym)
{
	if (!sym)
		return -ENOMEM;
	if (syms->nr == syms->alloc) {
		size_t n = syms->alloc ? syms->alloc * 2 : 64;
		struct symbol **e = realloc(syms->entries, n * sizeof(*e));

		if (!e) {
			free(sym);
			return -ENOMEM;
		}
		syms->entries = e;
		syms->alloc = n;
	}
	sym->seq = (u32)syms->nr;
	syms->entries[syms->nr++] = sym;
	return 0;
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
			struct symbol *prev = syms->entries[out - 1];

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
	if (addr < syms->entries[lo - 1]->end)
		return syms->entries[lo - 1];
	return NULL;
}
