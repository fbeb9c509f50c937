// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data -> call tree: a perf_tool whose samples are resolved as perf
 * script resolves them and added to a struct calltree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "calltree-read.h"
#include "callchain.h"
#include "data.h"
#include "huge.h"
#include "machine.h"
#include "map.h"
#include "session.h"

#define FRAME_CACHE_BITS	TABLE_BITS(14)
#define NONE			((u32)-1)

struct frame_cache_entry {
	const struct symbol	*sym;
	const struct dso	*dso;
	u32			frame;	/* NONE: empty */
	u8			kind;
	bool			dso_level;
};

struct calltree_source {
	struct perf_tool	tool;
	struct calltree_read_opts opts;
	struct perf_data	data;
	bool			data_open;
	struct perf_session	*session;
	struct machine		*machine;
	struct callchain_cursor	cursor;
	struct calltree		*tree;
	struct frame_cache_entry *cache;
	u32			*path;
	u32			path_alloc;
	struct calltree_stats	stats;
	char			*err;
	size_t			errsz;
};

enum calltree_kind calltree__location_kind(const struct addr_location *al)
{
	const struct dso *dso = al->dso;

	if (!dso)
		return CALLTREE_UNKNOWN;
	switch (dso->kind) {
	case DSO_KIND_KERNEL:
	case DSO_KIND_MODULE:
		return CALLTREE_KERNEL;
	case DSO_KIND_BPF:
		/* KSYMBOL names programs bpf_prog_<tag>...; the rest is other JITed code */
		return !strncmp(dso->long_name, "bpf_prog_", 9) ? CALLTREE_BPF : CALLTREE_BPF_TRAMP;
	case DSO_KIND_FALLBACK:
		return CALLTREE_BPF;
	case DSO_KIND_JIT:
		return CALLTREE_JIT;
	case DSO_KIND_USER:
	case DSO_KIND_VDSO:
	case DSO_KIND_ANON:
	default:
		return CALLTREE_USER;
	}
}

static u32 source__frame(struct calltree_source *src, const struct addr_location *al,
			 bool dso_level)
{
	struct calltree *t = src->tree;
	enum calltree_kind kind = calltree__location_kind(al);
	struct frame_cache_entry *e;
	struct calltree_frame f;
	u64 h;

	h = ((u64)(uintptr_t)al->sym * 0x9e3779b97f4a7c15ULL) ^
	    ((u64)(uintptr_t)al->dso * 0xff51afd7ed558ccdULL) ^ (kind << 1) ^ dso_level;
	h *= 0xc4ceb9fe1a85ec53ULL;
	e = &src->cache[h >> (64 - FRAME_CACHE_BITS)];
	if (e->frame != NONE && e->sym == al->sym && e->dso == al->dso && e->kind == kind &&
	    e->dso_level == dso_level)
		return e->frame;

	memset(&f, 0, sizeof(f));
	f.kind = kind;
	f.dso = al->dso;
	f.sym = dso_level ? NULL : al->sym;
	if (dso_level)
		f.name = calltree__intern_str(t, al->dso ? al->dso->short_name : "[unknown]");
	else
		f.name = calltree__intern_str(t, al->sym ? al->sym->name : "[unknown]");
	if (f.name == NONE)
		return NONE;
	if (src->opts.merge_names) {
		f.tag = src->opts.kernel_tag && al->dso && al->dso->kind == DSO_KIND_KERNEL;
	} else {
		f.tag = kind | (dso_level ? 0x100 : 0);
		if (al->dso) {
			f.dso_name = calltree__intern_str(t, al->dso->long_name);
			if (f.dso_name == NONE)
				return NONE;
		}
	}
	f.addr = al->sym && !dso_level ? al->ip - (al->addr - al->sym->start) : al->ip;
	if (al->map) {
		f.map_start = al->map->start;
		f.map_end = al->map->end;
		f.map_pgoff = al->map->pgoff;
	}
	f.cpu = -1;
	f.pid = -1;
	f.tid = -1;
	e->frame = calltree__frame(t, &f);
	e->sym = al->sym;
	e->dso = al->dso;
	e->kind = kind;
	e->dso_level = dso_level;
	return e->frame;
}

