// SPDX-License-Identifier: GPL-2.0
/*
 * BPF programs for record: fetching bpf_prog_info with its arrays and the
 * BTF through libbpf, synthesizing KSYMBOL/BPF_EVENT for loaded programs,
 * and the side-band thread that captures programs loaded while recording.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "bpf-event.h"
#include "bpf-prog-info.h"
#include "event.h"
#include "mmap.h"
#include "perf-clock.h"
#include "synthesize.h"

int bpf_prog__fetch(int fd, u64 arrays, struct bpf_prog_info_node *out)
{
	struct bpf_prog_info first, info;
	u32 len = sizeof(first), sizes[PERF_BPIL_LAST_ARRAY] = { 0 }, data_len = 0, off;
	u8 *data = NULL;
	int a, err;

	memset(out, 0, sizeof(*out));
	memset(&first, 0, sizeof(first));
	err = bpf_obj_get_info_by_fd(fd, &first, &len);
	if (err)
		return err < 0 ? err : -EINVAL;

	memset(&info, 0, sizeof(info));
	for (a = 0; a < PERF_BPIL_LAST_ARRAY; a++) {
		u32 count = bpil_array__count(&first, a), rec = bpil_array__rec_size(&first, a);

		if (!(arrays & (1ULL << a)) || !count || !rec)
			continue;
		sizes[a] = count * rec;
		data_len += PERF_ALIGN(sizes[a], 8U);
	}
	if (data_len) {
		data = calloc(1, data_len);
		if (!data)
			return -ENOMEM;
	}
	for (a = 0, off = 0; a < PERF_BPIL_LAST_ARRAY; a++) {
		if (!sizes[a])
			continue;
		bpil_array__set(&info, a, bpil_array__count(&first, a),
				bpil_array__rec_size(&first, a), (u64)(unsigned long)(data + off));
		off += PERF_ALIGN(sizes[a], 8U);
	}
	len = sizeof(info);
	err = bpf_obj_get_info_by_fd(fd, &info, &len);
	if (err) {
		free(data);
		return err < 0 ? err : -EINVAL;
	}
	out->arrays = 0;
	for (a = 0, off = 0; a < PERF_BPIL_LAST_ARRAY; a++) {
		u32 count = bpil_array__count(&info, a), rec = bpil_array__rec_size(&info, a);

		if (!sizes[a]) {
			/* not captured: no pointer, but keep the kernel's count */
			bpil_array__set(&info, a, count, rec, 0);
			continue;
		}
		/* the program cannot change while we hold its fd: counts agree */
		if (count * rec != sizes[a]) {
			free(data);
			return -EAGAIN;
		}
		bpil_array__set(&info, a, count, rec, off);
		out->arrays |= 1ULL << a;
		off += PERF_ALIGN(sizes[a], 8U);
	}
	out->info = info;
	out->info_len = len < sizeof(info) ? len : sizeof(info);
	out->data = data;
	out->data_len = data_len;
	return 0;
}

/* A set of u32 ids: 0 is free, ids are stored + 1.  Returns true if added. */
static bool idset__add(u32 **set, u32 *cap, u32 *nr, u32 id, bool *nomem)
{
	u32 i, key = id + 1;

	if ((*nr + 1) * 2 > *cap) {
		u32 ncap = *cap ? *cap * 2 : 1024, j;
		u32 *n = calloc(ncap, sizeof(*n));

		if (!n) {
			*nomem = true;
			return false;
		}
		for (j = 0; j < *cap; j++) {
			if (!(*set)[j])
				continue;
			for (i = ((*set)[j] * 2654435761U) & (ncap - 1); n[i]; i = (i + 1) & (ncap - 1))
				;
			n[i] = (*set)[j];
		}
		free(*set);
		*set = n;
		*cap = ncap;
	}
	for (i = (key * 2654435761U) & (*cap - 1); (*set)[i]; i = (i + 1) & (*cap - 1))
		if ((*set)[i] == key)
			return false;
	(*set)[i] = key;
	(*nr)++;
	return true;
}

static bool idset__has(const u32 *set, u32 cap, u32 id)
{
	u32 i, key = id + 1;

	if (!cap)
		return false;
	for (i = (key * 2654435761U) & (cap - 1); set[i]; i = (i + 1) & (cap - 1))
		if (set[i] == key)
			return true;
	return false;
}

