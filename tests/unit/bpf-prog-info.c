// SPDX-License-Identifier: GPL-2.0
/*
 * util/bpf-prog-info.c: BPF_PROG_INFO and BPF_BTF payloads: round trips,
 * the other byte order, the printer, lookups and every bound check.
 */
#include <byteswap.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "tap.h"
#include "util/bpf-prog-info.h"
#include "util/strbuf.h"

/* A program under construction: info + data arrays placed 8-byte aligned. */
struct prog {
	struct bpf_prog_info	info;
	u64			arrays;
	u8			data[1024];
	u32			data_len;
};

static u64 prog__add_array(struct prog *p, int a, const void *src, u32 len)
{
	u64 off = p->data_len;

	memcpy(p->data + off, src, len);
	p->data_len = PERF_ALIGN(p->data_len + len, 8U);
	p->arrays |= 1ULL << a;
	return off;
}

static const u8 tag_a[8] = { 0xba, 0x74, 0x81, 0xc3, 0x96, 0xc5, 0x07, 0xda };
static const u8 tag_b0[8] = { 0x8e, 0x5b, 0x04, 0x0e, 0xc1, 0xb4, 0x57, 0x8b };
static const u8 tag_b1[8] = { 0xc3, 0x9f, 0x41, 0x52, 0xaf, 0xaa, 0x4a, 0xda };

static struct btf *make_btf(void)
{
	struct btf *btf = btf__new_empty();
	int int_id, proto;

	int_id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	proto = btf__add_func_proto(btf, int_id);
	btf__add_func(btf, "main_fn", BTF_FUNC_GLOBAL, proto);	/* type 3 */
	btf__add_func(btf, "sub_fn", BTF_FUNC_STATIC, proto);	/* type 4 */
	return btf;
}

/* id 10: one function named by info.name; no BTF */
static void make_prog_a(struct prog *p)
{
	u64 ksym = 0xffffffffc0001000ULL;
	u32 len = 109;

	memset(p, 0, sizeof(*p));
	p->info.type = BPF_PROG_TYPE_SOCKET_FILTER;
	p->info.id = 10;
	memcpy(p->info.tag, tag_a, 8);
	strcpy(p->info.name, "hot_prog_0");
	p->info.nr_jited_ksyms = 1;
	p->info.jited_ksyms = prog__add_array(p, PERF_BPIL_JITED_KSYMS, &ksym, 8);
	p->info.nr_jited_func_lens = 1;
	p->info.jited_func_lens = prog__add_array(p, PERF_BPIL_JITED_FUNC_LENS, &len, 4);
	p->info.nr_prog_tags = 1;
	p->info.prog_tags = prog__add_array(p, PERF_BPIL_PROG_TAGS, tag_a, 8);
	p->info.nr_map_ids = 3;	/* filled by the kernel though not asked for */
}

