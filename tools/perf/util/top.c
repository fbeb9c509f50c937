// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's session: set-up from the options, start and stop, decay of
 * the histograms between refreshes and the header line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "err-sink.h"
#include "cpumap.h"
#include "evlist.h"
#include "mmap.h"
#include "parse-events.h"
#include "thread-map.h"
#include "perf-clock.h"
#include "symbol-opts.h"
#include "top.h"
#include "top-events.h"
#include "top-synth.h"

static int top__init_target(struct perf_top *top)
{
	const struct top_opts *opts = &top->opts;
	struct live_target t = {
		.system_wide = !opts->pids && !opts->tids && !opts->has_uid,
		.cpu_list = opts->cpu_list, .pids = opts->pids, .tids = opts->tids,
		.has_uid = opts->has_uid, .uid = opts->uid,
	};

	return live_session__init_target(&top->live, &t);
}

/* --sort, and with -F or -w the keys of both (upstream's order, hist-fields.h) */
static int top__parse_sort(struct perf_top *top, char *bad, size_t size)
{
	const struct top_opts *opts = &top->opts;
	char keys[512];
	int err;

	if (!opts->fields && !opts->widths)
		return sort_spec__parse(&top->sort, opts->sort_order ? opts->sort_order :
					"dso,sym", bad, size);
	err = hist_fields__parse(&top->fields, opts->fields, opts->sort_order, "dso,sym", false,
				 keys, sizeof(keys), bad, size);
	if (err)
		return err;
	top->fields.show_nr_samples = opts->show_nr_samples;
	top->fields.show_total_period = opts->show_total_period;
	hist_fields__set_widths(&top->fields, opts->widths);
	top->has_fields = true;
	if (!*keys) {
		memset(&top->sort, 0, sizeof(top->sort));
		return 0;
	}
	/* (a word of --sort a tracepoint field's: no key of top's) */
	return sort_spec__parse(&top->sort, keys, bad, size) ? -ENOENT : 0;
}

int top__init(struct perf_top *top, const struct top_opts *opts)
{
	char bad[64], msg[512];
	int i, err;

	memset(top, 0, sizeof(*top));
	top->opts = *opts;
	top_inbox__init(&top->inbox);
	pthread_mutex_init(&top->bpf_lock, NULL);
	perf_env_bpf__init(&top->bpf);
	callchain_cursor__init(&top->cursor);
	top->clock_ok = !perf_clock__offset(&top->clock_offset);
	if (!top->opts.pages)
		top->opts.pages = 128;
	if (!top->opts.freq && !top->opts.period)
		top->opts.freq = 4000;

	err = top__parse_sort(top, bad, sizeof(bad));
	/* report's parent key: top finds no parents */
	if (!err && (top->sort.mask & (1u << SORT_PARENT))) {
		snprintf(bad, sizeof(bad), "parent");
		err = -ENOENT;
	}
	if (err) {
		if (err == -EINVAL && top->opts.fields && !strcmp(bad, "+"))
			pr_err("Invalid --fields key: `+'");
		else if (err == -EINVAL && top->opts.fields)
			pr_err("Unknown --fields key: `%s'", bad);
		else
			pr_err("--sort %s: unknown key '%s' (known: comm, pid, tid, dso, sym, cpu)",
			       opts->sort_order, bad);
		return -EINVAL;
	}
	err = sample_filter__init(&top->filter, &opts->filter);
	if (err)
		return err;
	if (opts->ignore_callees) {
		err = callchain__compile_ignore(&top->ignore_re, opts->ignore_callees);
		if (err)
			return err;
		top->has_ignore_re = true;
	}
	err = top__init_target(top);
	if (err)
		return err;
	top->evlist = evlist__new();
	if (!top->evlist)
		return -ENOMEM;
	top->live.evlist = top->evlist;
	top->live.pages = top->opts.pages;
	top->live.backward = top->opts.overwrite;
	err = parse_events__add_args(top->evlist, &top->opts.events, "cpu-clock", msg,
				     sizeof(msg));
	if (err) {
		pr_err("%s", msg);
		return err;
	}
	/* a cgroup's events count on CPUs, never per thread (upstream's line) */
	if (top->live.per_thread && event_args__has_cgroup(&top->opts.events)) {
		pr_err("Invalid event (%s) in per-thread mode, enable system wide with '-a'.",
		       evsel__name(evlist__first(top->evlist)));
		return -EINVAL;
	}
	top->evswitch = (struct evswitch){ .on_name = opts->switch_on,
					   .off_name = opts->switch_off, .show = opts->show_on_off };
	evswitch__init(&top->evswitch);
	err = evswitch__check(&top->evswitch, top->evlist);
	if (err)
		return err;
	top->hists = calloc(top->evlist->nr_entries, sizeof(*top->hists));
	if (!top->hists)
		return -ENOMEM;
	for (i = 0; i < top->evlist->nr_entries; i++) {
		err = hists__init(&top->hists[i], &top->sort);
		if (!err && top->has_fields)
			top->hists[i].fields = &top->fields;
		if (err)
			return err;
		top->hists[i].cumulate = opts->children;
	}
	top->machine = machine__new(NULL);
	if (!top->machine || annotate_hist__init(&top->ahist))
		return -ENOMEM;
	if (opts->symbols)
		symbol_opts__apply(opts->symbols, top->machine);
	/* the tasks running at start are named from another thread, late */
	machine__name_late_parents(top->machine);
	top->cap = (struct bpf_capture){
		.bpf = &top->bpf,
		.lock = &top->bpf_lock,
		.arrays = BPF_EVENT__ALL_ARRAYS,
		.keep_info = !opts->no_bpf_event,
	};
	top_events__config(top);
	return 0;
}

