// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "evlist.h"

struct evlist *evlist__new(void)
{
	return calloc(1, sizeof(struct evlist));
}

void evlist__delete(struct evlist *evlist)
{
	int i;

	if (!evlist)
		return;
	for (i = 0; i < evlist->nr_entries; i++)
		evsel__delete(evlist->entries[i]);
	free(evlist->entries);
	free(evlist->id_keys);
	free(evlist->id_vals);
	free(evlist);
}

static u32 id_hash(u64 id)
{
	id ^= id >> 33;
	id *= 0xff51afd7ed558ccdULL;
	id ^= id >> 33;
	return (u32)id;
}

/* Keys are stored +1 so that 0 marks an empty slot and id 0 stays usable. */
static void id_insert(u64 *keys, struct evsel **vals, u32 cap, u64 id, struct evsel *evsel)
{
	u32 i = id_hash(id) & (cap - 1);

	while (keys[i] && keys[i] != id + 1)
		i = (i + 1) & (cap - 1);
	keys[i] = id + 1;
	vals[i] = evsel;
}

static int id_grow(struct evlist *evlist)
{
	u32 cap = evlist->id_cap ? evlist->id_cap * 2 : 64;
	u64 *keys = calloc(cap, sizeof(*keys));
	struct evsel **vals = calloc(cap, sizeof(*vals));
	u32 i;

	if (!keys || !vals) {
		free(keys);
		free(vals);
		return -ENOMEM;
	}
	for (i = 0; i < evlist->id_cap; i++)
		if (evlist->id_keys[i])
			id_insert(keys, vals, cap, evlist->id_keys[i] - 1, evlist->id_vals[i]);
	free(evlist->id_keys);
	free(evlist->id_vals);
	evlist->id_keys = keys;
	evlist->id_vals = vals;
	evlist->id_cap = cap;
	return 0;
}

int evlist__add_id(struct evlist *evlist, struct evsel *evsel, u64 id)
{
	if ((evlist->nr_ids + 1) * 2 > evlist->id_cap && id_grow(evlist))
		return -ENOMEM;
	if (!evlist__id2evsel(evlist, id))
		evlist->nr_ids++;
	id_insert(evlist->id_keys, evlist->id_vals, evlist->id_cap, id, evsel);
	return 0;
}

int evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel **entries;
	u32 i;
	int err;

	entries = realloc(evlist->entries, (evlist->nr_entries + 1) * sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	evlist->entries = entries;
	evsel->idx = evlist->nr_entries;
	entries[evlist->nr_entries++] = evsel;

	for (i = 0; i < evsel->nr_ids; i++) {
		err = evlist__add_id(evlist, evsel, evsel->ids[i]);
		if (err)
			return err;
	}
	return 0;
}

struct evsel *evlist__id2evsel(const struct evlist *evlist, u64 id)
{
	u32 i;

	if (!evlist->id_cap)
		return NULL;
	i = id_hash(id) & (evlist->id_cap - 1);
	while (evlist->id_keys[i]) {
		if (evlist->id_keys[i] == id + 1)
			return evlist->id_vals[i];
		i = (i + 1) & (evlist->id_cap - 1);
	}
	return NULL;
}

struct evsel *evlist__first(const struct evlist *evlist)
{
	return evlist->nr_entries ? evlist->entries[0] : NULL;
}

u64 evlist__sample_type(const struct evlist *evlist)
{
	struct evsel *first = evlist__first(evlist);

	return first ? first->attr.sample_type : 0;
}

bool evlist__sample_id_all(const struct evlist *evlist)
{
	struct evsel *first = evlist__first(evlist);

	return first && first->attr.sample_id_all;
}
