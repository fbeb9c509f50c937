// SPDX-License-Identifier: GPL-2.0
/* util/map.c: map_ip, insertion cutting overlaps, removal, lookup, clone. */
#include "tap.h"
#include "util/map.h"

int main(void)
{
	struct dso *d = dso__new("/lib/x.so", DSO_KIND_USER);
	struct maps *m = maps__new(), *c;
	struct map *f;

	ok(d && m, "allocated");
	is_str(d->short_name, "x.so", "short name is the last component");
	f = map__new(0x1000, 0x5000, 0x100, d, false);
	ok(f && !f->prot && !f->flags && !f->ino, "a new map: no prot, flags, inode");
	if (f) {
		f->prot = 5;
		f->flags = 2;
		f->ino = 77;
	}
	ok(!maps__insert(m, f), "insert");
	f = maps__find(m, 0x1234);
	ok(f && map__map_ip(f, 0x1234) == 0x334, "map_ip: ip - start + pgoff");
	/* a new mapping in the middle splits the old one */
	ok(!maps__insert(m, map__new(0x2000, 0x3000, 0, d, true)), "insert inside");
	is_int(m->nr, 3, "head, new, tail");
	f = maps__find(m, 0x4000);
	ok(f && f->start == 0x3000 && f->pgoff == 0x2100, "tail keeps its file offset");
	ok(f && f->prot == 5 && f->flags == 2 && f->ino == 77, "and its prot, flags, inode");
	f = maps__find(m, 0x2800);
	ok(f && f->identity && map__map_ip(f, 0x2800) == 0x2800, "identity map");
	ok(maps__find(m, 0x5000) == NULL && maps__find(m, 0xfff) == NULL, "outside");
	/* covering everything replaces everything */
	c = maps__clone(m);
	ok(c && c->nr == 3, "clone");
	ok(c && c->entries[2]->ino == 77 && c->entries[2]->prot == 5, "a clone's maps keep theirs");
	ok(!maps__insert(m, map__new(0x0, 0x10000, 0, d, false)), "insert over all");
	is_int(m->nr, 1, "one map left");
	is_int(c->nr, 3, "the clone is its own");
	is_int(maps__remove_at(c, 0x2000), 0, "remove by start");
	is_int(maps__remove_at(c, 0x2000), -2, "gone");
	ok(maps__find(c, 0x2800) == NULL, "lookup misses the hole");
	ok(maps__insert(m, map__new(0x10, 0x10, 0, d, false)) == -22, "empty range rejected");
	maps__put(c);
	maps__put(m);
	dso__delete(d);
	return done_testing();
}
