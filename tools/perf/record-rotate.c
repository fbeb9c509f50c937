// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's output rotation, the command's side (record-rotate.h).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "record-rotate.h"
#include "util/record.h"
#include "util/switch-event.h"

static volatile sig_atomic_t rotate_asked;
static bool rotate_on_usr2;
static struct switch_event rotate_event = { .stop = { -1, -1 } };

static void rotate__sig(int sig)
{
	if (sig == SIGALRM || rotate_on_usr2)
		rotate_asked = 1;
}

/* --switch-output-event fired: a rotation, as SIGUSR2 asks (upstream's way too) */
static void rotate__event_fired(void *priv)
{
	kill(getpid(), SIGUSR2);
}

int record_rotate__setup(struct record *rec)
{
	struct record_switch *sw = &rec->opts.sw;
	struct sigaction sa;
	char msg[256] = "";
	int err;

	if (!sw->enabled)
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = rotate__sig;
	rotate_on_usr2 = sw->signal;
	/* caught even when it rotates nothing (0K, 0s), as upstream's */
	sigaction(SIGUSR2, &sa, NULL);
	if (sw->secs) {
		sigaction(SIGALRM, &sa, NULL);
		alarm(sw->secs);
	}
	if (!rec->opts.switch_event)
		return 0;
	err = switch_event__open(&rotate_event, rec->opts.switch_event, msg, sizeof(msg));
	if (!err)
		err = switch_event__start(&rotate_event, rotate__event_fired, NULL);
	if (err)
		fprintf(stderr, "perf record: --switch-output-event %s\n",
			msg[0] ? msg : strerror(-err));
	return err;
}

void record_rotate__exit(void)
{
	switch_event__close(&rotate_event);
}

bool record_rotate__due(struct record *rec)
{
	if (!rotate_asked && !record_switch__size_due(&rec->opts.sw, rec->bytes_written))
		return false;
	rotate_asked = 0;
	return true;
}

int record_rotate(struct record *rec, bool at_exit)
{
	struct record_switch *sw = &rec->opts.sw;
	char name[PATH_MAX], *drop;
	struct timeval tv;
	int err;

	if (!at_exit && !rec->opts.quiet)
		fprintf(stderr, "[ perf record: dump data: Woken up %lu times ]\n", rec->wakeups);
	gettimeofday(&tv, NULL);
	err = record_switch__name(name, sizeof(name), rec->data.path, &tv);
	if (err) {
		fprintf(stderr, "perf record: %s: %s\n", rec->data.path, strerror(-err));
		return err;
	}
	err = record__switch_output(rec, name, at_exit);
	if (err)
		return err;	/* said by the recorder */
	if (!rec->opts.quiet)
		fprintf(stderr, "[ perf record: Dump %s ]\n", name);
	err = record_switch__keep(sw, name, &drop);
	if (drop) {
		unlink(drop);
		free(drop);
	}
	if (!at_exit && sw->secs)
		alarm(sw->secs);
	return err;
}
