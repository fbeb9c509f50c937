// SPDX-License-Identifier: GPL-2.0
/* util/hist-fields.c: -F and -w, the columns and the rows' order. */
#include <string.h>
#include "tap.h"
#include "util/hist.h"
#include "util/hist-fields.h"

static struct hist_fields hf;

/* parse, then the spec of the keys' list, then the layout */
static int layout(const char *fields, const char *sort, bool parent, bool cumulate,
		  struct sort_spec *spec, struct hist_layout *lay, char *keys, char *bad)
{
	int err = hist_fields__parse(&hf, fields, sort, "comm,dso,sym", parent, keys, 256, bad,
				     64);

	if (err)
		return err;
	if (sort_spec__parse_fields(spec, keys, NULL, 0))
		memset(spec, 0, sizeof(*spec));
	hist_fields__layout(&hf, spec, cumulate, lay);
	return 0;
}

int main(void)
{
	struct sort_spec spec;
	struct hist_layout lay;
	char keys[256], bad[64];

	is_int(layout("overhead,comm,sym", NULL, false, false, &spec, &lay, keys, bad), 0,
	       "strict -F");
	is_str(keys, "comm,sym", "its keys, no default");
	ok(lay.nr_cols == 3 && lay.cols[0] == HIST_COL_OVERHEAD && lay.cols[1] == SORT_COMM &&
	   lay.cols[2] == SORT_SYM, "its columns in order");
	ok(lay.nr_order == 3 && lay.order[0] == HIST_COL_OVERHEAD, "rows by overhead first");
	ok(hist_layout__default_order(&lay, &spec, false), "the default order");
	ok(!lay.self, "Overhead, not Self");

	is_int(layout("overhead,comm", "sym", false, false, &spec, &lay, keys, bad), 0,
	       "-F with -s");
	is_str(keys, "sym,comm", "the sort keys first");
	ok(lay.nr_cols == 3 && lay.cols[2] == SORT_SYM, "the sort key a column after");
	ok(lay.order[0] == SORT_SYM && lay.order[1] == HIST_COL_OVERHEAD &&
	   lay.order[2] == SORT_COMM, "rows by the sort key, then the fields");
	ok(!hist_layout__default_order(&lay, &spec, false), "not the default order");

	is_int(layout("+period", NULL, false, true, &spec, &lay, keys, bad), 0, "+field");
	is_str(keys, "comm,dso,sym", "the default keys");
	ok(lay.nr_cols == 6 && lay.cols[0] == HIST_COL_CHILDREN &&
	   lay.cols[1] == HIST_COL_OVERHEAD && lay.cols[2] == HIST_COL_PERIOD &&
	   lay.cols[3] == SORT_COMM, "children, self, the field, the keys");
	ok(lay.self, "Self in children mode");
	ok(hist_layout__default_order(&lay, &spec, true), "children, overhead, keys");
	is_str(hist_layout__header(&lay, &spec, HIST_COL_OVERHEAD), "Self", "its header");

	is_int(layout("sample", "dso", true, false, &spec, &lay, keys, bad), 0, "-p");
	is_str(keys, "dso,parent", "the parent key after the others");

	is_int(layout("overhead", NULL, false, false, &spec, &lay, keys, bad), 0, "no key");
	is_str(keys, "", "an empty list");
	is_int(lay.nr_cols, 1, "one column");

	is_int(layout("foo", NULL, false, false, &spec, &lay, keys, bad), -22, "unknown -F key");
	is_str(bad, "foo", "named");
	is_int(layout("+", NULL, false, false, &spec, &lay, keys, bad), -22, "'+' alone");
	is_str(bad, "+", "named");
	is_int(layout("sym", "bar,", false, false, &spec, &lay, keys, bad), 0,
	       "a field word in -s is a key (resolved later)");
	is_int(layout("sym", "comm", false, false, &spec, &lay, keys, bad), 0, "-s comm");

	hist_fields__parse(&hf, "overhead,sym", NULL, "comm", false, keys, 256, bad, 64);
	hist_fields__set_widths(&hf, "5,x,7");
	ok(hf.nr_widths == 2 && hf.widths[0] == 5 && hf.widths[1] == 0, "-w stops at no number");
	sort_spec__parse(&spec, keys, NULL, 0);
	hist_fields__layout(&hf, &spec, false, &lay);
	ok(lay.widths[0] == 5 && lay.widths[1] == 0, "widths by column");
	is_int(hist_col__len(HIST_COL_GUEST_SYS), 9, "guest sys: its header's width");
	is_int(hist_col__len(HIST_COL_SAMPLE), 12, "samples: 12");

	hist_layout__default(&lay, &spec, false, true, true, false);
	ok(lay.nr_cols == 4 && lay.cols[1] == HIST_COL_SAMPLE && lay.cols[2] == HIST_COL_PERIOD,
	   "default columns: -n, --show-total-period");
	{
		struct hist_entry he = { .period = 25, .children = 50, .nr_samples = 3 };
		const char *t;
		char buf[64];
		int len;

		hist_col__snprintf(HIST_COL_OVERHEAD, 8, &he, 100, false, buf, sizeof(buf));
		is_str(buf, "  25.00%", "a share in its width");
		hist_col__snprintf(HIST_COL_OVERHEAD, 5, &he, 100, false, buf, sizeof(buf));
		is_str(buf, " 25.00%", "-w 5: wider than 5, as upstream's");
		hist_col__snprintf(HIST_COL_CHILDREN, 8, &he, 100, true, buf, sizeof(buf));
		is_str(buf, "  50.00%", "children");
		hist_col__snprintf(HIST_COL_CHILDREN, 8, &he, 100, false, buf, sizeof(buf));
		is_str(buf, "     N/A", "children outside children mode");
		hist_col__snprintf(HIST_COL_SAMPLE, 12, &he, 100, false, buf, sizeof(buf));
		is_str(buf, "           3", "samples");
		hist_col__snprintf(HIST_COL_GUEST_US, 9, &he, 100, false, buf, sizeof(buf));
		is_str(buf, "    0.00%", "a guest's share: none here");
		he.key.cpu = 2;
		len = 3;
		t = hist_entry__cut_key(&he, SORT_CPU, 5, "002", buf, sizeof(buf), &len);
		ok(!strcmp(t, "00002") && len == 5, "-w 5: a CPU in 5 digits");
		len = 7;
		t = hist_entry__cut_key(&he, SORT_COMM, 3, "bpfload", buf, sizeof(buf), &len);
		ok(len == 3 && !strncmp(t, "bpf", 3), "a command cut");
		len = 14;
		t = hist_entry__cut_key(&he, SORT_PID, 6, "    12:bpfload", buf, sizeof(buf), &len);
		ok(len == 14, "a thread under 8: whole");
	}
	return done_testing();
}