void bpf_capture__exit(struct bpf_capture *cap)
{
	free(cap->prog_ids);
	free(cap->btf_ids);
	cap->prog_ids = cap->btf_ids = NULL;
	cap->cap_progs = cap->nr_progs = cap->cap_btfs = cap->nr_btfs = 0;
}

bool bpf_capture__has(struct bpf_capture *cap, u32 id)
{
	bool has;

	pthread_mutex_lock(cap->lock);
	has = idset__has(cap->prog_ids, cap->cap_progs, id);
	pthread_mutex_unlock(cap->lock);
	return has;
}

int bpf_capture__add(struct bpf_capture *cap, const struct bpf_prog_info_node *f)
{
	char err[128];
	u32 btf_id = f->info.btf_id;
	bool need_btf = false, nomem = false;
	int ret = 0;

	if (!cap->keep_info)
		return 0;
	pthread_mutex_lock(cap->lock);
	/* the env keeps the first of an id; a set avoids sorting it per program */
	if (idset__add(&cap->prog_ids, &cap->cap_progs, &cap->nr_progs, f->info.id, &nomem))
		ret = perf_env_bpf__add_prog(cap->bpf, &f->info, f->info_len, f->arrays, f->data,
					     f->data_len, err, sizeof(err));
	if (!ret && btf_id && !nomem)
		need_btf = !idset__has(cap->btf_ids, cap->cap_btfs, btf_id);
	pthread_mutex_unlock(cap->lock);
	if (nomem)
		return -ENOMEM;
	if (need_btf) {
		struct btf *btf = btf__load_from_kernel_by_id(btf_id);
		const void *raw;
		u32 size;

		if (!btf)
			return 0;	/* the program keeps its info without BTF */
		raw = btf__raw_data(btf, &size);
		pthread_mutex_lock(cap->lock);
		if (raw && idset__add(&cap->btf_ids, &cap->cap_btfs, &cap->nr_btfs, btf_id, &nomem))
			ret = perf_env_bpf__add_btf(cap->bpf, btf_id, raw, size);
		pthread_mutex_unlock(cap->lock);
		btf__free(btf);
	}
	return nomem ? -ENOMEM : ret;
}

/* The BTF name of function i from func_info, "" when there is none. */
static void live__btf_name(const struct bpf_prog_info_node *f, u32 i, char *buf, size_t size)
{
	const struct bpf_func_info *fi;
	const struct btf_type *t;
	struct btf *btf;
	const char *name;
	u32 nr;

	buf[0] = '\0';
	fi = bpf_prog_info_node__array(f, PERF_BPIL_FUNC_INFO, &nr, NULL);
	if (!fi || i >= nr || !f->info.btf_id || f->info.func_info_rec_size < sizeof(*fi))
		return;
	btf = btf__load_from_kernel_by_id(f->info.btf_id);
	if (!btf)
		return;
	fi = (const void *)((const u8 *)fi + (size_t)i * f->info.func_info_rec_size);
	t = btf__type_by_id(btf, fi->type_id);
	name = t ? btf__name_by_offset(btf, t->name_off) : NULL;
	if (name)
		snprintf(buf, size, "%s", name);
	btf__free(btf);
}

int bpf_prog__live_func_name(const struct bpf_prog_info_node *f, u32 i,
			     const struct bpf_kallsyms *ks, char *buf, size_t size)
{
	const u64 *ksyms;
	char btf_name[128];
	u32 nr;

	ksyms = bpf_prog_info_node__array(f, PERF_BPIL_JITED_KSYMS, &nr, NULL);
	if (!ksyms || i >= nr)
		return -ENOENT;
	if (ks) {
		const char *name = bpf_kallsyms__find(ks, ksyms[i]);

		if (name) {
			snprintf(buf, size, "%s", name);
			return 0;
		}
	}
	/* not in kallsyms (gone already): built as the kernel builds it */
	live__btf_name(f, i, btf_name, sizeof(btf_name));
	bpf_func__name(f, i, btf_name[0] ? btf_name : NULL, false, buf, size);
	return 0;
}

