// SPDX-License-Identifier: GPL-2.0
/*
 * util/top-annotate.c: perf top's annotation of a row, with samples in
 * its per-offset histogram at a function of this test binary (read from
 * its ELF file): the title, one line per row of the annotation with the
 * instructions' addresses, the shares of the instructions sampled; a dso of the
 * same name (a program registered again) finds the busiest one's
 * samples; and the refusals: no symbol, no samples.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "util/dso.h"
#include "util/symbol.h"
#include "util/top.h"
#include "util/top-annotate.h"

int __attribute__((noinline)) top_annotate_marker(int x);
int __attribute__((noinline)) top_annotate_marker(int x)
{
	int i, s = 5;

	for (i = 0; i < x; i++)
		s = s * 13 + (i ^ x);
	return s;
}

static void free_lines(char **lines, int nr)
{
	while (nr--)
		free(lines[nr]);
	free(lines);
}

int main(void)
{
	struct top_opts opts = { 0 };
	struct annotate_target t = { 0 };
	struct perf_top top;
	struct symbol *sym = NULL, *other;
	struct dso *dso, *again;
	char tid[32], path[PATH_MAX], title[512], want[512], **lines;
	int nr, i, insns = 0, hot = 0, last = 0, ret;
	size_t k;

	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	if (!realpath("/proc/self/exe", path) || top__init(&top, &opts))
		skip_all("perf top cannot be set up here");
	plan(11);
	dso = dso__new(path, DSO_KIND_USER);
	dso__load(dso);
	for (k = 0; k < dso->symbols.nr; k++)
		if (!strcmp(dso->symbols.entries[k]->name, "top_annotate_marker"))
			sym = dso->symbols.entries[k];
	if (!ok(sym, "the marker among our symbols"))
		return done_testing();
	/* a user map: file offsets are the map's offsets */
	t.dso = dso;
	t.map_start = 0x555555554000ULL;
	t.map_pgoff = 0;
	annotate_hist__add_target(&top.ahist, &t, sym, sym->start, 3, 300);
	annotate_hist__add_target(&top.ahist, &t, sym, sym->end - 1, 1, 100);

	ret = top_annotate__lines(&top, dso, sym, title, sizeof(title), &lines, &nr);
	is_int(ret, 0, "annotated %s", ret ? title : "");
	snprintf(want, sizeof(want), "Annotate top_annotate_marker (%s)  4 samples of cpu-clock, "
		 "percent: local period", dso->short_name);
	is_str(title, want, "the title: symbol, dso, samples, event");
	for (i = 0; !ret && i < nr; i++) {
		if (getenv("V"))
			diag("%s", lines[i]);
		insns += strstr(lines[i], ":") != NULL;
		hot += strstr(lines[i], "75.00 :") != NULL;
		last += strstr(lines[i], "25.00 :") != NULL;
	}
	ok(nr > 4 && insns > 4, "a line per row, instructions with their addresses (%d)", nr);
	is_int(hot, 1, "the first instruction: 3 of 4 periods");
	is_int(last, 1, "the last: the sample at the symbol's last byte");
	if (!ret)
		free_lines(lines, nr);

	/* a second registration of the same name: the busiest's samples */
	again = dso__new(path, DSO_KIND_USER);
	dso__add_symbol(again, sym->start, sym->end - sym->start, "top_annotate_marker");
	other = dso__find_symbol(again, sym->start);
	ret = top_annotate__lines(&top, again, other, title, sizeof(title), &lines, &nr);
	ok(!ret && strstr(title, " 4 samples"), "a dso of the same name: its namesake's samples");
	if (!ret)
		free_lines(lines, nr);

	/* the refusals */
	ok(top_annotate__lines(&top, NULL, NULL, title, sizeof(title), &lines, &nr) == -ENOENT &&
	   !strcmp(title, "no symbol to annotate here") && !lines && !nr, "no symbol");
	dso__add_symbol(again, 0x10, 0x10, "never_sampled");
	other = dso__find_symbol(again, 0x10);
	ok(top_annotate__lines(&top, again, other, title, sizeof(title), &lines, &nr) == -ENOENT &&
	   strstr(title, "never_sampled: no samples"), "no samples: said (%s)", title);
	dso__delete(again);

	again = dso__new("/nonexistent/prog", DSO_KIND_USER);
	dso__add_symbol(again, 0x1000, 0x10, "gone_fn");
	other = dso__find_symbol(again, 0x1000);
	t.dso = again;
	annotate_hist__add_target(&top.ahist, &t, other, 0x1000, 1, 1);
	ret = top_annotate__lines(&top, again, other, title, sizeof(title), &lines, &nr);
	ok(ret < 0 && strstr(title, "gone_fn: ") && strstr(title, "/nonexistent/prog"),
	   "code that cannot be read: the reason in the title (%s)", title);
	ok(!lines && !nr, "and no lines");
	top__exit(&top);
	dso__delete(again);
	dso__delete(dso);
	return done_testing();
}