/* id 11: two functions named from BTF 5; every array */
static void make_prog_b(struct prog *p)
{
	u64 ksyms[2] = { 0xffffffffc0002000ULL, 0xffffffffc0002100ULL };
	u32 lens[2] = { 103, 106 };
	u8 tags[16];
	u32 finfo[4] = { 0, 3, 5, 4 };		/* {insn_off, type_id} x 2 */
	u32 linfo[8] = { 0, 1, 2, (7 << 10) | 3, 1, 1, 9, (8 << 10) | 5 };
	u64 jlinfo[2] = { 0xffffffffc0002000ULL, 0xffffffffc0002010ULL };
	u32 map_ids[1] = { 77 };
	u8 jited[6] = { 0x0f, 0x1f, 0x44, 0x00, 0x00, 0xc3 };
	u8 xlated[16] = { 0xb7, 0x21, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12,
			  0x95, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };

	memcpy(tags, tag_b0, 8);
	memcpy(tags + 8, tag_b1, 8);
	memset(p, 0, sizeof(*p));
	p->info.type = BPF_PROG_TYPE_SOCKET_FILTER;
	p->info.id = 11;
	memcpy(p->info.tag, tag_b0, 8);
	strcpy(p->info.name, "hot_prog_1");
	p->info.gpl_compatible = 1;
	p->info.load_time = 0x123456789ULL;
	p->info.created_by_uid = 1000;
	p->info.run_cnt = 5;
	p->info.btf_id = 5;
	p->info.jited_prog_len = sizeof(jited);
	p->info.jited_prog_insns = prog__add_array(p, PERF_BPIL_JITED_INSNS, jited, sizeof(jited));
	p->info.xlated_prog_len = sizeof(xlated);
	p->info.xlated_prog_insns = prog__add_array(p, PERF_BPIL_XLATED_INSNS, xlated,
						    sizeof(xlated));
	p->info.nr_map_ids = 1;
	p->info.map_ids = prog__add_array(p, PERF_BPIL_MAP_IDS, map_ids, sizeof(map_ids));
	p->info.nr_jited_ksyms = 2;
	p->info.jited_ksyms = prog__add_array(p, PERF_BPIL_JITED_KSYMS, ksyms, sizeof(ksyms));
	p->info.nr_jited_func_lens = 2;
	p->info.jited_func_lens = prog__add_array(p, PERF_BPIL_JITED_FUNC_LENS, lens,
						  sizeof(lens));
	p->info.nr_func_info = 2;
	p->info.func_info_rec_size = 8;
	p->info.func_info = prog__add_array(p, PERF_BPIL_FUNC_INFO, finfo, sizeof(finfo));
	p->info.nr_line_info = 2;
	p->info.line_info_rec_size = 16;
	p->info.line_info = prog__add_array(p, PERF_BPIL_LINE_INFO, linfo, sizeof(linfo));
	p->info.nr_jited_line_info = 2;
	p->info.jited_line_info_rec_size = 8;
	p->info.jited_line_info = prog__add_array(p, PERF_BPIL_JITED_LINE_INFO, jlinfo,
						  sizeof(jlinfo));
	p->info.nr_prog_tags = 2;
	p->info.prog_tags = prog__add_array(p, PERF_BPIL_PROG_TAGS, tags, sizeof(tags));
}

/* id 12: two functions, no BTF: "_F"; id 13: one function, no name */
static void make_prog_c(struct prog *p, u32 id, u32 nr)
{
	u64 ksyms[2] = { 0xffffffffc0003000ULL + id * 0x1000, 0xffffffffc0003080ULL + id * 0x1000 };
	u32 lens[2] = { 16, 19 };
	u8 tags[16];

	memcpy(tags, tag_b1, 8);
	memcpy(tags + 8, tag_a, 8);
	memset(p, 0, sizeof(*p));
	p->info.id = id;
	memcpy(p->info.tag, tag_b1, 8);
	p->info.nr_jited_ksyms = nr;
	p->info.jited_ksyms = prog__add_array(p, PERF_BPIL_JITED_KSYMS, ksyms, nr * 8);
	p->info.nr_jited_func_lens = nr;
	p->info.jited_func_lens = prog__add_array(p, PERF_BPIL_JITED_FUNC_LENS, lens, nr * 4);
	p->info.nr_prog_tags = nr;
	p->info.prog_tags = prog__add_array(p, PERF_BPIL_PROG_TAGS, tags, nr * 8);
}

static int env__add(struct perf_env_bpf *bpf, const struct prog *p)
{
	char err[200];

	return perf_env_bpf__add_prog(bpf, &p->info, sizeof(p->info), p->arrays, p->data,
				      p->data_len, err, sizeof(err));
}

static char *print_progs(struct perf_env_bpf *bpf)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	perf_env_bpf__fprintf_prog_info(bpf, fp);
	perf_env_bpf__fprintf_btf(bpf, fp);
	fclose(fp);
	return buf;
}

