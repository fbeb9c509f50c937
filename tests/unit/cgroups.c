// SPDX-License-Identifier: GPL-2.0
/* util/cgroups.c: cgroup paths by id, kept sorted, the first path kept. */
#include <string.h>

#include "tap.h"
#include "util/cgroups.h"

int main(void)
{
	static const u64 ids[] = { 44, 1, 25, 7, 1000, 3 };
	struct cgroups cg = { 0 };
	const char *first;
	char path[32];
	size_t i;
	bool sorted = true;

	ok(cgroups__find(&cg, 1) == NULL, "empty: nothing found");
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		snprintf(path, sizeof(path), "/g%llu", (unsigned long long)ids[i]);
		is_int(cgroups__add(&cg, ids[i], path, strlen(path)), 0, "add %s", path);
	}
	is_int(cg.nr, 6, "six cgroups");
	for (i = 1; i < cg.nr; i++)
		sorted &= cg.v[i - 1].id < cg.v[i].id;
	ok(sorted, "kept sorted by id");
	is_str(cgroups__find(&cg, 25), "/g25", "found by id");
	is_str(cgroups__find(&cg, 1000), "/g1000", "the last");
	is_str(cgroups__find(&cg, 1), "/g1", "the first");
	ok(cgroups__find(&cg, 2) == NULL && cgroups__find(&cg, 5000) == NULL &&
	   cgroups__find(&cg, 0) == NULL, "ids no record named: NULL");
	first = cgroups__find(&cg, 7);
	is_int(cgroups__add(&cg, 7, "/other", 6), 0, "a known id again");
	ok(cg.nr == 6 && cgroups__find(&cg, 7) == first && !strcmp(first, "/g7"),
	   "keeps its first path, where it was");
	is_int(cgroups__add(&cg, 8, "/sys.slice\0junk", 15), 0, "a path with bytes after its NUL");
	is_str(cgroups__find(&cg, 8), "/sys.slice", "cut at the NUL");
	is_int(cgroups__add(&cg, 9, "/abcdef", 3), 0, "a path cut by its length");
	is_str(cgroups__find(&cg, 9), "/ab", "only len bytes");
	for (i = 0; i < 300; i++)
		cgroups__add(&cg, 10000 + 2 * i, "/x", 2);
	ok(cg.nr == 308 && cgroups__find(&cg, 10000 + 2 * 299) && !cgroups__find(&cg, 10001),
	   "grows past its first allocation");
	cgroups__exit(&cg);
	ok(cg.nr == 0 && cg.v == NULL, "exit frees and resets");
	return done_testing();
}
