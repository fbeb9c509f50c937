// SPDX-License-Identifier: GPL-2.0
/* util/record-tracing.c: the TRACING_DATA payload, laid out as upstream's. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/record-tracing.h"
#include "util/strbuf.h"
#include "util/tracefs.h"

/* The section's parts, walked as a reader would; 0 when all of it is there. */
static int walk(const struct strbuf *sb, u32 *nr_sys, u32 *nr_ev, size_t *end)
{
	size_t p = 10, n;
	u64 size;
	u32 i, j, c;

	p += strlen(sb->buf + p) + 1 + 2 + 4;
	for (i = 0; i < 2; i++) {
		p += strlen(sb->buf + p) + 1;
		memcpy(&size, sb->buf + p, 8);
		p += 8 + size;
	}
	memcpy(&c, sb->buf + p, 4);
	p += 4;
	for (i = 0; i < c; i++) {
		memcpy(&size, sb->buf + p, 8);
		p += 8 + size;
	}
	memcpy(nr_sys, sb->buf + p, 4);
	p += 4;
	*nr_ev = 0;
	for (i = 0; i < *nr_sys; i++) {
		p += strlen(sb->buf + p) + 1;
		memcpy(&c, sb->buf + p, 4);
		p += 4;
		for (j = 0; j < c; j++) {
			memcpy(&size, sb->buf + p, 8);
			p += 8 + size;
			(*nr_ev)++;
		}
		if (p > sb->len)
			return -1;
	}
	memcpy(&c, sb->buf + p, 4);		/* kallsyms */
	p += 4 + c;
	memcpy(&c, sb->buf + p, 4);		/* printk formats */
	p += 4 + c;
	memcpy(&size, sb->buf + p, 8);	/* saved cmdlines */
	p += 8 + size;
	n = p;
	*end = n;
	return n == sb->len ? 0 : -1;
}

int main(void)
{
	static const char *const events[] = {
		"sched:sched_switch", "timer:hrtimer_start", "sched:sched_wakeup",
	};
	struct strbuf sb = STRBUF_INIT;
	char dir[4096];
	u32 nr, nr_sys = 0, nr_ev = 0;
	size_t end = 0;

	if (tracefs__dir(dir, sizeof(dir)) || access("/sys/kernel/tracing/events/sched/"
						     "sched_switch/format", R_OK))
		skip_all("no readable tracefs with sched:sched_switch");
	is_int(tracing_data__build(dir, events, 3, &sb), 0, "build TRACING_DATA");
	ok(sb.len > 100 && !memcmp(sb.buf, "\x17\x08\x44tracing", 10), "magic");
	is_str(sb.buf + 10, "0.6", "version 0.6");
	ok(sb.buf[14] == 0 && sb.buf[15] == sizeof(long), "little endian, sizeof(long)");
	ok(!memcmp(sb.buf + 20, "header_page", 12), "header_page first");
	ok(memmem(sb.buf, sb.len, "header_event", 13) != NULL, "header_event");
	ok(memmem(sb.buf, sb.len, "name: sched_switch", 18) &&
	   memmem(sb.buf, sb.len, "name: sched_wakeup", 18) &&
	   memmem(sb.buf, sb.len, "name: hrtimer_start", 19), "the three formats inside");
	ok(!memmem(sb.buf, sb.len, "name: sched_waking", 18), "no other event's");
	memcpy(&nr, sb.buf + 16, 4);
	is_int(nr, sysconf(_SC_PAGESIZE), "page size");
	is_int(walk(&sb, &nr_sys, &nr_ev, &end), 0, "walks to its end (%zu of %zu)", end, sb.len);
	is_int(nr_sys, 2, "two systems (sched, timer)");
	is_int(nr_ev, 3, "three event formats");
	ok(memmem(sb.buf, sb.len, " : \"", 4) != NULL, "printk formats written");
	strbuf__reset(&sb);
	is_int(tracing_data__build("/nonexistent", events, 3, &sb), -ENOENT,
	       "no tracefs there: -ENOENT");
	strbuf__release(&sb);
	return done_testing();
}
