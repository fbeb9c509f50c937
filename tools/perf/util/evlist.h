/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_EVLIST_H
#define __PERF_EVLIST_H

#include "evsel.h"

/*
 * The events of a session in file order, and the sample id -> evsel map
 * used to find which event a record belongs to.
 */
struct evlist {
	struct evsel	**entries;
	int		nr_entries;
	/* open-addressing hash of sample ids */
	u64		*id_keys;
	struct evsel	**id_vals;
	u32		id_cap;
	u32		nr_ids;
};

struct evlist *evlist__new(void);
void evlist__delete(struct evlist *evlist);
/* Takes ownership of evsel; registers its ids. */
int evlist__add(struct evlist *evlist, struct evsel *evsel);
int evlist__add_id(struct evlist *evlist, struct evsel *evsel, u64 id);
struct evsel *evlist__id2evsel(const struct evlist *evlist, u64 id);
struct evsel *evlist__first(const struct evlist *evlist);

/* sample_type shared by all events (0 and -EINVAL when they disagree on the id position) */
u64 evlist__sample_type(const struct evlist *evlist);
bool evlist__sample_id_all(const struct evlist *evlist);

#define evlist__for_each(evlist, pos, i) \
	for ((i) = 0; (i) < (evlist)->nr_entries && ((pos) = (evlist)->entries[(i)]); (i)++)

#endif /* __PERF_EVLIST_H */
