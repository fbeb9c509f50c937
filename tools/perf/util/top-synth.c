// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's other threads: the start-up synthesis, run in the background
 * so the display starts at once, and the BPF side-band thread.  Both hand
 * their records to the inbox; the owner of the machine applies them.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "err-sink.h"
#include "event.h"
#include "evlist.h"
#include "live-session.h"
#include "synth-cgroup.h"
#include "synthesize.h"
#include "top.h"
#include "top-synth.h"

int top_inbox__emit(void *priv, const union perf_event *ev)
{
	struct top_inbox *in = priv;
	int err;

	pthread_mutex_lock(&in->lock);
	err = in->closed ? -ECANCELED : strbuf__add(&in->buf, ev, ev->header.size);
	pthread_mutex_unlock(&in->lock);
	return err;
}

void top_inbox__init(struct top_inbox *in)
{
	pthread_mutex_init(&in->lock, NULL);
	strbuf__init(&in->buf);
	strbuf__init(&in->spare);
}

void top_inbox__exit(struct top_inbox *in)
{
	strbuf__release(&in->buf);
	strbuf__release(&in->spare);
	pthread_mutex_destroy(&in->lock);
}

struct strbuf *top_inbox__take(struct top_inbox *in)
{
	struct strbuf tmp;

	strbuf__reset(&in->spare);
	pthread_mutex_lock(&in->lock);
	tmp = in->buf;
	in->buf = in->spare;
	in->spare = tmp;
	pthread_mutex_unlock(&in->lock);
	return &in->spare;
}

static struct perf_synth top__inbox_synth(struct perf_top *top)
{
	struct evsel *first = evlist__first(top->evlist);

	return (struct perf_synth){
		.emit = top_inbox__emit,
		.priv = &top->inbox,
		.id_hdr_size = top->id_hdr_size,
		.sample_type = first->attr.sample_type,
	};
}

/*
 * BPF programs first: they are what a live profile of this tool is
 * about, and a program unloaded meanwhile is better missed early.
 */
static void *top__synth_thread(void *arg)
{
	struct perf_top *top = arg;
	struct perf_synth s = top__inbox_synth(top);
	int err;

	/* the programs first: they are what top is opened to name */
	err = live_session__synth_bpf(&top->live, &s, &top->cap, !top->opts.no_bpf_event);
	if (err >= 0)
		err = live_session__synth_tasks(&top->live, &s);
	if (err >= 0 && top->opts.all_cgroups) {
		char mnt[PATH_MAX];

		/* no cgroup hierarchy to name: the samples' cgroups stay unknown */
		if (!synth_cgroup__mount("/proc/mounts", mnt, sizeof(mnt)))
			err = synth_cgroup__walk(&s, mnt);
	}
	top->synth_err = err < 0 ? err : 0;
	__atomic_store_n(&top->synth_done, true, __ATOMIC_RELEASE);
	return NULL;
}

int top_synth__start(struct perf_top *top)
{
	int err = pthread_create(&top->synth_thread, NULL, top__synth_thread, top);

	if (err)
		return -err;
	top->synth_running = true;
	return 0;
}

void top_synth__stop(struct perf_top *top)
{
	pthread_mutex_lock(&top->inbox.lock);
	top->inbox.closed = true;
	pthread_mutex_unlock(&top->inbox.lock);
	if (top->synth_running)
		pthread_join(top->synth_thread, NULL);
	top->synth_running = false;
}

/*
 * Per thread, the sampling event only sees programs its tasks load: the
 * side-band forwards the others' KSYMBOL/BPF_EVENT too.
 */
int top_sideband__start(struct perf_top *top)
{
	struct bpf_sideband *sb = &top->sb;
	int err, open_err;

	memset(sb, 0, sizeof(*sb));
	sb->cap = &top->cap;
	sb->attr = evlist__first(top->evlist)->attr;
	sb->priv = &top->inbox;
	sb->pages = 64;
	sb->realtime = true;
	/* after a loss, every loaded program is synthesized again (stamped now) */
	top->sb_synth = top__inbox_synth(top);
	sb->resynth = &top->sb_synth;
	if (top->live.per_thread)
		sb->forward = top_inbox__emit;
	err = live_session__start_sideband(sb, &open_err);
	if (open_err)
		pr_warning("no BPF side-band event (%s): programs loaded from now on "
			   "cannot be annotated", strerror(-open_err));
	top->sb_on = !err && !open_err;
	return err;
}

void top_sideband__stop(struct perf_top *top)
{
	if (top->sb_on)
		bpf_sideband__stop(&top->sb);
	top->sb_on = false;
}
