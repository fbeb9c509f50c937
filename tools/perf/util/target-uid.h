/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -u/--uid USER of perf record and perf top: the user, by name or number,
 * and the threads of every process that user owns, as upstream 6.1 takes
 * them (the owner of /proc/PID; every thread of such a process).
 */
#ifndef PERF_UTIL_TARGET_UID_H
#define PERF_UTIL_TARGET_UID_H

#include <sys/types.h>

struct perf_thread_map;

/*
 * The uid of a user name, or of a number naming an existing user.
 * -ENOENT: neither a user name nor a number ("Invalid User"); -ESRCH: a
 * number no user has ("Problems obtaining information for user").
 */
int target_uid__parse(const char *user, uid_t *uid);

/*
 * The threads of every process under proc (normally "/proc") owned by
 * uid; -ESRCH when there is none, -errno.
 */
int target_uid__threads(const char *proc, uid_t uid, struct perf_thread_map **out);

#endif /* PERF_UTIL_TARGET_UID_H */
