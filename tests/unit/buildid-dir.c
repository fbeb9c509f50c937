// SPDX-License-Identifier: GPL-2.0
/*
 * util/buildid-dir.c: the cache under $HOME (read at each call, /root's
 * when HOME is unset or empty), an id's .build-id/<2 hex>/<rest> entry
 * with and without a file, a file's copy, the link's target, a debug
 * directory's "<id>.debug", and the refusals (no id, too long an id, a
 * buffer too small).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/buildid-dir.h"

int main(void)
{
	const u8 id[20] = { 0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f, 0x60, 0x71, 0x82, 0x93,
			    0xa4, 0xb5, 0xc6, 0xd7, 0xe8, 0xf9, 0x00, 0x11, 0x22, 0x33 };
	const char *rest = "1b2c3d4e5f60718293a4b5c6d7e8f900112233";
	char buf[4096], want[4096], small[24];

	plan(17);
	setenv("HOME", "/home/me", 1);
	is_int(buildid_dir__cache(buf, sizeof(buf)), 0, "the cache");
	is_str(buf, "/home/me/.debug", "...is $HOME/.debug");
	setenv("HOME", "/elsewhere", 1);
	buildid_dir__cache(buf, sizeof(buf));
	is_str(buf, "/elsewhere/.debug", "HOME is read at each call");
	setenv("HOME", "", 1);
	buildid_dir__cache(buf, sizeof(buf));
	is_str(buf, "/root/.debug", "an empty HOME: /root's");
	unsetenv("HOME");
	buildid_dir__cache(buf, sizeof(buf));
	is_str(buf, "/root/.debug", "no HOME: /root's");

	setenv("HOME", "/h", 1);
	is_int(buildid_dir__entry(id, sizeof(id), "elf", buf, sizeof(buf)), 0, "an entry");
	snprintf(want, sizeof(want), "/h/.debug/.build-id/0a/%s/elf", rest);
	is_str(buf, want, "...<cache>/.build-id/<2 hex>/<rest>/<file>");
	buildid_dir__entry(id, sizeof(id), NULL, buf, sizeof(buf));
	snprintf(want, sizeof(want), "/h/.debug/.build-id/0a/%s", rest);
	is_str(buf, want, "...without a file: the link itself");
	buildid_dir__copy("/usr/bin/true", id, sizeof(id), "elf", buf, sizeof(buf));
	snprintf(want, sizeof(want), "/h/.debug/usr/bin/true/0a%s/elf", rest);
	is_str(buf, want, "a file's copy: <cache><path>/<hex id>/<file>");
	buildid_dir__copy("/[kernel.kallsyms]", id, 4, "kallsyms", buf, sizeof(buf));
	is_str(buf, "/h/.debug/[kernel.kallsyms]/0a1b2c3d/kallsyms",
	       "an id of 4 bytes, the kernel's kallsyms copy");
	buildid_dir__target("/usr/bin/true", id, sizeof(id), buf, sizeof(buf));
	snprintf(want, sizeof(want), "../../usr/bin/true/0a%s", rest);
	is_str(buf, want, "the link's target: ../..<path>/<hex id>");
	buildid_dir__link("/usr/lib/debug", id, sizeof(id), ".debug", buf, sizeof(buf));
	snprintf(want, sizeof(want), "/usr/lib/debug/.build-id/0a/%s.debug", rest);
	is_str(buf, want, "a debug directory's <id>.debug");

	is_int(buildid_dir__entry(id, 0, "elf", buf, sizeof(buf)), -EINVAL, "no id: refused");
	is_int(buildid_dir__copy("/x", id, 21, NULL, buf, sizeof(buf)), -EINVAL,
	       "an id over 20 bytes: refused");
	is_int(buildid_dir__entry(id, sizeof(id), "elf", small, sizeof(small)), -ENAMETOOLONG,
	       "a buffer too small for an entry");
	is_int(buildid_dir__target("/x", id, sizeof(id), small, sizeof(small)), -ENAMETOOLONG,
	       "...for a target");
	is_int(buildid_dir__cache(small, 5), -ENAMETOOLONG, "...for the cache");
	return done_testing();
}
