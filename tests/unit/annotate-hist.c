// SPDX-License-Identifier: GPL-2.0
/*
 * util/annotate-hist.c against a plain model: 200000 samples at random
 * offsets of this test binary's own symbols (from its ELF file, enough
 * of them that the symbol table grows several times), counted per
 * (symbol, offset) in arrays beside it.  Every entry, every offset's
 * count and period as the model says; most period first; offsets
 * ascending; samples without a symbol counted but not kept; adding after
 * sorting; the walk over every entry; the late resolution by address
 * (add_target); a location without a dso counted only.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/annotate-hist.h"
#include "util/dso.h"
#include "util/machine.h"
#include "util/map.h"
#include "util/symbol.h"

#define NR_SAMPLES	200000
#define MAX_OFF		64	/* offsets modelled per symbol */

struct model {
	u64	nr[MAX_OFF];
	u64	period[MAX_OFF];
	u64	total;
};

int main(void)
{
	struct annotate_entry **v = NULL, *e;
	struct annotate_hist h;
	struct addr_location al = { 0 };
	struct annotate_target t;
	struct model *m;
	struct symbol **syms;
	struct dso *dso;
	struct map *map;
	char path[PATH_MAX];
	size_t nr = 0, i, j, nsyms = 0;
	u64 nosym = 0;
	int good_entries = 1, good_offsets = 1, good_order = 1, good_sorted = 1, good, k;

	if (!realpath("/proc/self/exe", path))
		skip_all("no /proc/self/exe");
	dso = dso__new(path, DSO_KIND_USER);
	dso__load(dso);
	syms = calloc(dso->symbols.nr + 1, sizeof(*syms));
	for (i = 0; i < dso->symbols.nr; i++)
		if (dso->symbols.entries[i]->end - dso->symbols.entries[i]->start >= MAX_OFF)
			syms[nsyms++] = dso->symbols.entries[i];
	if (nsyms < 600)
		skip_all("too few symbols of 64 bytes or more in our binary");
	plan(15);
	m = calloc(nsyms, sizeof(*m));
	map = map__new(0x400000, 0x400000 + (1ULL << 32), 0, dso, false);
	al.map = map;
	al.dso = dso;
	is_int(annotate_hist__init(&h), 0, "init");
	srand(15);
	for (i = 0; i < NR_SAMPLES; i++) {
		size_t s = (size_t)rand() % nsyms;
		u32 off = (u32)rand() % MAX_OFF, period = 1 + (u32)rand() % 1000;

		if (rand() % 50 == 0) {
			al.sym = NULL;
			nosym++;
		} else {
			al.sym = syms[s];
			m[s].nr[off]++;
			m[s].period[off] += period;
			m[s].total += period;
		}
		al.addr = syms[s]->start + off;
		if (annotate_hist__add(&h, &al, period))
			break;
	}
	is_int(h.nr_samples, NR_SAMPLES, "every sample counted, with a symbol or not");
	ok(h.nr_buckets > 256, "the table grew (%zu buckets)", h.nr_buckets);
	is_int(annotate_hist__sorted(&h, &v, &nr), 0, "sorted");
	is_int(nr, nsyms, "one entry per symbol sampled");
	{
		struct annotate_hist_iter it;
		u64 walked = 0, period = 0, want = 0;

		annotate_hist__for_each(&h, &it, e) {
			walked++;
			period += e->period;
		}
		for (i = 0; i < nsyms; i++)
			want += m[i].total;
		is_int(walked, nsyms, "annotate_hist__for_each: every entry");
		is_int(period, want, "...each once (their periods add up)");
	}
	for (i = 0; i < nsyms; i++) {
		e = annotate_hist__find(&h, dso, syms[i]);
		if (!e || e->period != m[i].total || e->target.sym != syms[i] ||
		    e->target.map_start != map->start) {
			good_entries = 0;
			continue;
		}
		for (j = 0, k = 0; j < MAX_OFF; j++) {
			if (!m[i].nr[j])
				continue;
			if ((size_t)k >= e->nr || e->samples[k].offset != j ||
			    e->samples[k].nr_samples != m[i].nr[j] ||
			    e->samples[k].period != m[i].period[j])
				good_offsets = 0;
			k++;
		}
		good_offsets &= (size_t)k == e->nr;
	}
	ok(good_entries, "each symbol's period and target as the model's");
	ok(good_offsets, "each offset's samples and period, ascending, none more");
	for (i = 1; i < nr; i++) {
		good_order &= v[i - 1]->period > v[i]->period ||
			      (v[i - 1]->period == v[i]->period &&
			       strcmp(v[i - 1]->target.sym->name, v[i]->target.sym->name) <= 0);
		for (j = 1; j < v[i]->nr; j++)
			good_sorted &= v[i]->samples[j - 1].offset < v[i]->samples[j].offset;
	}
	ok(good_order, "most period first, then by name");
	ok(good_sorted, "offsets ascending in every entry");
	free(v);

	/* after sorting, a new offset and an old one still land right */
	for (k = 0; k < MAX_OFF && !m[0].nr[k]; k++)
		;
	al.sym = syms[0];
	al.addr = syms[0]->start + MAX_OFF;
	annotate_hist__add_n(&h, &al, 3, 30);
	al.addr = syms[0]->start + k;
	annotate_hist__add_n(&h, &al, 2, 20);
	e = annotate_hist__find(&h, dso, syms[0]);
	good = e && e->period == m[0].total + 50;
	for (j = 0, i = 0; e && j < e->nr; j++) {
		const struct annotate_sample *sa = &e->samples[j];

		i += sa->offset == MAX_OFF && sa->nr_samples == 3;
		i += sa->offset == (u64)k && sa->nr_samples == m[0].nr[k] + 2;
	}
	ok(good && i == 2, "adding after sorting: a new offset, and one sampled before");

	/* late resolution: by address, into the target of an entry */
	annotate_target__init(&t, &al, NULL, NULL);
	annotate_hist__add_target(&h, &t, syms[1], syms[1]->start + 7, 4, 400);
	annotate_hist__add_target(&h, &t, NULL, 0x1234, 1, 1);
	e = annotate_hist__find(&h, dso, syms[1]);
	ok(e && e->period == m[1].total + 400 &&
	   h.nr_samples == NR_SAMPLES + 5 + 5, "add_target: into the symbol given; none: counted");
	ok(nosym > 0 && !annotate_hist__find(&h, dso, NULL), "no entry for samples without symbol");

	/* a location with a map and a symbol but no dso: counted, not kept */
	nr = h.nr_entries;
	al.dso = NULL;
	al.sym = syms[2];
	al.addr = syms[2]->start + 1;
	ok(!annotate_hist__add(&h, &al, 1) && h.nr_entries == nr &&
	   h.nr_samples == NR_SAMPLES + 11, "no dso: counted, no entry made");
	annotate_hist__exit(&h);
	map__delete(map);
	dso__delete(dso);
	free(syms);
	free(m);
	return done_testing();
}
