// SPDX-License-Identifier: GPL-2.0
/* util/sort.c: --sort parsing. */
#include "tap.h"
#include "util/sort.h"

int main(void)
{
	struct sort_spec s;
	char bad[32];

	is_int(sort_spec__parse(&s, "comm,dso,sym", bad, sizeof(bad)), 0, "default keys");
	ok(s.nr == 3 && s.keys[0] == SORT_COMM && s.keys[2] == SORT_SYM, "in order");
	is_int(sort_spec__parse(&s, "sym,symbol,pid", bad, sizeof(bad)), 0, "alias, duplicate");
	is_int(s.nr, 2, "duplicate dropped");
	is_int(sort_spec__parse(&s, "comm,bogus", bad, sizeof(bad)), -22, "unknown key");
	is_str(bad, "bogus", "named");
	is_int(sort_spec__parse(&s, "", bad, sizeof(bad)), -22, "empty");
	is_str(sort_key__header(SORT_DSO), "Shared Object", "header");
	is_int(sort_spec__parse(&s, "cpu tid", bad, sizeof(bad)), 0, "space separated");
	is_int(sort_spec__parse(&s, "sym,parent", bad, sizeof(bad)), 0, "the parent key");
	ok(s.nr == 2 && s.keys[1] == SORT_PARENT, "after sym");
	is_str(sort_key__header(SORT_PARENT), "Parent symbol", "its header");
	return done_testing();
}
