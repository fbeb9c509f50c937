// SPDX-License-Identifier: GPL-2.0
/*
 * util/top-print.c: perf top's --stdio screen and rows of a session with
 * BPF programs (registered through the inbox as KSYMBOLs) and an
 * unresolved user address: the header line, the rule, rows most period
 * first with their percentages, the columns aligned under the titles
 * whatever the names' lengths, -K, the filter, the row limit, lines cut
 * at the width, the terminal cleared first, Children and Self with -g.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "top-session.h"
#include "util/top-print.h"

#define A	0xffffffffc0001000ULL
#define B	0xffffffffc0002000ULL

/* The screen's lines, split in place; their number. */
static int split(char *s, char **lines, int max)
{
	int n = 0;

	while (s && *s && n < max) {
		lines[n++] = s;
		s = strchr(s, '\n');
		if (s)
			*s++ = '\0';
	}
	return n;
}

static char *screen(struct perf_top *top, int entries, int width, bool clear)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	top__print_stdio(top, 1.0, entries, width, clear, fp);
	fclose(fp);
	return buf;
}

int main(void)
{
	struct top_opts opts = { 0 };
	struct top_rows rows = { 0 };
	struct perf_top top;
	char tid[32], buf[512], *out, *l[16];
	const char *sym_col;
	int n, i, good;

	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	if (top__init(&top, &opts))
		skip_all("perf top cannot be set up here");
	plan(20);
	top_test__ksym(&top, A, "bpf_prog_aaaa_a_program_with_a_rather_long_name");
	top_test__ksym(&top, B, "bpf_prog_bbbb_b");
	top__read(&top);
	top_test__add(&top, PERF_RECORD_MISC_KERNEL, A + 8, 6);
	top_test__add(&top, PERF_RECORD_MISC_KERNEL, B + 8, 3);
	top_test__add(&top, PERF_RECORD_MISC_USER, 0x1234, 1);
	top.stats.samples = 10;
	top.stats.kernel_samples = 9;

	out = screen(&top, 0, 0, false);
	n = split(out, l, 16);
	is_int(n, 6, "header, rule, empty line, three rows");
	top__header(&top, 1.0, buf, sizeof(buf));
	is_str(l[0], buf, "the header line first");
	ok(strlen(l[1]) == 79 && strspn(l[1], "-") == 79 && !l[2][0], "79 dashes, an empty line");
	ok(!strncmp(l[3], "    60.00%  ", 12) && strstr(l[3], "rather_long_name") &&
	   !strncmp(l[4], "    30.00%  ", 12) && strstr(l[4], "bpf_prog_bbbb_b") &&
	   !strncmp(l[5], "    10.00%  ", 12), "most period first, percent of the total");
	sym_col = strstr(l[4], "[k] ");
	good = sym_col != NULL;
	for (i = 3; good && i < 6; i++)
		good = strlen(l[i]) > (size_t)(sym_col - l[4]) &&
		       l[i][sym_col - l[4]] == '[' && l[i][sym_col - l[4] - 1] == ' ';
	ok(good, "the symbol column starts at one place in every row");
	free(out);

	is_int(top_rows__build(&rows, &top, NULL, 0), 3, "three rows");
	top_rows__format_header(&rows, buf, sizeof(buf));
	ok(!strncmp(buf, "  Overhead  ", 12) && strstr(buf, "Symbol") &&
	   strstr(buf, "Symbol") - buf == sym_col - l[4] - 0,
	   "the titles over their columns (%s)", buf);
	is_int(rows.width[SORT_DSO], (int)strlen("bpf_prog_aaaa_a_program_with_a_rather_long_name"),
	       "a column as wide as its longest name");
	ok(top_rows__percent(&rows, rows.v[1]) == 30.0, "a row's percent");
	is_int(top_rows__build(&rows, &top, "bbbb", 0), 1, "the filter: a part of the symbol");
	top.opts.hide_kernel = true;
	is_int(top_rows__build(&rows, &top, NULL, 0), 1, "-K: the user row only");
	top.opts.hide_kernel = false;
	top.opts.hide_user = true;
	is_int(top_rows__build(&rows, &top, NULL, 0), 2, "-U: the kernel rows only");
	top.opts.hide_user = false;

	/* with -g: Children, then Self */
	top__hists(&top)->cumulate = true;
	top_rows__build(&rows, &top, NULL, 0);
	rows.v[1]->children = 9;
	top_rows__format(&rows, rows.v[1], buf, sizeof(buf));
	ok(!strncmp(buf, "    90.00%    30.00%  ", 22), "-g: Children and Self (%s)", buf);
	rows.v[1]->children = 0;
	top_rows__format_header(&rows, buf, sizeof(buf));
	ok(!strncmp(buf, "  Children      Self  ", 22), "-g: their titles");
	top_rows__exit(&rows);
	top__hists(&top)->cumulate = false;

	/* -F sym,sample,overhead -w 8: the columns in -F's order, the symbol cut */
	{
		char keys[128];

		hist_fields__parse(&top.fields, "sym,sample,overhead", NULL, "dso,sym", false,
				   keys, sizeof(keys), NULL, 0);
		hist_fields__set_widths(&top.fields, "8");
		top.has_fields = true;
		top_rows__build(&rows, &top, NULL, 0);
		top_rows__format_header(&rows, buf, sizeof(buf));
		ok(!strncmp(buf, "  Symbol         Samples  Overhead  Shared Object", 49),
		   "-F: the titles in its order, the sort key not in it after (%s)", buf);
		top_rows__format(&rows, rows.v[0], buf, sizeof(buf));
		ok(!strncmp(buf, "  [k] bpf_             1    60.00%  bpf_prog_aaaa", 47),
		   "-F -w 8: a row, the symbol cut (%s)", buf);
		top_rows__format(&rows, rows.v[2], buf, sizeof(buf));
		ok(!strncmp(buf, "  [.] 0x", 8), "an address is not cut (%s)", buf);
		top_rows__exit(&rows);
		top.has_fields = false;
	}

	out = screen(&top, 2, 30, true);
	ok(!strncmp(out, "\033[H\033[2J", 7), "a terminal: cleared first");
	n = split(out + 7, l, 16);
	good = n == 5 && strlen(l[1]) == 29;
	for (i = 0; good && i < n; i++)
		good = strlen(l[i]) <= 30;
	ok(good, "lines cut at the width, the rule one shorter");
	ok(n == 5 && strstr(l[4], "30.00%"), "at most the rows asked for");
	free(out);
	top__exit(&top);
	return done_testing();
}
