// SPDX-License-Identifier: GPL-2.0
/*
 * perf report: read a perf.data file.  The histogram view (--stdio), the
 * raw dump (-D), the header (--header-only) and record statistics (--stats).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "util/data.h"
#include "util/dump.h"
#include "util/callchain.h"
#include "util/hist.h"
#include "util/machine.h"
#include "util/parse-options.h"
#include "util/report-stats.h"
#include "util/session.h"
#include "ui/pager.h"
#include "ui/progress.h"

/* A comma separated filter list (--comms, --dsos, --symbols). */
struct strlist {
	char	*buf;
	char	**items;
	int	nr;
};

struct report {
	struct perf_tool	tool;
	const char		*input;
	bool			dump_trace;
	bool			header;
	bool			header_only;
	bool			stats;
	bool			show_info;
	bool			quiet;
	int			verbose;
	/* the histogram view */
	bool			use_stdio;
	bool			show_nr_samples;
	bool			no_bpf_prog_info;
	const char		*sort_order;
	const char		*comms_str;
	const char		*dsos_str;
	const char		*symbols_str;
	const char		*kallsyms;
	double			percent_limit;
	bool			children;
	bool			cg_given;	/* -g without a value: may take the next word */
	const char		*cg_str;
	int			max_stack;
	struct callchain_param	cg;
	struct callchain_cursor	cursor;
	struct ui_progress	progress;
	u64			nr_seen;
	struct strlist		comms, dsos, symbols;
	struct sort_spec	sort;
	struct machine		*machine;
	struct hists		*hists;		/* one per evsel, by idx */
	struct perf_session	*session;
	int			nr_hists;
};

