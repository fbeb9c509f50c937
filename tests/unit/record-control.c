// SPDX-License-Identifier: GPL-2.0
/* util/record-control.c: --control's forms, its commands, the acks. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/record-control.h"

int main(void)
{
	struct record_control c;
	int ctl[2], ack[2];
	char spec[64], buf[16] = "";

	plan(17);
	is_int(record_control__cmd("enable"), RECORD_CTL_ENABLE, "enable");
	is_int(record_control__cmd("disable"), RECORD_CTL_DISABLE, "disable");
	is_int(record_control__cmd("snapshot"), RECORD_CTL_SNAPSHOT, "snapshot");
	is_int(record_control__cmd("ping"), RECORD_CTL_PING, "ping");
	is_int(record_control__cmd("stop"), RECORD_CTL_STOP, "stop");
	is_int(record_control__cmd("enabled"), RECORD_CTL_UNKNOWN, "anything else: unknown");

	is_int(record_control__parse(&c, "foo"), -EINVAL, "neither fd: nor fifo:");
	is_int(record_control__parse(&c, "fd:"), -EINVAL, "fd: without a number");
	is_int(record_control__parse(&c, "fd:3,x"), -EINVAL, "a bad ack fd");
	ok(c.ctl_fd == -1 && c.ack_fd == -1, "a refused spec leaves nothing");
	is_int(record_control__parse(&c, "fifo:/nonexistent/ctl"), -ENOENT, "a missing fifo");

	if (pipe(ctl) || pipe(ack))
		return 1;
	snprintf(spec, sizeof(spec), "fd:%d,%d", ctl[0], ack[1]);
	is_int(record_control__parse(&c, spec), 0, "fd:CTL,ACK");
	is_int(record_control__next(&c), RECORD_CTL_NONE, "nothing waiting");
	if (write(ctl[1], "ping\nbogus\nena", 14) != 14 || write(ctl[1], "ble\n", 4) != 4)
		return 1;
	is_int(record_control__next(&c), RECORD_CTL_PING, "ping read");
	is_int(record_control__next(&c), RECORD_CTL_UNKNOWN, "then the unknown line");
	is_int(record_control__next(&c), RECORD_CTL_ENABLE, "then enable, split across writes");
	record_control__ack(&c);
	ok(read(ack[0], buf, sizeof(buf)) == 4 && !memcmp(buf, "ack\n", 4), "ack written");
	record_control__close(&c);
	return done_testing();
}