static const char expected_print[] =
	"# bpf_prog_info 10: bpf_prog_ba7481c396c507da_hot_prog_0 addr 0xffffffffc0001000 "
	"size 109\n"
	"# bpf_prog_info 11:\n"
	"# \tsub_prog 0: bpf_prog_8e5b040ec1b4578b_main_fn addr 0xffffffffc0002000 size 103\n"
	"# \tsub_prog 1: bpf_prog_c39f4152afaa4ada_sub_fn addr 0xffffffffc0002100 size 106\n"
	"# bpf_prog_info 12:\n"
	"# \tsub_prog 0: bpf_prog_c39f4152afaa4ada_F addr 0xffffffffc000f000 size 16\n"
	"# \tsub_prog 1: bpf_prog_ba7481c396c507da_F addr 0xffffffffc000f080 size 19\n"
	"# bpf_prog_info 13: bpf_prog_c39f4152afaa4ada addr 0xffffffffc0010000 size 16\n"
	"# btf info of id 5\n";

/* Fill bpf with the four programs (added out of order) and BTF 5. */
static void fill(struct perf_env_bpf *bpf, struct btf *btf)
{
	struct prog p;
	const void *raw;
	u32 size;

	perf_env_bpf__init(bpf);
	make_prog_c(&p, 13, 1);
	env__add(bpf, &p);
	make_prog_b(&p);
	env__add(bpf, &p);
	make_prog_a(&p);
	env__add(bpf, &p);
	make_prog_c(&p, 12, 2);
	env__add(bpf, &p);
	raw = btf__raw_data(btf, &size);
	perf_env_bpf__add_btf(bpf, 5, raw, size);
}

static void test_print_and_lookup(struct btf *btf)
{
	struct perf_env_bpf bpf;
	const struct bpf_prog_info_node *node;
	char name[128];
	u64 addr;
	u32 len, idx, count, rec;
	char *s;

	fill(&bpf, btf);
	s = print_progs(&bpf);
	is_str(s, expected_print, "header lines: single, BTF-named, _F, unnamed; by id");
	free(s);

	node = perf_env_bpf__find_prog(&bpf, 11);
	ok(node && node->info.id == 11, "find_prog");
	ok(!perf_env_bpf__find_prog(&bpf, 99), "find_prog of an absent id");
	is_int(bpf_prog_info_node__nr_funcs(node), 2, "nr_funcs");
	is_int(perf_env_bpf__func(&bpf, node, 1, &addr, &len, name, sizeof(name)), 0, "func 1");
	is_str(name, "bpf_prog_c39f4152afaa4ada_sub_fn", "func 1 name");
	ok(addr == 0xffffffffc0002100ULL && len == 106, "func 1 addr and len");
	is_int(perf_env_bpf__func(&bpf, node, 2, &addr, &len, name, sizeof(name)), -ENOENT,
	       "func past the end");
	is_int(perf_env_bpf__func(&bpf, node, 0, &addr, &len, name, 12), 0, "short name buffer");
	is_str(name, "bpf_prog_8e", "name cut to the buffer");
	ok(bpf_prog_info_node__array(node, PERF_BPIL_LINE_INFO, &count, &rec) && count == 2 &&
	   rec == 16, "line_info array");
	node = perf_env_bpf__find_prog(&bpf, 10);
	ok(!bpf_prog_info_node__array(node, PERF_BPIL_MAP_IDS, &count, &rec),
	   "count without its array bit is no array");
	is_int(perf_env_bpf__find_func(&bpf, 0xffffffffc0002105ULL, &node, &idx), 0, "find_func");
	ok(node && node->info.id == 11 && idx == 1, "find_func: program 11, function 1");
	is_int(perf_env_bpf__find_func(&bpf, 0xffffffffc0002100ULL + 106, &node, &idx), -ENOENT,
	       "find_func past the function's end");
	ok(perf_env_bpf__btf(&bpf, 5) != NULL, "libbpf parses BTF 5");
	ok(perf_env_bpf__btf(&bpf, 6) == NULL, "no BTF 6");
	perf_env_bpf__exit(&bpf);
}

static void write_payloads(struct perf_env_bpf *bpf, struct strbuf *progs, struct strbuf *btfs)
{
	strbuf__init(progs);
	strbuf__init(btfs);
	perf_env_bpf__write_prog_info(bpf, progs);
	perf_env_bpf__write_btf(bpf, btfs);
}

