// SPDX-License-Identifier: GPL-2.0
/* util/tasks.c: perf report --tasks, the task tree. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "records.h"
#include "tap.h"
#include "util/machine.h"
#include "util/tasks.h"
#include "util/thread.h"

static char *tasks_text(struct machine *m, int *err)
{
	char *out = NULL;
	size_t len;
	FILE *fp = open_memstream(&out, &len);

	*err = tasks__fprintf(m, false, fp);
	fclose(fp);
	return out;
}

int main(void)
{
	char path[] = "/tmp/tasks-kallsyms.XXXXXX";
	struct perf_sample s = { 0 };
	struct machine *m;
	char *out;
	FILE *fp;
	int fd = mkstemp(path), err;

	fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!fp)
		skip_all("no temporary file");
	fprintf(fp, "ffffffff81000000 T _text\nffffffff81000200 T _etext\n");
	fclose(fp);
	m = machine__new(path);
	ok(m != NULL, "machine");

	machine__process_event(m, comm_ev(100, 100, "app"), &s);
	machine__process_event(m, fork_ev(100, 101, 100, 100), &s);
	machine__process_event(m, fork_ev(356, 356, 100, 100), &s);	/* 356 % 256 = 100 */
	machine__process_event(m, comm_ev(356, 356, "child"), &s);
	machine__process_event(m, fork_ev(300, 300, 0, 0), &s);
	machine__process_event(m, comm_ev(300, 300, "other"), &s);
	out = tasks_text(m, &err);
	is_int(err, 0, "a tree");
	is_str(out, "#      pid      tid     ppid  comm\n"
		    "         0        0       -1 |swapper\n"
		    "       300      300        0 | other\n"
		    "       100      100       -1 |app\n"
		    "       356      356      100 | child\n"
		    "       100      101      100 | app\n",
	       "children under parents, in the order tid %% 256 (356 before 101), then tid");
	free(out);
	ok(machine__find_thread(m, 101) && machine__find_thread(m, 101)->ppid == 100,
	   "FORK sets the parent's tid");

	/* a parent that is no thread: an error, nothing printed */
	machine__find_thread(m, 300)->ppid = 4242;
	out = tasks_text(m, &err);
	is_int(err, -ENOENT, "a missing parent: -ENOENT");
	is_str(out, "", "nothing printed");
	free(out);

	machine__delete(m);
	unlink(path);
	return done_testing();
}
