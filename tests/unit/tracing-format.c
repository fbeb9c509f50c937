// SPDX-License-Identifier: GPL-2.0
/*
 * util/tracing-format.c: event formats checked before libtraceevent
 * reads them.  Every format of the live kernel passes; damaged ones that
 * crash libtraceevent 1.7 do not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <traceevent/event-parse.h>

#include "tap.h"
#include "util/strbuf.h"
#include "util/tracefs.h"
#include "util/tracepoint.h"
#include "util/tracing-format.h"

static const char head[] =
	"name: x\nID: 7\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:__data_loc char[] s;\toffset:24;\tsize:4;\tsigned:0;\n"
	"\tfield:long state;\toffset:32;\tsize:8;\tsigned:1;\n\n";

static enum tracing_format_verdict check(const char *print)
{
	struct strbuf sb = STRBUF_INIT;
	enum tracing_format_verdict v;
	size_t at;

	strbuf__addstr(&sb, head);
	strbuf__addstr(&sb, print);
	v = tracing_format__check(sb.buf, sb.len, &at);
	strbuf__release(&sb);
	return v;
}

struct live {
	const char	*dir;
	int		nr, nr_failed, bad;
	char		first_bad[256];
};

static int live_one(const char *sys, const char *name, void *priv)
{
	struct live *l = priv;
	struct strbuf sb = STRBUF_INIT;
	char path[4200], buf[8192];
	size_t n, at;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/events/%s/%s/format", l->dir, sys, name);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf__add(&sb, buf, n);
	fclose(fp);
	l->nr++;
	if (tracing_format__check(sb.buf, sb.len, &at) != TRACING_FORMAT_OK) {
		/* libtraceevent cannot print it either ("({ ... })" and the like)? */
		struct tep_handle *tep = tep_alloc();
		struct tep_event *ev = NULL;

		tep_parse_format(tep, &ev, sb.buf, sb.len, sys);
		if (ev && (ev->flags & TEP_EVENT_FL_FAILED))
			l->nr_failed++;
		else if (!l->bad++)
			snprintf(l->first_bad, sizeof(l->first_bad), "%s:%s", sys, name);
		tep_free(tep);
	}
	strbuf__release(&sb);
	return 0;
}

int main(void)
{
	struct live l = { .nr = 0 };
	char dir[4096];
	size_t at;

	is_int(check("print fmt: \"comm=%s state=%ld\", REC->comm, REC->state\n"),
	       TRACING_FORMAT_OK, "a plain format");
	is_int(check("print fmt: \"%s\", __get_str(s)\n"), TRACING_FORMAT_OK, "__get_str");
	is_int(check("print fmt: \"%s\", REC->state ? __print_flags(REC->state & 3, \"|\", "
		     "{ 0x1, \"S\" }, { 0x2, \"D\" }) : \"R\"\n"), TRACING_FORMAT_OK,
	       "__print_flags in a ternary");
	is_int(check("print fmt: \"%s\", __print_symbolic(REC->state, { 0, \"A\" }, "
		     "{ (1 << 2) | 1, \"B\" })\n"), TRACING_FORMAT_OK, "__print_symbolic");
	is_int(check("print fmt: \"%lu\", (unsigned long)(REC->state / 1000L)\n"),
	       TRACING_FORMAT_OK, "a cast and a division");
	is_int(check("print fmt: \"%d\", REC->state / sizeof(u64)\n"), TRACING_FORMAT_OK,
	       "a division by sizeof");
	is_int(check("print fmt: \"%s\n%d\", REC->comm, REC->state\n"), TRACING_FORMAT_OK,
	       "a newline in the format string");

	is_int(check("print fmt: \"%s\", __print_flags(REC->nope, \"|\", { 1, \"S\" })\n"),
	       TRACING_FORMAT_BAD_PRINT, "a field it does not have");
	is_int(check("print fmt: \"%d\", REC->state / 0\n"), TRACING_FORMAT_BAD_PRINT,
	       "a division by 0");
	is_int(check("print fmt: \"%d\", REC->state % 00\n"), TRACING_FORMAT_BAD_PRINT,
	       "a modulo by 0");
	is_int(check("print fmt: \"%n\", REC->state\n"), TRACING_FORMAT_BAD_PRINT, "a %%n conversion");
	is_int(check("print fmt: \"%lh\", REC->state\n"), TRACING_FORMAT_BAD_PRINT,
	       "a bad conversion");
	is_int(check("print fmt: \"%d\", REC->state +\n"), TRACING_FORMAT_BAD_PRINT,
	       "an operator without operand");
	is_int(check("print fmt: \"%d\", (REC->state\n"), TRACING_FORMAT_BAD_PRINT,
	       "an open parenthesis");
	is_int(check("print fmt: \"%d\", __get_str(nope)\n"), TRACING_FORMAT_BAD_PRINT,
	       "__get_str of no field");
	is_int(check("print fmt: \"%d\", __print_flags(REC->state)\n"), TRACING_FORMAT_BAD_PRINT,
	       "__print_flags without a delimiter");
	is_int(check("print fmt: \"%d\", __print_symbolic(REC->state, { REC->state, \"x\" })\n"),
	       TRACING_FORMAT_BAD_PRINT, "a symbol's value not a constant");
	is_int(check("print fmt: \"%d\", __print_array(REC->comm, 2)\n"),
	       TRACING_FORMAT_BAD_PRINT, "__print_array of two arguments");
	is_int(check("print fmt: \"%d\", REC->state; x\n"), TRACING_FORMAT_BAD_PRINT,
	       "a character C has no use for here");
	is_int(check("print fmt: %d, REC->state\n"), TRACING_FORMAT_BAD_PRINT,
	       "no format string");
	{
		char deep[400] = "print fmt: \"%d\", ";
		int i;

		for (i = 0; i < 100; i++)
			strcat(deep, "(");
		strcat(deep, "1\n");
		is_int(check(deep), TRACING_FORMAT_BAD_PRINT, "nesting too deep");
	}
	is_int(tracing_format__check("name: x\nID: 1\nformat:\n\tfield:int;\toffset:0;\t"
				     "size:4;\tsigned:1;\n\nprint fmt: \"\"\n", 71, &at),
	       TRACING_FORMAT_BAD, "a field without a name");
	is_int(tracing_format__check("name: x\nID: 1\nformat:\n\tfield:int a;\toffset:-4;\t"
				     "size:4;\tsigned:1;\n\nprint fmt: \"\"\n", 74, &at),
	       TRACING_FORMAT_BAD, "a negative offset");
	is_int(tracing_format__check("name: x\nID: 1\nformat:\n\tfield:int a;\toffset:4;\t"
				     "size:4;\tsigned:1;\n\n", 58, &at),
	       TRACING_FORMAT_BAD, "no print fmt");
	is_int(at, 58, "print_at: the end when there is none");
	is_int(tracing_format__check("nam: x\n", 7, &at), TRACING_FORMAT_BAD, "no name line");

	if (tracefs__dir(dir, sizeof(dir))) {
		diag("no tracefs: the live formats not checked");
		return done_testing();
	}
	l.dir = dir;
	tep_set_loglevel(TEP_LOG_NONE);
	tracepoint__for_each(dir, NULL, NULL, true, live_one, &l);
	ok(l.nr > 0, "the live kernel's formats (%d)", l.nr);
	is_int(l.bad, 0, "every one libtraceevent prints passes %s (%d it cannot print)",
	       l.first_bad, l.nr_failed);
	return done_testing();
}
