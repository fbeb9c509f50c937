// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms: hash aggregation by sort key, sorting and stdio output.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"

int hists__init(struct hists *hists, const struct sort_spec *sort)
{
	memset(hists, 0, sizeof(*hists));
	hists->sort = *sort;
	hists->nr_buckets = 1024;
	hists->buckets = calloc(hists->nr_buckets, sizeof(*hists->buckets));
	return hists->buckets ? 0 : -ENOMEM;
}

void hists__exit(struct hists *hists)
{
	size_t i;

	for (i = 0; hists->buckets && i < hists->nr_buckets; i++) {
		struct hist_entry *he = hists->buckets[i], *next;

		for (; he; he = next) {
			next = he->hnext;
			free(he);
		}
	}
	free(hists->buckets);
	hists->buckets = NULL;
}

static size_t key_hash(const struct hist_key *k)
{
	u64 h = (u64)(uintptr_t)k->comm * 0x9e3779b97f4a7c15ULL;

	h ^= (u64)(uintptr_t)k->dso * 0xc2b2ae3d27d4eb4fULL;
	h ^= (u64)(uintptr_t)k->sym * 0x165667b19e3779f9ULL;
	h ^= k->addr * 0xff51afd7ed558ccdULL;
	h ^= ((u64)(u32)k->tid << 32 | (u32)k->cpu) * 0xc4ceb9fe1a85ec53ULL;
	return (size_t)(h ^ (h >> 29));
}

static bool key_equal(const struct hist_key *a, const struct hist_key *b)
{
	return a->comm == b->comm && a->dso == b->dso && a->sym == b->sym &&
	       a->addr == b->addr && a->tid == b->tid && a->cpu == b->cpu;
}

static void hists__grow(struct hists *hists)
{
	size_t n = hists->nr_buckets * 2, i;
	struct hist_entry **b = calloc(n, sizeof(*b));

	if (!b)
		return;
	for (i = 0; i < hists->nr_buckets; i++) {
		struct hist_entry *he = hists->buckets[i], *next;

		for (; he; he = next) {
			size_t h = key_hash(&he->key) & (n - 1);

			next = he->hnext;
			he->hnext = b[h];
			b[h] = he;
		}
	}
	free(hists->buckets);
	hists->buckets = b;
	hists->nr_buckets = n;
}

static void hists__make_key(const struct hists *hists, const struct addr_location *al, s32 cpu,
			    struct hist_key *k)
{
	u32 mask = hists->sort.mask;

	memset(k, 0, sizeof(*k));
	if (mask & (1u << SORT_COMM))
		k->comm = al->thread ? al->thread->comm : NULL;
	if (mask & ((1u << SORT_PID) | (1u << SORT_TID)))
		k->tid = al->thread ? al->thread->tid : -1;
	if (mask & (1u << SORT_DSO))
		k->dso = al->dso;
	if (mask & (1u << SORT_SYM)) {
		k->sym = al->sym;
		if (!al->sym)
			k->addr = al->addr;
	}
	if (mask & (1u << SORT_CPU))
		k->cpu = cpu;
}

struct hist_entry *hists__findnew(struct hists *hists, const struct addr_location *al, s32 cpu)
{
	struct hist_key k;
	struct hist_entry *he;
	size_t h;

	hists__make_key(hists, al, cpu, &k);
	h = key_hash(&k) & (hists->nr_buckets - 1);
	for (he = hists->buckets[h]; he; he = he->hnext)
		if (key_equal(&he->key, &k))
			goto found;
	he = calloc(1, sizeof(*he));
	if (!he)
		return NULL;
	he->key = k;
	he->level = al->level;
	he->hnext = hists->buckets[h];
	hists->buckets[h] = he;
	if (++hists->nr_entries > hists->nr_buckets)
		hists__grow(hists);
found:
	/* the thread keys show the thread's latest name */
	if (hists->sort.mask & ((1u << SORT_PID) | (1u << SORT_TID)) && al->thread)
		he->key.comm = al->thread->comm;
	return he;
}

