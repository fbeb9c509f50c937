// SPDX-License-Identifier: GPL-2.0
/* util/record-buildid.c: build-ids of ELF files and of the kernel. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "util/record-buildid.h"
#include "util/strbuf.h"

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	u8 id[BUILD_ID_MAX], again[BUILD_ID_MAX];
	size_t len = 0, len2 = 0;
	int err;

	is_int(build_id__read_elf("/proc/self/exe", id, &len), 0, "this test has a build-id");
	is_int(len, 20, "a 20-byte GNU build-id");
	is_int(build_id__read_elf("/proc/self/exe", again, &len2), 0, "read again");
	ok(len == len2 && !memcmp(id, again, len), "the same");
	is_int(build_id__read_elf("/nonexistent", id, &len), -ENOENT, "no file");
	ok(build_id__read_elf("/proc/self/status", id, &len) < 0, "not an ELF file");
	err = build_id__read_kernel(id, &len);
	ok(err == 0 ? len > 0 && len <= BUILD_ID_MAX : err < 0, "the kernel's (%d)", err);
	ok(record_buildid__collect("/nonexistent.data", &sb) < 0, "no perf.data: an error");
	is_int(sb.len, 0, "and no payload");
	strbuf__release(&sb);
	return done_testing();
}
