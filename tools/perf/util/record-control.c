// SPDX-License-Identifier: GPL-2.0
/*
 * perf record --control (record-control.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record-control.h"

static int control__fd(const char *s, size_t len, int *fd)
{
	char num[16], *end;
	long v;

	if (!len || len >= sizeof(num))
		return -EINVAL;
	memcpy(num, s, len);
	num[len] = '\0';
	v = strtol(num, &end, 10);
	if (*end || v < 0 || v > INT_MAX)
		return -EINVAL;
	*fd = (int)v;
	return 0;
}

static int control__fifo(const char *s, size_t len, int *fd)
{
	char *path = strndup(s, len);

	if (!path)
		return -ENOMEM;
	/* read-write: opening never waits for the other end */
	*fd = len ? open(path, O_RDWR | O_CLOEXEC) : -1;
	free(path);
	return *fd < 0 ? (len ? -errno : -EINVAL) : 0;
}

int record_control__parse(struct record_control *c, const char *spec)
{
	int (*get)(const char *s, size_t len, int *fd);
	const char *p, *comma;
	int err;

	*c = (struct record_control)RECORD_CONTROL_INIT;
	if (!strncmp(spec, "fd:", 3)) {
		get = control__fd;
		p = spec + 3;
	} else if (!strncmp(spec, "fifo:", 5)) {
		get = control__fifo;
		p = spec + 5;
		c->opened = true;
	} else {
		return -EINVAL;
	}
	comma = strchr(p, ',');
	err = get(p, comma ? (size_t)(comma - p) : strlen(p), &c->ctl_fd);
	if (!err && comma)
		err = get(comma + 1, strlen(comma + 1), &c->ack_fd);
	if (err)
		record_control__close(c);
	return err;
}

enum record_ctl_cmd record_control__cmd(const char *line)
{
	static const struct {
		const char		*name;
		enum record_ctl_cmd	cmd;
	} cmds[] = {
		{ "enable", RECORD_CTL_ENABLE }, { "disable", RECORD_CTL_DISABLE },
		{ "snapshot", RECORD_CTL_SNAPSHOT }, { "ping", RECORD_CTL_PING },
		{ "stop", RECORD_CTL_STOP },
	};
	size_t i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(line, cmds[i].name))
			return cmds[i].cmd;
	return RECORD_CTL_UNKNOWN;
}

enum record_ctl_cmd record_control__next(struct record_control *c)
{
	struct pollfd pfd = { .fd = c->ctl_fd, .events = POLLIN };
	enum record_ctl_cmd cmd;
	char *nl;

	if (c->ctl_fd < 0)
		return RECORD_CTL_NONE;
	nl = memchr(c->buf, '\n', c->len);
	if (!nl && c->len < sizeof(c->buf) - 1 && poll(&pfd, 1, 0) == 1 &&
	    (pfd.revents & POLLIN)) {
		ssize_t n = read(c->ctl_fd, c->buf + c->len, sizeof(c->buf) - 1 - c->len);

		if (n > 0)
			c->len += n;
		nl = memchr(c->buf, '\n', c->len);
	}
	if (!nl && c->len == sizeof(c->buf) - 1)
		nl = c->buf + c->len - 1;	/* too long: taken as one, unknown */
	if (!nl)
		return RECORD_CTL_NONE;
	*nl = '\0';
	cmd = record_control__cmd(c->buf);
	c->len -= nl + 1 - c->buf;
	memmove(c->buf, nl + 1, c->len);
	return cmd;
}

int record_control__ack(struct record_control *c)
{
	if (c->ack_fd < 0)
		return 0;
	return write(c->ack_fd, "ack\n", 4) == 4 ? 0 : -errno;
}

void record_control__close(struct record_control *c)
{
	if (c->opened) {
		if (c->ctl_fd >= 0)
			close(c->ctl_fd);
		if (c->ack_fd >= 0)
			close(c->ack_fd);
	}
	c->ctl_fd = c->ack_fd = -1;
	c->len = 0;
}
