// SPDX-License-Identifier: GPL-2.0
/* util/dso.c: names, the dsos table and its walk, hand-added symbols, build ids. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/dso.h"
#include "util/symbol-elf.h"

/*
 * --symfs DIR: the object at DIR/<path> (a file of another build id
 * refused), the build-id cache at DIR/.debug.
 */
static void test_symfs(void)
{
	char dir[] = "/tmp/dso-symfs.XXXXXX", path[PATH_MAX], want[PATH_MAX], cmd[PATH_MAX * 3];
	char self[PATH_MAX];
	ssize_t sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	u8 id[20], other[20] = { 1 };
	struct dso *d;
	int n;

	if (sl <= 0 || !mkdtemp(dir)) {
		ok(0, "a directory for --symfs");
		return;
	}
	self[sl] = '\0';
	n = symbol_elf__build_id(self, id, sizeof(id));
	/* (the shell's /proc/self/exe would be cp's own) */
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/bin && cp %.*s %s/bin/t", dir, 1024, self, dir);
	ok(n > 0 && !system(cmd), "a copy of ourselves under it");
	d = dso__new("/bin/t", DSO_KIND_USER);
	d->symfs = dir;
	snprintf(want, sizeof(want), "%s/bin/t", dir);
	is_int(dso__binary(d, path, sizeof(path)), 0, "no build id: the path under symfs");
	is_str(path, want, "...DIR/<path>");
	dso__set_build_id(d, id, n);
	is_int(dso__binary(d, path, sizeof(path)), 0, "the recorded build id: taken");
	dso__set_build_id(d, other, n);
	is_int(dso__binary(d, path, sizeof(path)), -ESTALE, "another build id: -ESTALE");
	ok(dso__find_symbol(d, 0) == NULL, "...and no symbols from it");
	is_int(dso__cache_file(d, "elf", path, sizeof(path)), -ENOENT, "no cache under DIR");
	dso__set_build_id(d, id, n);
	{
		int i, len = snprintf(want, sizeof(want), "%s/.debug/.build-id/%02x/", dir, id[0]);

		for (i = 1; i < n; i++)
			len += snprintf(want + len, sizeof(want) - len, "%02x", id[i]);
		snprintf(cmd, sizeof(cmd), "mkdir -p %.*s && cp %.*s %.*s/elf", 1024, want, 1024,
			 self, 1024, want);
		strcat(want, "/elf");
		ok(!system(cmd), "a cache entry at DIR/.debug");
		is_int(dso__cache_file(d, "elf", path, sizeof(path)), 0, "found there");
		is_str(path, want, "...DIR/.debug/.build-id/xx/<rest>/elf");
	}
	dso__delete(d);
	/* not at DIR/<path>, but in DIR's cache: its symbols from there */
	d = dso__new("/nowhere/t", DSO_KIND_USER);
	d->symfs = dir;
	dso__set_build_id(d, id, n);
	dso__load(d);
	ok(d->symbols.nr > 0, "a dso only in DIR/.debug: its symbols from there");
	dso__delete(d);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ok(!system(cmd), "cleaned up");
}

int main(void)
{
	struct dsos dsos;
	struct dso *a, *b, *bpf;
	char name[64];
	int i, missing = 0;

	ok(!dsos__init(&dsos), "init");
	a = dsos__findnew(&dsos, "/usr/lib/libfoo.so", DSO_KIND_USER);
	b = dsos__findnew(&dsos, "/usr/lib/libfoo.so", DSO_KIND_USER);
	ok(a && a == b, "one dso per name");
	is_str(a->short_name, "libfoo.so", "short name");
	bpf = dsos__findnew(&dsos, "bpf_prog_0123456789abcdef_x", DSO_KIND_BPF);
	is_str(bpf->short_name, "bpf_prog_0123456789abcdef_x", "a BPF dso is named like its symbol");
	ok(bpf->loaded, "nothing to load for BPF");
	is_int(dso__add_symbol(bpf, 0, 100, bpf->long_name), 0, "add its symbol");
	is_int(dso__add_symbol(bpf, 0, 100, bpf->long_name), 0, "again: kept once");
	is_int(bpf->symbols.nr, 1, "one symbol");
	ok(dso__find_symbol(bpf, 99) && !dso__find_symbol(bpf, 100), "covers [0, len)");
	for (i = 0; i < 3000; i++) {
		snprintf(name, sizeof(name), "/x/%d", i);
		if (!dsos__findnew(&dsos, name, DSO_KIND_USER))
			missing++;
	}
	is_int(missing, 0, "3000 more (the table grows)");
	ok(dsos__find(&dsos, "/x/2999") && dsos__find(&dsos, "/usr/lib/libfoo.so") == a,
	   "found after growing");
	ok(dsos__find(&dsos, "/nope") == NULL, "unknown name");

	/*
	 * One name made 20,000 times (a BPF program per KSYMBOL register, as
	 * under churn): the first stays the one found, also after the table
	 * grew, and the chains hold one dso per name (the old table walked
	 * every earlier one to add the next: 200M steps here).
	 */
	{
		struct dso *first = dsos__new_dso(&dsos, "bpf_prog_churn", DSO_KIND_BPF), *d = NULL;
		size_t longest = 0, k;
		bool seq_up = true;

		for (i = 0; i < 20000; i++) {
			struct dso *n = dsos__new_dso(&dsos, "bpf_prog_churn", DSO_KIND_BPF);

			if (!n || (d && n->seq <= d->seq) || n->seq <= first->seq)
				seq_up = false;
			d = n;
		}
		ok(seq_up, "each a dso of its own, in order of making");
		ok(dsos__find(&dsos, "bpf_prog_churn") == first, "the first one is found");
		for (k = 0; k < dsos.nr_buckets; k++) {
			size_t len = 0;

			for (d = dsos.buckets[k]; d; d = d->hnext)
				len++;
			if (len > longest)
				longest = len;
		}
		ok(longest <= 16, "longest chain: %zu dsos", longest);
		is_int(dsos.nr, 3002 + 20001, "all counted");
		{
			struct dsos_iter it;
			size_t seen = 0, twice = 0;
			bool *got = calloc(dsos.nr, sizeof(*got));

			dsos__for_each(&dsos, &it, d) {
				if (d->seq >= dsos.nr || got[d->seq])
					twice++;
				else
					got[d->seq] = true;
				seen++;
			}
			is_int(seen, dsos.nr, "dsos__for_each: every dso, dups too");
			is_int(twice, 0, "...each once");
			free(got);
		}
	}
	is_int(dso__set_short_name(a, "[JIT] tid 1"), 0, "own short name");
	is_str(a->short_name, "[JIT] tid 1", "used");
	is_int(dso__set_build_id(a, (const u8 *)"0123456789abcdefghij", 20), 0, "build id");
	/* a build id no cache and no file has: no symbols, no crash */
	ok(dso__find_symbol(a, 0x10) == NULL, "missing file: no symbol");
	dsos__exit(&dsos);
	test_symfs();
	{
		struct dsos_iter it;
		struct dso *d;
		size_t n = 0;

		ok(!dsos__init(&dsos), "an empty table");
		dsos__for_each(&dsos, &it, d)
			n++;
		is_int(n, 0, "...walks no dso");
		dsos__exit(&dsos);
	}
	return done_testing();
}
