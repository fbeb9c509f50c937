// SPDX-License-Identifier: GPL-2.0
/* util/callchain.c: markers, max-stack, corrupt chains, -g values. */
#include "tap.h"
#include "util/callchain.h"

int main(void)
{
	struct machine *m = machine__new("/nonexistent");
	struct callchain_cursor c;
	struct callchain_param p = { 0 };
	u64 chain[] = { PERF_CONTEXT_KERNEL, 0xffffffff81000010ULL, PERF_CONTEXT_USER, 0x1000,
			0x2000 };
	u64 bad[] = { PERF_CONTEXT_USER, 0x1000, (u64)-1 };
	struct perf_sample s = { .ip = 0x10, .callchain = chain, .callchain_nr = 5 };

	callchain_cursor__init(&c);
	is_int(callchain__resolve(m, NULL, &s, PERF_RECORD_MISC_USER, 0, &c), 0, "resolve");
	is_int(c.nr, 3, "markers dropped");
	ok(c.entries[0].level == 'k' && c.entries[1].level == '.', "markers set the level");
	callchain__resolve(m, NULL, &s, PERF_RECORD_MISC_USER, 2, &c);
	is_int(c.nr, 2, "max-stack");
	s.callchain = bad;
	s.callchain_nr = 3;
	callchain__resolve(m, NULL, &s, PERF_RECORD_MISC_USER, 0, &c);
	is_int(c.nr, 0, "a bogus marker drops the chain");
	s.callchain = NULL;
	callchain__resolve(m, NULL, &s, PERF_RECORD_MISC_USER, 0, &c);
	ok(c.nr == 1 && c.entries[0].ip == 0x10, "no chain: the ip");
	is_int(callchain_param__parse(&p, "none"), 0, "none");
	ok(p.none && !p.enabled, "none disables");
	is_int(callchain_param__parse(&p, "graph,0.5,caller"), 0, "graph,0.5,caller");
	ok(p.enabled && p.caller && p.min_percent == 0.5, "values");
	is_int(callchain_param__parse(&p, "bogus"), -22, "unknown word");
	callchain_cursor__exit(&c);
	machine__delete(m);
	return done_testing();
}