static u32 source__group(struct calltree_source *src, const struct thread *th,
			 const struct perf_sample *sample)
{
	struct calltree *t = src->tree;
	const char *comm = th ? th->comm : ":-1";
	struct calltree_frame f;
	char buf[512];

	memset(&f, 0, sizeof(f));
	f.kind = CALLTREE_GROUP;
	f.tag = 0x200;	/* apart from every frame of code */
	f.pid = -1;
	f.tid = -1;
	f.cpu = -1;
	switch (src->opts.group) {
	case CALLTREE_GROUP_COMM:
		/* upstream's --include-pid/--include-tid: the ids unsigned */
		if (src->opts.comm_pid && src->opts.comm_tid)
			snprintf(buf, sizeof(buf), "%s-%u/%u", comm, sample->pid, sample->tid);
		else if (src->opts.comm_pid || src->opts.comm_tid)
			snprintf(buf, sizeof(buf), "%s-%u", comm,
				 src->opts.comm_pid ? sample->pid : sample->tid);
		else
			break;
		comm = buf;
		break;
	case CALLTREE_GROUP_THREAD:
		f.pid = (s32)sample->pid;
		f.tid = (s32)sample->tid;
		break;
	case CALLTREE_GROUP_LABELS:
		f.pid = (s32)sample->pid;
		f.tid = (s32)sample->tid;
		f.cpu = (sample->sample_type & PERF_SAMPLE_CPU) ? (s32)sample->cpu : -1;
		break;
	default:
		break;
	}
	/* a thread is one group whatever names it takes: the sample hook sees them */
	if (src->opts.group == CALLTREE_GROUP_THREAD)
		return calltree__frame(t, &f);
	f.name = calltree__intern_str(t, comm);
	if (f.name == NONE)
		return NONE;
	return calltree__frame(t, &f);
}

static int source__push(struct calltree_source *src, u32 *nr, u32 frame)
{
	if (frame == NONE)
		return -ENOMEM;
	if (array__grow((void **)&src->path, &src->path_alloc, *nr + 1, sizeof(*src->path), 256))
		return -ENOMEM;
	src->path[(*nr)++] = frame;
	return 0;
}

static int source__sample(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *ev, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct calltree_source *src = (struct calltree_source *)tool;
	struct calltree_stats *st = &src->stats;
	bool chain = evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN;
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	struct addr_location al;
	u32 nr = 0, group = 0, leaf, i;
	int err;

	if (src->opts.skip_tracepoints && evsel->attr.type == PERF_TYPE_TRACEPOINT)
		return 0;
	err = machine__resolve(src->machine, ev, sample, &al);
	if (err)
		return err;
	if (!st->event) {
		st->event = evsel__name(evsel);
		st->sample_period = evsel->attr.freq ? 0 : evsel->attr.sample_period;
		st->sample_freq = evsel->attr.freq ? evsel->attr.sample_freq : 0;
	}
	st->callchains |= chain;
	st->nr_samples++;
	st->total_period += sample->period;
	if (sample->sample_type & PERF_SAMPLE_TIME) {
		if (!st->first_time || sample->time < st->first_time)
			st->first_time = sample->time;
		if (sample->time > st->last_time)
			st->last_time = sample->time;
	}
	if (src->opts.group != CALLTREE_GROUP_NOCOMM) {
		group = source__group(src, al.thread, sample);
		err = source__push(src, &nr, group);
		if (err)
			return err;
	}
	if (chain) {
		err = callchain__resolve(src->machine, al.thread, sample, cpumode,
					 src->opts.max_stack ? src->opts.max_stack : 127,
					 &src->cursor);
		if (err)
			return err;
		if (!src->cursor.nr && src->opts.empty_chain_ip) {
			err = source__push(src, &nr, source__frame(src, &al, false));
			if (err)
				return err;
		}
		/* innermost first: the tree goes from the outermost */
		for (i = src->cursor.nr; i-- > 0;) {
			err = source__push(src, &nr, source__frame(src, &src->cursor.entries[i],
								   false));
			if (err)
				return err;
		}
	} else {
		if (src->opts.flat_dso) {
			err = source__push(src, &nr, source__frame(src, &al, true));
			if (err)
				return err;
		}
		if (src->opts.flat_sym) {
			err = source__push(src, &nr, source__frame(src, &al, false));
			if (err)
				return err;
		}
	}
	err = calltree__add(src->tree, src->path, nr, sample->period, &leaf);
	if (err)
		return err;
	return src->opts.sample ? src->opts.sample(src->opts.arg, leaf, group,
						   al.thread ? al.thread->comm : ":-1", sample) : 0;
}

