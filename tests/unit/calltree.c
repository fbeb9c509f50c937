// SPDX-License-Identifier: GPL-2.0
/*
 * util/calltree.c: interned strings and frames, paths merged into nodes,
 * counts on the way, children in order, lookups; many siblings (no
 * linear scans: a frameless parent of 20000 children).
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/calltree.h"

static u32 frame(struct calltree *t, const char *name, u32 tag)
{
	struct calltree_frame f = { .pid = -1, .tid = -1, .cpu = -1, .tag = tag,
				    .kind = CALLTREE_KERNEL };

	f.name = calltree__intern_str(t, name);
	return calltree__frame(t, &f);
}

int main(void)
{
	struct calltree *t = calltree__new();
	struct calltree_frame key = { .pid = -1, .tid = -1, .cpu = -1 };
	u32 a, b, c, a2, path[3], leaf, leaf2, n1, n2, nr, *kids, i, x;
	char name[32];
	int err = 0;

	ok(t != NULL, "new");
	is_int(calltree__intern_str(t, ""), 0, "string 0 is \"\"");
	x = calltree__intern_str(t, "main");
	is_int(calltree__intern(t, "main()", 4), x, "interned by content");
	is_str(calltree__str(t, x), "main", "string of an id");
	is_int(calltree__find_str(t, "main"), x, "find_str");
	is_int(calltree__find_str(t, "absent"), (u32)-1, "find_str of an absent string");

	a = frame(t, "a", 0);
	b = frame(t, "b", 0);
	c = frame(t, "c", 0);
	a2 = frame(t, "a", 1);
	ok(a && b && c && a != b, "frames made");
	is_int(frame(t, "a", 0), a, "same key, same frame");
	ok(a2 != a, "the tag tells frames apart");
	key.name = calltree__find_str(t, "b");
	is_int(calltree__find_frame(t, &key), b, "find_frame");
	key.name = x;
	is_int(calltree__find_frame(t, &key), (u32)-1, "find_frame of an absent key");

	path[0] = a; path[1] = b; path[2] = c;
	is_int(calltree__add(t, path, 3, 10, &leaf), 0, "add a;b;c");
	is_int(calltree__add(t, path, 3, 5, &leaf2), 0, "add a;b;c again");
	is_int(leaf, leaf2, "same path, same leaf");
	is_int(calltree__add(t, path, 2, 7, NULL), 0, "add a;b");
	path[1] = c;
	is_int(calltree__add(t, path, 2, 1, NULL), 0, "add a;c");
	is_int(calltree__nr_nodes(t), 5, "root, a, a;b, a;b;c, a;c");
	is_int(calltree__node(t, 0)->samples, 4, "root: 4 samples");
	is_int(calltree__node(t, 0)->period, 23, "root: period 23");
	n1 = calltree__child(t, 0, a);
	ok(n1 != 0, "child a of the root");
	is_int(calltree__node(t, n1)->samples, 4, "a: total 4");
	is_int(calltree__node(t, n1)->self_samples, 0, "a: self 0");
	n2 = calltree__child(t, n1, b);
	is_int(calltree__node(t, n2)->samples, 3, "a;b: total 3");
	is_int(calltree__node(t, n2)->self_samples, 1, "a;b: self 1");
	is_int(calltree__node(t, n2)->self_period, 7, "a;b: self period 7");
	is_int(calltree__node(t, leaf)->period, 15, "a;b;c: period 15");
	is_int(calltree__node(t, leaf)->parent, n2, "parent link");
	is_int(calltree__child(t, n2, a), 0, "no such child");
	is_int(calltree__max_depth(t), 3, "depth 3");
	kids = calltree__children(t, n1, &nr);
	ok(nr == 2 && kids && calltree__node(t, kids[0])->frame == b &&
	   calltree__node(t, kids[1])->frame == c, "children in the order they came");
	free(kids);
	kids = calltree__children(t, leaf, &nr);
	ok(!kids && nr == 0, "a leaf has no children");

	/* 20000 siblings under c: hashed lookups, all distinct */
	path[0] = c;
	for (i = 0; i < 20000 && !err; i++) {
		snprintf(name, sizeof(name), "f%u", i);
		path[1] = frame(t, name, 0);
		err = calltree__add(t, path, 2, 1, NULL);
		if (!err && i % 2)
			err = calltree__add(t, path, 2, 1, NULL);
	}
	is_int(err, 0, "20000 siblings added");
	n1 = calltree__child(t, 0, c);
	is_int(calltree__node(t, n1)->samples, 30000, "their parent counts 30000 samples");
	nr = 0;
	calltree__for_each_child(t, n1, i)
		nr++;
	is_int(nr, 20000, "20000 children");
	is_int(calltree__frame_at(t, calltree__node(t, calltree__child(t, n1,
		frame(t, "f19999", 0)))->frame)->name, calltree__find_str(t, "f19999"),
	       "the last one found by frame");
	is_str(calltree_kind__name(CALLTREE_BPF), "bpf", "kind names");
	is_str(calltree_kind__name(CALLTREE_NR_KINDS + 3), "unknown", "out of range kind");
	calltree__delete(t);
	calltree__delete(NULL);
	done_testing();
}
