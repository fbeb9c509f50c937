// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's output options (report-options.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report-options.h"
#include "util/data.h"
#include "util/report.h"

static const char *const percent_types[] = {
	"local-period", "global-period", "local-hits", "global-hits",
};

static bool percent_type__ok(const char *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(percent_types); i++)
		if (!strcmp(s, percent_types[i]))
			return true;
	return false;
}

/* "N", "Nns", "Nus", "Nms", "Ns": nanoseconds; -EINVAL for anything else */
static int time_quantum__parse(const char *s, u64 *ns)
{
	static const struct { const char *unit; u64 mul; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	};
	char *end;
	u64 v;
	size_t i;

	v = strtoull(s, &end, 10);
	if (end == s)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		if (!strcmp(end, units[i].unit)) {
			*ns = v * units[i].mul;
			return 0;
		}
	}
	return -EINVAL;
}

int report_out__apply(struct report_out *ro, struct report_opts *o)
{
	if (ro->percent_type && !percent_type__ok(ro->percent_type)) {
		fprintf(stderr, "perf report: --percent-type: local-period, global-period, "
			"local-hits or global-hits, not '%s'\n", ro->percent_type);
		return -EINVAL;
	}
	if (ro->time_quantum) {
		if (time_quantum__parse(ro->time_quantum, &ro->quantum_ns)) {
			fprintf(stderr, "Cannot parse time quantum `%s'\n", ro->time_quantum);
			return -EINVAL;
		}
		if (!ro->quantum_ns) {
			fprintf(stderr, "time quantum cannot be 0\n");
			return -EINVAL;
		}
	}
	/* upstream: -G wins over the order -g gives, before or after it */
	if (ro->inverted) {
		o->cg.order_set = true;
		o->cg.caller = true;
	}
	o->show_empty = !ro->skip_empty;
	o->raw_trace = ro->raw_trace;
	return 0;
}

int report_out__check_owner(const struct report_out *ro, const struct perf_data *data)
{
	struct stat st;

	if (ro->force || data->is_pipe || fstat(data->fd, &st))
		return 0;
	if (st.st_uid && st.st_uid != geteuid()) {
		fprintf(stderr, "File %s not owned by current user or root (use -f to override)\n",
			data->path);
		return -EPERM;
	}
	return 0;
}