int perf_synth__bpf_prog(struct perf_synth *s, const struct bpf_prog_info_node *f,
			 const struct bpf_kallsyms *ks, bool bpf_event)
{
	const u64 *ksyms;
	const u32 *lens;
	u32 nr, nr_lens, i;
	char name[512];
	int err = 0;

	ksyms = bpf_prog_info_node__array(f, PERF_BPIL_JITED_KSYMS, &nr, NULL);
	lens = bpf_prog_info_node__array(f, PERF_BPIL_JITED_FUNC_LENS, &nr_lens, NULL);
	if (!ksyms || !nr)
		return 0;
	for (i = 0; !err && i < nr; i++) {
		u32 len = lens && i < nr_lens ? lens[i] : 0;

		if (i == 0 && nr == 1 && !len)
			len = f->info.jited_prog_len;
		err = bpf_prog__live_func_name(f, i, ks, name, sizeof(name));
		if (!err)
			err = perf_synth__ksymbol(s, ksyms[i], len, PERF_RECORD_KSYMBOL_TYPE_BPF,
						  0, name);
	}
	if (!err && bpf_event) {
		union {
			union perf_event	ev;
			u64			words[16];
		} b;
		struct perf_record_bpf_event *be = &b.ev.bpf;

		memset(&b, 0, sizeof(b));
		be->header.type = PERF_RECORD_BPF_EVENT;
		be->header.size = sizeof(*be);
		be->type = PERF_BPF_EVENT_PROG_LOAD;
		be->id = f->info.id;
		memcpy(be->tag, f->info.tag, BPF_TAG_SIZE);
		err = perf_synth__emit(s, &b.ev);
	}
	return err;
}

/* Fetch program id into f; -ENOENT when it is gone. */
static int bpf_prog__fetch_id(u32 id, u64 arrays, struct bpf_prog_info_node *f)
{
	int fd = bpf_prog_get_fd_by_id(id), err;

	if (fd < 0)
		return -ENOENT;
	err = bpf_prog__fetch(fd, arrays, f);
	close(fd);
	return err;
}

int bpf_event__synthesize_all(struct perf_synth *s, struct bpf_capture *cap,
			      const struct bpf_kallsyms *given, bool bpf_event, bool skip_known)
{
	struct bpf_kallsyms ks;
	u32 id = 0;
	int err, nr = 0;

	memset(&ks, 0, sizeof(ks));
	if (s && !given && bpf_kallsyms__load(&ks))
		memset(&ks, 0, sizeof(ks));
	err = 0;
	while (!err && !bpf_prog_get_next_id(id, &id)) {
		struct bpf_prog_info_node f;

		if (skip_known && bpf_capture__has(cap, id))
			continue;
		if (bpf_prog__fetch_id(id, cap->arrays, &f))
			continue;	/* unloaded meanwhile */
		if (s) {
			err = perf_synth__bpf_prog(s, &f, given ? given : &ks, bpf_event);
			nr++;
		}
		if (!err)
			err = bpf_capture__add(cap, &f);
		bpf_prog_info_node__exit(&f);
	}
	if (s)
		bpf_kallsyms__exit(&ks);
	return err ? err : nr;
}

/* The side-band thread. */

static int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
			       unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group, flags);
}

