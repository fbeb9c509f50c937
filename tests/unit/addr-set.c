// SPDX-License-Identifier: GPL-2.0
/* util/addr-set.c: members, the extremes, a million of them at a bounded cost. */
#include "tap.h"
#include "util/addr-set.h"

int main(void)
{
	struct addr_set s;
	bool all = true, none = true;
	u64 i;

	addr_set__init(&s);
	ok(!addr_set__has(&s, 0x1000), "empty: nothing");
	is_int(addr_set__add(&s, 0x1000), 0, "add");
	is_int(addr_set__add(&s, 0x1000), 0, "add again");
	ok(addr_set__has(&s, 0x1000) && s.nr == 1, "there, once");
	addr_set__add(&s, 0);
	addr_set__add(&s, UINT64_MAX);
	ok(addr_set__has(&s, 0) && addr_set__has(&s, UINT64_MAX) && !addr_set__has(&s, 1),
	   "0 and 2^64-1 are addresses like any");
	addr_set__exit(&s);

	/*
	 * A program unloaded 200 times a second for an hour and a half is a
	 * million addresses: each add and ask a few probes (a list walked
	 * for each was 5 * 10^11 here).
	 */
	addr_set__init(&s);
	for (i = 0; i < 1000000; i++)
		addr_set__add(&s, 0xffffffffc0000000ULL + i * 0x1000);
	for (i = 0; i < 1000000; i++) {
		all &= addr_set__has(&s, 0xffffffffc0000000ULL + i * 0x1000);
		none &= !addr_set__has(&s, 0xffffffffc0000800ULL + i * 0x1000);
	}
	ok(all && s.nr == 1000000, "a million members, every one found");
	ok(none, "and no other");
	ok(s.probes < 10ULL * 3000000, "%llu probes for 3M adds and asks (under 10 each)",
	   (unsigned long long)s.probes);
	addr_set__exit(&s);
	return done_testing();
}