static void test_round_trip(struct btf *btf)
{
	struct perf_env_bpf bpf, again, other;
	struct strbuf p1, b1, p2, b2, p3, b3;
	char err[200] = "";
	u8 *swapped;
	u32 v;
	char *s;

	fill(&bpf, btf);
	write_payloads(&bpf, &p1, &b1);

	perf_env_bpf__init(&again);
	is_int(perf_env_bpf__parse_prog_info(&again, p1.buf, p1.len, false, err, sizeof(err)), 0,
	       "parse native BPF_PROG_INFO");
	is_int(perf_env_bpf__parse_btf(&again, b1.buf, b1.len, false, err, sizeof(err)), 0,
	       "parse native BPF_BTF");
	is_int(again.nr_progs, 4, "4 programs");
	write_payloads(&again, &p2, &b2);
	ok(p1.len == p2.len && !memcmp(p1.buf, p2.buf, p1.len), "BPF_PROG_INFO bytes identical");
	ok(b1.len == b2.len && !memcmp(b1.buf, b2.buf, b1.len), "BPF_BTF bytes identical");

	/* the other byte order */
	swapped = malloc(p1.len);
	memcpy(swapped, p1.buf, p1.len);
	is_int(bpf_prog_info_payload__swap(swapped, p1.len, true, err, sizeof(err)), 0,
	       "convert BPF_PROG_INFO to the other byte order");
	memcpy(&v, swapped, 4);
	is_int(v, bswap_32(4), "count is byte-swapped");
	perf_env_bpf__init(&other);
	is_int(perf_env_bpf__parse_prog_info(&other, swapped, p1.len, true, err, sizeof(err)), 0,
	       "parse swapped BPF_PROG_INFO");
	free(swapped);
	swapped = malloc(b1.len);
	memcpy(swapped, b1.buf, b1.len);
	is_int(btf_payload__swap(swapped, b1.len, true, err, sizeof(err)), 0,
	       "convert BPF_BTF to the other byte order");
	is_int(perf_env_bpf__parse_btf(&other, swapped, b1.len, true, err, sizeof(err)), 0,
	       "parse swapped BPF_BTF");
	free(swapped);
	write_payloads(&other, &p3, &b3);
	ok(p1.len == p3.len && !memcmp(p1.buf, p3.buf, p1.len),
	   "cross-endian BPF_PROG_INFO rewritten native: identical bytes");
	ok(b1.len == b3.len && !memcmp(b1.buf, b3.buf, b1.len),
	   "cross-endian BPF_BTF rewritten native: identical bytes");
	{
		const struct bpf_prog_info_node *n = perf_env_bpf__find_prog(&other, 11);
		const u8 *x = bpf_prog_info_node__array(n, PERF_BPIL_XLATED_INSNS, NULL, NULL);

		ok(n && n->info.gpl_compatible == 1 && n->info.load_time == 0x123456789ULL,
		   "gpl_compatible bit and u64 fields after the swap");
		ok(x && x[1] == 0x21 && x[2] == 0x34 && x[4] == 0x78,
		   "bpf_insn registers and immediates after the swap");
	}
	s = print_progs(&other);
	is_str(s, expected_print, "same lines from the swapped payload");
	free(s);

	perf_env_bpf__exit(&bpf);
	perf_env_bpf__exit(&again);
	perf_env_bpf__exit(&other);
	strbuf__release(&p1);
	strbuf__release(&b1);
	strbuf__release(&p2);
	strbuf__release(&b2);
	strbuf__release(&p3);
	strbuf__release(&b3);
}

/*
 * libbpf's btf__new() on a blob of the other byte order: it sees the
 * swapped magic, swaps the header and types while parsing, and keeps the
 * blob's order (btf__endianness()).  So blobs are stored as found.
 */