int bpf_sideband__open(struct bpf_sideband *sb)
{
	struct perf_event_attr attr = sb->attr;
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	int cpu, err = 0;

	sb->wake[0] = sb->wake[1] = -1;
	perf_clock__offset(&sb->clock_offset);	/* 0 when it cannot tell */
	if (ncpu <= 0)
		ncpu = 1;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.size = sizeof(attr);
	attr.bpf_event = 1;
	attr.ksymbol = sb->forward ? 1 : 0;
	/*
	 * No sample_id trailer: the kernel grows a record's header.size by
	 * each listener's trailer size without restoring it, so a trailer here
	 * would corrupt the records of the events written to the file
	 * (listeners after this one).  Records we read may in turn be longer
	 * than their body: only the body is used.
	 */
	attr.sample_id_all = 0;
	attr.sample_type = 0;
	attr.read_format = 0;
	attr.watermark = 1;
	attr.wakeup_watermark = 1;
	attr.disabled = 0;
	attr.inherit = 0;
	attr.enable_on_exec = 0;
	attr.mmap = attr.mmap2 = attr.comm = attr.comm_exec = attr.task = 0;
	attr.mmap_data = attr.context_switch = attr.namespaces = 0;
	attr.exclude_user = 0;
	attr.sample_period = 1;
	attr.freq = 0;
	attr.exclude_kernel = 0;
	if (sb->forward)
		sb->out_synth = (struct perf_synth){
			.emit = sb->forward,
			.priv = sb->priv,
			.sample_type = sb->attr.sample_type,
			.id_hdr_size = perf_event__id_hdr_size(sb->attr.sample_type),
		};
	if (sb->forward && !sb->attr.sample_id_all)
		sb->out_synth.id_hdr_size = 0;
	sb->attr = attr;
	if (!sb->pages)
		sb->pages = 64;

	sb->fds = calloc(ncpu, sizeof(int));
	sb->maps = calloc(ncpu, sizeof(*sb->maps));
	if (!sb->fds || !sb->maps)
		return -ENOMEM;
	for (cpu = 0; cpu < ncpu; cpu++) {
		int fd = sys_perf_event_open(&attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);

		if (fd < 0) {
			if (errno == ENODEV || errno == ENXIO)
				continue;	/* offline CPU */
			err = -errno;
			break;
		}
		sb->fds[sb->nr] = fd;
		err = perf_mmap__map(&sb->maps[sb->nr], fd, cpu, sb->pages);
		sb->nr++;
		if (err)
			break;
	}
	if (!err && pipe(sb->wake))
		err = -errno;
	if (!err && !sb->nr)
		err = -ENODEV;
	if (err) {
		int i;

		for (i = 0; i < sb->nr; i++) {
			perf_mmap__unmap(&sb->maps[i]);
			close(sb->fds[i]);
		}
		sb->nr = 0;
	}
	return err;
}

/*
 * The side-band threads.  One reader per CPU, pinned to it and SCHED_FIFO
 * when permitted: the kernel wakes it on the CPU that loaded the program,
 * where it runs ahead of the loader, so it holds the program by fd before
 * the loader can unload it.  The readers only hold programs (and forward
 * records); one fetcher thread takes the held programs in order and
 * fetches their info, which takes long next to a load.
 */
#define SB_QUEUE	8192	/* a power of two */

struct sideband_queue {
	pthread_mutex_t	lock;
	pthread_cond_t	cond;
	int		fds[SB_QUEUE];
	u32		head, tail;	/* free running */
	bool		lost;		/* a reader saw LOST */
	bool		rescan;		/* the output lost records */
	bool		stop;		/* the readers are gone: drain and end */
};

struct sideband_reader {
	struct bpf_sideband	*sb;
	int			idx;	/* of sb->maps */
	u64			last_load;
	pthread_t		thread;
	bool			started;
};

static void sideband__fetch(struct bpf_capture *cap, int fd)
{
	struct bpf_prog_info_node f;

	if (fd < 0) {
		__atomic_add_fetch(&cap->nr_missed, 1, __ATOMIC_RELAXED);
		return;
	}
	if (!bpf_prog__fetch(fd, cap->arrays, &f)) {
		if (!bpf_capture__add(cap, &f))
			__atomic_add_fetch(&cap->nr_captured, 1, __ATOMIC_RELAXED);
		bpf_prog_info_node__exit(&f);
	} else {
		__atomic_add_fetch(&cap->nr_missed, 1, __ATOMIC_RELAXED);
	}
	close(fd);
}

static void sideband__hold(struct bpf_sideband *sb, u32 id)
{
	struct sideband_queue *q = sb->queue;
	int fd = bpf_prog_get_fd_by_id(id);

	pthread_mutex_lock(&q->lock);
	if (q->tail - q->head < SB_QUEUE) {
		q->fds[q->tail++ & (SB_QUEUE - 1)] = fd;
		fd = -2;
	}
	pthread_cond_signal(&q->cond);
	pthread_mutex_unlock(&q->lock);
	if (fd != -2) {		/* the fetcher is that far behind: give it up */
		if (fd >= 0)
			close(fd);
		__atomic_add_fetch(&sb->cap->nr_missed, 1, __ATOMIC_RELAXED);
	}
}

