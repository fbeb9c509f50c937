// SPDX-License-Identifier: GPL-2.0
/* util/err-sink.c: one line per message, the command named, to the sink set. */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "util/err-sink.h"

static char got[2048];
static int calls;

static void sink(const char *line, void *priv)
{
	snprintf(got, sizeof(got), "%s|%s", line, (const char *)priv);
	calls++;
}

int main(void)
{
	char big[3000];

	err_sink__set("record", sink, "p");
	pr_err("-C %s: bad CPU list", "x");
	is_str(got, "perf record: -C x: bad CPU list|p", "an error, the command named");
	pr_warning("no %s", "side-band");
	is_str(got, "perf record: warning: no side-band|p", "a warning");
	err_sink__set(NULL, sink, "q");
	pr_err("plain");
	is_str(got, "perf: plain|q", "no command: perf alone");
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	pr_err("%s", big);
	ok(strlen(got) < 1100 && !strchr(got, '\n'), "a long message cut, one line");
	is_int(calls, 4, "one call each");
	return done_testing();
}