static void test_btf_other_endian(struct btf *btf)
{
	struct perf_env_bpf bpf;
	struct prog p;
	struct btf *be;
	const void *raw;
	u32 size;
	char *s;

	raw = btf__raw_data(btf, &size);
	be = btf__new(raw, size);
	btf__set_endianness(be, BTF_BIG_ENDIAN);
	raw = btf__raw_data(be, &size);
	ok(raw && ((const u8 *)raw)[0] == 0xeb && ((const u8 *)raw)[1] == 0x9f,
	   "big-endian blob starts with the magic in big-endian order");

	perf_env_bpf__init(&bpf);
	make_prog_b(&p);
	env__add(&bpf, &p);
	perf_env_bpf__add_btf(&bpf, 5, raw, size);
	ok(perf_env_bpf__btf(&bpf, 5) != NULL, "btf__new() accepts the big-endian blob");
	is_int(btf__endianness(perf_env_bpf__btf(&bpf, 5)), BTF_BIG_ENDIAN,
	       "and remembers its order");
	s = print_progs(&bpf);
	ok(s && strstr(s, "_main_fn addr") && strstr(s, "_sub_fn addr"),
	   "function names resolved from a big-endian BTF");
	free(s);
	perf_env_bpf__exit(&bpf);
	btf__free(be);
}

