// SPDX-License-Identifier: GPL-2.0
/* util/tracepoint.c: ids and globs over a tracefs-like tree. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "util/strbuf.h"
#include "util/tracepoint.h"

static char root[] = "/tmp/tracepoint-test.XXXXXX";

static void mk(const char *sys, const char *ev, const char *id)
{
	char p[512];
	FILE *fp;

	snprintf(p, sizeof(p), "%s/events/%s", root, sys);
	mkdir(p, 0755);
	if (!ev)
		return;
	snprintf(p, sizeof(p), "%s/events/%s/%s", root, sys, ev);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/events/%s/%s/format", root, sys, ev);
	fp = fopen(p, "w");
	if (fp)
		fclose(fp);
	if (!id)
		return;
	snprintf(p, sizeof(p), "%s/events/%s/%s/id", root, sys, ev);
	fp = fopen(p, "w");
	if (fp) {
		fputs(id, fp);
		fclose(fp);
	}
}

static int collect(const char *sys, const char *name, void *priv)
{
	struct strbuf *sb = priv;

	return strbuf__addf(sb, "%s:%s ", sys, name);
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	char cmd[600], p[512];
	u64 id = 0;

	if (!mkdtemp(root))
		skip_all("no temporary directory");
	snprintf(p, sizeof(p), "%s/events", root);
	mkdir(p, 0755);
	mk("sched", "sched_switch", "316\n");
	mk("sched", "sched_wakeup", "318\n");
	mk("sched", "sched_waking", "319\n");
	mk("timer", "hrtimer_start", "460\n");
	mk("ftrace", "bprint", NULL);
	mk("ftrace", "print", "5\n");
	mk("empty", NULL, NULL);

	ok(tracepoint__is_glob("sched:*") && tracepoint__is_glob("*:x") &&
	   tracepoint__is_glob("s:a?") && !tracepoint__is_glob("sched:sched_switch"),
	   "globs told from names");
	is_int(tracepoint__id(root, "sched", "sched_switch", &id), 0, "an id");
	is_int(id, 316, "read in decimal");
	is_int(tracepoint__id(root, "sched", "nope", &id), -ENOENT, "no such event");
	is_int(tracepoint__id(root, "nope", "x", &id), -ENOENT, "no such system");
	is_int(tracepoint__id(root, "..", "sched", &id), -ENOENT, "no path games");
	is_int(tracepoint__id(root, "sched/../timer", "hrtimer_start", &id), -ENOENT,
	       "no slashes");
	is_int(tracepoint__id(root, "ftrace", "bprint", &id), -ENOENT, "no id: no tracepoint");
	is_int(tracepoint__has_system(root, "sched"), 0, "a system");
	is_int(tracepoint__has_system(root, "nope"), -ENOENT, "no system");

	is_int(tracepoint__for_each(root, "sched", "sched_wak*", true, collect, &sb), 0,
	       "a name glob");
	is_str(sb.buf, "sched:sched_wakeup sched:sched_waking ", "both, sorted");
	strbuf__reset(&sb);
	is_int(tracepoint__for_each(root, "*", "*start", true, collect, &sb), 0, "a system glob");
	is_str(sb.buf, "timer:hrtimer_start ", "across systems");
	strbuf__reset(&sb);
	is_int(tracepoint__for_each(root, NULL, NULL, true, collect, &sb), 0, "everything");
	is_str(sb.buf, "ftrace:print sched:sched_switch sched:sched_wakeup sched:sched_waking "
	       "timer:hrtimer_start ", "sorted, ftrace's events without an id left out");
	strbuf__reset(&sb);
	is_int(tracepoint__for_each(root, "s[a-d]hed", "*_s*", false, collect, &sb), 0,
	       "brackets");
	is_str(sb.buf, "sched:sched_switch ", "one match");
	strbuf__reset(&sb);
	is_int(tracepoint__for_each(root, "zz*", NULL, false, collect, &sb), 0, "no match: 0");
	is_int(sb.len, 0, "and nothing called");
	is_int(tracepoint__for_each("/nonexistent", NULL, NULL, false, collect, &sb), -ENOENT,
	       "no events directory");
	strbuf__release(&sb);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		diag("cannot remove %s", root);
	return done_testing();
}
