// SPDX-License-Identifier: GPL-2.0
/*
 * util/report.c: samples through the machine into one histogram per
 * event, the filters, chains with -g and --no-children, and the --stdio
 * text around the rows.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"
#include "tap.h"
#include "util/evlist.h"
#include "util/report.h"

static const union perf_event sample_ev = {
	.header = { .type = PERF_RECORD_SAMPLE, .misc = PERF_RECORD_MISC_USER, .size = 8 },
};

/* the app's text, from a file that is gone */
static const union perf_event *app_mmap(void)
{
	return mmap_ev(42, 0x400000, 0x1000, 0, "/nonexistent/app", PERF_RECORD_MISC_USER);
}

static struct perf_sample sample_at(u32 pid, u64 ip, u64 period)
{
	return (struct perf_sample){ .pid = pid, .tid = pid, .ip = ip, .cpu = 0,
				     .period = period };
}

static char *print(struct report *rep, struct evlist *evlist)
{
	char *out = NULL;
	size_t len;
	FILE *fp = open_memstream(&out, &len);
	struct perf_session session = { .evlist = evlist };

	report__fprintf(rep, &session, fp);
	fclose(fp);
	return out;
}

/* a sample of task 42 (period 100) and one of task 7 (300), same address */
static void add_two_tasks(struct report *rep, struct evsel *evsel)
{
	struct perf_sample s = sample_at(42, 0x10, 100);

	report__add_sample(rep, &sample_ev, &s, evsel);
	s = sample_at(7, 0x10, 300);
	report__add_sample(rep, &sample_ev, &s, evsel);
}

static struct report_opts opts_for(const char *sort, const char *cg)
{
	struct report_opts o = { .children = true, .max_stack = 127 };

	sort_spec__parse(&o.sort, sort, NULL, 0);
	o.sort_order = sort;
	o.cg.min_percent = 0.5;
	callchain_param__parse(&o.cg, cg);
	o.kallsyms = "/dev/null";
	return o;
}

