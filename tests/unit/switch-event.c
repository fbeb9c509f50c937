// SPDX-License-Identifier: GPL-2.0
/* util/switch-event.c: the --switch-output-event side-band. */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"
#include "util/switch-event.h"

static volatile int fired;

static void count(void *priv)
{
	(void)priv;
	fired++;
}

int main(void)
{
	struct switch_event se;
	struct timespec ts = { 0, 10000000 };
	char msg[256] = "";
	int err, i;

	plan(7);
	err = switch_event__open(&se, "no-such-event", msg, sizeof(msg));
	ok(err < 0, "an unknown event refused (%d)", err);
	ok(strstr(msg, "no-such-event") != NULL, "the message names it: %s", msg);
	ok(se.nr == 0 && !se.maps, "nothing left open");
	switch_event__close(&se);

	err = switch_event__open(&se, "syscalls:sys_enter_getppid", msg, sizeof(msg));
	if (err) {
		/* no root or no tracefs here: the refusal is all there is to check */
		ok(1, "# SKIP cannot open the tracepoint: %s", msg);
		ok(1, "# SKIP");
		ok(1, "# SKIP");
		ok(1, "# SKIP");
		return done_testing();
	}
	ok(se.nr > 0, "one ring per online CPU (%d)", se.nr);
	is_int(switch_event__start(&se, count, NULL), 0, "the thread started");
	for (i = 0; i < 500 && !fired; i++) {
		getppid();
		nanosleep(&ts, NULL);
	}
	ok(fired > 0, "a getppid() call fired it (%d)", fired);
	switch_event__close(&se);
	ok(!se.running && se.nr == 0, "stopped and closed");
	return done_testing();
}
