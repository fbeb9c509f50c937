// SPDX-License-Identifier: GPL-2.0
/*
 * util/evlist-fds.c on the live kernel: two task-clock events on this
 * thread, one fd each per CPU, ids registered, one ring buffer per CPU
 * that both write into, enable/disable, a failing open reported with its
 * event, everything closed; a group of two.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "util/tracefs.h"
#include "util/tracepoint.h"
#include "util/cpumap.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evlist-fds.h"
#include "util/mmap.h"
#include "util/thread-map.h"

struct ctx {
	int		opened;
	int		fail_at;	/* fail the open with this number (1-based), 0: never */
	struct evsel	*err_evsel;
	int		err;
};

static void *sleeper(void *arg)
{
	pause();
	return arg;
}

static int open_one(void *priv, struct evsel *evsel, int cpu, pid_t pid)
{
	struct ctx *c = priv;
	int fd;

	if (++c->opened == c->fail_at)
		return -E2BIG;
	fd = (int)syscall(__NR_perf_event_open, &evsel->attr, pid, cpu, -1, 0);
	return fd < 0 ? -errno : fd;
}

/* the first thread of the map exited meanwhile */
static pid_t gone_pid;

static int open_gone(void *priv, struct evsel *evsel, int cpu, pid_t pid)
{
	return pid == gone_pid ? EVLIST_FDS__GONE : open_one(priv, evsel, cpu, pid);
}

static int open_fallback(void *priv, struct evsel *evsel, int cpu, pid_t pid)
{
	bool bits = true;

	return evlist_fds__open_fallback(priv, evsel, cpu, pid, "", &bits);
}

static void on_error(void *priv, struct evsel *evsel, int err)
{
	struct ctx *c = priv;

	c->err_evsel = evsel;
	c->err = err;
}

static int count_samples(void *priv, struct perf_mmap *map, const union perf_event *ev)
{
	if (ev->header.type == PERF_RECORD_SAMPLE)
		(*(int *)priv)++;
	return 0;
}

