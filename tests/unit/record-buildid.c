// SPDX-License-Identifier: GPL-2.0
/* util/record-buildid.c: build-ids of ELF files and of the kernel, --buildid-all. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/event.h"
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
	ok(record_buildid__collect("/nonexistent.data", false, &sb) < 0, "no perf.data: an error");
	is_int(sb.len, 0, "and no payload");
	strbuf__release(&sb);

	/* a mapping without samples: in the payload only with all (--buildid-all) */
	{
		union {
			union perf_event	ev;
			u8			b[512];
		} m;
		char exe[200];
		ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		int all;

		exe[n > 0 ? n : 0] = '\0';
		for (all = 0; all < 2; all++) {
			struct record_buildid *rb = record_buildid__new(all);

			memset(&m, 0, sizeof(m));
			m.ev.header.type = PERF_RECORD_MMAP2;
			m.ev.mmap2.pid = m.ev.mmap2.tid = 4242;
			m.ev.mmap2.start = 0x400000;
			m.ev.mmap2.len = 0x1000;
			snprintf(m.ev.mmap2.filename, sizeof(exe), "%s", exe);
			m.ev.header.size = offsetof(struct perf_record_mmap2, filename) +
					   ((strlen(exe) + 1 + 7) & ~7UL);
			is_int(record_buildid__event(rb, &m.ev,
						     PERF_SAMPLE_IP | PERF_SAMPLE_TID), 0,
			       "an MMAP2 fed");
			is_int(record_buildid__payload(rb, &sb), 0, "payload");
			if (all)
				ok(sb.len > 0 && memmem(sb.buf, sb.len, exe, strlen(exe)),
				   "all: the mapped file's build-id, no sample needed");
			else
				ok(!memmem(sb.buf ? sb.buf : "", sb.len, exe, strlen(exe)),
				   "not all: none without a sample");
			strbuf__reset(&sb);
			record_buildid__delete(rb);
		}
		strbuf__release(&sb);
	}
	return done_testing();
}
