// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - perf report's histogram view: samples through the machine
 * into one hists per event, printed as upstream's --stdio.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "err-sink.h"
#include "evlist.h"
#include "header.h"
#include "report.h"
#include "report-stats.h"
#include "sample-filter.h"
#include "sort-fields.h"
#include "srcline.h"
#include "symbol-opts.h"
#include "tracing-data.h"

int report__init(struct report *rep, const struct report_opts *opts)
{
	int err;

	memset(rep, 0, sizeof(*rep));
	rep->opts = *opts;
	callchain_cursor__init(&rep->cursor);
	err = sample_filter__init(&rep->filter, &opts->filter);
	if (err)
		return err;
	if (opts->sort.mask & (1u << SORT_PARENT)) {
		const char *re = opts->parent_pattern ? opts->parent_pattern :
				 REPORT_DEFAULT_PARENT;
		char msg[256];

		err = regcomp(&rep->parent_re, re, REG_EXTENDED);
		if (err) {
			regerror(err, &rep->parent_re, msg, sizeof(msg));
			/* upstream's first line, then what regerror() says */
			pr_err("Invalid regex: %s: %s", re, msg);
			return -EINVAL;
		}
		rep->has_parent_re = true;
	}
	if (opts->ignore_callees) {
		err = callchain__compile_ignore(&rep->ignore_re, opts->ignore_callees);
		if (err)
			return err;
		rep->has_ignore_re = true;
	}
	rep->evswitch = (struct evswitch){ .on_name = opts->switch_on, .off_name = opts->switch_off,
					   .show = opts->show_on_off };
	evswitch__init(&rep->evswitch);
	rep->machine = machine__new(opts->kallsyms);
	if (!rep->machine || callchain_cursor__enable_cache(&rep->cursor))
		return -ENOMEM;
	if (opts->symbols)
		symbol_opts__apply(opts->symbols, rep->machine);
	return 0;
}

void report__exit(struct report *rep)
{
	int i;

	for (i = 0; i < rep->nr_hists; i++)
		hists__exit(&rep->hists[i]);
	free(rep->hists);
	callchain_cursor__exit(&rep->cursor);
	machine__delete(rep->machine);
	sample_filter__exit(&rep->filter);
	time_ranges__exit(&rep->time);
	read_values__exit(&rep->threads);
	strbuf__release(&rep->trace);
	srclines__delete(rep->srclines);
	if (rep->has_parent_re)
		regfree(&rep->parent_re);
	if (rep->has_ignore_re)
		regfree(&rep->ignore_re);
	memset(rep, 0, sizeof(*rep));
}

int report__use_time(struct report *rep, const struct perf_env *env)
{
	time_ranges__exit(&rep->time);
	return time_ranges__parse(&rep->time, rep->opts.time_str, env->first_sample_time,
				  env->last_sample_time);
}

static bool report__only_tracepoints(const struct evlist *evlist)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i)
		if (evsel->attr.type != PERF_TYPE_TRACEPOINT)
			return false;
	return evlist->nr_entries > 0;
}

int report__use_session(struct report *rep, struct perf_session *session)
{
	rep->session = session;
	bpf_progs__use_evlist(rep->machine->progs, session->evlist);
	/* upstream's default for a file of tracepoints only: their fields */
	if (!rep->opts.sort_order && report__only_tracepoints(session->evlist))
		sort_spec__parse(&rep->opts.sort, "trace", NULL, 0);
	/* %pS and the like from the kernel symbols we read, as upstream */
	if (session->tracing &&
	    tracing_data__set_resolver(session->tracing, machine__kernel_function, rep->machine))
		return -ENOMEM;
	return 0;
}

int report__check_parent(struct report *rep, struct perf_session *session)
{
	struct evsel *evsel;
	u64 type = 0;
	int i;

	if (!rep->has_parent_re || session->header.is_pipe)
		return 0;
	evlist__for_each(session->evlist, evsel, i)
		type |= evsel->attr.sample_type;
	if (type & PERF_SAMPLE_CALLCHAIN)
		return 0;
	pr_err("Selected --sort parent, but no callchain data. "
	       "Did you call 'perf record' without -g?");
	return -EINVAL;
}

