// SPDX-License-Identifier: GPL-2.0
/* util/annotate-opts.c: -M's words, --prefix-strip's number and its --prefix, applied. */
#include <errno.h>
#include <string.h>

#include "tap.h"
#include "util/annotate-opts.h"
#include "util/annotator.h"

static int resolve(struct annotate_opts *ao, char *msg, size_t size)
{
	msg[0] = '\0';
	return annotate_opts__resolve(ao, msg, size);
}

int main(void)
{
	struct annotate_opts ao = ANNOTATE_OPTS_INIT;
	struct annotator_opts o = { 0 };
	char msg[256];

	ok(ao.source && !ao.asm_raw, "defaults: source lines, no bytes");
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "nothing given");
	ok(!ao.intel && ao.strip == 0, "...AT&T, nothing stripped");

	ao.style = "intel";
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "-M intel");
	ok(ao.intel, "...Intel syntax");
	ao.style = "intel,att";
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "-M intel,att");
	ok(!ao.intel, "...the last word counts");
	ao.style = "att,,intel,";
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "-M with empty words");
	ok(ao.intel, "...they count for nothing");
	ao.style = "intel,foo";
	is_int(resolve(&ao, msg, sizeof(msg)), -EINVAL, "-M intel,foo: -EINVAL");
	is_str(msg, "-M: unknown disassembler style 'intel,foo' (intel, att)", "...said");
	ao.style = "inte";
	is_int(resolve(&ao, msg, sizeof(msg)), -EINVAL, "-M inte: a word's prefix is no word");
	ao.style = "intel";

	ao.prefix_strip = "2";
	is_int(resolve(&ao, msg, sizeof(msg)), -EINVAL, "--prefix-strip without --prefix");
	is_str(msg, "--prefix-strip requires --prefix", "...upstream's line");
	ao.prefix = "/src";
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "--prefix /src --prefix-strip 2");
	is_int(ao.strip, 2, "...2 directories");
	ao.prefix_strip = "x";
	is_int(resolve(&ao, msg, sizeof(msg)), -EINVAL, "--prefix-strip x: -EINVAL");
	is_str(msg, "--prefix-strip: not a number of directories: 'x'", "...said");
	ao.prefix_strip = "-1";
	is_int(resolve(&ao, msg, sizeof(msg)), -EINVAL, "--prefix-strip -1: -EINVAL");
	ao.prefix_strip = "";
	is_int(resolve(&ao, msg, sizeof(msg)), -EINVAL, "--prefix-strip '': -EINVAL");
	ao.prefix_strip = "0";
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "--prefix-strip 0");

	ao.prefix_strip = "3";
	ao.asm_raw = true;
	ao.source = false;
	is_int(resolve(&ao, msg, sizeof(msg)), 0, "all given");
	annotate_opts__apply(&ao, &o);
	ok(o.intel && o.print.asm_raw && o.print.no_source, "applied: Intel, bytes, no source");
	ok(o.prefix && !strcmp(o.prefix, "/src") && o.prefix_strip == 3, "applied: the prefix, 3");
	done_testing();
}