int top__start(struct perf_top *top)
{
	int err;

	err = live_session__open(&top->live, "BPF programs stay unnamed");
	if (!err)
		err = live_session__mmap(&top->live);
	if (err)
		return err;
	if (top->live.sideband_bits && !top->opts.no_bpf_event) {
		err = top_sideband__start(top);
		if (err)
			return err;
	}
	live_session__ioctl(&top->live, -1, PERF_EVENT_IOC_ENABLE);
	return top_synth__start(top);
}

void top__exit(struct perf_top *top)
{
	int i;

	top_synth__stop(top);
	top_sideband__stop(top);
	live_session__exit(&top->live);
	for (i = 0; top->hists && i < top->evlist->nr_entries; i++)
		hists__exit(&top->hists[i]);
	free(top->hists);
	annotate_hist__exit(&top->ahist);
	sample_filter__exit(&top->filter);
	if (top->has_ignore_re)
		regfree(&top->ignore_re);
	machine__delete(top->machine);
	evlist__delete(top->evlist);
	callchain_cursor__exit(&top->cursor);
	strbuf__release(&top->pass);
	strbuf__release(&top->held);
	free(top->recs);
	addr_set__exit(&top->gone);
	bpf_capture__exit(&top->cap);
	perf_env_bpf__exit(&top->bpf);
	pthread_mutex_destroy(&top->bpf_lock);
	top_inbox__exit(&top->inbox);
	memset(top, 0, sizeof(*top));
}

struct hists *top__hists(struct perf_top *top)
{
	return &top->hists[top->sym_idx];
}

bool top__hidden(const struct perf_top *top, const struct hist_entry *he)
{
	bool kernel = he->level == 'k' || he->level == 'g';

	return (kernel && top->opts.hide_kernel) || (!kernel && top->opts.hide_user);
}

/*
 * Entries keep 7/8 of their weight from one refresh to the next, as
 * upstream's: what stopped running fades out, and goes once at zero.
 * Hidden ones go at once (upstream drops them when decaying too).
 */
struct top_decay {
	const struct perf_top	*top;
	struct hists		*hists;
	bool			zero;
};