static int strlist__parse(struct strlist *l, const char *str)
{
	char *p, *save = NULL;
	int n = 1;

	memset(l, 0, sizeof(*l));
	if (!str)
		return 0;
	for (p = (char *)str; *p; p++)
		n += *p == ',';
	l->buf = strdup(str);
	l->items = calloc(n, sizeof(*l->items));
	if (!l->buf || !l->items)
		return -ENOMEM;
	for (p = strtok_r(l->buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
		l->items[l->nr++] = p;
	return 0;
}

static void strlist__exit(struct strlist *l)
{
	free(l->buf);
	free(l->items);
}

/* An empty list lets everything through. */
static bool strlist__match(const struct strlist *l, const char *s)
{
	int i;

	if (!l->nr)
		return true;
	if (!s)
		return false;
	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

static struct hists *report__hists(struct report *rep, struct evsel *evsel)
{
	if (evsel->idx < 0 || evsel->idx >= rep->nr_hists) {
		int n = evsel->idx + 1, i;
		struct hists *h;

		if (evsel->idx < 0)
			return NULL;
		h = realloc(rep->hists, n * sizeof(*h));
		if (!h)
			return NULL;
		rep->hists = h;
		for (i = rep->nr_hists; i < n; i++)
			if (hists__init(&h[i], &rep->sort))
				return NULL;
		rep->nr_hists = n;
	}
	return &rep->hists[evsel->idx];
}

static struct hists *report__evsel_hists(struct report *rep, struct evsel *evsel)
{
	struct hists *hists = report__hists(rep, evsel);
	bool chains = evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN;

	if (!hists)
		return NULL;
	hists->cumulate = rep->children && chains;
	hists->graph = !rep->cg.none && chains;
	hists->graph_min_percent = rep->cg.min_percent;
	/* as upstream: callee order unless children mode, or the order given */
	hists->caller = rep->cg.order_set ? rep->cg.caller : hists->cumulate;
	/* upstream: a --sort that starts with the symbol has it as each graph's top */
	hists->graph_hide_top = rep->sort_order && !strncmp(rep->sort_order, "sym", 3);
	return hists;
}

static int report__sample(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *ev, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct report *rep = (struct report *)tool;
	struct machine *machine = rep->machine;
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	const struct hist_ip_cache *hit;
	struct addr_location al;
	struct hist_entry *he;
	struct hists *hists;
	struct thread *t;
	int err;

	if ((++rep->nr_seen & 0x3fff) == 0)
		ui_progress__update(&rep->progress, session->file_offset);
	hists = report__evsel_hists(rep, evsel);
	if (!hists)
		return -ENOMEM;
	t = machine__findnew_thread(machine, (s32)sample->pid, (s32)sample->tid);
	if (!t)
		return -ENOMEM;
	/* without chains, a sample like one seen before goes to the same entry */
	if (!hists->cumulate && !hists->graph) {
		hit = hists__ip_cache_find(hists, machine->gen, t, cpumode, sample->ip,
					   (s32)sample->cpu);
		if (hit) {
			if (hit->fallback)
				machine->nr_fallback++;
			hists__add_entry(hists, hit->he, sample->period);
			return 0;
		}
	}
	machine__resolve_ip(machine, t, cpumode, sample->ip, &al);
	if (!strlist__match(&rep->comms, al.thread->comm) ||
	    !strlist__match(&rep->dsos, al.dso ? al.dso->short_name : NULL) ||
	    !strlist__match(&rep->symbols, al.sym ? al.sym->name : NULL)) {
		/* filtered rows still count toward the total, as upstream */
		hists->nr_samples++;
		hists->total_period += sample->period;
		return 0;
	}
	if (hists->cumulate || hists->graph) {
		err = callchain__resolve(machine, al.thread, sample, cpumode,
					 rep->max_stack > 0 ? (u32)rep->max_stack : 0, &rep->cursor);
		if (err)
			return err;
		return hists__add_sample(hists, &al, rep->cursor.entries, rep->cursor.nr,
					 (s32)sample->cpu, sample->period);
	}
	he = hists__findnew(hists, &al, (s32)sample->cpu);
	if (!he)
		return -ENOMEM;
	hists__ip_cache_add(hists, machine->gen, &al, cpumode, (s32)sample->cpu, he);
	hists__add_entry(hists, he, sample->period);
	return 0;
}

static int report__parse_callchain(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	if (unset) {
		rep->cg_str = "none";
		return 0;
	}
	rep->cg_str = arg;
	rep->cg_given = !arg;
	return 0;
}

static bool is_callchain_word(const char *s)
{
	struct callchain_param p = { 0 };

	return s && s[0] != '-' && !callchain_param__parse(&p, s);
}

static int report__event(struct perf_tool *tool, struct perf_session *session,
			 const union perf_event *ev, struct perf_sample *sample,
			 struct evsel *evsel)
{
	struct report *rep = (struct report *)tool;
	int err = machine__process_event(rep->machine, ev, sample);

	callchain_cursor__invalidate(&rep->cursor);
	/* a malformed side-band record only loses what it would have said */
	return err == -ENOMEM ? err : 0;
}

/* -D: upstream's " ... thread:" and " ...... dso:" lines after a sample */
static void report__dump_hook(FILE *fp, const struct dump_ctx *ctx, const union perf_event *ev,
			      const struct perf_sample *sample, void *arg)
{
	struct report *rep = arg;
	struct addr_location al;

	if (machine__resolve(rep->machine, ev, sample, &al))
		return;
	fprintf(fp, " ... thread: %s:%d\n", al.thread->comm, al.thread->tid);
	fprintf(fp, " ...... dso: %s\n", al.dso ? al.dso->long_name : "<not found>");
}

static void convert_unit(u64 n, unsigned long *value, char *unit)
{
	*unit = '\0';
	if (n > 1000000000ULL) {
		n /= 1000000000ULL;
		*unit = 'G';
	} else if (n > 1000000ULL) {
		n /= 1000000ULL;
		*unit = 'M';
	} else if (n > 1000ULL) {
		n /= 1000ULL;
		*unit = 'K';
	}
	*value = (unsigned long)n;
}

static void report__print_hists(struct report *rep, struct perf_session *session)
{
	struct hists_print_opts opts = {
		.show_nr_samples = rep->show_nr_samples,
		.quiet = rep->quiet,
		.percent_limit = rep->percent_limit,
		.verbose = rep->verbose > 0,
		.machine = rep->machine,
	};
	const struct { int key; struct strlist *l; const char *name; } elide[] = {
		{ SORT_COMM, &rep->comms, "comm" },
		{ SORT_DSO, &rep->dsos, "dso" },
		{ SORT_SYM, &rep->symbols, "symbol" },
	};
	struct evsel *evsel;
	size_t e;
	int i;

	/* a filter of one value makes its column the same on every row */
	for (e = 0; e < ARRAY_SIZE(elide); e++)
		if (elide[e].l->nr == 1 && (rep->sort.mask & (1u << elide[e].key)))
			opts.hide_mask |= 1u << elide[e].key;
	if (!rep->quiet) {
		if (!rep->header)
			printf("# To display the perf.data header info, please use "
			       "--header/--header-only options.\n#\n");
		for (e = 0; e < ARRAY_SIZE(elide); e++)
			if (opts.hide_mask & (1u << elide[e].key))
				printf("# %s: %s\n", elide[e].name, elide[e].l->items[0]);
		u64 lost, lost_sb;

		/* as --stats splits them: each lost record counted once */
		report_stats__lost(session, &lost, &lost_sb);
		printf("#\n# Total Lost Samples: %llu\n#\n", (unsigned long long)lost);
		/* upstream counts these as lost samples: they are not */
		if (lost_sb)
			printf("# Lost side-band records (not samples): %llu\n#\n",
			       (unsigned long long)lost_sb);
	}
	evlist__for_each(session->evlist, evsel, i) {
		struct hists *hists = i < rep->nr_hists ? &rep->hists[i] : NULL;
		unsigned long value;
		char unit;

		if (!hists || !hists->nr_samples)
			continue;
		hists__rename_comms(hists, rep->machine);
		if (!rep->quiet) {
			convert_unit(hists->nr_samples, &value, &unit);
			printf("# Samples: %lu%c of event '%s'\n", value, unit ? unit : ' ',
			       evsel__name(evsel));
			printf("# Event count (approx.): %llu\n#\n",
			       (unsigned long long)hists->total_period);
		}
		hists__fprintf(hists, &opts, stdout);
		printf("\n\n");
	}
	if (!rep->quiet)
		printf("#\n# (Tip: For a higher level overview, try: perf report --sort comm,dso)\n#\n");
	if (rep->machine->nr_fallback && rep->verbose > 0)
		fprintf(stderr, "perf report: %llu samples named from the header's "
			"bpf_prog_info (no KSYMBOL covered them)\n",
			(unsigned long long)rep->machine->nr_fallback);
}

static const char *const report_usage[] = {
	"perf report [<options>]",
	NULL
};

static void report__dump_hook(FILE *fp, const struct dump_ctx *ctx, const union perf_event *ev,
			      const struct perf_sample *sample, void *arg);

/* upstream prints a record, then applies it to its machine */
static int report__dump_record(struct report *rep, struct perf_session *session,
			       const union perf_event *ev, struct perf_sample *sample,
			       struct evsel *evsel)
{
	struct dump_ctx ctx;

	dump_ctx__init(&ctx, session);
	ctx.sample_hook = report__dump_hook;
	ctx.hook_arg = rep;
	dump__event(stdout, &ctx, ev, session->file_offset, evsel ? &evsel->attr : NULL,
		    evsel ? evsel__name(evsel) : NULL, sample);
	if (ev->header.type != PERF_RECORD_SAMPLE)
		return machine__process_event(rep->machine, ev, sample) == -ENOMEM ? -ENOMEM : 0;
	return 0;
}

static int dump_sample(struct perf_tool *tool, struct perf_session *session,
		       const union perf_event *ev, struct perf_sample *sample,
		       struct evsel *evsel)
{
	return report__dump_record((struct report *)tool, session, ev, sample, evsel);
}

static int dump_user(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, u64 file_offset)
{
	/*
	 * A COMPRESSED record shows as the records it holds: upstream dumps
	 * it itself only when it fails to decompress, and then stops, as the
	 * session stops here with the error.
	 */
	if (ev->header.type == PERF_RECORD_COMPRESSED)
		return 0;
	dump__record(stdout, session, ev, file_offset, NULL, NULL);
	return 0;
}

static int report__open(struct report *rep, struct perf_data *data,
			struct perf_session **session)
{
	const char *path = perf_data__input_name(rep->input);
	int err;

	err = perf_data__open_read(data, path);
	if (err) {
		fprintf(stderr, "perf report: %s: %s%s\n", path, data->err,
			err == -ENOENT ? " (try 'perf record' first)" : "");
		return err;
	}
	if (!data->is_pipe && data->size == 0) {
		fprintf(stderr, "perf report: %s: zero-sized data, nothing to do\n", path);
		perf_data__close(data);
		return -EINVAL;
	}
	err = perf_session__new(session, data, &rep->tool);
	if (err) {
		fprintf(stderr, "perf report: %s: %s\n", path, data->err);
		perf_data__close(data);
	}
	return err;
}

int cmd_report(int argc, const char **argv)
{
	/* upstream's default depth: the kernel's perf_event_max_stack */
	struct report rep = { .input = NULL, .children = true, .max_stack = 127 };
	struct perf_session *session = NULL;
	struct perf_data data;
	const struct option options[] = {
		OPT_STRING('i', "input", &rep.input, "file", "input file name"),
		OPT_BOOLEAN('D', "dump-raw-trace", &rep.dump_trace,
			    "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "header", &rep.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &rep.header_only, "Show only data header."),
		OPT_BOOLEAN(0, "stats", &rep.stats, "Display event stats"),
		OPT_BOOLEAN('q', "quiet", &rep.quiet, "Do not show any warnings or messages"),
		OPT_BOOLEAN('I', "show-info", &rep.show_info,
			    "Display extended information about perf.data file"),
		OPT_INCR('v', "verbose", &rep.verbose,
			 "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN(0, "stdio", &rep.use_stdio, "Use the stdio interface"),
		OPT_STRING('s', "sort", &rep.sort_order, "key[,key2...]",
			   "sort by key(s): comm, pid, tid, dso, sym, cpu"),
		OPT_BOOLEAN('n', "show-nr-samples", &rep.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_DOUBLE(0, "percent-limit", &rep.percent_limit,
			   "Don't show entries under that percent"),
		OPT_STRING(0, "comms", &rep.comms_str, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('d', "dsos", &rep.dsos_str, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING('S', "symbols", &rep.symbols_str, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "kallsyms", &rep.kallsyms, "file", "kallsyms pathname"),
		{ .type = OPTION_CALLBACK, .short_name = 'g', .long_name = "call-graph",
		  .value = &rep, .argh = "print_type,threshold,order",
		  .help = "callchain display: graph, flat, none; caller or callee",
		  .callback = report__parse_callchain, .flags = PARSE_OPT_OPTARG },
		OPT_BOOLEAN(0, "children", &rep.children,
			    "Accumulate callchains of children and show total overhead as well"),
		OPT_INTEGER(0, "max-stack", &rep.max_stack,
			    "Set the maximum stack depth when parsing the callchain"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &rep.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_END()
	};
	char bad[128];
	int err;

	argc = parse_options(argc, argv, options, report_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	/* "-g none": our parser leaves an optional value's next word alone */
	if (argc > 0 && rep.cg_given && is_callchain_word(argv[0])) {
		rep.cg_str = argv[0];
		argc--;
		argv++;
	}
	if (argc > 0) {
		usage_error(report_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}
	/* upstream: --percent-limit is the graphs' threshold too (-g's wins) */
	rep.cg.min_percent = rep.percent_limit > 0 ? rep.percent_limit : 0.5;
	if (callchain_param__parse(&rep.cg, rep.cg_str)) {
		fprintf(stderr, "perf report: unknown --call-graph value: %s\n", rep.cg_str);
		return 1;
	}
	callchain_cursor__init(&rep.cursor);
	if (sort_spec__parse(&rep.sort, rep.sort_order ? rep.sort_order : "comm,dso,sym",
			     bad, sizeof(bad))) {
		fprintf(stderr, "perf report: unknown --sort key: %s\n", bad);
		return 1;
	}
	if (strlist__parse(&rep.comms, rep.comms_str) ||
	    strlist__parse(&rep.dsos, rep.dsos_str) ||
	    strlist__parse(&rep.symbols, rep.symbols_str)) {
		fprintf(stderr, "perf report: out of memory\n");
		err = -ENOMEM;
		goto out_lists;
	}
	rep.machine = machine__new(rep.kallsyms);
	if (!rep.machine || callchain_cursor__enable_cache(&rep.cursor)) {
		fprintf(stderr, "perf report: out of memory\n");
		err = -ENOMEM;
		goto out_lists;
	}

	rep.tool.event = report__event;
	rep.tool.ordered = true;
	if (rep.dump_trace) {
		rep.tool.sample = dump_sample;
		rep.tool.event = dump_sample;
		rep.tool.user = dump_user;
	} else if (!rep.header_only && !rep.stats) {
		rep.tool.sample = report__sample;
	} else {
		rep.tool.event = NULL;
		rep.tool.ordered = false;
	}

	err = report__open(&rep, &data, &session);
	if (err)
		goto out_lists;
	rep.session = session;
	/* symbols from the binaries that ran (a build id that fails to parse: none) */
	if (!session->header.raw[HEADER_BUILD_ID].swapped && session->header.raw[HEADER_BUILD_ID].buf)
		machine__set_build_ids(rep.machine, session->header.raw[HEADER_BUILD_ID].buf,
				       session->header.raw[HEADER_BUILD_ID].size);
	/* -D prints what upstream's machine knows: no names from the header */
	if (!rep.no_bpf_prog_info && !rep.dump_trace)
		machine__set_bpf_info(rep.machine, &session->header.env.bpf);

	/* pipe mode: the header arrives as records, so read them all first */
	if ((rep.header_only || rep.header) && !session->header.is_pipe) {
		perf_header__fprintf(&session->header, session->evlist, stdout, rep.show_info);
		if (rep.header_only)
			goto out;
	}

	if (rep.dump_trace)
		printf("# To display the perf.data header info, please use "
		       "--header/--header-only options.\n#\n");

	/* a bar on a terminal while a big file is read (16 MiB and up) */
	ui_progress__init(&rep.progress, stderr, "Processing events...",
			  data.is_pipe ? 0 : data.size, 16 << 20);
	err = perf_session__process(session);
	ui_progress__finish(&rep.progress);
	if (err) {
		fprintf(stderr, "perf report: %s: %s\n", data.path, data.err);
		goto out;
	}
	/* -q: no warnings, as upstream */
	if (session->stats.nr_unordered && !rep.quiet)
		fprintf(stderr, "Warning:\n%llu out of order events recorded.\n",
			(unsigned long long)session->stats.nr_unordered);
	/* the histogram on a terminal goes through the pager, as upstream's */
	if (!rep.dump_trace && !rep.stats && !rep.header_only)
		pager__setup();

	if ((rep.header_only || rep.header) && session->header.is_pipe)
		perf_header__fprintf(&session->header, session->evlist, stdout, rep.show_info);
	if (rep.dump_trace || rep.stats) {
		report_stats__fprintf(session, stdout, rep.stats);
		if (rep.stats)
			report_stats__fprintf_lost(session, stdout);
	} else if (!rep.header_only) {
		report__print_hists(&rep, session);
	}
out:
	pager__finish();
	perf_session__delete(session);
	perf_data__close(&data);
out_lists:
	for (int i = 0; i < rep.nr_hists; i++)
		hists__exit(&rep.hists[i]);
	free(rep.hists);
	callchain_cursor__exit(&rep.cursor);
	machine__delete(rep.machine);
	strlist__exit(&rep.comms);
	strlist__exit(&rep.dsos);
	strlist__exit(&rep.symbols);
	return err;
}
