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

static volatile sig_atomic_t rotate_asked;
static bool rotate_on_usr2;

static void rotate__sig(int sig)
{
	if (sig == SIGALRM || rotate_on_usr2)
		rotate_asked = 1;
}

void record_rotate__setup(struct record *rec)
{
	struct record_switch *sw = &rec->opts.sw;
	struct sigaction sa;

	if (!sw->enabled)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = rotate__sig;
	rotate_on_usr2 = sw->signal;
	/* caught even when it rotates nothing (0K, 0s), as upstream's */
	sigaction(SIGUSR2, &sa, NULL);
	if (sw->secs) {
		sigaction(SIGALRM, &sa, NULL);
		alarm(sw->secs);
	}
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