int main(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(attr),
					.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
						       PERF_SAMPLE_PERIOD };
	struct evlist *evlist = evlist__new();
	struct evsel *evsel = evsel__new(&attr, 0);
	struct report_opts o = opts_for("comm,dso,sym", NULL);
	struct perf_sample s;
	struct report rep;
	char *out;
	int i;

	evsel__set_name(evsel, "cpu-clock");
	evlist__add(evlist, evsel);

	is_int(report__init(&rep, &o), 0, "init");
	is_int(report__process_event(&rep, comm_ev(42, 42, "app"), NULL), 0, "COMM");
	is_int(report__process_event(&rep, app_mmap(), NULL), 0, "MMAP2 of a file that is gone");
	for (i = 0; i < 3; i++) {
		s = sample_at(42, 0x400010, 100);
		is_int(report__add_sample(&rep, &sample_ev, &s, evsel), 0, "sample %d", i);
	}
	s = sample_at(7, 0x1234, 100);
	report__add_sample(&rep, &sample_ev, &s, evsel);
	is_int(rep.nr_hists, 1, "one histogram for the one event");
	is_int(rep.hists[0].nr_samples, 4, "every sample counted");
	is_int(rep.hists[0].nr_entries, 2, "two rows: the same address is one");
	out = print(&rep, evlist);
	ok(strstr(out, "# To display the perf.data header info") &&
	   strstr(out, "# Total Lost Samples: 0\n") &&
	   strstr(out, "# Samples: 4  of event 'cpu-clock'\n") &&
	   strstr(out, "# Event count (approx.): 400\n"), "the text around the rows");
	ok(strstr(out, "75.00%  app      app               [.] 0x0000000000000010\n"),
	   "a row of the unresolved address in the dso");
	ok(strstr(out, "25.00%  :7       [unknown]         [.] 0x0000000000001234\n"),
	   "a thread without a name or maps");
	free(out);
	report__exit(&rep);

	/* a filter: the other rows count in the total only, its column goes */
	o.filter.comms = "app";
	o.quiet = true;
	is_int(report__init(&rep, &o), 0, "init with --comms app");
	report__process_event(&rep, comm_ev(42, 42, "app"), NULL);
	add_two_tasks(&rep, evsel);
	is_int(rep.hists[0].nr_entries, 1, "one row");
	is_int(rep.hists[0].total_period, 400, "the filtered sample in the total");
	out = print(&rep, evlist);
	ok(!strstr(out, "# comm") && strstr(out, "25.00%") && !strstr(out, "app "),
	   "-q: rows only, the comm column elided");
	free(out);
	report__exit(&rep);

	/* --pid, --tid: the other tasks' samples count in the total only */
	o.filter.comms = NULL;
	o.filter.pids = "7,,99";
	is_int(report__init(&rep, &o), 0, "init with --pid 7,,99");
	add_two_tasks(&rep, evsel);
	is_int(rep.hists[0].nr_entries, 1, "--pid: one row");
	is_int(rep.hists[0].total_period, 400, "--pid: the filtered sample in the total");
	rep.opts.quiet = false;
	rep.opts.show_total_period = true;
	out = print(&rep, evlist);
	ok(strstr(out, "# Overhead        Period  ") && strstr(out, "75.00%           300  "),
	   "--show-total-period: the Period column, the row's period");
	free(out);
	report__exit(&rep);
	o.relative = true;
	is_int(report__init(&rep, &o), 0, "init with --pid 7,,99 --percentage relative");
	add_two_tasks(&rep, evsel);
	ok(rep.hists[0].total_period == 300 && rep.hists[0].nr_samples == 1 &&
	   rep.hists[0].filtered_period == 100, "relative: the total of the kept samples");
	report__exit(&rep);
	o.relative = false;
	o.filter.pids = NULL;
	o.filter.tids = "42";
	is_int(report__init(&rep, &o), 0, "init with --tid 42");
	s = sample_at(7, 0x10, 300);
	report__add_sample(&rep, &sample_ev, &s, evsel);
	is_int(rep.hists[0].nr_entries, 0, "--tid: no row of another thread");
	report__exit(&rep);
	o.filter.tids = NULL;
	o.hide_unresolved = true;
	is_int(report__init(&rep, &o), 0, "init with -U");
	add_two_tasks(&rep, evsel);
	ok(rep.hists[0].nr_entries == 0 && rep.hists[0].total_period == 0,
	   "-U: samples of no symbol count nowhere");
	report__exit(&rep);
	o.hide_unresolved = false;
	/* -x without a parent key: no sample has a parent, all filtered (counted) */
	o.exclude_other = true;
	is_int(report__init(&rep, &o), 0, "init with -x");
	add_two_tasks(&rep, evsel);
	ok(rep.hists[0].nr_entries == 0 && rep.hists[0].nr_samples == 2,
	   "-x alone: no row, the samples in the total");
	report__exit(&rep);
	o.exclude_other = false;
	{
		struct report_opts po = o;
		FILE *saved = stderr;

		sort_spec__parse(&po.sort, "sym,parent", NULL, 0);
		po.parent_pattern = "(";
		stderr = fopen("/dev/null", "w");
		is_int(report__init(&rep, &po), -EINVAL, "--parent '(' is refused");
		report__exit(&rep);
		fclose(stderr);
		stderr = saved;
		po.parent_pattern = NULL;
		is_int(report__init(&rep, &po), 0, "--sort parent: upstream's regex compiles");
		ok(rep.has_parent_re, "and is kept");
		report__exit(&rep);
	}
	{
		const char *bad[] = { "12x", "-1", "1,a", "99999999999" };
		FILE *saved = stderr;
		unsigned int k;

		stderr = fopen("/dev/null", "w");
		for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
			o.filter.tids = bad[k];
			is_int(report__init(&rep, &o), -EINVAL, "--tid %s is refused", bad[k]);
			report__exit(&rep);
		}
		fclose(stderr);
		stderr = saved;
	}
	o.filter.tids = NULL;

	/* -g: chains, children mode; --no-children; -g none */
	{
		struct perf_event_attr gattr = attr;
		struct evsel *g;
		u64 chain[] = { PERF_CONTEXT_USER, 0x400010, 0x400020, 0x400030 };
		const char *cgs[] = { NULL, "none" };
		bool children[] = { true, false };
		int c, k;

		gattr.sample_type |= PERF_SAMPLE_CALLCHAIN;
		g = evsel__new(&gattr, 1);
		evsel__set_name(g, "cycles");
		evlist__add(evlist, g);
		for (c = 0; c < 2; c++) {
			for (k = 0; k < 2; k++) {
				o = opts_for("comm,dso,sym", cgs[c]);
				o.children = children[k];
				is_int(report__init(&rep, &o), 0, "init -g %s%s",
				       cgs[c] ? cgs[c] : "(default)",
				       children[k] ? "" : " --no-children");
				report__process_event(&rep, comm_ev(42, 42, "app"), NULL);
				report__process_event(&rep, app_mmap(), NULL);
				s = sample_at(42, 0x400010, 100);
				s.callchain = chain;
				s.callchain_nr = ARRAY_SIZE(chain);
				is_int(report__add_sample(&rep, &sample_ev, &s, g), 0,
				       "a sample with a chain");
				ok(rep.nr_hists == 2 && rep.hists[1].cumulate == children[k] &&
				   rep.hists[1].graph == !c, "the second event's histogram");
				if (children[k])
					ok(rep.hists[1].nr_entries >= 3, "each frame an entry");
				else
					is_int(rep.hists[1].nr_entries, 1, "its own entry");
				out = print(&rep, evlist);
				ok(strstr(out, "# Samples: 1  of event 'cycles'\n") &&
				   !strstr(out, "of event 'cpu-clock'"), "only events with samples");
				ok(!strstr(out, "Children") == !children[k], "the Children column");
				free(out);
				report__exit(&rep);
			}
		}
	}
	evlist__delete(evlist);
	return done_testing();
}
