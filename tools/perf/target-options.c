// SPDX-License-Identifier: GPL-2.0
/* -u/--uid of perf record and perf top (see target-options.h). */
#include <errno.h>
#include <stdio.h>

#include "target-options.h"
#include "util/live-session.h"
#include "util/target-uid.h"

int target_options__uid(const char *cmd, const char *user, struct live_target *t, bool quiet)
{
	int err;

	if (!user)
		return 0;
	if (t->pids || t->tids) {
		if (!quiet)
			fprintf(stderr, "Warning:\nPID/TID switch overriding UID\n");
		return 0;
	}
	err = target_uid__parse(user, &t->uid);
	if (err == -ENOENT) {
		fprintf(stderr, "perf %s: Invalid User: %s\n", cmd, user);
		return -EINVAL;
	}
	if (err) {
		fprintf(stderr, "perf %s: Problems obtaining information for user %s\n", cmd,
			user);
		return -EINVAL;
	}
	t->has_uid = true;
	if (t->cpu_list) {
		if (!quiet)
			fprintf(stderr, "Warning:\nUID switch overriding CPU\n");
		t->cpu_list = NULL;
	} else if (t->system_wide && !quiet) {
		fprintf(stderr, "Warning:\nUID switch overriding SYSTEM\n");
	}
	t->system_wide = false;
	return 0;
}