int hists__add(struct hists *hists, const struct addr_location *al, s32 cpu, u64 period)
{
	struct hist_entry *he = hists__findnew(hists, al, cpu);

	if (!he)
		return -ENOMEM;
	hists->nr_samples++;
	hists->total_period += period;
	he->period += period;
	he->children += period;
	he->nr_samples++;
	return 0;
}

int hists__add_cumulative(struct hists *hists, const struct addr_location *al,
			  const struct addr_location *chain, u32 nr, s32 cpu, u64 period)
{
	struct hist_entry *seen[128], *self = hists__findnew(hists, al, cpu);
	u32 i, j, nr_seen = 0;

	if (!self)
		return -ENOMEM;
	hists->nr_samples++;
	hists->total_period += period;
	self->period += period;
	self->children += period;
	self->nr_samples++;
	seen[nr_seen++] = self;
	for (i = 0; i < nr; i++) {
		struct addr_location cal = chain[i];
		struct hist_entry *he;

		/*
		 * As upstream: an unresolved chain entry is keyed and shown by
		 * its raw address, and without a map it shows the sample's level
		 * (upstream differs on a few garbage frames: see report-interop.t).
		 */
		if (!cal.sym)
			cal.addr = cal.ip;
		if (!cal.map)
			cal.level = al->level;
		he = hists__findnew(hists, &cal, cpu);

		if (!he)
			return -ENOMEM;
		for (j = 0; j < nr_seen; j++)
			if (seen[j] == he)
				break;
		if (j < nr_seen)
			continue;
		he->children += period;
		if (nr_seen < ARRAY_SIZE(seen))
			seen[nr_seen++] = he;
	}
	return 0;
}

static const struct sort_spec *cmp_spec;
static bool cmp_cumulate;

static int null_cmp(const void *a, const void *b)
{
	/* entries that have one come first */
	return a ? -1 : b ? 1 : 0;
}

static int hist_entry__cmp_key(const struct hist_entry *a, const struct hist_entry *b,
			       enum sort_key key)
{
	const char *na, *nb;

	switch (key) {
	case SORT_COMM:
		na = a->key.comm ? a->key.comm : "";
		nb = b->key.comm ? b->key.comm : "";
		return strcmp(na, nb);
	case SORT_PID:
	case SORT_TID:
		return a->key.tid < b->key.tid ? -1 : a->key.tid > b->key.tid;
	case SORT_CPU:
		return a->key.cpu < b->key.cpu ? -1 : a->key.cpu > b->key.cpu;
	case SORT_DSO:
		if (!a->key.dso || !b->key.dso)
			return null_cmp(a->key.dso, b->key.dso);
		return strcmp(a->key.dso->short_name, b->key.dso->short_name);
	case SORT_SYM:
		if (!a->key.sym || !b->key.sym) {
			if (a->key.sym || b->key.sym)
				return null_cmp(a->key.sym, b->key.sym);
			return a->key.addr < b->key.addr ? -1 : a->key.addr > b->key.addr;
		}
		return strcmp(a->key.sym->name, b->key.sym->name);
	default:
		return 0;
	}
}

static int hist_entry__cmp(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;
	int i, c;

	if (cmp_cumulate && a->children != b->children)
		return a->children > b->children ? -1 : 1;
	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	for (i = 0; i < cmp_spec->nr; i++) {
		c = hist_entry__cmp_key(a, b, cmp_spec->keys[i]);
		if (c)
			return c;
	}
	return 0;
}

int hists__sorted(struct hists *hists, struct hist_entry ***out)
{
	struct hist_entry **v = malloc((hists->nr_entries + 1) * sizeof(*v));
	size_t i, n = 0;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < hists->nr_buckets; i++) {
		struct hist_entry *he;

		for (he = hists->buckets[i]; he; he = he->hnext)
			v[n++] = he;
	}
	cmp_spec = &hists->sort;
	cmp_cumulate = hists->cumulate;
	qsort(v, n, sizeof(*v), hist_entry__cmp);
	*out = v;
	return (int)n;
}