/* one entry's decay: true when nothing is left of it */
static bool top_decay__entry(struct hist_entry *he, void *arg)
{
	struct top_decay *d = arg;

	if (d->zero || top__hidden(d->top, he)) {
		he->period = he->children = he->nr_samples = 0;
	} else {
		he->period = he->period * 7 / 8;
		he->children = he->children * 7 / 8;
		he->nr_samples = he->nr_samples * 7 / 8;
	}
	if (!he->period && !he->children)
		return true;
	d->hists->total_period += he->period;
	d->hists->nr_samples += he->nr_samples;
	return false;
}

static void hists__decay(struct perf_top *top, struct hists *hists, bool zero)
{
	struct top_decay d = { .top = top, .hists = hists, .zero = zero };

	hists->total_period = 0;
	hists->nr_samples = 0;
	hists__remove_if(hists, top_decay__entry, &d);
}

void top__decay(struct perf_top *top)
{
	int i;

	for (i = 0; i < top->evlist->nr_entries; i++)
		hists__decay(top, &top->hists[i], top->opts.zero);
	top->stats.samples_total += top->stats.samples;
	top->stats.lost_total += top->stats.lost;
	top->stats.drop_total += top->stats.drop;
	top->stats.samples = top->stats.kernel_samples = top->stats.exact_samples = 0;
	top->stats.lost = top->stats.drop = 0;
}

int top__header(struct perf_top *top, double secs, char *buf, size_t size)
{
	const struct top_stats *st = &top->stats;
	struct evsel *evsel = top->evlist->entries[top->sym_idx];
	double rate = 0, kpct = 0, epct = 0;
	size_t n;

	if (secs > 0 && st->samples) {
		rate = (double)st->samples / secs;
		kpct = 100.0 * (double)st->kernel_samples / (double)st->samples;
		epct = 100.0 * (double)st->exact_samples / (double)st->samples;
	}
	n = (size_t)snprintf(buf, size, "   PerfTop:%8.0f irqs/sec  kernel:%4.1f%%  exact: %4.1f%% "
			     "lost: %llu/%llu drop: %llu/%llu [", rate, kpct, epct,
			     (unsigned long long)st->lost,
			     (unsigned long long)(st->lost_total + st->lost),
			     (unsigned long long)st->drop,
			     (unsigned long long)(st->drop_total + st->drop));
	/* as upstream: the event's period or frequency, "Hz" when -F (a tracepoint's "1Hz") */
	if (n < size && top->evlist->nr_entries == 1)
		n += (size_t)snprintf(buf + n, size - n, "%llu%s ",
				      (unsigned long long)evsel->attr.sample_period,
				      top->opts.freq ? "Hz" : "");
	if (n < size)
		n += (size_t)snprintf(buf + n, size - n, "%s], ", evsel__name(evsel));
	if (n >= size)
		return (int)n;
	if (top->opts.pids)
		n += (size_t)snprintf(buf + n, size - n, " (target_pid: %s", top->opts.pids);
	else if (top->opts.tids)
		n += (size_t)snprintf(buf + n, size - n, " (target_tid: %s", top->opts.tids);
	else if (top->opts.has_uid)
		n += (size_t)snprintf(buf + n, size - n, " (uid: %s", top->opts.uid_str);
	else
		n += (size_t)snprintf(buf + n, size - n, " (all");
	if (n >= size)
		return (int)n;
	if (top->opts.cpu_list)
		n += (size_t)snprintf(buf + n, size - n, ", CPU%s: %s)",
				      top->live.cpus->nr > 1 ? "s" : "", top->opts.cpu_list);
	else if (top->opts.tids)
		n += (size_t)snprintf(buf + n, size - n, ")");
	else
		n += (size_t)snprintf(buf + n, size - n, ", %d CPU%s)", top->live.cpus->nr,
				      top->live.cpus->nr > 1 ? "s" : "");
	return (int)n;
}