int report__check_fields(struct report *rep, char *bad, size_t badsz)
{
	struct evlist *evlist = rep->session ? rep->session->evlist : NULL;
	struct evsel *evsel;
	int j, i;

	for (j = 0; evlist && j < rep->opts.sort.nr_dyn; j++) {
		bool found = false;

		evlist__for_each(evlist, evsel, i) {
			struct sort_spec spec = rep->opts.sort;

			spec.trace_fields = false;
			spec.nr = 1;
			spec.keys[0] = SORT_DYN + j;
			if (sort_fields__resolve(&spec,
						 perf_session__tp_format(rep->session, evsel))) {
				found = true;
				break;
			}
		}
		if (!found) {
			const struct sort_dyn *d = &rep->opts.sort.dyn[j];

			snprintf(bad, badsz, "%s%s%s%s", d->event, d->event[0] ? "." : "", d->field,
				 d->raw ? "/raw" : "");
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * --sort trace: the sample's formatted fields, the key of its entries
 * (upstream formats them for cpu 0); NULL for other events.
 */
static int report__sample_trace(struct report *rep, const struct perf_sample *sample,
				struct evsel *evsel, struct hists *hists)
{
	struct tep_event *format = rep->session ? perf_session__tp_format(rep->session, evsel) :
				   NULL;
	int err;

	hists->sample_trace = NULL;
	if (!format || !sample->raw_data)
		return 0;
	strbuf__reset(&rep->trace);
	if (rep->opts.raw_trace)
		err = tracing_data__format_raw(rep->session->tracing, format, sample->raw_data,
					       sample->raw_size, &rep->trace);
	else
		err = tracing_data__format(rep->session->tracing, format, 0, sample->raw_data,
					   sample->raw_size, &rep->trace);
	if (err)
		return err;
	hists->sample_trace = machine__intern_comm(rep->machine,
						   rep->trace.buf ? rep->trace.buf : "");
	return hists->sample_trace ? 0 : -ENOMEM;
}

void report__use_header(struct report *rep, struct perf_header *header, bool bpf_names)
{
	machine__use_header(rep->machine, header, bpf_names && !rep->opts.no_bpf_prog_info);
}

static struct hists *report__hists(struct report *rep, struct evsel *evsel)
{
	if (evsel->idx < 0 || evsel->idx >= rep->nr_hists) {
		int n = evsel->idx + 1, i, k;
		struct hists *h;

		if (evsel->idx < 0)
			return NULL;
		h = realloc(rep->hists, n * sizeof(*h));
		if (!h)
			return NULL;
		rep->hists = h;
		for (i = rep->nr_hists; i < n; i++) {
			/* tracepoint field keys: those of each event's format */
			struct sort_spec spec = rep->opts.sort;

			if ((spec.nr_dyn || spec.trace_fields) && rep->session)
				sort_fields__resolve(&spec,
					i < rep->session->evlist->nr_entries ?
					perf_session__tp_format(rep->session,
								rep->session->evlist->entries[i]) :
					NULL);
			/* --raw-trace: every field key shows its value, as "/raw" does */
			for (k = 0; rep->opts.raw_trace && k < spec.nr_dyn; k++)
				spec.dyn[k].raw = true;
			if (hists__init(&h[i], &spec))
				return NULL;
			rep->nr_hists = i + 1;
		}
	}
	return &rep->hists[evsel->idx];
}

/* --sort srcline: a location's text, interned (NULL: out of memory) */
static const char *report__srcline_of(void *priv, const struct addr_location *al)
{
	struct report *rep = priv;
	char text[PATH_MAX + 32];

	srclines__location(&rep->srclines, al, rep->opts.full_source_path, true, text,
			   sizeof(text));
	return machine__intern_comm(rep->machine, text);
}

static struct hists *report__evsel_hists_new(struct report *rep, struct evsel *evsel)
{
	struct hists *hists = report__hists(rep, evsel);
	const struct report_opts *o = &rep->opts;
	bool chains = evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN;

	if (!hists || hists->configured)
		return hists;
	hists->configured = true;
	hists->fields = o->fields;
	hists->cumulate = o->children && chains;
	hists->graph = !o->cg.none && chains;
	hists->graph_min_percent = o->cg.min_percent;
	/* as upstream: callee order unless children mode, or the order given */
	hists->caller = o->cg.order_set ? o->cg.caller : hists->cumulate;
	/* upstream: a --sort that starts with the symbol has it as each graph's top */
	hists->graph_hide_top = o->sort_order && !strncmp(o->sort_order, "sym", 3);
	if (o->sort.mask & (1u << SORT_SRCLINE)) {
		hists->srcline_of = report__srcline_of;
		hists->srcline_priv = rep;
	}
	return hists;
}

/* The event's hists, its options applied: asked for every sample. */
static inline __attribute__((always_inline))
struct hists *report__evsel_hists(struct report *rep, struct evsel *evsel)
{
	if (evsel->idx >= 0 && evsel->idx < rep->nr_hists && rep->hists[evsel->idx].configured)
		return &rep->hists[evsel->idx];
	return report__evsel_hists_new(rep, evsel);
}

/*
 * A sample a filter left out counts toward the total, as upstream's
 * (--percentage absolute), or only toward the graphs' total (relative:
 * the rows' shares of what is shown; upstream's graphs stay of all).
 */
static void report__account_filtered(struct report *rep, struct hists *hists, u64 period)
{
	if (rep->opts.relative) {
		hists->filtered_period += period;
		hists->nr_filtered++;
		return;
	}
	hists->nr_samples++;
	hists->total_period += period;
}

/*
 * --socket-filter: the sample's CPU is on the socket (CPU_TOPOLOGY); a
 * sample of no CPU, or of one the header does not place, is on none.
 */
static bool report__on_socket(const struct report *rep, u32 cpu)
{
	const struct perf_env *env = rep->session ? &rep->session->header.env : NULL;

	return env && cpu < env->nr_cpu_ids && env->cpu &&
	       env->cpu[cpu].socket_id == rep->opts.socket;
}

/* -U: the chain's frames without a symbol left out, as upstream's */
static void report__drop_unresolved(struct callchain_cursor *cursor)
{
	u32 i, n = 0;

	for (i = 0; i < cursor->nr; i++)
		if (cursor->entries[i].sym)
			cursor->entries[n++] = cursor->entries[i];
	cursor->nr = n;
}

/*
 * --sort parent: the first frame of the sample's chain (in the graphs'
 * order: from the outermost caller in caller order) whose symbol the
 * regex matches, as upstream's, into hists->sample_parent; the chain
 * stays in rep->cursor (if the sample has one: else resolved = false).
 */
static int report__sample_parent(struct report *rep, struct hists *hists, struct thread *t,
				 const struct perf_sample *sample, u8 cpumode)
{
	int max_stack = rep->opts.max_stack;
	const struct addr_location *e;
	u32 i, nr;
	int err;

	hists->sample_parent = NULL;
	/* a sample without a chain has none, its own symbol aside (a pipe's) */
	if (!rep->has_parent_re || !sample->callchain)
		return 0;
	err = callchain__resolve(rep->machine, t, sample, cpumode,
				 max_stack > 0 ? (u32)max_stack : 0, &rep->cursor);
	if (err)
		return err;
	nr = rep->cursor.nr;
	for (i = 0; i < nr; i++) {
		e = &rep->cursor.entries[hists->caller ? nr - 1 - i : i];
		if (e->sym && !regexec(&rep->parent_re, e->sym->name, 0, NULL, 0)) {
			hists->sample_parent = machine__intern_comm(rep->machine, e->sym->name);
			return hists->sample_parent ? 0 : -ENOMEM;
		}
	}
	return 0;
}

int report__check_switches(struct report *rep, struct perf_session *session)
{
	/* a pipe's events come later: upstream finds none either */
	return evswitch__check(&rep->evswitch, session->evlist);
}

/* --sort trace, cgroup: the keys the sample itself gives */
static int report__sample_keys(struct report *rep, const struct perf_sample *sample,
			       struct evsel *evsel, struct hists *hists)
{
	if (rep->opts.sort.mask & (1u << SORT_CGROUP)) {
		hists__set_sample_cgroup(hists, &rep->machine->cgroups, sample->cgroup);
	}
	if (rep->opts.sort.mask & (1u << SORT_TRACE))
		return report__sample_trace(rep, sample, evsel, hists);
	return 0;
}

int report__add_sample(struct report *rep, const union perf_event *ev,
		       const struct perf_sample *sample, struct evsel *evsel)
{
	struct machine *machine = rep->machine;
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	int max_stack = rep->opts.max_stack;
	bool filtered = sample_filter__has_location(&rep->filter);
	bool parent = rep->has_parent_re || rep->opts.exclude_other;
	bool by_addr, resolved = false;
	struct hist_ip_cache *hit;
	u32 sample_keys;
	struct hist_raw_key key;
	struct addr_location al;
	struct hist_entry *he;
	struct hists *hists;
	struct thread *t;
	int err = 0;

	/* out of --time or --cpu: counted nowhere, as upstream */
	if (!time_ranges__contain(&rep->time, sample->time) ||
	    evswitch__discard(&rep->evswitch, evsel) ||
	    !sample_filter__cpu(&rep->filter, sample->cpu))
		return 0;
	hists = report__evsel_hists(rep, evsel);
	if (!hists)
		return -ENOMEM;
	hists->sample_cpumode = cpumode;
	t = machine__findnew_thread(machine, (s32)sample->pid, (s32)sample->tid);
	if (!t)
		return -ENOMEM;
	if (!sample_filter__task(&rep->filter, t)) {
		report__account_filtered(rep, hists, sample->period);
		return 0;
	}
	if (rep->opts.has_socket && !report__on_socket(rep, sample->cpu)) {
		/* upstream hides its rows: relative, the sample is in the count still */
		report__account_filtered(rep, hists, sample->period);
		if (rep->opts.relative) {
			hists->nr_samples++;
			hists->nr_filtered--;
		}
		return 0;
	}
	sample_keys = rep->opts.sort.mask & ((1u << SORT_TRACE) | (1u << SORT_CGROUP));
	if (sample_keys) {
		err = report__sample_keys(rep, sample, evsel, hists);
		if (err)
			return err;
	}
	hists->sample_raw = sample->raw_data;
	hists->sample_raw_size = sample->raw_size;
	/* the caches below key on addresses; trace and cgroup keys on the sample */
	by_addr = !sample_keys && !hists->sort.nr_dyn && !parent;
	/*
	 * With graphs, a sample with a raw chain seen before goes to the same
	 * chain (not with filters: they look at the resolved sample).
	 */
	if (hists->graph && !filtered && by_addr) {
		key = (struct hist_raw_key){
			.thread = t, .raw = sample->callchain,
			.nr = sample->callchain ? (u32)sample->callchain_nr : 0,
			.cpumode = cpumode, .ip = sample->ip, .cpu = (s32)sample->cpu,
		};
		if (hists__raw_cache_find(hists, machine, &key, sample->period))
			return 0;
	}
	/* without chains, a sample like one seen before goes to the same entry */
	if (!hists->cumulate && !hists->graph && by_addr) {
		hit = hists__ip_cache_find(hists, machine__addr_version(machine, t, cpumode,
								       sample->ip), t,
					   cpumode, sample->ip, (s32)sample->cpu);
		if (hit) {
			if (hit->fallback)
				machine->nr_fallback++;
			hists__ip_cache_account(hists, hit, sample->period);
			return 0;
		}
	}
	machine__resolve_ip(machine, t, cpumode, sample->ip, &al);
	/* -U: a sample without a symbol counts nowhere, as upstream's */
	if (rep->opts.hide_unresolved && !al.sym)
		return 0;
	if (!sample_filter__location(&rep->filter, &al)) {
		report__account_filtered(rep, hists, sample->period);
		return 0;
	}
	if (parent) {
		err = report__sample_parent(rep, hists, al.thread, sample, cpumode);
		if (err)
			return err;
		resolved = rep->has_parent_re && sample->callchain;
		/* -x: a sample without a parent is filtered out, as upstream's */
		if (rep->opts.exclude_other && !hists->sample_parent) {
			report__account_filtered(rep, hists, sample->period);
			return 0;
		}
	}
	if (hists->cumulate || hists->graph) {
		if (!resolved)
			err = callchain__resolve(machine, al.thread, sample, cpumode,
						 max_stack > 0 ? (u32)max_stack : 0, &rep->cursor);
		if (err)
			return err;
		if (rep->opts.hide_unresolved)
			report__drop_unresolved(&rep->cursor);
		if (rep->has_ignore_re)
			callchain_cursor__ignore_callees(&rep->cursor, &rep->ignore_re,
							 hists->caller, &al);
		err = hists__add_sample(hists, &al, rep->cursor.entries, rep->cursor.nr,
					(s32)sample->cpu, sample->period);
		if (!err && hists->graph && !filtered && by_addr)
			hists__raw_cache_add(hists, machine, &key, &al, rep->cursor.entries,
					     rep->cursor.nr);
		return err;
	}
	he = hists__findnew(hists, &al, (s32)sample->cpu);
	if (!he)
		return -ENOMEM;
	hists__ip_cache_add(hists, machine__addr_version(machine, t, cpumode, sample->ip), &al,
			    cpumode, (s32)sample->cpu, he);
	hists__add_entry(hists, he, sample->period);
	return 0;
}

int report__process_event(struct report *rep, const union perf_event *ev,
			  const struct perf_sample *sample)
{
	int err = machine__process_event(rep->machine, ev, sample);

	/* -T: as upstream, a READ record's first value to its thread and event */
	if (ev->header.type == PERF_RECORD_READ && rep->opts.show_threads && rep->session &&
	    ev->header.size >= sizeof(ev->read) + sizeof(u64)) {
		struct evlist *evlist = rep->session->evlist;
		struct evsel *evsel = evlist->nr_entries == 1 || !sample->id ?
				      evlist__first(evlist) : evlist__id2evsel(evlist, sample->id);

		if (evsel && read_values__add(&rep->threads, ev->read.pid, ev->read.tid,
					      evsel->idx, evsel__name(evsel), ev->read.values[0]))
			return -ENOMEM;
	}

	/* a malformed side-band record only loses what it would have said */
	return err == -ENOMEM ? err : 0;
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

int report__nr_samples_text(u64 n, char *buf, size_t size)
{
	unsigned long value;
	char unit;

	convert_unit(n, &value, &unit);
	return snprintf(buf, size, "%lu%c", value, unit ? unit : ' ');
}

/* the filters of one value elide their column */
static const struct { int key; const char *name; } report__elide[] = {
	{ SORT_COMM, "comm" }, { SORT_DSO, "dso" }, { SORT_SYM, "symbol" },
};

static const struct name_list *report__elide_list(const struct report *rep, size_t e)
{
	return e == 0 ? &rep->filter.comms : e == 1 ? &rep->filter.dsos : &rep->filter.symbols;
}

void report__print_opts(struct report *rep, struct perf_session *session,
			struct hists_print_opts *opts, struct sort_fields_ctx *fctx)
{
	const struct report_opts *o = &rep->opts;
	size_t e;

	memset(fctx, 0, sizeof(*fctx));
	fctx->td = session->tracing;
	fctx->sb = (struct strbuf)STRBUF_INIT;
	memset(opts, 0, sizeof(*opts));
	opts->show_nr_samples = o->show_nr_samples;
	opts->show_total_period = o->show_total_period;
	opts->show_cpu_util = o->show_cpu_util;
	opts->quiet = o->quiet;
	opts->percent_limit = o->percent_limit;
	opts->verbose = o->verbose;
	opts->machine = rep->machine;
	opts->field_text = sort_fields__text;
	opts->field_priv = fctx;
	/* a filter of one value makes its column the same on every row */
	for (e = 0; e < ARRAY_SIZE(report__elide); e++)
		if (report__elide_list(rep, e)->nr == 1 &&
		    (o->sort.mask & (1u << report__elide[e].key)))
			opts->hide_mask |= 1u << report__elide[e].key;
}

void report__finish_hists(struct report *rep, struct hists *hists, int idx)
{
	/* once: a browser builds an event's rows again for each zoom */
	if (hists->finished)
		return;
	hists->finished = true;
	hists__rename_comms(hists, rep->machine);
	/* upstream filters in its collapse stage, which only a comm key has */
	if (idx == 0 && rep->opts.symbol_filter && (hists->sort.mask & (1u << SORT_COMM)))
		hists__filter_by_symbol(hists, rep->opts.symbol_filter, rep->opts.relative);
}

/* Some sample of the event came through --time, --cpu and -U (a filter may hide it). */
static bool report__event_has_samples(const struct report *rep, int idx)
{
	const struct hists *hists = idx < rep->nr_hists ? &rep->hists[idx] : NULL;

	return hists && (hists->nr_samples || hists->nr_filtered);
}

bool report__has_samples(const struct report *rep)
{
	int i;

	for (i = 0; i < rep->nr_hists; i++)
		if (report__event_has_samples(rep, i))
			return true;
	return false;
}

int report__fprintf(struct report *rep, struct perf_session *session, FILE *fp)
{
	struct evlist *evlist = session->evlist;
	const struct report_opts *o = &rep->opts;
	struct sort_fields_ctx fctx;
	struct hists_print_opts opts;
	struct evsel *evsel;
	size_t e;
	int i;

	if (!o->quiet && !o->header)
		fprintf(fp, "# To display the perf.data header info, please use "
			"--header/--header-only options.\n#\n");
	if (!report__has_samples(rep))
		return -ENODATA;
	report__print_opts(rep, session, &opts, &fctx);
	opts.field_sep = o->field_sep;	/* -t: the --stdio rows only */
	opts.color = o->color;
	if (!o->quiet) {
		u64 lost, lost_sb;

		for (e = 0; e < ARRAY_SIZE(report__elide); e++)
			if (opts.hide_mask & (1u << report__elide[e].key))
				fprintf(fp, "# %s: %s\n", report__elide[e].name,
					report__elide_list(rep, e)->items[0]);
		/* as --stats splits them: each lost record counted once */
		report_stats__lost(session, &lost, &lost_sb);
		fprintf(fp, "#\n# Total Lost Samples: %llu\n#\n", (unsigned long long)lost);
		/* upstream counts these as lost samples: they are not */
		if (lost_sb)
			fprintf(fp, "# Lost side-band records (not samples): %llu\n#\n",
				(unsigned long long)lost_sb);
	}
	evlist__for_each(evlist, evsel, i) {
		struct hists *hists = i < rep->nr_hists ? &rep->hists[i] : NULL;
		char nr[32];

		if (!report__event_has_samples(rep, i)) {
			/* --no-skip-empty: its title and column heads, as upstream */
			if (!o->show_empty)
				continue;
			hists = report__evsel_hists(rep, evsel);
			if (!hists) {
				strbuf__release(&fctx.sb);
				return -ENOMEM;
			}
		}
		fctx.event = perf_session__tp_format(session, evsel);
		report__finish_hists(rep, hists, i);
		if (!o->quiet) {
			report__nr_samples_text(hists->nr_samples, nr, sizeof(nr));
			fprintf(fp, "# Samples: %s of event '%s'", nr, evsel__name(evsel));
			if (o->time_str)
				fprintf(fp, " (time slices: %s)", o->time_str);
			fputc('\n', fp);
			fprintf(fp, "# Event count (approx.): %llu\n",
				(unsigned long long)hists->total_period);
			if (o->has_socket)
				fprintf(fp, "# Processor Socket: %u\n", o->socket);
			fprintf(fp, "#\n");
		}
		hists__fprintf(hists, &opts, fp);
		fprintf(fp, "\n\n");
	}
	strbuf__release(&fctx.sb);
	if (!o->quiet)
		fprintf(fp, "#\n# (Tip: For a higher level overview, try: perf report "
			"--sort comm,dso)\n#\n");
	if (o->show_threads)
		read_values__fprintf(&rep->threads, o->threads_raw, fp);
	return 0;
}
