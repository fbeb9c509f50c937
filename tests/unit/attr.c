// SPDX-License-Identifier: GPL-2.0
/* util/attr.c: byte-swapping (with the bitfield word) and the header printer. */
#include <byteswap.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/attr.h"

static char *print_attr(const struct perf_event_attr *attr)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	perf_event_attr__fprintf(fp, attr, perf_event_attr__fprintf_header_cb, NULL);
	fclose(fp);
	return buf;
}

/* The dummy:HG event of `perf record -a` as upstream records it. */
static void dummy_attr(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = sizeof(*a);
	a->config = 9;	/* PERF_COUNT_SW_DUMMY */
	a->sample_period = 1;
	a->sample_type = 1 | 2 | 4 | 128 | (1 << 16);	/* IP|TID|TIME|CPU|IDENTIFIER */
	a->read_format = 4 | 16;			/* ID|LOST */
	a->inherit = 1;
	a->mmap = 1;
	a->comm = 1;
	a->task = 1;
	a->sample_id_all = 1;
	a->mmap2 = 1;
	a->comm_exec = 1;
	a->ksymbol = 1;
	a->bpf_event = 1;
}

static void test_print(void)
{
	struct perf_event_attr a;
	char *s;

	dummy_attr(&a);
	s = print_attr(&a);
	/*
	 * Observed on this machine: the dummy:HG line of
	 * `/usr/bin/perf report --header-only` (perf 6.1.192) for a file of
	 * `perf record -a -- sleep 1`, after "# event : name = dummy:HG, , id = { 37, 38 }".
	 */
	is_str(s, ", type = 1, size = 128, config = 0x9, { sample_period, sample_freq } = 1, "
	       "sample_type = IP|TID|TIME|CPU|IDENTIFIER, read_format = ID|LOST, inherit = 1, "
	       "mmap = 1, comm = 1, task = 1, sample_id_all = 1, mmap2 = 1, comm_exec = 1, "
	       "ksymbol = 1, bpf_event = 1", "dummy:HG attr printed as upstream");
	free(s);

	memset(&a, 0, sizeof(a));
	a.type = 1;
	a.size = 128;
	a.sample_period = 100000;
	a.sample_type = 1 | 2 | 4 | 8 | 32 | 128 | (1 << 12) | (1 << 13) | (1 << 15) | (1 << 24);
	a.read_format = 4 | 16;
	a.use_clockid = 1;
	a.precise_ip = 3;
	a.sample_regs_user = 0x183;
	a.sample_stack_user = 1024;
	a.clockid = 1;
	s = print_attr(&a);
	/*
	 * Observed here: `perf record -e cpu-clock -c 100000 --call-graph
	 * dwarf,1024 --user-regs=ax,bx -k CLOCK_MONOTONIC -W -d --sample-cpu`
	 * printed these fields in this form (flags trimmed to the ones set).
	 */
	is_str(s, ", type = 1, size = 128, { sample_period, sample_freq } = 100000, "
	       "sample_type = IP|TID|TIME|ADDR|CALLCHAIN|CPU|REGS_USER|STACK_USER|DATA_SRC|"
	       "WEIGHT_STRUCT, read_format = ID|LOST, precise_ip = 3, use_clockid = 1, "
	       "sample_regs_user = 0x183, sample_stack_user = 1024, clockid = 1",
	       "values in hex, decimal and bit names");
	free(s);

	memset(&a, 0, sizeof(a));
	s = print_attr(&a);
	is_str(s, "", "all-zero attr prints nothing");
	free(s);
}

static void test_flags(void)
{
	u64 v;

	/* big-endian layout: disabled is the top bit, precise_ip bits 48..47 */
	v = perf_attr_flags__from_other((1ULL << 63) | (1ULL << 48));
	is_int(v, 1 | (2ULL << 15), "BE disabled + precise_ip=2 -> native");
	v = perf_attr_flags__from_other(1ULL << 47);
	is_int(v, 1ULL << 15, "BE precise_ip=1 -> native");
	v = perf_attr_flags__from_other(1ULL << (63 - 29));
	is_int(v, 1ULL << PERF_ATTR_BIT_KSYMBOL, "BE ksymbol bit");
	v = perf_attr_flags__from_other(1ULL << (63 - 30));
	is_int(v, 1ULL << PERF_ATTR_BIT_BPF_EVENT, "BE bpf_event bit");
	v = perf_attr_flags__from_other(1ULL << (63 - 18));
	is_int(v, 1ULL << PERF_ATTR_BIT_SAMPLE_ID_ALL, "BE sample_id_all bit");
	for (v = 1; v; v <<= 1) {
		if (perf_attr_flags__from_other(perf_attr_flags__to_other(v)) != v)
			break;
	}
	is_int(v, 0, "to_other and from_other are inverses for every bit");
	v = 0x5a5a5a5a12345678ULL;
	is_int(perf_attr_flags__from_other(perf_attr_flags__to_other(v)), v,
	       "inverse on a mixed word");
}

static void test_swap(void)
{
	struct perf_event_attr a, b;
	u8 *raw = (u8 *)&b;
	u32 size;
	u64 flags;

	dummy_attr(&a);
	a.precise_ip = 2;
	a.clockid = -3;
	a.sample_max_stack = 127;
	a.sig_data = 0x0102030405060708ULL;
	a.bp_addr = 0xffffffff81000000ULL;
	b = a;
	perf_event_attr__swap_to_other(&b);
	memcpy(&size, raw + 4, 4);
	is_int(size, bswap_32(128), "size field big-endian");
	memcpy(&flags, raw + PERF_ATTR_FLAGS_OFFSET, 8);
	flags = bswap_64(flags);
	ok(flags & (1ULL << (63 - PERF_ATTR_BIT_KSYMBOL)), "ksymbol at its big-endian position");
	ok(flags & (1ULL << 48) && !(flags & (1ULL << 47)), "precise_ip=2 in big-endian order");
	perf_event_attr__swap(&b);
	ok(!memcmp(&a, &b, sizeof(a)), "swap back gives the original attr");
	is_int(b.precise_ip, 2, "precise_ip survives");
	is_int(b.clockid, -3, "signed clockid survives");
	is_int(b.ksymbol, 1, "ksymbol survives");
	is_int(b.bpf_event, 1, "bpf_event survives");
	is_int(b.sample_max_stack, 127, "u16 field survives");
}

int main(void)
{
	test_print();
	test_flags();
	test_swap();
	return done_testing();
}
