// SPDX-License-Identifier: GPL-2.0
/*
 * util/script.c: -F fields and their checks, a sample's line in the
 * default format and with -F, its call chain, and side-band records'
 * lines when asked for.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "records.h"
#include "tap.h"
#include "util/evlist.h"
#include "util/script.h"

static const union perf_event sample_ev = {
	.header = { .type = PERF_RECORD_SAMPLE, .misc = PERF_RECORD_MISC_USER, .size = 8 },
};

/* What s wrote to its file since the last call. */
static char *take(struct script *s, FILE *fp)
{
	static char text[4096];
	static off_t pos;
	ssize_t n;

	fmt_buf__flush(&s->out);
	n = pread(fileno(fp), text, sizeof(text) - 1, pos);
	if (n < 0)
		n = 0;
	pos += n;
	text[n] = '\0';
	return text;
}

int main(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(attr),
					.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
						       PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
						       PERF_SAMPLE_PERIOD,
					.sample_id_all = 1 };
	struct perf_sample smp = { .pid = 42, .tid = 43, .ip = 0xffffffff81000010ULL,
				   .time = 12345678901ULL, .cpu = 1, .period = 250000 };
	struct evlist *evlist = evlist__new();
	struct evsel *evsel = evsel__new(&attr, 0);
	struct evsel *g;	/* "cycles", with call chains */
	FILE *fp = tmpfile();
	char bad[512], msg[512];
	struct script s;

	if (!fp)
		skip_all("no temporary file");
	evsel__set_name(evsel, "cpu-clock");
	evlist__add(evlist, evsel);
	is_int(script__init(&s, fileno(fp), "/dev/null"), 0, "init");

	is_int(script__parse_fields(&s, "comm,nonsense", bad, sizeof(bad)), -EINVAL,
	       "an unknown field");
	is_str(bad, "invalid field requested: nonsense", "named");
	is_int(script__check_fields(&s, evlist, msg, sizeof(msg)), 0,
	       "the default fields need no check");

	is_int(script__event(&s, comm_ev(42, 43, "app"), &smp, evsel), 0, "COMM, not shown");
	is_str(take(&s, fp), "", "no line without --show-task-events");
	is_int(script__sample(&s, &sample_ev, &smp, evsel), 0, "a sample");
	is_str(take(&s, fp), "             app    43 [001]    12.345678:     250000 cpu-clock:  "
	       "ffffffff81000010 [unknown] ([unknown])\n", "the default line");

	s.show_task = true;
	script__event(&s, comm_ev(42, 43, "app2"), &smp, evsel);
	is_str(take(&s, fp), "            app2    43 [001]    12.345678: PERF_RECORD_COMM: "
	       "app2:42/43\n", "--show-task-events: the COMM's line");

	is_int(script__parse_fields(&s, "cpu:pid", bad, sizeof(bad)), -EINVAL,
	       "-F with a type upstream has not");
	is_int(script__parse_fields(&s, "sw:pid,tid,ip,addr", bad, sizeof(bad)), 0,
	       "-F with a type prefix");
	is_int(script__check_fields(&s, evlist, msg, sizeof(msg)), -EINVAL,
	       "addr without PERF_SAMPLE_ADDR");
	is_str(msg, "Samples for 'cpu-clock' event do not have ADDR attribute set. "
	       "Cannot print 'addr' field.", "upstream's message");
	script__parse_fields(&s, "pid,tid,ip", bad, sizeof(bad));
	script__sample(&s, &sample_ev, &smp, evsel);
	is_str(take(&s, fp), "   42/43     ffffffff81000010\n", "-F pid,tid,ip");

	/* a chain: a line per frame below the sample's */
	{
		u64 chain[] = { PERF_CONTEXT_KERNEL, 0xffffffff81000010ULL, 0xffffffff81000020ULL };
		struct perf_event_attr gattr = attr;

		gattr.sample_type |= PERF_SAMPLE_CALLCHAIN;
		g = evsel__new(&gattr, 1);
		evsel__set_name(g, "cycles");
		evlist__add(evlist, g);
		script__parse_fields(&s, "comm,ip,sym", bad, sizeof(bad));
		smp.callchain = chain;
		smp.callchain_nr = ARRAY_SIZE(chain);
		is_int(script__sample(&s, &sample_ev, &smp, g), 0, "a sample with a chain");
		is_str(take(&s, fp), "app2 \n\tffffffff81000010 [unknown]\n"
		       "\tffffffff81000020 [unknown]\n\n", "its frames");
		s.no_callchain = true;
		script__sample(&s, &sample_ev, &smp, g);
		is_str(take(&s, fp), "            app2  ffffffff81000010 [unknown]\n",
		       "-G: the sample's ip only");
	}

	/* --switch-on/--switch-off: from a cycles sample to the next, that one hidden */
	{
		union perf_event round = { .header = { .type = PERF_RECORD_FINISHED_ROUND,
						       .size = 8 } };
		union perf_event lost = { .lost = { .header = { .type = PERF_RECORD_LOST,
								.size = sizeof(lost.lost) },
						    .id = 1, .lost = 24 } };
		const char *which = NULL;

		s.no_callchain = true;
		script__parse_fields(&s, "comm,tid", bad, sizeof(bad));
		is_int(script__set_switch(&s, evlist, NULL, "nope", &which), -ENOENT,
		       "a switch-off event the file lacks");
		is_str(which, "switch-off", "named");
		is_int(script__set_switch(&s, evlist, "cycles", "cycles", &which), 0,
		       "--switch-on cycles --switch-off cycles");
		script__sample(&s, &sample_ev, &smp, evsel);
		script__sample(&s, &sample_ev, &smp, g);
		is_str(take(&s, fp), "", "nothing before the switch-on sample, nor that one");
		script__sample(&s, &sample_ev, &smp, evsel);
		script__sample(&s, &sample_ev, &smp, g);
		script__sample(&s, &sample_ev, &smp, evsel);
		is_str(take(&s, fp), "            app2    43 \n",
		       "only the sample between the two cycles samples");
		s.show_on_off = true;
		script__sample(&s, &sample_ev, &smp, g);
		is_str(take(&s, fp), "            app2    43 \n",
		       "--show-on-off-events: the switching sample too");
		script__set_switch(&s, evlist, NULL, NULL, &which);

		script__user_event(&s, &round);
		is_str(take(&s, fp), "", "no round line without --show-round-events");
		s.show_round = true;
		is_int(script__user_event(&s, &round), 0, "a round");
		is_str(take(&s, fp), "PERF_RECORD_FINISHED_ROUND\n", "--show-round-events: its line");
		s.show_lost = true;
		is_int(script__event(&s, &lost, &smp, evsel), 0, "a LOST record");
		is_str(take(&s, fp), "            app2    43 PERF_RECORD_LOST lost 24\n",
		       "--show-lost-events: script's words, not the dump's");
	}
	{
		/* --per-event-dump: the lines so far to the old fd, the next to the new */
		FILE *other = tmpfile();
		int fd = s.out.fd;
		char line[64] = "";

		fmt_buf__puts(&s.out, "old\n");
		is_int(script__set_fd(&s, fileno(other)), 0, "another fd");
		fmt_buf__puts(&s.out, "new\n");
		is_int(script__set_fd(&s, fd), 0, "back");
		is_str(take(&s, fp), "old\n", "what came before: to the old one");
		rewind(other);
		ok(fgets(line, sizeof(line), other) && !strcmp(line, "new\n"), "after: to the new one");
		fclose(other);
	}
	is_int(script__exit(&s), 0, "exit");
	fclose(fp);
	evlist__delete(evlist);
	return done_testing();
}
