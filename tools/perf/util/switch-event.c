// SPDX-License-Identifier: GPL-2.0
/*
 * The --switch-output-event side-band (switch-event.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cpumap.h"
#include "parse-events.h"
#include "switch-event.h"

int switch_event__open(struct switch_event *se, const char *event, char *msg, size_t msgsz)
{
	struct perf_event_attr attr;
	struct perf_cpu_map *cpus = NULL;
	char name[128];
	int i, err;

	memset(se, 0, sizeof(*se));
	se->stop[0] = se->stop[1] = -1;
	memset(&attr, 0, sizeof(attr));
	err = parse_events__event(event, &attr, name, sizeof(name));
	if (err) {
		snprintf(msg, msgsz, "%s: unknown event", event);
		return err;
	}
	attr.size = sizeof(attr);
	if (attr.type == PERF_TYPE_TRACEPOINT)
		attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_TIME;
	attr.wakeup_events = 1;
	attr.exclude_guest = 1;
	err = perf_cpu_map__online(&cpus);
	if (err) {
		snprintf(msg, msgsz, "%s: cannot read the online CPUs", event);
		return err;
	}
	se->maps = calloc(cpus->nr, sizeof(*se->maps));
	if (!se->maps) {
		perf_cpu_map__delete(cpus);
		return -ENOMEM;
	}
	for (i = 0; i < cpus->nr; i++) {
		int fd = (int)syscall(__NR_perf_event_open, &attr, -1, cpus->cpus[i], -1,
				      PERF_FLAG_FD_CLOEXEC);

		if (fd < 0) {
			err = -errno;
			snprintf(msg, msgsz, "%s: cannot open it on CPU %d: %s", event,
				 cpus->cpus[i], strerror(errno));
			break;
		}
		err = perf_mmap__map(&se->maps[i], fd, cpus->cpus[i], 1);
		if (err) {
			close(fd);
			snprintf(msg, msgsz, "%s: cannot map its ring on CPU %d: %s", event,
				 cpus->cpus[i], strerror(-err));
			break;
		}
		se->nr++;
	}
	perf_cpu_map__delete(cpus);
	if (err)
		switch_event__close(se);
	return err;
}

static void *switch_event__thread(void *arg)
{
	struct switch_event *se = arg;
	struct pollfd *pfd = calloc(se->nr + 1, sizeof(*pfd));
	int i;

	if (!pfd)
		return NULL;
	for (i = 0; i < se->nr; i++)
		pfd[i] = (struct pollfd){ .fd = se->maps[i].fd, .events = POLLIN };
	pfd[se->nr] = (struct pollfd){ .fd = se->stop[0], .events = POLLIN };
	for (;;) {
		const struct perf_mmap_ops none = { 0 };
		s64 got = 0;

		if (poll(pfd, se->nr + 1, -1) < 0 && errno != EINTR)
			break;
		if (pfd[se->nr].revents)
			break;
		for (i = 0; i < se->nr; i++) {
			s64 n = perf_mmap__read(&se->maps[i], &none, NULL);

			if (n > 0)
				got += n;
		}
		if (got) {
			se->fired++;
			se->fire(se->priv);
		}
	}
	free(pfd);
	return NULL;
}

int switch_event__start(struct switch_event *se, void (*fire)(void *priv), void *priv)
{
	sigset_t all, old;
	int err;

	se->fire = fire;
	se->priv = priv;
	if (pipe2(se->stop, O_CLOEXEC))
		return -errno;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = -pthread_create(&se->thread, NULL, switch_event__thread, se);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	se->running = !err;
	return err;
}

void switch_event__close(struct switch_event *se)
{
	int i;

	if (se->running) {
		if (write(se->stop[1], "", 1) < 0)
			pthread_cancel(se->thread);
		pthread_join(se->thread, NULL);
		se->running = false;
	}
	for (i = 0; i < 2; i++) {
		if (se->stop[i] >= 0)
			close(se->stop[i]);
		se->stop[i] = -1;
	}
	for (i = 0; i < se->nr; i++) {
		int fd = se->maps[i].fd;

		perf_mmap__unmap(&se->maps[i]);
		close(fd);
	}
	free(se->maps);
	se->maps = NULL;
	se->nr = 0;
}