/* Every bound: prefixes, counts, info_len, offsets, record sizes. */
static void test_bounds(struct btf *btf)
{
	struct perf_env_bpf bpf, t;
	struct strbuf p1, b1;
	char err[200];
	size_t cut;
	int bad_prefix = 0, bad_swapped = 0, bad_btf = 0;
	u8 *buf;
	u32 v;

	fill(&bpf, btf);
	write_payloads(&bpf, &p1, &b1);

	for (cut = 0; cut < p1.len; cut++) {
		perf_env_bpf__init(&t);
		err[0] = '\0';
		if (perf_env_bpf__parse_prog_info(&t, p1.buf, cut, false, err,
						  sizeof(err)) != -EINVAL || !err[0])
			bad_prefix++;
		perf_env_bpf__exit(&t);
	}
	is_int(bad_prefix, 0, "every truncation of BPF_PROG_INFO is an error with a message");

	buf = malloc(p1.len);
	memcpy(buf, p1.buf, p1.len);
	bpf_prog_info_payload__swap(buf, p1.len, true, err, sizeof(err));
	for (cut = 0; cut < p1.len; cut++) {
		perf_env_bpf__init(&t);
		err[0] = '\0';
		if (perf_env_bpf__parse_prog_info(&t, buf, cut, true, err,
						  sizeof(err)) != -EINVAL || !err[0])
			bad_swapped++;
		perf_env_bpf__exit(&t);
	}
	is_int(bad_swapped, 0, "every truncation of a swapped BPF_PROG_INFO is an error");
	free(buf);

	for (cut = 0; cut < b1.len; cut++) {
		perf_env_bpf__init(&t);
		err[0] = '\0';
		if (perf_env_bpf__parse_btf(&t, b1.buf, cut, false, err, sizeof(err)) != -EINVAL ||
		    !err[0])
			bad_btf++;
		perf_env_bpf__exit(&t);
	}
	is_int(bad_btf, 0, "every truncation of BPF_BTF is an error with a message");

	/* count larger than the programs there */
	buf = malloc(p1.len + 8);
	memcpy(buf, p1.buf, p1.len);
	v = 0xffffffff;
	memcpy(buf, &v, 4);
	perf_env_bpf__init(&t);
	is_int(perf_env_bpf__parse_prog_info(&t, buf, p1.len, false, err, sizeof(err)), -EINVAL,
	       "count 0xffffffff");
	ok(strstr(err, "announced"), "message: %s", err);
	perf_env_bpf__exit(&t);

	/* bytes after the last program: ignored, as upstream (which writes such files) */
	memcpy(buf, p1.buf, p1.len);
	memset(buf + p1.len, 0xff, 8);
	perf_env_bpf__init(&t);
	is_int(perf_env_bpf__parse_prog_info(&t, buf, p1.len + 8, false, err, sizeof(err)),
	       0, "bytes after the last program are ignored");
	ok(t.nr_progs > 0, "the announced programs are read");
	perf_env_bpf__exit(&t);

	/* info_len larger than ours (first program, at offset 4) */
	memcpy(buf, p1.buf, p1.len);
	v = sizeof(struct bpf_prog_info) + 8;
	memcpy(buf + 4, &v, 4);
	perf_env_bpf__init(&t);
	is_int(perf_env_bpf__parse_prog_info(&t, buf, p1.len, false, err, sizeof(err)), -EINVAL,
	       "info_len larger than struct bpf_prog_info");
	ok(strstr(err, "larger than ours"), "message: %s", err);
	perf_env_bpf__exit(&t);

	/* data_len past the section */
	memcpy(buf, p1.buf, p1.len);
	v = 0x7fffffff;
	memcpy(buf + 8, &v, 4);
	perf_env_bpf__init(&t);
	is_int(perf_env_bpf__parse_prog_info(&t, buf, p1.len, false, err, sizeof(err)), -EINVAL,
	       "data_len past the section");
	ok(strstr(err, "truncated"), "message: %s", err);
	perf_env_bpf__exit(&t);
	free(buf);
	strbuf__release(&p1);
	strbuf__release(&b1);
	perf_env_bpf__exit(&bpf);

	/* arrays: offsets, counts and record sizes checked against data_len */
	{
		struct prog p;

		perf_env_bpf__init(&t);
		make_prog_b(&p);
		p.info.jited_ksyms = p.data_len - 8;
		err[0] = '\0';
		is_int(env__add(&t, &p), -EINVAL, "jited_ksyms running past data_len");
		make_prog_b(&p);
		p.info.jited_ksyms = ~0ULL - 4;
		is_int(env__add(&t, &p), -EINVAL, "jited_ksyms offset that would overflow");
		make_prog_b(&p);
		p.info.nr_line_info = 0x40000000;
		is_int(env__add(&t, &p), -EINVAL, "nr_line_info x rec_size beyond data_len");
		make_prog_b(&p);
		p.info.func_info_rec_size = 3;
		is_int(env__add(&t, &p), -EINVAL, "func_info_rec_size 3");
		make_prog_b(&p);
		p.info.line_info_rec_size = 0;
		is_int(env__add(&t, &p), -EINVAL, "line_info_rec_size 0");
		make_prog_b(&p);
		p.info.xlated_prog_len = 12;
		is_int(env__add(&t, &p), -EINVAL, "xlated length not a multiple of 8");
		make_prog_b(&p);
		p.info.func_info_rec_size = 3;
		p.arrays &= ~(1ULL << PERF_BPIL_FUNC_INFO);
		is_int(env__add(&t, &p), 0, "bad values of an array not recorded are ignored");
		is_int(t.nr_progs, 1, "only that one was added");
		perf_env_bpf__exit(&t);
	}

	/* a shorter info (older writer) is zero-filled and written back as it was */
	{
		struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
		struct prog p;
		u32 info_len = offsetof(struct bpf_prog_info, nr_prog_tags);

		make_prog_c(&p, 20, 1);
		p.arrays &= ~(1ULL << PERF_BPIL_PROG_TAGS);
		strbuf__add_u32(&in, 1);
		strbuf__add_u32(&in, info_len);
		strbuf__add_u32(&in, p.data_len);
		strbuf__add_u64(&in, p.arrays);
		strbuf__add(&in, &p.info, info_len);
		strbuf__add(&in, p.data, p.data_len);
		perf_env_bpf__init(&t);
		is_int(perf_env_bpf__parse_prog_info(&t, in.buf, in.len, false, err, sizeof(err)),
		       0, "info_len shorter than ours accepted");
		ok(t.nr_progs == 1 && t.progs[0].info.nr_prog_tags == 0 &&
		   t.progs[0].info.run_cnt == 0 && t.progs[0].info_len == info_len,
		   "zero-filled past info_len");
		perf_env_bpf__write_prog_info(&t, &out);
		ok(in.len == out.len && !memcmp(in.buf, out.buf, in.len),
		   "written back with its own info_len");
		perf_env_bpf__exit(&t);
		strbuf__release(&in);
		strbuf__release(&out);
	}

	/* duplicates: the first of an id wins, as upstream's tree */
	{
		struct strbuf out = STRBUF_INIT;
		struct prog p;

		perf_env_bpf__init(&t);
		make_prog_c(&p, 30, 1);
		env__add(&t, &p);
		make_prog_c(&p, 30, 2);
		env__add(&t, &p);
		perf_env_bpf__write_prog_info(&t, &out);
		is_int(t.nr_progs, 1, "duplicate id dropped");
		is_int(t.progs[0].info.nr_jited_ksyms, 1, "the first one kept");
		perf_env_bpf__exit(&t);
		strbuf__release(&out);
	}

	/* empty payloads: the count is always written */
	{
		struct strbuf out = STRBUF_INIT;

		perf_env_bpf__init(&t);
		perf_env_bpf__write_prog_info(&t, &out);
		perf_env_bpf__write_btf(&t, &out);
		is_int(out.len, 8, "two zero counts");
		perf_env_bpf__exit(&t);
		strbuf__release(&out);
	}
}