int main(void)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr), .type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_TASK_CLOCK, .sample_period = 100000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_IDENTIFIER, .disabled = 1,
	};
	const struct perf_mmap_ops ops = { .record = count_samples };
	struct perf_thread_map *threads = thread_map__new_one((pid_t)syscall(SYS_gettid));
	struct perf_cpu_map *cpus = NULL;
	struct evlist *evlist = evlist__new();
	struct perf_mmap *maps = NULL;
	struct ctx c = { 0 };
	int **fds = NULL, nr_maps = 0, samples = 0, i, err, slots;
	bool sharing = true;
	volatile unsigned long spin = 0;

	if (perf_cpu_map__online(&cpus) || !threads || !evlist)
		skip_all("no CPU map");
	evlist__add(evlist, evsel__new(&attr, 0));
	evlist__add(evlist, evsel__new(&attr, 1));
	slots = cpus->nr * threads->nr;
	err = evlist_fds__open(evlist, cpus, threads, &fds, open_one, on_error, &c);
	if (err == -EACCES || err == -EPERM)
		skip_all("no permission to open perf events");
	is_int(err, 0, "open: every event on every CPU");
	is_int(c.opened, 2 * cpus->nr, "one fd per event and CPU");
	ok(evlist->entries[0]->nr_ids == (u32)cpus->nr && evlist->nr_ids == 2 * (u32)cpus->nr,
	   "ids registered with the evsels and the evlist");
	err = evlist_fds__mmap(fds, 2, cpus, threads, 4, &maps, &nr_maps, &sharing);
	ok(!err && !sharing && nr_maps == cpus->nr, "one ring buffer per CPU");
	evlist_fds__ioctl(fds, 2, slots, PERF_EVENT_IOC_ENABLE);
	while (spin < 200000000UL)
		spin++;
	evlist_fds__ioctl(fds, 2, slots, PERF_EVENT_IOC_DISABLE);
	for (i = 0; i < nr_maps; i++)
		perf_mmap__read(&maps[i], &ops, &samples);
	ok(samples > 0, "samples of both events in the shared buffers (%d)", samples);
	evlist_fds__close(&fds, 2, slots, &maps, &nr_maps);
	ok(!fds && !maps && !nr_maps, "closed");

	/* the second event's first open fails: reported with that event */
	evlist__delete(evlist);
	evlist = evlist__new();
	evlist__add(evlist, evsel__new(&attr, 0));
	evlist__add(evlist, evsel__new(&attr, 1));
	c = (struct ctx){ .fail_at = cpus->nr + 1 };
	err = evlist_fds__open(evlist, cpus, threads, &fds, open_one, on_error, &c);
	ok(err == -E2BIG && c.err == -E2BIG && c.err_evsel == evlist->entries[1],
	   "a failing open: -errno, error() told which event");
	evlist_fds__close(&fds, 2, slots, &maps, &nr_maps);
	ok(!fds, "a half-open set closes");

	evlist__delete(evlist);

	/* --per-thread: the "any CPU" map, a ring per thread, not shared */
	{
		struct perf_cpu_map *any = perf_cpu_map__any();
		struct perf_thread_map *two = NULL;
		pthread_t th;
		char list[32];

		pthread_create(&th, NULL, sleeper, NULL);
		snprintf(list, sizeof(list), "%d", getpid());
		evlist = evlist__new();
		evlist__add(evlist, evsel__new(&attr, 0));
		evlist__add(evlist, evsel__new(&attr, 1));
		err = thread_map__new_by_pids(&two, list);
		if (!err)
			err = evlist_fds__open(evlist, any, two, &fds, open_one, on_error,
					       &(struct ctx){ 0 });
		is_int(err, 0, "per thread: open on any CPU");
		err = err ? err : evlist_fds__mmap(fds, 2, any, two, 4, &maps, &nr_maps,
						   &sharing);
		ok(!err && !sharing && two && nr_maps == two->nr && maps[0].cpu == -1,
		   "a ring per thread (%d)", nr_maps);
		samples = 0;
		evlist_fds__ioctl(fds, 2, two ? two->nr : 0, PERF_EVENT_IOC_ENABLE);
		for (spin = 0; spin < 200000000UL; spin++)
			;
		evlist_fds__ioctl(fds, 2, two ? two->nr : 0, PERF_EVENT_IOC_DISABLE);
		for (i = 0; i < nr_maps; i++)
			perf_mmap__read(&maps[i], &ops, &samples);
		ok(samples > 0, "both events' samples in this thread's ring (%d)", samples);
		evlist_fds__close(&fds, 2, two ? two->nr : 0, &maps, &nr_maps);
		evlist__delete(evlist);

		/* -u: a thread gone before its open is left out, its slot -1 */
		gone_pid = two ? two->pids[0] : 0;
		evlist = evlist__new();
		evlist__add(evlist, evsel__new(&attr, 0));
		err = two ? evlist_fds__open(evlist, any, two, &fds, open_gone, on_error,
					     &(struct ctx){ 0 }) : -ENOMEM;
		is_int(err, 0, "a gone thread is no open failure");
		ok(!err && fds[0][0] == -1 && fds[0][1] >= 0, "its slot is empty");
		err = err ? err : evlist_fds__mmap(fds, 1, any, two, 4, &maps, &nr_maps, &sharing);
		ok(!err && two && nr_maps == two->nr - 1, "no ring of it (%d)", nr_maps);
		evlist_fds__close(&fds, 1, two ? two->nr : 0, &maps, &nr_maps);
		evlist__delete(evlist);
		thread_map__delete(two);
		perf_cpu_map__delete(any);
	}

	/* a group: the member opened into its leader's group, slot by slot */
	{
		struct perf_event_attr la = attr;
		u64 vals[8] = { 0 };

		la.read_format = PERF_FORMAT_GROUP;
		evlist = evlist__new();
		evlist__add(evlist, evsel__new(&la, 0));
		evlist__add(evlist, evsel__new(&attr, 1));
		evlist->entries[1]->leader = evlist->entries[0];
		err = evlist_fds__open(evlist, cpus, threads, &fds, open_fallback, on_error,
				       evlist);
		is_int(err, 0, "open a group");
		ok(!err && read(fds[0][0], vals, sizeof(vals)) > 0 && vals[0] == 2,
		   "the leader reads two counters (%llu)", (unsigned long long)vals[0]);
		ok(!err && read(fds[1][0], vals, sizeof(vals)) > 0,
		   "the member has an fd of its own");
		evlist_fds__close(&fds, 2, slots, &maps, &nr_maps);
		evlist__delete(evlist);
	}

	/* tracepoint filters: the kernel takes its syntax, refuses other text */
	{
		char dir[4096];
		u64 id;
		struct evsel *tp, *failed = NULL;

		if (tracefs__dir(dir, sizeof(dir)) ||
		    tracepoint__id(dir, "sched", "sched_switch", &id)) {
			diag("no tracefs: filters not tested");
			goto out;
		}
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.config = id;
		attr.sample_period = 1;
		evlist = evlist__new();
		tp = evsel__new(&attr, 0);
		evlist__add(evlist, tp);
		evsel__append_filter(tp, "prev_pid > 0");
		c = (struct ctx){ 0 };
		err = evlist_fds__open(evlist, cpus, threads, &fds, open_one, on_error, &c);
		is_int(err, 0, "open a tracepoint");
		is_int(evlist_fds__set_filters(evlist, fds, slots, &failed), 0, "a filter set");
		evlist_fds__close(&fds, 1, slots, &maps, &nr_maps);
		evsel__append_filter(tp, "prev_pid ===");
		err = evlist_fds__open(evlist, cpus, threads, &fds, open_one, on_error, &c);
		is_int(evlist_fds__set_filters(evlist, fds, slots, &failed), -EINVAL,
		       "a bad one refused");
		ok(failed == tp, "with its event");
		evlist_fds__close(&fds, 1, slots, &maps, &nr_maps);
		evlist__delete(evlist);
	}
out:
	perf_cpu_map__delete(cpus);
	thread_map__delete(threads);
	return done_testing();
}
