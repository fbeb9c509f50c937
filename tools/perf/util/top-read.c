// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's reading: each pass copies what every ring buffer holds, puts
 * it in time order (a program's samples before its unregister, whichever
 * CPU wrote them) and applies it: side-band records to the machine,
 * samples to the histograms.  What the other threads sent goes first.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array.h"
#include "evlist.h"
#include "mmap.h"
#include "perf-clock.h"
#include "top.h"
#include "top-synth.h"

/*
 * Two system-wide listeners make the kernel write KSYMBOL/BPF_EVENT
 * records longer than they are (see record): keep the body and our trailer.
 */
static u16 top__record_size(const struct perf_top *top, const union perf_event *ev)
{
	size_t body = perf_event__sideband_body_size(ev);

	if (!body)
		return ev->header.size;
	body += top->id_hdr_size;
	return body < ev->header.size ? (u16)body : ev->header.size;
}

static u64 top__record_time(struct perf_top *top, const union perf_event *ev)
{
	const struct perf_event_attr *attr = &evlist__first(top->evlist)->attr;
	struct perf_sample s;

	if (ev->header.type == PERF_RECORD_SAMPLE) {
		/* id, ip, pid/tid, then time */
		u64 t;

		if (ev->header.size < sizeof(ev->header) + 4 * sizeof(u64))
			return 0;
		memcpy(&t, &ev->sample.array[3], sizeof(t));
		return t;
	}
	if (perf_event__parse_id_sample(ev, attr, &s))
		return 0;
	return s.time;
}

/* A copy of ev (size bytes) into the pass, timed. */
static int top__pass_add(struct perf_top *top, const union perf_event *ev, u16 size)
{
	size_t off = top->pass.len;
	union perf_event *copy;
	int err;
	if (array__grow((void **)&top->recs, &top->alloc_recs, top->nr_recs + 1,
			sizeof(*top->recs), 1024))
		return -ENOMEM;
	err = strbuf__add(&top->pass, ev, size);
	if (err)
		return err;
	copy = (union perf_event *)(top->pass.buf + off);
	copy->header.size = size;
	top->recs[top->nr_recs] = (struct top_pass_rec){
		.time = top__record_time(top, copy),
		.off = (u32)off,
		.seq = (u32)top->nr_recs,
	};
	top->nr_recs++;
	return 0;
}

static int top__mmap_record(void *priv, struct perf_mmap *map, const union perf_event *ev)
{
	struct perf_top *top = priv;
	u16 size = top__record_size(top, ev);

	if (size < sizeof(ev->header) || (size & 7))
		return 0;
	return top__pass_add(top, ev, size);
}

/* What the last pass held back opens this one (it is not held again). */
static int top__take_held(struct perf_top *top, size_t *nr_held)
{
	size_t off = 0;
	int err = 0;

	while (!err && off + sizeof(struct perf_event_header) <= top->held.len) {
		const union perf_event *ev = (const union perf_event *)(top->held.buf + off);

		err = top__pass_add(top, ev, ev->header.size);
		off += ev->header.size;
	}
	*nr_held = top->nr_recs;
	strbuf__reset(&top->held);
	return err;
}

/* Margin under the pass's start: a record is timed a little before it is written. */
#define TOP_HOLD_MARGIN_NS	10000000ULL

