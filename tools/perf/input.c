// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>

#include "input.h"
#include "util/data.h"
#include "util/session.h"

int input__open(const struct input *in, struct perf_data *data,
		struct perf_tool *tool, struct perf_session **session)
{
	int err;

	*session = NULL;
	err = perf_data__open_read(data, in->path);
	if (err) {
		fprintf(stderr, "perf %s: %s: %s%s\n", in->cmd, in->path, data->err,
			err == -ENOENT ? " (try 'perf record' first)" : "");
		return err;
	}
	if (!in->force && perf_data__foreign(data)) {
		/* upstream's own line: users' scripts look for it */
		fprintf(stderr, "File %s not owned by current user or root (use -f to override)\n",
			in->path);
		err = -EPERM;
		goto out_close;
	}
	if (!data->is_pipe && data->size == 0) {
		fprintf(stderr, "perf %s: %s: zero-sized data, nothing to do\n",
			in->cmd, in->path);
		err = -EINVAL;
		goto out_close;
	}
	err = perf_session__new(session, data, tool);
	if (!err)
		return 0;
	fprintf(stderr, "perf %s: %s: %s\n", in->cmd, in->path, data->err);
	*session = NULL;
out_close:
	perf_data__close(data);
	return err;
}
