/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -u/--uid USER of perf record and perf top: the user's processes as the
 * target, with upstream's warnings for the targets it overrides and its
 * lines for a user that does not exist.
 */
#ifndef PERF_TARGET_OPTIONS_H
#define PERF_TARGET_OPTIONS_H

#include <stdbool.h>

struct live_target;

/*
 * Put user (NULL: none) into t, as upstream 6.1: -p/-t override it, it
 * overrides -a and -C (each said as upstream's "Warning:" lines, unless
 * quiet).  0, or -EINVAL when said why not (one line).
 */
int target_options__uid(const char *cmd, const char *user, struct live_target *t, bool quiet);

#endif /* PERF_TARGET_OPTIONS_H */
