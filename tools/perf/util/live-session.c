// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bpf-event.h"
#include "cpumap.h"
#include "err-sink.h"
#include "evlist.h"
#include "evlist-fds.h"
#include "live-session.h"
#include "mmap.h"
#include "synthesize.h"
#include "target-uid.h"
#include "thread-map.h"

int live_session__init_target(struct live_session *ls, const struct live_target *t)
{
	int err = 0;

	ls->per_thread = !t->system_wide && !t->cpu_list;
	if (!ls->per_thread) {
		err = perf_cpu_map__parse_option(&ls->cpus, t->cpu_list);
		if (err)
			return err;
		ls->threads = thread_map__new_one(-1);
		return ls->threads ? 0 : -ENOMEM;
	}
	if (t->per_thread_maps)
		ls->cpus = perf_cpu_map__any();
	else
		err = perf_cpu_map__online(&ls->cpus);
	if (err)
		return err;
	if (!ls->cpus)
		return -ENOMEM;
	if (t->has_uid && !t->pids && !t->tids) {
		ls->skip_gone = true;
		err = target_uid__threads("/proc", t->uid, &ls->threads);
		if (err == -ESRCH)
			pr_err("-u %u: the user has no process to profile", (unsigned int)t->uid);
		else if (err)
			pr_err("-u %u: cannot list the processes: %s", (unsigned int)t->uid,
			       strerror(-err));
		return err;
	}
	if (t->pids)
		err = thread_map__new_by_pids(&ls->threads, t->pids);
	else if (t->tids)
		err = thread_map__new_by_tids(&ls->threads, t->tids);
	if (err)
		pr_err("%s %s: %s", t->pids ? "-p" : "-t", t->pids ? t->pids : t->tids,
		       err == -ESRCH ? "no such process" : "bad pid/tid list");
	return err;
}

static int nr_slots(const struct live_session *ls)
{
	return ls->cpus && ls->threads ? ls->cpus->nr * ls->threads->nr : 0;
}

struct open_ctx {
	struct live_session	*ls;
	const char		*consequence;
};

static int open_one(void *priv, struct evsel *evsel, int cpu, pid_t pid)
{
	struct open_ctx *ctx = priv;
	struct live_session *ls = ctx->ls;
	int fd = evlist_fds__open_fallback(ls->evlist, evsel, cpu, pid, ctx->consequence,
					   &ls->sideband_bits);

	/* -u: a process of the user that exited since the scan, as upstream */
	if (fd == -ESRCH && ls->skip_gone) {
		if (evsel->idx == 0 && cpu == ls->cpus->cpus[0])
			pr_warning("Ignored open failure for pid %d", pid);
		return EVLIST_FDS__GONE;
	}
	return fd;
}

/* A number from a /proc/sys file, 0 when unreadable. */
static int proc_sys_int(const char *path)
{
	FILE *fp = fopen(path, "r");
	int v = 0;

	if (fp) {
		if (fscanf(fp, "%d", &v) != 1)
			v = 0;
		fclose(fp);
	}
	return v;
}

static int paranoid_level(void)
{
	return proc_sys_int("/proc/sys/kernel/perf_event_paranoid");
}

int live_session__max_freq(void)
{
	return proc_sys_int("/proc/sys/kernel/perf_event_max_sample_rate");
}

static void open_error(void *priv, struct evsel *evsel, int err)
{
	const char *name = evsel__name(evsel);

	if (err == -EACCES || err == -EPERM)
		pr_err("%s: no permission to open the event (perf_event_paranoid is %d; "
		       "needs root or CAP_PERFMON)", name, paranoid_level());
	else if (err == -ESRCH)
		pr_err("%s: no such process or thread", name);
	else if (err == -EMFILE)
		pr_err("%s: too many open files (raise ulimit -n)", name);
	else
		pr_err("%s: cannot open the event: %s", name, strerror(-err));
}

int live_session__open(struct live_session *ls, const char *consequence)
{
	struct open_ctx ctx = { ls, consequence };
	struct evsel *evsel = NULL;
	int err;

	ls->sideband_bits = true;
	err = evlist_fds__open(ls->evlist, ls->cpus, ls->threads, &ls->fds, open_one,
			       open_error, &ctx);
	if (err)
		return err;
	/* --filter: the kernel checks each against the event's fields */
	err = evlist_fds__set_filters(ls->evlist, ls->fds, nr_slots(ls), &evsel);
	if (err && evsel)
		pr_err("%s: cannot set filter '%s': %s", evsel__name(evsel), evsel->filter,
		       err == -EINVAL ?
		       "the kernel rejects it (bad syntax, or a field the event does not have)" :
		       strerror(-err));
	return err;
}

int live_session__mmap(struct live_session *ls)
{
	bool sharing;
	int err = evlist_fds__mmap(ls->fds, ls->evlist->nr_entries, ls->cpus, ls->threads,
				   ls->pages | (ls->backward ? PERF_MMAP_BACKWARD : 0), &ls->maps,
				   &ls->nr_maps, &sharing);

	if (err && sharing)
		pr_err("cannot share the ring buffer: %s", strerror(-err));
	else if (err)
		pr_err("cannot map %u pages of ring buffer: %s%s", ls->pages, strerror(-err),
		       err == -EPERM ? " (see /proc/sys/kernel/perf_event_mlock_kb)" : "");
	return err;
}

void live_session__ioctl(struct live_session *ls, int nr_evsels, unsigned long req)
{
	if (nr_evsels < 0)
		nr_evsels = ls->evlist->nr_entries;
	evlist_fds__ioctl(ls->fds, nr_evsels, nr_slots(ls), req);
}

int live_session__pollfds(const struct live_session *ls, struct pollfd *pfd)
{
	int i;

	for (i = 0; i < ls->nr_maps; i++) {
		pfd[i].fd = ls->maps[i].fd;
		pfd[i].events = POLLIN;
		pfd[i].revents = 0;
	}
	return ls->nr_maps;
}

void live_session__close(struct live_session *ls)
{
	if (ls->evlist)
		evlist_fds__close(&ls->fds, ls->evlist->nr_entries, nr_slots(ls), &ls->maps,
				  &ls->nr_maps);
}

void live_session__exit(struct live_session *ls)
{
	live_session__close(ls);
	perf_cpu_map__delete(ls->cpus);
	thread_map__delete(ls->threads);
	ls->cpus = NULL;
	ls->threads = NULL;
}

int live_session__synth_tasks(const struct live_session *ls, struct perf_synth *s)
{
	int err = perf_synth__kernel_mmap(s);

	if (!err)
		err = perf_synth__modules(s);
	if (!err)
		err = perf_synth__threads(s, ls->per_thread ? ls->threads : NULL);
	return err;
}

int live_session__synth_bpf(const struct live_session *ls, struct perf_synth *s,
			    struct bpf_capture *cap, bool bpf_event)
{
	struct bpf_kallsyms ks;
	int err;

	if (!ls->sideband_bits)
		return 0;
	if (bpf_kallsyms__load(&ks))
		memset(&ks, 0, sizeof(ks));
	err = bpf_event__synthesize_all(s, cap, &ks, bpf_event, false);
	if (err >= 0)
		err = perf_synth__bpf_images(s, &ks);
	bpf_kallsyms__exit(&ks);
	return err;
}

int live_session__start_sideband(struct bpf_sideband *sb, int *open_err)
{
	int err;

	*open_err = bpf_sideband__open(sb);
	if (*open_err)
		return 0;
	err = bpf_sideband__start(sb);
	if (err)
		bpf_sideband__stop(sb);
	return err;
}
