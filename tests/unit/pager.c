// SPDX-License-Identifier: GPL-2.0
/* ui/pager.c: nothing is started when stdout is not a terminal or PAGER=cat. */
#include <stdlib.h>
#include <unistd.h>

#include "tap.h"
#include "ui/pager.h"

int main(void)
{
	if (isatty(STDOUT_FILENO))
		skip_all("stdout is a terminal");
	is_int(pager__setup(), 0, "not a terminal: no pager, no error");
	setenv("PAGER", "cat", 1);
	is_int(pager__setup(), 0, "PAGER=cat");
	pager__finish();
	ok(1, "finish without a pager");
	return done_testing();
}