static int top_pass_rec__cmp(const void *pa, const void *pb)
{
	const struct top_pass_rec *a = pa, *b = pb;

	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * Addresses unregistered live: under churn a program goes hundreds of
 * times a second, so a set (a list walked for each was quadratic).
 */
static bool top__gone(struct perf_top *top, u64 addr)
{
	return addr_set__has(&top->gone, addr);
}

static int top__add_gone(struct perf_top *top, u64 addr)
{
	return addr_set__add(&top->gone, addr);
}

/*
 * KSYMBOL: a synthesized registration (time 0) is older than anything
 * live: it must not bring back a program unloaded since, nor cut into
 * one registered since.
 */
static int top__process_ksymbol(struct perf_top *top, const union perf_event *ev,
				const struct perf_sample *sample)
{
	const struct perf_record_ksymbol *k = &ev->ksymbol;

	if (ev->header.size <= sizeof(*k))
		return 0;
	if (k->flags & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER) {
		struct map *map = maps__find(top->machine->kmaps, k->addr);
		size_t max = ev->header.size - sizeof(*k);

		if (sample->time && top__add_gone(top, k->addr))
			return -ENOMEM;
		/*
		 * Read a moment late (another CPU's buffer), it may come after
		 * the registration of a program that reused the address.
		 */
		if (map && map->start == k->addr &&
		    strncmp(map->dso->long_name, k->name, max))
			return 0;
		return machine__process_event(top->machine, ev, sample);
	}
	if (!sample->time) {
		struct map *map = maps__find(top->machine->kmaps, k->addr);

		if (top__gone(top, k->addr) || (map && map->dso != top->machine->kernel_dso))
			return 0;
	}
	return machine__process_event(top->machine, ev, sample);
}

static int top__process_sample(struct perf_top *top, const union perf_event *ev)
{
	struct evsel *evsel = evlist__first(top->evlist);
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	struct perf_sample sample;
	struct addr_location al;
	struct hists *hists;
	int err;

	if (top->evlist->nr_entries > 1) {
		u64 id;

		memcpy(&id, &ev->sample.array[0], sizeof(id));
		evsel = evlist__id2evsel(top->evlist, id);
	}
	if (!evsel || perf_sample__parse(ev, &evsel->attr, &sample)) {
		top->stats.drop++;
		return 0;
	}
	if (evswitch__discard(&top->evswitch, evsel))
		return 0;
	hists = &top->hists[evsel->idx];
	if (evsel->idx == top->sym_idx) {
		top->stats.samples++;
		if (cpumode == PERF_RECORD_MISC_KERNEL)
			top->stats.kernel_samples++;
		if (ev->header.misc & PERF_RECORD_MISC_EXACT_IP)
			top->stats.exact_samples++;
	}
	err = machine__resolve(top->machine, ev, &sample, &al);
	if (!err && evsel->idx == top->sym_idx)
		err = annotate_hist__add(&top->ahist, &al, sample.period);
	if (err)
		return err;
	/* --comms, --dsos, --symbols: counted in the total (absolute), as report's */
	if (!sample_filter__task(&top->filter, al.thread) ||
	    !sample_filter__location(&top->filter, &al)) {
		if (!top->opts.relative) {
			hists->nr_samples++;
			hists->total_period += sample.period;
		}
		return 0;
	}
	if (top->sort.mask & (1u << SORT_CGROUP)) {
		hists__set_sample_cgroup(hists, &top->machine->cgroups, sample.cgroup);
	}
	if (!hists->cumulate)
		return hists__add(hists, &al, (s32)sample.cpu, sample.period);
	err = callchain__resolve(top->machine, al.thread, &sample, cpumode,
				 top->opts.max_stack > 0 ? (u32)top->opts.max_stack : 0, &top->cursor);
	if (err)
		return err;
	/* children mode: caller order, as upstream's */
	if (top->has_ignore_re)
		callchain_cursor__ignore_callees(&top->cursor, &top->ignore_re, true, &al);
	return hists__add_cumulative(hists, &al, top->cursor.entries, top->cursor.nr,
				     (s32)sample.cpu, sample.period);
}

static int top__process(struct perf_top *top, const union perf_event *ev)
{
	const struct perf_event_attr *attr = &evlist__first(top->evlist)->attr;
	struct perf_sample sample;
	int err;

	switch (ev->header.type) {
	case PERF_RECORD_SAMPLE:
		return top__process_sample(top, ev);
	case PERF_RECORD_LOST:
		top->stats.lost += ev->lost.lost;
		top->rescan = true;
		return 0;
	default:
		break;
	}
	if (perf_event__parse_id_sample(ev, attr, &sample))
		return 0;
	switch (ev->header.type) {
	case PERF_RECORD_KSYMBOL:
		err = top__process_ksymbol(top, ev, &sample);
		break;
	default:
		err = machine__process_event(top->machine, ev, &sample);
		/* upstream's top calls the kernel's map "[kernel]" */
		if (!err && top->machine->kernel_dso && !top->machine->kernel_dso->short_alloc)
			err = dso__set_short_name(top->machine->kernel_dso, "[kernel]");
		break;
	}
	/* a malformed side-band record only loses what it would have said */
	return err == -ENOMEM ? err : 0;
}

static u64 top__now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

/*
 * What the other threads sent, for at most INBOX_SLICE_NS a call: the
 * start-up synthesis of thousands of programs must not hold back the
 * screens.  The rest waits in the taken buffer for the next call.
 */
#define INBOX_SLICE_NS	20000000ULL

static int top__process_inbox(struct perf_top *top)
{
	struct strbuf *in = &top->inbox.spare;
	u64 deadline = top__now_ns() + INBOX_SLICE_NS;
	u32 n = 0;
	int err = 0;

	if (top->inbox_off >= in->len) {
		/* what the synthesis sent before it said it was done is all taken */
		bool sent = __atomic_load_n(&top->synth_done, __ATOMIC_ACQUIRE);

		in = top_inbox__take(&top->inbox);
		top->inbox_off = 0;
		top->synth_taken |= sent;
	}
	while (!err && top->inbox_off + sizeof(struct perf_event_header) <= in->len) {
		const union perf_event *ev = (const union perf_event *)(in->buf + top->inbox_off);

		if (ev->header.size < sizeof(ev->header) ||
		    top->inbox_off + ev->header.size > in->len) {
			top->inbox_off = in->len;
			break;
		}
		err = top__process(top, ev);
		top->inbox_off += ev->header.size;
		if ((++n & 255) == 0 && top__now_ns() > deadline)
			break;
	}
	return err;
}

/*
 * Until every record the synthesis sent is applied, the rings' records
 * wait (up to this much): a sample taken before its maps came would stay
 * unresolved in the totals, [unknown] rows at the top of the first
 * screens.
 */
#define TOP_SYNTH_HOLD_MAX	(32u << 20)

int top__read(struct perf_top *top)
{
	const struct perf_mmap_ops ops = { .record = top__mmap_record };
	size_t i, nr_held;
	u64 mark = 0;
	bool wait_synth;
	int err;

	err = top__process_inbox(top);
	if (err)
		return err;
	top->synth_applied |= top->synth_taken && top->inbox_off >= top->inbox.spare.len;
	wait_synth = !top->synth_applied && top->held.len < TOP_SYNTH_HOLD_MAX;
	strbuf__reset(&top->pass);
	top->nr_recs = 0;
	err = top__take_held(top, &nr_held);
	if (err)
		return err;
	if (top->clock_ok)
		mark = perf_clock__monotonic() + (u64)top->clock_offset - TOP_HOLD_MARGIN_NS;
	for (i = 0; i < (size_t)top->live.nr_maps; i++) {
		/* --overwrite: what came since the last pass, the ring held still */
		s64 n = perf_mmap__read_any(&top->live.maps[i], &ops, top);

		if (n < 0)
			return (int)n;
	}
	if (top->nr_recs > 1)
		qsort(top->recs, top->nr_recs, sizeof(*top->recs), top_pass_rec__cmp);
	for (i = 0; !err && i < top->nr_recs; i++) {
		const struct top_pass_rec *r = &top->recs[i];
		const union perf_event *ev = (const union perf_event *)(top->pass.buf + r->off);

		/* newer than the pass: next time, in order with what comes late */
		if (wait_synth || (mark && r->time > mark && r->seq >= nr_held)) {
			err = strbuf__add(&top->held, ev, ev->header.size);
			continue;
		}
		err = top__process(top, ev);
	}
	if (top->rescan && top->sb_on && top__now_ns() - top->last_rescan > 2000000000ULL) {
		bpf_sideband__request_rescan(&top->sb);
		top->last_rescan = top__now_ns();
		top->rescan = false;
	}
	return err;
}
