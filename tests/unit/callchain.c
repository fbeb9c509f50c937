// SPDX-License-Identifier: GPL-2.0
/* util/callchain.c: markers, max-stack, corrupt chains, -g values. */
#include <stdlib.h>
#include <string.h>

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
	ok(p.order_set, "an order word is remembered as given");

	/* the cache: one frame of two threads is two frames, the same results */
	{
		struct thread *t1 = machine__findnew_thread(m, 10, 10);
		struct thread *t2 = machine__findnew_thread(m, 20, 20);
		struct addr_location first[3];

		is_int(callchain_cursor__enable_cache(&c), 0, "cache");
		s.callchain = chain;
		s.callchain_nr = 5;
		callchain__resolve(m, t1, &s, PERF_RECORD_MISC_USER, 0, &c);
		memcpy(first, c.entries, sizeof(first));
		callchain__resolve(m, t2, &s, PERF_RECORD_MISC_USER, 0, &c);
		ok(c.nr == 3 && c.entries[0].thread == t2 && c.entries[2].thread == t2,
		   "cached frames keep their thread");
		callchain__resolve(m, t1, &s, PERF_RECORD_MISC_USER, 0, &c);
		ok(c.nr == 3 && !memcmp(first, c.entries, sizeof(first)),
		   "the same frames again");
		/* an mmap of t1's process: its frames anew, t2's stay valid */
		{
			union perf_event ev;
			struct perf_record_mmap2 *m2 = &ev.mmap2;

			memset(&ev, 0, sizeof(ev));
			m2->header.type = PERF_RECORD_MMAP2;
			m2->header.misc = PERF_RECORD_MISC_USER;
			m2->header.size = sizeof(*m2) + 16;
			m2->pid = m2->tid = 10;
			m2->start = 0x1000;
			m2->len = 0x1000;
			m2->prot = 5;
			strcpy(m2->filename, "/bin/lib.so");
			is_int(machine__process_event(m, &ev, NULL), 0, "MMAP2 in t1's process");
		}
		callchain__resolve(m, t1, &s, PERF_RECORD_MISC_USER, 0, &c);
		ok(c.nr == 3 && c.entries[1].dso && !strcmp(c.entries[1].dso->short_name, "lib.so"),
		   "t1's frame sees the new map");
		callchain__resolve(m, t2, &s, PERF_RECORD_MISC_USER, 0, &c);
		ok(c.nr == 3 && !c.entries[1].dso && c.entries[1].thread == t2,
		   "t2's frame does not");
	}
	/* --ignore-callees: a, b, a, c innermost first; match "^a$" */
	{
		struct symbol *sa = symbol__new(0, 1, SYMBOL_GLOBAL, "a");
		struct symbol *sb = symbol__new(0, 1, SYMBOL_GLOBAL, "b");
		struct symbol *sc = symbol__new(0, 1, SYMBOL_GLOBAL, "c");
		struct symbol *order[] = { sa, sb, sa, sc };
		struct addr_location al = { .ip = 1 }, ents[4];
		struct callchain_cursor cc = { .entries = ents };
		regex_t re;
		int i;

		is_int(callchain__compile_ignore(&re, "("), -22, "a bad regex: -EINVAL");
		is_int(callchain__compile_ignore(&re, "^a$"), 0, "compiled");
		for (int pass = 0; pass < 2; pass++) {
			cc.nr = 4;
			for (i = 0; i < 4; i++)
				ents[i] = (struct addr_location){ .sym = order[i], .ip = 100 + i };
			callchain_cursor__ignore_callees(&cc, &re, pass, &al);
			if (!pass)
				ok(cc.nr == 2 && al.ip == 102 && ents[0].ip == 102 && ents[1].ip == 103,
				   "callee order: the outermost match, outward");
			else
				ok(cc.nr == 1 && al.ip == 100, "caller order: the innermost, its callers gone");
		}
		ents[0].sym = sb;
		al.ip = 1;
		callchain_cursor__ignore_callees(&cc, &re, true, &al);
		ok(cc.nr == 1 && al.ip == 1, "no match: nothing changes");
		regfree(&re);
		free(sa);
		free(sb);
		free(sc);
	}
	callchain_cursor__exit(&c);
	machine__delete(m);
	return done_testing();
}
