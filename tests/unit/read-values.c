// SPDX-License-Identifier: GPL-2.0
/* util/read-values.c: perf report -T's counts by thread and event. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "util/read-values.h"

/* the table as text */
static char *table(const struct read_values *rv, bool raw)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return NULL;
	read_values__fprintf(rv, raw, fp);
	fclose(fp);
	return buf;
}

int main(void)
{
	struct read_values rv = { 0 };
	char *t;

	t = table(&rv, false);
	is_str(t, "# PID  TID\n", "no value: the header alone");
	free(t);
	t = table(&rv, true);
	is_str(t, "# PID  TID  Name  Raw  Count\n", "raw: its header");
	free(t);

	is_int(read_values__add(&rv, 100, 100, 0, "cpu-clock", 5), 0, "a value");
	is_int(read_values__add(&rv, 100, 100, 0, "cpu-clock", 7), 0, "its thread's again");
	is_int(read_values__add(&rv, 100, 123456, 1, "task-clock", 1234567890), 0,
	       "another thread, another event");
	is_int(rv.nr_threads, 2, "two threads");
	is_int(rv.nr_counters, 2, "two events");
	ok(rv.threads[0].values[0] == 12 && rv.threads[0].values[1] == 0, "summed; none: 0");
	t = table(&rv, false);
	is_str(t, "# PID     TID  cpu-clock  task-clock\n"
		  "  100     100         12           0\n"
		  "  100  123456          0  1234567890\n", "the table: columns as wide as needed");
	free(t);
	t = table(&rv, true);
	ok(t && !strncmp(t, "# PID     TID        Name  Raw       Count\n"
			 "  100     100   cpu-clock    0          12", 83), "raw: a value each");
	ok(t && t[strlen(t) - 1] != '\n', "raw: upstream's lines without their ends");
	free(t);
	for (int i = 0; i < 40; i++)
		read_values__add(&rv, 1, 1, 2 + i, "e", 1);
	is_int(rv.nr_counters, 42, "counters grow");
	ok(rv.threads[1].values[41] == 0 && rv.threads[2].values[41] == 1, "values with them");
	read_values__exit(&rv);
	is_int(rv.nr_threads, 0, "freed");
	return done_testing();
}