int hist_entry__snprintf_key(const struct hist_entry *he, enum sort_key key, char *buf,
			     size_t size)
{
	switch (key) {
	case SORT_COMM:
		return snprintf(buf, size, "%s", he->key.comm ? he->key.comm : "");
	case SORT_PID:
	case SORT_TID:
		return snprintf(buf, size, "%7d:%s", he->key.tid,
				he->key.comm ? he->key.comm : "");
	case SORT_CPU:
		return snprintf(buf, size, "%3.3d", he->key.cpu);
	case SORT_DSO:
		return snprintf(buf, size, "%s", he->key.dso ? he->key.dso->short_name :
				"[unknown]");
	case SORT_SYM:
		if (he->key.sym)
			return snprintf(buf, size, "[%c] %s", he->level, he->key.sym->name);
		return snprintf(buf, size, "[%c] %#.*llx", he->level, 16,
				(unsigned long long)he->key.addr);
	default:
		return snprintf(buf, size, "?");
	}
}

/* Column widths as upstream computes them from every entry. */
static void hists__col_widths(struct hists *hists, struct hist_entry **v, int n,
			      int width[SORT_NR_KEYS])
{
	bool unresolved = false;
	char buf[8192];
	int i, k;

	for (k = 0; k < SORT_NR_KEYS; k++)
		width[k] = (int)strlen(sort_key__header(k));
	for (i = 0; i < n; i++) {
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];
			int w = hist_entry__snprintf_key(v[i], key, buf, sizeof(buf));

			if (key == SORT_SYM && !v[i]->key.sym)
				unresolved = true;
			if (w > width[key])
				width[key] = w;
		}
	}
	/* an unresolved symbol widens the dso column to an address's width */
	if (unresolved && width[SORT_DSO] < 16)
		width[SORT_DSO] = 16;
}

void hists__fprintf(struct hists *hists, const struct hists_print_opts *opts, FILE *fp)
{
	struct hist_entry **v;
	int width[SORT_NR_KEYS], n, i, k, last = -1;
	char buf[8192];

	n = hists__sorted(hists, &v);
	if (n < 0)
		return;
	hists__col_widths(hists, v, n, width);
	for (k = 0; k < hists->sort.nr; k++)
		if (!(opts->hide_mask & (1u << hists->sort.keys[k])))
			last = k;

	if (!opts->quiet) {
		fprintf(fp, hists->cumulate ? "# Children      Self" : "# Overhead");
		if (opts->show_nr_samples)
			fprintf(fp, "  %12s", "Samples");
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];

			if (!(opts->hide_mask & (1u << key)))
				fprintf(fp, "  %-*s", width[key], sort_key__header(key));
		}
		fprintf(fp, hists->cumulate ? "\n# ........  ........" : "\n# ........");
		if (opts->show_nr_samples)
			fprintf(fp, "  ............");
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];

			if (opts->hide_mask & (1u << key))
				continue;
			fputs("  ", fp);
			for (i = 0; i < width[key]; i++)
				fputc('.', fp);
		}
		fprintf(fp, "\n#\n");
	}
	for (i = 0; i < n; i++) {
		const struct hist_entry *he = v[i];
		double pct = hists->total_period ?
			     100.0 * (double)he->period / (double)hists->total_period : 0;

		double cpct = hists->total_period ?
			      100.0 * (double)he->children / (double)hists->total_period : 0;

		if (opts->percent_limit > 0 && (hists->cumulate ? cpct : pct) < opts->percent_limit)
			continue;
		if (hists->cumulate)
			fprintf(fp, "%9.2f%%  %7.2f%%", cpct, pct);
		else
			fprintf(fp, "%9.2f%%", pct);
		if (opts->show_nr_samples)
			fprintf(fp, "  %12llu", (unsigned long long)he->nr_samples);
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];

			if (opts->hide_mask & (1u << key))
				continue;
			hist_entry__snprintf_key(he, key, buf, sizeof(buf));
			/* upstream leaves the symbol unpadded when it ends the line */
			if (k == last && key == SORT_SYM)
				fprintf(fp, "  %s", buf);
			else
				fprintf(fp, "  %-*s", width[key], buf);
		}
		fputc('\n', fp);
	}
	free(v);
}
