// SPDX-License-Identifier: GPL-2.0
/*
 * perf list: the events this machine has, in upstream's shape
 * ("  <name padded to 50> [<kind>]"): hardware events where the PMU
 * exists, software events, raw rNNN, tracepoints.  Arguments pick
 * (hw, sw, tracepoint, sys:event globs, any other word as *word*).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#include "builtin.h"
#include "util/list-events.h"
#include "util/parse-options.h"
#include "util/tracefs.h"
#include "ui/pager.h"

static const char *const list_usage[] = {
	"perf list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]",
	NULL
};

static int list__print(const char *name, const char *kind, void *priv)
{
	printf("  %-50s [%s]\n", name, kind);
	return ferror(stdout) ? -EIO : 0;
}

/* The tracepoints, or one line on stderr saying why there are none. */
static int list__tracepoints(const char *sys_glob, const char *event_glob)
{
	char dir[4096];
	int err = tracefs__dir(dir, sizeof(dir));

	if (err) {
		fprintf(stderr, "perf list: no tracepoints: %s\n", tracefs__strerror(err));
		return 0;
	}
	err = list_events__tracepoints(dir, sys_glob, event_glob, list__print, NULL);
	if (err == -EACCES) {
		fprintf(stderr, "perf list: no tracepoints: no permission to read %s/events "
			"(needs root)\n", dir);
		return 0;
	}
	return err == -ENOENT ? 0 : err;
}

static int list__symbols(u32 type, const char *glob)
{
	return list_events__symbols(type, glob, list_events__supported, list__print, NULL);
}

static int list__all(void)
{
	int err = list__symbols(PERF_TYPE_HARDWARE, NULL);

	if (!err)
		err = list__symbols(PERF_TYPE_SOFTWARE, NULL);
	if (!err)
		err = list__print("rNNN", LIST_KIND_RAW, NULL);
	if (!err)
		err = list__tracepoints(NULL, NULL);
	return err;
}

static int list__arg(const char *arg)
{
	const char *colon = strchr(arg, ':');
	char *glob;
	int err;

	if (!strcmp(arg, "tracepoint"))
		return list__tracepoints(NULL, NULL);
	if (!strcmp(arg, "hw") || !strcmp(arg, "hardware"))
		return list__symbols(PERF_TYPE_HARDWARE, NULL);
	if (!strcmp(arg, "sw") || !strcmp(arg, "software"))
		return list__symbols(PERF_TYPE_SOFTWARE, NULL);
	/* kinds this perf has none of */
	if (!strcmp(arg, "cache") || !strcmp(arg, "hwcache") || !strcmp(arg, "pmu") ||
	    !strcmp(arg, "sdt") || !strncmp(arg, "metric", 6))
		return 0;
	if (colon) {
		char *sys = strndup(arg, colon - arg);

		if (!sys)
			return -ENOMEM;
		err = list__tracepoints(sys, colon + 1);
		free(sys);
		return err;
	}
	if (asprintf(&glob, "*%s*", arg) < 0)
		return -ENOMEM;
	err = list__symbols(PERF_TYPE_HARDWARE, glob);
	if (!err)
		err = list__symbols(PERF_TYPE_SOFTWARE, glob);
	if (!err)
		err = list__tracepoints(NULL, glob);
	free(glob);
	return err;
}

int cmd_list(int argc, const char **argv)
{
	const struct option options[] = {
		OPT_END()
	};
	int err = 0, i;

	argc = parse_options(argc, argv, options, list_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	pager__setup();
	if (!argc)
		err = list__all();
	for (i = 0; !err && i < argc; i++)
		err = list__arg(argv[i]);
	if (fflush(stdout) && !err)
		err = -EIO;
	pager__finish();
	if (err && err != -EPIPE)
		fprintf(stderr, "perf list: %s\n", strerror(-err));
	return err ? 1 : 0;
}
