// SPDX-License-Identifier: GPL-2.0
/*
 * util/buildid-cache.c: a file's copy under $HOME/.debug/<path>/<id>/elf
 * and .build-id/<2 hex>/<rest> pointing at it, as upstream lays them out;
 * adding it again changes nothing.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/buildid-cache.h"
#include "util/symbol-elf.h"

/* a copy of this test's own binary: an ELF file with a build id */
static int copy_self(const char *path)
{
	FILE *in = fopen("/proc/self/exe", "r"), *out = fopen(path, "w");
	char buf[65536];
	size_t n;

	if (!in || !out)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	fclose(in);
	return fclose(out);
}

int main(void)
{
	u8 id[20];
	char dir[] = "/tmp/buildid-cache.XXXXXX", bin[256], elf[PATH_MAX], link[PATH_MAX];
	char target[PATH_MAX], want[PATH_MAX], cmd[PATH_MAX * 2 + 16];
	char hex[41];
	ssize_t n;
	int i, len;

	if (!mkdtemp(dir))
		skip_all("no temporary directory");
	setenv("HOME", dir, 1);
	snprintf(bin, sizeof(bin), "%s/bin", dir);
	ok(!copy_self(bin), "a file to cache");
	len = symbol_elf__build_id(bin, id, sizeof(id));
	if (len <= 0)
		skip_all("this test's binary has no build id");
	for (i = 0; i < len; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	is_int(buildid_cache__add(bin, id, len), 0, "added");
	snprintf(elf, sizeof(elf), "%s/.debug%s/%s/elf", dir, bin, hex);
	snprintf(cmd, sizeof(cmd), "cmp -s %s %s", bin, elf);
	ok(!system(cmd), "its copy under <path>/<id>/elf");
	snprintf(link, sizeof(link), "%s/.debug/.build-id/%.2s/%s", dir, hex, hex + 2);
	n = readlink(link, target, sizeof(target) - 1);
	target[n > 0 ? n : 0] = '\0';
	snprintf(want, sizeof(want), "../..%s/%s", bin, hex);
	is_str(target, want, ".build-id/<2 hex>/<rest> points at its directory");
	is_int(buildid_cache__add(bin, id, len), 0, "added again: nothing to do");
	id[0] ^= 0xff;
	ok(buildid_cache__add(bin, id, len) < 0, "another build id than the file's: refused");
	ok(buildid_cache__add("/nonexistent/file", id, len) < 0, "a missing file: an error");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ok(!system(cmd), "cleaned up");
	return done_testing();
}
