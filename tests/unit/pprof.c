// SPDX-License-Identifier: GPL-2.0
/*
 * util/pprof.c: a small labelled tree encoded as profile.proto and read
 * back field by field: "" first in the string table, two sample types,
 * one sample per path end with its locations leaf first and its labels,
 * a location and a function per frame, a mapping per dso; gzip round trip.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "tap.h"
#include "util/calltree-read.h"
#include "util/dso.h"
#include "util/pprof.h"
#include "util/protobuf.h"

static u32 frame(struct calltree *t, const char *name, u8 kind, const struct dso *dso, u64 addr)
{
	struct calltree_frame f = { .pid = -1, .tid = -1, .cpu = -1, .tag = kind, .kind = kind,
				    .dso = dso, .addr = addr, .map_start = addr,
				    .map_end = addr + 0x100 };

	f.name = calltree__intern_str(t, name);
	return calltree__frame(t, &f);
}

int main(void)
{
	struct calltree *t = calltree__new();
	struct calltree_stats st = { .nr_samples = 3, .total_period = 3000, .first_time = 10,
				     .last_time = 20, .event = "cpu-clock", .sample_period = 1000 };
	struct pprof_opts o = { .input = "x.data", .stats = &st, .time_nanos = 12345 };
	struct calltree_frame g = { .kind = CALLTREE_GROUP, .tag = 0x200, .pid = 7, .tid = 8,
				    .cpu = 1 };
	struct dso *k = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
	struct dso *b = dso__new("bpf_prog_0123456789abcdef_p", DSO_KIND_BPF);
	struct strbuf sb = STRBUF_INIT;
	u32 path[3], nr_str = 0, nr_samples = 0, nr_loc = 0, nr_fn = 0, nr_map = 0, nr_types = 0;
	u64 time_nanos = 0, period = 0, first_loc = 0;
	char strs[16][64];
	struct pb_field f;
	const u8 *p, *end;
	int err;

	g.name = calltree__intern_str(t, "work");
	path[0] = calltree__frame(t, &g);
	path[1] = frame(t, "do_syscall", CALLTREE_KERNEL, k, 0xffff0000);
	path[2] = frame(t, "bpf_prog_0123456789abcdef_p", CALLTREE_BPF, b, 0xffffc000);
	calltree__add(t, path, 3, 1000, NULL);
	calltree__add(t, path, 3, 1000, NULL);
	calltree__add(t, path, 2, 1000, NULL);
	err = pprof__encode(t, &o, &sb);
	is_int(err, 0, "encoded");
	p = (const u8 *)sb.buf;
	end = p + sb.len;
	while (pb__next(&p, end, &f) == 1) {
		const u8 *q = f.data, *qe = f.data + f.len;
		struct pb_field s;

		switch (f.field) {
		case 1:
			nr_types++;
			break;
		case 2:
			nr_samples++;
			while (pb__next(&q, qe, &s) == 1)
				/* the sample of two locations: which comes first */
				if (s.field == 1 && s.len == 2)
					first_loc = s.data[0];
			break;
		case 3:
			nr_map++;
			break;
		case 4:
			nr_loc++;
			break;
		case 5:
			nr_fn++;
			break;
		case 6:
			if (nr_str < 16)
				snprintf(strs[nr_str], sizeof(strs[0]), "%.*s", (int)f.len, f.data);
			nr_str++;
			break;
		case 9:
			time_nanos = f.v;
			break;
		case 12:
			period = f.v;
			break;
		}
	}
	is_int(p == end, 1, "well formed to the end");
	is_str(strs[0], "", "string 0 is \"\"");
	is_int(nr_types, 2, "two sample types");
	is_int(nr_samples, 2, "a sample per path end");
	is_int(first_loc, path[2], "locations leaf first");
	is_int(nr_loc, 2, "a location per frame");
	is_int(nr_fn, 2, "a function per frame");
	is_int(nr_map, 2, "a mapping per dso");
	is_int(time_nanos, 12345, "time_nanos");
	is_int(period, 1000, "period");
	{
		bool seen = false;
		u32 i;

		for (i = 0; i < nr_str && i < 16; i++)
			seen |= !strcmp(strs[i], "nanoseconds");
		ok(seen, "cpu/nanoseconds for cpu-clock");
	}

	{
		char path_tmp[] = "/tmp/pprof-test.XXXXXX";
		int fd = mkstemp(path_tmp);
		u8 gz[1 << 16], raw[1 << 16];
		z_stream z = { 0 };
		ssize_t n;

		unlink(path_tmp);
		is_int(pprof__write(t, &o, fd), 0, "written gzip-compressed");
		n = pread(fd, gz, sizeof(gz), 0);
		close(fd);
		ok(n > 2 && gz[0] == 0x1f && gz[1] == 0x8b, "a gzip member");
		inflateInit2(&z, 15 + 16);
		z.next_in = gz;
		z.avail_in = n;
		z.next_out = raw;
		z.avail_out = sizeof(raw);
		is_int(inflate(&z, Z_FINISH), Z_STREAM_END, "inflates");
		ok(z.total_out == sb.len && !memcmp(raw, sb.buf, sb.len), "to the encoded profile");
		inflateEnd(&z);
	}
	strbuf__release(&sb);
	calltree__delete(t);
	dso__delete(k);
	dso__delete(b);
	done_testing();
}