static int source__event(struct perf_tool *tool, struct perf_session *session,
			 const union perf_event *ev, struct perf_sample *sample,
			 struct evsel *evsel)
{
	struct calltree_source *src = (struct calltree_source *)tool;
	int err = machine__process_event(src->machine, ev, sample);

	/* a malformed side-band record only loses what it would have said */
	return err == -ENOMEM ? err : 0;
}

int calltree_source__open(struct calltree_source **out, const char *path,
			  const struct calltree_read_opts *opts, char *err, size_t errsz)
{
	struct calltree_source *src;
	struct perf_session *session;
	u32 i;
	int ret;

	*out = NULL;
	src = calloc(1, sizeof(*src));
	if (!src) {
		snprintf(err, errsz, "out of memory");
		return -ENOMEM;
	}
	src->opts = *opts;
	src->tool.sample = source__sample;
	src->tool.event = source__event;
	src->tool.ordered = true;
	callchain_cursor__init(&src->cursor);
	src->machine = machine__new(opts->kallsyms);
	src->cache = malloc(sizeof(*src->cache) << FRAME_CACHE_BITS);
	if (!src->machine || !src->cache || callchain_cursor__enable_cache(&src->cursor)) {
		snprintf(err, errsz, "out of memory");
		ret = -ENOMEM;
		goto out_err;
	}
	for (i = 0; i < 1u << FRAME_CACHE_BITS; i++)
		src->cache[i].frame = NONE;
	ret = perf_data__open_read(&src->data, path);
	if (ret) {
		snprintf(err, errsz, "%s%s", src->data.err,
			 ret == -ENOENT ? " (try 'perf record' first)" : "");
		goto out_err;
	}
	src->data_open = true;
	if (!src->data.is_pipe && src->data.size == 0) {
		snprintf(err, errsz, "zero-sized data, nothing to do");
		ret = -EINVAL;
		goto out_err;
	}
	ret = perf_session__new(&session, &src->data, &src->tool);
	if (ret) {
		snprintf(err, errsz, "%s", src->data.err);
		goto out_err;
	}
	src->session = session;
	/* symbols from the binaries that ran (a build id that fails to parse: none) */
	{
		const struct perf_feat_raw *bid = &session->header.raw[HEADER_BUILD_ID];

		if (!bid->swapped && bid->buf)
			machine__set_build_ids(src->machine, bid->buf, bid->size);
	}
	if (!opts->no_bpf_prog_info)
		machine__set_bpf_info(src->machine, &session->header.env.bpf);
	*out = src;
	return 0;
out_err:
	calltree_source__delete(src);
	return ret;
}

int calltree_source__read(struct calltree_source *src, struct calltree *t, char *err,
			  size_t errsz)
{
	int ret;

	src->tree = t;
	ret = perf_session__process(src->session);
	if (ret == -ENOMEM)
		snprintf(err, errsz, "out of memory");
	else if (ret)
		snprintf(err, errsz, "%s", src->data.err[0] ? src->data.err : strerror(-ret));
	return ret;
}

struct machine *calltree_source__machine(struct calltree_source *src)
{
	return src->machine;
}

struct perf_session *calltree_source__session(struct calltree_source *src)
{
	return src->session;
}

const struct calltree_stats *calltree_source__stats(const struct calltree_source *src)
{
	return &src->stats;
}

void calltree_source__delete(struct calltree_source *src)
{
	if (!src)
		return;
	perf_session__delete(src->session);
	if (src->data_open)
		perf_data__close(&src->data);
	callchain_cursor__exit(&src->cursor);
	machine__delete(src->machine);
	free(src->cache);
	free(src->path);
	free(src);
}
