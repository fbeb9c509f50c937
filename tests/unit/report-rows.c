// SPDX-License-Identifier: GPL-2.0
/*
 * util/report-rows.c: a browser's rows are --stdio's lines of the first
 * event without stdio's "# " columns, each with its entry and share; the
 * title upstream's browser shows; --percent-limit leaves out the same
 * rows; the symbol text a filter looks at; with -g, the fold column and
 * each row's graph lines as --stdio draws them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report-session.h"
#include "tap.h"
#include "util/report-rows.h"

static char *stdio_text(struct report *rep, struct perf_session *session)
{
	char *out = NULL;
	size_t len;
	FILE *fp = open_memstream(&out, &len);

	report__fprintf(rep, session, fp);
	fclose(fp);
	return out;
}

/* every row is a line of stdio's, two columns in (after the fold column) */
static bool rows_in_stdio(const struct report_rows *rows, const char *out)
{
	char line[1024];
	int i;

	for (i = 0; i < rows->nr; i++) {
		snprintf(line, sizeof(line), "\n  %s", rows->v[i].text + (rows->graph ? 2 : 0));
		if (!strstr(out, line))
			return false;
	}
	return true;
}

/* each row's graph lines follow its line in stdio's text, in order */
static bool graphs_in_stdio(const struct report_rows *rows, const char *out)
{
	int i, g;

	for (i = 0; i < rows->nr; i++) {
		const char *p = strstr(out, rows->v[i].text + 2);

		for (g = 0; p && g < rows->v[i].nr_graph; g++)
			p = strstr(p, rows->v[i].graph[g]);
		if (!p)
			return false;
	}
	return true;
}

static bool has_blank_graph_line(const struct report_rows *rows)
{
	int i, g;

	for (i = 0; i < rows->nr; i++) {
		for (g = 0; g < rows->v[i].nr_graph; g++) {
			const char *line = rows->v[i].graph[g];

			if (!line[0] || line[strlen(line) - 1] == ' ')
				return true;
		}
	}
	return false;
}

int main(void)
{
	struct perf_session session;
	struct report_rows rows;
	struct report rep;
	char sym[256], *out;

	plan(20);
	if (report_test__new(&rep, &session, 0, false))
		skip_all("no report here");
	is_int(report_rows__build(&rows, &rep, &session), 0, "built");
	is_str(rows.title, "Samples: 5  of event 'cpu-clock', Event count (approx.): 500",
	       "upstream's title");
	ok(!strncmp(rows.titles, "Overhead  Command  Shared Object", 32) &&
	   rows.titles[strlen(rows.titles) - 1] != ' ',
	   "the column titles, no \"# \", trimmed (%s)",
	   rows.titles);
	is_int(rows.nr, 3, "three rows");
	ok(!strncmp(rows.v[0].text, "  60.00%  app", 13) && rows.v[0].percent == 60.0,
	   "the first: 60%% (%s)", rows.v[0].text);
	ok(rows.v[0].he && rows.v[0].he->period == 300 && rows.v[1].he->key.addr == 0x1234 &&
	   rows.v[2].percent == 20.0, "each row with its entry and share");
	ok(!rows.graph, "no graphs, no fold column");
	out = stdio_text(&rep, &session);
	ok(rows_in_stdio(&rows, out), "every row is --stdio's line");
	ok(!strstr(rows.titles, "#") && !strchr(rows.v[1].text, '#'), "no stdio header text");
	free(out);
	report_row__sym(&rows.v[1], sym, sizeof(sym));
	is_str(sym, "[.] 0x0000000000001234", "a row's symbol text");
	report_rows__exit(&rows);
	ok(!rows.nr && !rows.v && !rows.titles, "freed");
	report_test__delete(&rep, &session);

	/* --percent-limit: the rows stdio prints */
	if (report_test__new(&rep, &session, 30, false))
		skip_all("no report here");
	is_int(report_rows__build(&rows, &rep, &session), 0, "built with --percent-limit 30");
	out = stdio_text(&rep, &session);
	ok(rows.nr == 1 && rows_in_stdio(&rows, out) && !strstr(out, "20.00%"),
	   "only the row over the limit, as --stdio");
	free(out);
	report_rows__exit(&rows);
	report_test__delete(&rep, &session);

	/* -g: a fold column, each row its graph's lines */
	if (report_test__new(&rep, &session, 0, true))
		skip_all("no report here");
	is_int(report_rows__build(&rows, &rep, &session), 0, "built with graphs");
	out = stdio_text(&rep, &session);
	ok(rows.graph && !strncmp(rows.titles, "  Children      Self  Command", 29),
	   "the titles after a fold column (%s)", rows.titles);
	ok(rows.nr >= 3 && rows.v[0].nr_graph > 0 && rows.v[0].text[0] == '+' &&
	   !strncmp(rows.v[0].text + 1, "   ", 3), "a row with a graph: '+' (%s)", rows.v[0].text);
	ok(graphs_in_stdio(&rows, out), "every graph line is --stdio's, in its row's place");
	ok(rows_in_stdio(&rows, out), "and the rows after the fold column are too");
	ok(!has_blank_graph_line(&rows), "no blank graph line");
	free(out);
	report_rows__exit(&rows);
	report_test__delete(&rep, &session);

	/* no samples: no rows, no title */
	if (report_test__new(&rep, &session, 0, false))
		skip_all("no report here");
	rep.hists[0].nr_samples = 0;
	ok(!report_rows__build(&rows, &rep, &session) && !rows.nr && !rows.title[0],
	   "an event without samples: nothing");
	report_rows__exit(&rows);
	report_test__delete(&rep, &session);
	return done_testing();
}
