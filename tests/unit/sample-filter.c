// SPDX-License-Identifier: GPL-2.0
/* util/sample-filter.c: report's and script's filters by task and place. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "util/dso.h"
#include "util/evlist.h"
#include "util/machine.h"
#include "util/map.h"
#include "util/sample-filter.h"
#include "util/symbol.h"
#include "util/thread.h"

int main(void)
{
	struct thread *t = thread__new(10, 11, "app");
	struct dso *dso = dso__new("/usr/lib/libc.so.6", DSO_KIND_USER);
	struct symbol *sym = symbol__new(0x10, 0x10, 1, "memcpy");
	struct addr_location al = { .thread = t, .dso = dso, .sym = sym };
	struct sample_filter_opts o = { 0 };
	struct sample_filter f;
	const char *bad[] = { "12x", "-1", "1,a", "99999999999" };
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE,
					.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CPU };
	struct evlist *evlist = evlist__new();
	FILE *saved = stderr;
	size_t i;

	is_int(sample_filter__init(&f, &o), 0, "no filter");
	ok(sample_filter__task(&f, t) && sample_filter__location(&f, &al) &&
	   !sample_filter__has_location(&f), "no filter lets all through");
	sample_filter__exit(&f);

	o.pids = "3,,10";
	o.tids = "11";
	is_int(sample_filter__init(&f, &o), 0, "--pid 3,,10 --tid 11");
	is_int(f.pids.nr, 2, "the empty item skipped");
	ok(sample_filter__task(&f, t), "the thread passes both");
	sample_filter__exit(&f);
	o.tids = "10";
	sample_filter__init(&f, &o);
	ok(!sample_filter__task(&f, t), "--tid is the thread's own id, not its process's");
	sample_filter__exit(&f);
	o.pids = o.tids = NULL;

	o.comms = "sh,app";
	o.dsos = "libc.so.6";
	o.symbols = "memcpy";
	is_int(sample_filter__init(&f, &o), 0, "--comms --dsos --symbols");
	ok(sample_filter__has_location(&f) && sample_filter__location(&f, &al),
	   "comm, short dso name and symbol pass");
	al.sym = NULL;
	ok(!sample_filter__location(&f, &al), "no symbol fails --symbols");
	al.sym = sym;
	sample_filter__exit(&f);
	o.dsos = "/usr/lib/libc.so.6";
	sample_filter__init(&f, &o);
	ok(!sample_filter__location(&f, &al), "--dsos takes the short name");
	sample_filter__exit(&f);
	o = (struct sample_filter_opts){ 0 };

	/* --symbols: hex items are sample addresses (with a map), --addr-range after them */
	{
		struct map *map = map__new(0x1000, 0x2000, 0, dso, false);

		al.map = map;
		al.ip = 0x1018;
		o.symbols = "0x1010,cafe";
		is_int(sample_filter__init(&f, &o), 0, "--symbols 0x1010,cafe");
		is_int(f.nr_addrs, 2, "...two addresses");
		is_int(f.symbols.nr, 0, "...no name");
		ok(sample_filter__has_location(&f) && !sample_filter__location(&f, &al),
		   "the symbol's name is not among them, the address is not either");
		sample_filter__exit(&f);
		o.addr_range = 9;
		sample_filter__init(&f, &o);
		ok(sample_filter__location(&f, &al), "--addr-range 9: 0x1018 is 8 after 0x1010");
		o.addr_range = 8;
		sample_filter__exit(&f);
		sample_filter__init(&f, &o);
		ok(!sample_filter__location(&f, &al), "--addr-range 8: not within");
		sample_filter__exit(&f);
		o.addr_range = 0;
		o.symbols = "1018x,memcpy";
		sample_filter__init(&f, &o);
		ok(f.nr_addrs == 0 && f.symbols.nr == 2 && sample_filter__location(&f, &al),
		   "not hex as a whole: names (memcpy matches)");
		sample_filter__exit(&f);
		o.symbols = "1018";
		sample_filter__init(&f, &o);
		ok(sample_filter__location(&f, &al), "the sample's own address passes");
		al.map = NULL;
		ok(!sample_filter__location(&f, &al), "...only with a map, as upstream");
		sample_filter__exit(&f);
		map__delete(map);
		o = (struct sample_filter_opts){ 0 };
	}

	stderr = fopen("/dev/null", "w");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		o.pids = bad[i];
		is_int(sample_filter__init(&f, &o), -EINVAL, "--pid '%s' is refused", bad[i]);
		sample_filter__exit(&f);
	}

	/* --cpu: by the file's events and NRCPUS */
	sample_filter__init(&f, &o);
	is_int(sample_filter__set_cpus(&f, NULL, evlist, 4), 0, "no --cpu");
	ok(sample_filter__cpu(&f, 7), "no --cpu lets every CPU through");
	evlist__add(evlist, evsel__new(&attr, 0));
	attr.type = PERF_TYPE_TRACEPOINT;
	evlist__add(evlist, evsel__new(&attr, 1));
	attr.sample_type = PERF_SAMPLE_IP;
	evlist__add(evlist, evsel__new(&attr, 2));
	is_int(sample_filter__set_cpus(&f, "0,2-3", evlist, 4), 0,
	       "--cpu 0,2-3 of 4 (a later tracepoint without CPU: as upstream, unseen)");
	ok(sample_filter__cpu(&f, 0) && !sample_filter__cpu(&f, 1) && sample_filter__cpu(&f, 3) &&
	   !sample_filter__cpu(&f, 4), "CPUs 0, 2 and 3 pass");
	is_int(sample_filter__set_cpus(&f, "", evlist, 4), 0, "--cpu ''");
	ok(!sample_filter__cpu(&f, 0), "'' selects no CPU");
	is_int(sample_filter__set_cpus(&f, "1-3", evlist, 2), -EINVAL, "CPU 2 of 2 refused");
	is_int(sample_filter__set_cpus(&f, "0", evlist, 0), -EINVAL,
	       "no NRCPUS (a pipe): every CPU refused");
	is_int(sample_filter__set_cpus(&f, "0,0", evlist, 4), -EINVAL, "a CPU twice refused");
	attr.type = PERF_TYPE_HARDWARE;
	evlist__add(evlist, evsel__new(&attr, 3));
	is_int(sample_filter__set_cpus(&f, "0", evlist, 4), -EINVAL,
	       "a kind's first event without CPU refused");
	sample_filter__exit(&f);
	evlist__delete(evlist);

	fclose(stderr);
	stderr = saved;

	/* the name lists alone (script --stop-bt) */
	{
		struct name_list l = { 0 };

		is_int(name_list__parse(&l, ",a,,b,"), 0, "a name list");
		is_int(l.nr, 2, "its empty items skipped");
		ok(name_list__match(&l, "b") && !name_list__match(&l, "c") &&
		   !name_list__match(&l, NULL), "matched by whole names");
		name_list__exit(&l);
		ok(name_list__match(&l, "c"), "an empty list matches anything");
	}

	/* --switch-on a, --switch-off b over the samples a c b c a c */
	{
		struct perf_event_attr at = { .size = sizeof(at) };
		struct evlist *el = evlist__new();
		struct evsel *a = evsel__new(&at, 0), *b = evsel__new(&at, 1),
			     *c = evsel__new(&at, 2), *seq[6];
		struct evswitch sw = { .on_name = "a", .off_name = "b" };
		char kept[8] = "";
		int k, n = 0;

		evsel__set_name(a, "a");
		evsel__set_name(b, "b");
		evsel__set_name(c, "c");
		evlist__add(el, a);
		evlist__add(el, b);
		evlist__add(el, c);
		seq[0] = a; seq[1] = c; seq[2] = b; seq[3] = c; seq[4] = a; seq[5] = c;
		evswitch__init(&sw);
		is_int(evswitch__check(&sw, el), 0, "both events known");
		for (k = 0; k < 6; k++)
			if (!evswitch__discard(&sw, seq[k]))
				kept[n++] = evsel__name(seq[k])[0];
		is_str(kept, "cc", "on a, off b: the c between, the c after a again");
		sw = (struct evswitch){ .off_name = "b" };
		evswitch__init(&sw);
		for (k = n = 0; k < 6; k++)
			n += evswitch__discard(&sw, seq[k]);
		is_int(n, 1, "off alone: its first sample only");
		sw = (struct evswitch){ .on_name = "zz" };
		is_int(evswitch__check(&sw, el), -ENOENT, "an event of no such name");
		evlist__delete(el);
	}

	free(sym);
	dso__delete(dso);
	thread__delete(t);
	return done_testing();
}