/*
 * A KSYMBOL or BPF_EVENT for the output: its body (the kernel may have
 * made header.size longer, see bpf_sideband__open()) and a trailer laid
 * out as the output's, timed when we read it.
 */
static int sideband__forward(struct bpf_sideband *sb, const union perf_event *ev)
{
	union {
		union perf_event	ev;
		u64			words[128];
	} b;
	struct perf_synth out = sb->out_synth;	/* several readers at once */
	size_t body = perf_event__sideband_body_size(ev);

	if (!body || body > ev->header.size || body + 64 > sizeof(b))
		return 0;
	memcpy(&b, ev, body);
	b.ev.header.size = body;
	out.time = perf_clock__monotonic() + sb->clock_offset;
	return perf_synth__emit(&out, &b.ev);
}

static int sideband__record(void *priv, struct perf_mmap *map, const union perf_event *ev)
{
	struct sideband_reader *r = priv;
	struct bpf_sideband *sb = r->sb;

	switch (ev->header.type) {
	case PERF_RECORD_BPF_EVENT:
		if (ev->bpf.type == PERF_BPF_EVENT_PROG_LOAD) {
			__atomic_add_fetch(&sb->cap->nr_loads, 1, __ATOMIC_RELAXED);
			r->last_load = perf_clock__monotonic();
			/* hold the program first: from then on it cannot go away */
			if (sb->cap->keep_info)
				sideband__hold(sb, ev->bpf.id);
		}
		break;
	case PERF_RECORD_LOST:
		__atomic_add_fetch(&sb->nr_lost, ev->lost.lost, __ATOMIC_RELAXED);
		pthread_mutex_lock(&sb->queue->lock);
		sb->queue->lost = true;
		pthread_cond_signal(&sb->queue->cond);
		pthread_mutex_unlock(&sb->queue->lock);
		return 0;
	default:
		break;
	}
	if (sb->forward && (ev->header.type == PERF_RECORD_KSYMBOL ||
			    ev->header.type == PERF_RECORD_BPF_EVENT) &&
	    (!sb->filter || sb->filter(sb->priv, ev)))
		return sideband__forward(sb, ev);
	return 0;
}

/*
 * After a loss: programs we never saw get their info captured.  all: the
 * output itself lost KSYMBOL/BPF_EVENT records, so every loaded program
 * is synthesized again (the reader takes a repeated one as the same);
 * else only those we had not seen, and only when we forward.
 */
static void sideband__rescan(struct bpf_sideband *sb, bool all)
{
	struct perf_synth *s = NULL;
	int n;

	sb->nr_rescans++;
	if (sb->resynth && (all || sb->forward)) {
		sb->rescan_synth = *sb->resynth;
		sb->rescan_synth.time = perf_clock__monotonic() + sb->clock_offset;
		s = &sb->rescan_synth;
	}
	n = bpf_event__synthesize_all(s, sb->cap, NULL, true, !all);
	if (n > 0)
		sb->nr_recovered += n;
}

void bpf_sideband__request_rescan(struct bpf_sideband *sb)
{
	if (!sb->running)
		return;
	pthread_mutex_lock(&sb->queue->lock);
	sb->queue->rescan = true;
	pthread_cond_signal(&sb->queue->cond);
	pthread_mutex_unlock(&sb->queue->lock);
}

/*
 * How long a reader sleeps.  The kernel's wakeup can come a scheduler tick
 * or more late here (4-12 ms measured under load), longer than many
 * programs live: while programs are being loaded, look every 200 us too.
 */
static const struct timespec *sideband__timeout(const struct sideband_reader *r)
{
	static const struct timespec busy = { .tv_nsec = 200 * 1000 }, idle = { .tv_sec = 1 };

	return perf_clock__monotonic() - r->last_load < 1000000000ULL ? &busy : &idle;
}