/*
 * find_func by its index against a walk of every function: programs whose
 * ranges overlap (an address reused), empty ones, one long function
 * covering many others; programs added after a lookup.
 */
static void test_find_func_index(void)
{
	struct perf_env_bpf bpf;
	u64 addr;
	int k, bad = 0, found = 0;

	perf_env_bpf__init(&bpf);
	for (k = 0; k < 40; k++) {
		struct prog p;
		u64 ksyms[3];
		u32 lens[3], nr = 1 + k % 3, i;

		memset(&p, 0, sizeof(p));
		p.info.id = 100 + (k * 7) % 40;
		for (i = 0; i < nr; i++) {
			ksyms[i] = 0xffffffffc0000000ULL + ((k * 37 + i * 11) % 64) * 0x40;
			lens[i] = (k % 5 == 4) ? 0 : 0x20 + 0x10 * i;
		}
		if (k == 13)
			lens[0] = 0x1000;	/* covers most of the others */
		p.info.nr_jited_ksyms = nr;
		p.info.jited_ksyms = prog__add_array(&p, PERF_BPIL_JITED_KSYMS, ksyms, nr * 8);
		p.info.nr_jited_func_lens = nr;
		p.info.jited_func_lens = prog__add_array(&p, PERF_BPIL_JITED_FUNC_LENS, lens, nr * 4);
		env__add(&bpf, &p);
		if (k == 20)
			perf_env_bpf__find_func(&bpf, 0xffffffffc0000000ULL, &(const struct
						bpf_prog_info_node *){ NULL }, &(u32){ 0 });
	}
	for (addr = 0xffffffffc0000000ULL - 0x10; addr < 0xffffffffc0001100ULL; addr += 3) {
		const struct bpf_prog_info_node *a = NULL, *b = NULL;
		u32 ia = 0, ib = 0, p, i;
		int ra, rb = -ENOENT;

		ra = perf_env_bpf__find_func(&bpf, addr, &a, &ia);
		for (p = 0; rb && p < bpf.nr_progs; p++) {
			for (i = 0; i < bpf_prog_info_node__nr_funcs(&bpf.progs[p]); i++) {
				u64 start;
				u32 len;

				perf_env_bpf__func(&bpf, &bpf.progs[p], i, &start, &len, NULL, 0);
				if (addr >= start && addr - start < len) {
					b = &bpf.progs[p];
					ib = i;
					rb = 0;
					break;
				}
			}
		}
		found += !ra;
		if (ra != rb || a != b || ia != ib)
			bad++;
	}
	ok(found > 100 && !bad, "find_func by the index: the first program's function, as a "
	   "walk finds it (%d addresses found, %d different)", found, bad);
	perf_env_bpf__exit(&bpf);
}

int main(void)
{
	struct btf *btf = make_btf();

	if (!btf)
		skip_all("libbpf cannot build BTF");
	test_print_and_lookup(btf);
	test_round_trip(btf);
	test_btf_other_endian(btf);
	test_bounds(btf);
	test_find_func_index();
	btf__free(btf);
	return done_testing();
}