static void *sideband__reader(void *arg)
{
	struct sideband_reader *r = arg;
	struct bpf_sideband *sb = r->sb;
	const struct perf_mmap_ops ops = { .record = sideband__record };
	struct perf_mmap *map = &sb->maps[r->idx];
	struct pollfd pfd[2] = {
		{ .fd = sb->fds[r->idx], .events = POLLIN },
		{ .fd = sb->wake[0], .events = POLLIN },
	};

	if (map->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(map->cpu, &set);
		pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	}
	if (sb->realtime) {
		struct sched_param sp = { .sched_priority = 1 };

		pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	}
	for (;;) {
		s64 n = perf_mmap__read(map, &ops, r);

		if (n < 0 && !sb->err)
			sb->err = (int)n;
		if (pfd[1].revents)
			break;		/* stop: that was the last pass */
		if (ppoll(pfd, 2, sideband__timeout(r), NULL) < 0 && errno != EINTR)
			break;
	}
	return NULL;
}

/* Fetch the info of held programs in order; rescan after losses. */
static void *sideband__fetcher(void *arg)
{
	struct bpf_sideband *sb = arg;
	struct sideband_queue *q = sb->queue;

	pthread_mutex_lock(&q->lock);
	for (;;) {
		if (q->head != q->tail) {
			int fd = q->fds[q->head++ & (SB_QUEUE - 1)];

			pthread_mutex_unlock(&q->lock);
			sideband__fetch(sb->cap, fd);
			pthread_mutex_lock(&q->lock);
			continue;
		}
		if (q->lost || q->rescan) {
			bool all = q->rescan;

			q->lost = q->rescan = false;
			pthread_mutex_unlock(&q->lock);
			sideband__rescan(sb, all);
			pthread_mutex_lock(&q->lock);
			continue;
		}
		if (q->stop)
			break;
		pthread_cond_wait(&q->cond, &q->lock);
	}
	pthread_mutex_unlock(&q->lock);
	return NULL;
}

static void sideband__join_readers(struct bpf_sideband *sb)
{
	int i;

	for (i = 0; i < sb->nr; i++) {
		if (sb->readers[i].started)
			pthread_join(sb->readers[i].thread, NULL);
		sb->readers[i].started = false;
	}
}

int bpf_sideband__start(struct bpf_sideband *sb)
{
	struct sideband_queue *q = calloc(1, sizeof(*q));
	sigset_t all, old;
	int i, err;

	sb->readers = calloc(sb->nr, sizeof(*sb->readers));
	if (!q || !sb->readers) {
		free(q);
		return -ENOMEM;
	}
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->cond, NULL);
	sb->queue = q;
	/* the threads take no signal: the command's (SIGUSR2, SIGINT) wake its poll */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = -pthread_create(&sb->thread, NULL, sideband__fetcher, sb);
	if (!err)
		sb->running = true;
	for (i = 0; !err && i < sb->nr; i++) {
		struct sideband_reader *r = &sb->readers[i];

		r->sb = sb;
		r->idx = i;
		err = -pthread_create(&r->thread, NULL, sideband__reader, r);
		if (!err)
			r->started = true;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return err;
}

void bpf_sideband__stop(struct bpf_sideband *sb)
{
	int i;

	if (sb->running) {
		/* never read: every reader sees it, makes a last pass and ends */
		if (write(sb->wake[1], "x", 1) < 0)
			sb->err = sb->err ? sb->err : -errno;
		sideband__join_readers(sb);
		pthread_mutex_lock(&sb->queue->lock);
		sb->queue->stop = true;
		pthread_cond_signal(&sb->queue->cond);
		pthread_mutex_unlock(&sb->queue->lock);
		pthread_join(sb->thread, NULL);
		sb->running = false;
	}
	if (sb->queue) {
		pthread_mutex_destroy(&sb->queue->lock);
		pthread_cond_destroy(&sb->queue->cond);
		free(sb->queue);
		sb->queue = NULL;
	}
	free(sb->readers);
	sb->readers = NULL;
	for (i = 0; i < sb->nr; i++) {
		perf_mmap__unmap(&sb->maps[i]);
		close(sb->fds[i]);
	}
	sb->nr = 0;
	free(sb->fds);
	free(sb->maps);
	sb->fds = NULL;
	sb->maps = NULL;
	if (sb->wake[0] >= 0) {
		close(sb->wake[0]);
		close(sb->wake[1]);
	}
	sb->wake[0] = sb->wake[1] = -1;
}
