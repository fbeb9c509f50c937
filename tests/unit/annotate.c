// SPDX-License-Identifier: GPL-2.0
/*
 * util/annotate.c, util/annotate-bpf.c, util/annotate-elf.c, util/disasm.c,
 * util/annotate-hist.c: capstone on known bytes; a JITed BPF program with
 * two functions and BTF line info (built with libbpf's BTF writer) as the
 * BPF_PROG_INFO feature holds it; our own binary's code from its ELF file,
 * as a user object and as a "vmlinux"; per-symbol sample counts; and
 * util/annotator.c: a session's samples of that program as KSYMBOLs
 * registered it, annotated from the header, other kinds left out.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "tap.h"
#include "util/annotate.h"
#include "util/annotate-hist.h"
#include "util/annotator.h"
#include "util/bpf-prog-info.h"
#include "util/disasm.h"
#include "util/dso.h"
#include "util/evlist.h"
#include "util/header.h"
#include "util/machine.h"
#include "util/map.h"

#define KSYM0	0xffffffffc0001000ULL
#define KSYM1	0xffffffffc0002000ULL

int __attribute__((noinline)) annotate_test_marker(int x);
int __attribute__((noinline)) annotate_test_marker(int x)
{
	int i, s = 0;

	for (i = 0; i < x; i++)
		s += i * x ^ (s >> 3);
	return s;
}

static void test_disasm(void)
{
	static const u8 code[] = {
		0x0f, 0x1f, 0x44, 0x00, 0x00,		/* nopl */
		0x48, 0x89, 0xe5,			/* mov %rsp,%rbp */
		0xe8, 0x10, 0x00, 0x00, 0x00,		/* call +0x10 */
		0x75, 0xf1,				/* jne back to 0 */
		0xc3,					/* ret */
		0xff, 0xff,				/* not an instruction */
	};
	struct disasm_insn in[16];
	struct disasm *d;
	int n = 0;

	if (!ok(!disasm__new(&d), "capstone opens x86-64"))
		return;
	disasm__start(d, code, sizeof(code), 0x1000);
	while (n < 16 && disasm__next(d, &in[n]))
		n++;
	is_int(n, 7, "7 instructions, the bad bytes one each");
	is_str(in[1].mnemonic, "movq", "AT&T mnemonic");
	is_str(in[1].operands, "%rsp,%rbp", "operands with objdump's separators");
	ok(in[2].has_target && in[2].is_call && in[2].target == 0x101d,
	   "call: its destination (%llx)", (unsigned long long)in[2].target);
	ok(in[3].has_target && !in[3].is_call && in[3].target == 0x1000 && in[3].addr == 0x100d,
	   "jne: its destination");
	ok(!in[4].has_target && in[4].size == 1, "ret: no destination");
	is_str(in[5].mnemonic, "(bad)", "undecodable byte as objdump shows it");
	disasm__delete(d);
}

/* A program of two JITed functions: main calls sub; three source lines. */
static int make_bpf(struct perf_env_bpf *bpf)
{
	static const u8 image[] = {
		0x0f, 0x1f, 0x44, 0x00, 0x00,		/* 0: nopl */
		0x55,					/* 5: push %rbp */
		0xe8, 0xf5, 0x0f, 0x00, 0x00,		/* 6: call KSYM1 */
		0x31, 0xc0,				/* b: xor %eax,%eax */
		0x5d,					/* d: pop %rbp */
		0xc3,					/* e: ret */
		0x48, 0x89, 0xf8,			/* sub 0: mov %rdi,%rax */
		0x48, 0xff, 0xc0,			/* 3: inc %rax */
		0x75, 0xf8,				/* 6: jne 0 */
		0xc3,					/* 8: ret */
	};
	struct {
		u8 image[sizeof(image)];
		u8 pad[8 - sizeof(image) % 8];
		u64 ksyms[2];
		u32 lens[2];
		struct bpf_line_info linfo[3];
		u64 jlinfo[3];
	} data;
	struct bpf_prog_info info;
	const void *raw;
	struct btf *btf = btf__new_empty();
	char err[256];
	u32 size;
	int file, ret;

	if (!btf)
		return -1;
	memset(&data, 0, sizeof(data));
	memcpy(data.image, image, sizeof(image));
	data.ksyms[0] = KSYM0;
	data.ksyms[1] = KSYM1;
	data.lens[0] = 15;
	data.lens[1] = 9;
	file = btf__add_str(btf, "/src/prog.bpf.c");
	data.linfo[0] = (struct bpf_line_info){ 0, file, btf__add_str(btf, "int prog(void)"),
						 10 << 10 };
	data.linfo[1] = (struct bpf_line_info){ 2, file, btf__add_str(btf, "\treturn sub(1);"),
						 12 << 10 | 9 };
	data.linfo[2] = (struct bpf_line_info){ 5, file, btf__add_str(btf, "\treturn x + 1;"),
						 20 << 10 | 2 };
	data.jlinfo[0] = KSYM0;
	data.jlinfo[1] = KSYM0 + 6;
	data.jlinfo[2] = KSYM1;

	memset(&info, 0, sizeof(info));
	info.id = 42;
	info.btf_id = 7;
	memcpy(info.tag, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
	snprintf((char *)info.name, sizeof(info.name), "prog");
	info.jited_prog_len = sizeof(image);
	info.jited_prog_insns = offsetof(typeof(data), image);
	info.nr_jited_ksyms = 2;
	info.jited_ksyms = offsetof(typeof(data), ksyms);
	info.nr_jited_func_lens = 2;
	info.jited_func_lens = offsetof(typeof(data), lens);
	info.nr_line_info = 3;
	info.line_info_rec_size = sizeof(struct bpf_line_info);
	info.line_info = offsetof(typeof(data), linfo);
	info.nr_jited_line_info = 3;
	info.jited_line_info_rec_size = sizeof(u64);
	info.jited_line_info = offsetof(typeof(data), jlinfo);
	ret = perf_env_bpf__add_prog(bpf, &info, sizeof(info),
				     1ULL << PERF_BPIL_JITED_INSNS | 1ULL << PERF_BPIL_JITED_KSYMS |
				     1ULL << PERF_BPIL_JITED_FUNC_LENS | 1ULL << PERF_BPIL_LINE_INFO |
				     1ULL << PERF_BPIL_JITED_LINE_INFO, &data, sizeof(data),
				     err, sizeof(err));
	raw = btf__raw_data(btf, &size);
	if (!ret && raw)
		ret = perf_env_bpf__add_btf(bpf, 7, raw, size);
	btf__free(btf);
	return ret;
}

static const struct annotation_line *nth(const struct annotation *a, enum annotation_line_type t,
					 size_t n)
{
	size_t i;

	for (i = 0; i < a->nr_lines; i++)
		if (a->lines[i].type == t && !n--)
			return &a->lines[i];
	return NULL;
}

static void test_bpf(void)
{
	struct annotate_sample samples[] = {
		{ .offset = 0, .nr_samples = 1, .period = 10 },
		{ .offset = 6, .nr_samples = 2, .period = 20 },
		{ .offset = 7, .nr_samples = 1, .period = 10 },	/* inside the call */
		{ .offset = 99, .nr_samples = 5, .period = 50 },	/* outside: ignored */
	};
	struct annotate_print_opts opts = { .event_name = "cpu-clock" };
	struct annotate_target t = { .map_start = KSYM0 };
	const struct annotation_line *l;
	struct perf_env_bpf bpf;
	struct annotation *a;
	struct dso *main_dso, *sub_dso;
	char err[256], row[512];
	double sum = 0;
	size_t i;

	perf_env_bpf__init(&bpf);
	if (!ok(!make_bpf(&bpf), "a BPF_PROG_INFO program and its BTF"))
		return;
	main_dso = dso__new("bpf_prog_0102030405060708_prog", DSO_KIND_BPF);
	sub_dso = dso__new("bpf_prog_0102030405060708_F", DSO_KIND_BPF);
	dso__add_symbol(main_dso, 0, 15, main_dso->long_name);
	dso__add_symbol(sub_dso, 0, 9, sub_dso->long_name);
	t.dso = main_dso;
	t.sym = dso__find_symbol(main_dso, 0);

	ok(annotation__new(&a, &t, samples, 4, err, sizeof(err)) == -ENOENT &&
	   strstr(err, "no BPF program info in the file"),
	   "no BPF_PROG_INFO: the reason (%s)", err);
	t.bpf = &bpf;
	t.map_start = KSYM0 + 0x100;
	ok(annotation__new(&a, &t, samples, 4, err, sizeof(err)) == -ENOENT &&
	   strstr(err, "no BPF program info for this program"),
	   "a program the file has no info for: the reason (%s)", err);
	t.map_start = KSYM0;
	err[0] = '\0';
	if (!ok(!annotation__new(&a, &t, samples, 4, err, sizeof(err)), "main: annotated %s", err))
		return;
	ok(a->is_bpf && a->start == 0 && a->size == 15 && a->nr_insns == 6,
	   "main: 6 instructions from offset 0");
	l = nth(a, ANNOTATION_LINE_SOURCE, 0);
	ok(l && l == &a->lines[0] && l->line_nr == 10 && !strcmp(l->text, "int prog(void)"),
	   "the first source line comes first");
	l = nth(a, ANNOTATION_LINE_SOURCE, 1);
	ok(l && l[1].type == ANNOTATION_LINE_INSN && l[1].offset == 6 && l->line_nr == 12,
	   "line 12 just before the code at its jited_line_info address");
	l = nth(a, ANNOTATION_LINE_INSN, 2);
	ok(l && strstr(l->text, "ffffffffc0002000 <bpf_prog_") && strstr(l->text, "_F>") &&
	   !strncmp(l->text, "callq", 5), "the call names the subprogram (%s)", l ? l->text : "");
	ok(l && l->nr_samples == 3 && l->period == 30 && l->percent == 75.0 &&
	   !strcmp(l->path, "prog.bpf.c:12"),
	   "the call has the samples up to the next instruction, under prog.bpf.c:12");
	is_int(a->nr_samples, 4, "samples outside the function are not counted");
	for (i = 0; i < a->nr_lines; i++)
		sum += a->lines[i].percent;
	ok(sum > 99.999 && sum < 100.001, "shares add up to 100%%");
	annotation_line__snprintf(a, l, &opts, row, sizeof(row));
	ok(!strncmp(row, "   75.00 :   6:callq  ffffffffc0002000 <", 39),
	   "a row as upstream prints it: '%s'", row);
	annotation_line__snprintf(a, nth(a, ANNOTATION_LINE_SOURCE, 1), &opts, row, sizeof(row));
	is_str(row, "         : 12 \treturn sub(1);", "a source row");
	annotation__set_samples(a, NULL, 0);
	ok(a->nr_samples == 0 && nth(a, ANNOTATION_LINE_INSN, 2)->percent == 0,
	   "set_samples: new counts, same code");
	annotation__delete(a);

	t.dso = sub_dso;
	t.sym = dso__find_symbol(sub_dso, 0);
	t.map_start = KSYM1;
	err[0] = '\0';
	if (ok(!annotation__new(&a, &t, samples, 1, err, sizeof(err)), "sub: annotated %s", err)) {
		l = nth(a, ANNOTATION_LINE_INSN, 2);
		ok(a->lines[0].type == ANNOTATION_LINE_SOURCE && a->lines[0].line_nr == 20 &&
		   a->nr_insns == 4, "sub: its own line, its 4 instructions from offset 0");
		ok(l && !strcmp(l->text, "jne    0 <bpf_prog_0102030405060708_F>"),
		   "a jump inside the function: its offset and symbol (%s)", l ? l->text : "");
		annotation__delete(a);
	}
	dso__delete(main_dso);
	dso__delete(sub_dso);
	perf_env_bpf__exit(&bpf);
}

static void test_elf(void)
{
	struct annotate_sample s = { .offset = 0, .nr_samples = 1, .period = 1 };
	struct annotate_target t = { 0 };
	struct annotation *a, *k;
	struct symbol *sym = NULL;
	struct dso *dso, *kdso;
	char path[PATH_MAX], err[512];
	const u8 *mem = (const u8 *)annotate_test_marker;
	size_t i, off = 0;
	bool same = true;

	if (!realpath("/proc/self/exe", path))
		return;
	dso = dso__new(path, DSO_KIND_USER);
	dso__load(dso);
	for (i = 0; i < dso->symbols.nr; i++)
		if (!strcmp(dso->symbols.entries[i]->name, "annotate_test_marker"))
			sym = dso->symbols.entries[i];
	if (!ok(sym != NULL, "our binary's symbols"))
		return;
	t.dso = dso;
	t.sym = sym;
	err[0] = '\0';
	if (!ok(!annotation__new(&a, &t, &s, 1, err, sizeof(err)), "our function %s", err))
		return;
	ok(a->lines[3].type == ANNOTATION_LINE_TEXT &&
	   !strcmp(a->lines[3].text, "Disassembly of section .text:") &&
	   strstr(a->lines[5].text, "<annotate_test_marker>:"),
	   "objdump's lines before the code name the section and the symbol");
	for (i = 0; i < a->nr_lines; i++) {
		const struct annotation_line *l = &a->lines[i];

		if (l->type != ANNOTATION_LINE_INSN)
			continue;
		same &= l->offset == off && l->addr == a->start + off &&
			!memcmp(l->bytes, mem + off, l->size);
		off += l->size;
	}
	ok(same && off == sym->end - sym->start,
	   "the instructions are the bytes that run, back to back over the whole symbol");
	for (i = 0; i < a->nr_lines && a->lines[i].type != ANNOTATION_LINE_INSN; i++)
		;
	ok(i < a->nr_lines && a->lines[i].percent == 100.0, "the sample at offset 0");
	/* built with -g: objdump -l -S's rows from DWARF before the code */
	ok(a->lines[6].type == ANNOTATION_LINE_TEXT &&
	   !strcmp(a->lines[6].text, "annotate_test_marker():") && a->lines[6].line_nr == 6,
	   "the function's name from DWARF after the symbol's line");
	ok(i > 7 && a->lines[i - 1].type == ANNOTATION_LINE_SOURCE && a->lines[i].path &&
	   strstr(a->lines[i].path, "tests/unit/annotate.c:"),
	   "source rows before the first instruction, which has its file:line");

	/* the same code read by address, as from a vmlinux */
	kdso = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
	dso__add_symbol(kdso, a->start, sym->end - sym->start, "annotate_test_marker");
	t.dso = kdso;
	t.sym = dso__find_symbol(kdso, a->start);
	t.map_identity = true;
	t.vmlinux = path;
	err[0] = '\0';
	if (ok(!annotation__new(&k, &t, &s, 1, err, sizeof(err)), "kernel code from an ELF file %s",
	       err)) {
		ok(k->nr_insns == a->nr_insns && k->start == a->start &&
		   !strcmp(k->lines[k->nr_lines - 1].text, a->lines[a->nr_lines - 1].text),
		   "by address: the same instructions");
		annotation__delete(k);
	}
	t.vmlinux = NULL;
	t.kcore = "/nonexistent/kcore";
	ok(annotation__new(&k, &t, &s, 1, err, sizeof(err)) < 0 && strstr(err, "/nonexistent/kcore"),
	   "no kcore: the reason (%s)", err);
	annotation__delete(a);
	dso__delete(kdso);
	dso__delete(dso);

	dso = dso__new("/nonexistent/prog", DSO_KIND_USER);
	dso__add_symbol(dso, 0x1000, 0x10, "f");
	t = (struct annotate_target){ .dso = dso, .sym = dso__find_symbol(dso, 0x1000) };
	ok(annotation__new(&a, &t, &s, 1, err, sizeof(err)) == -ENOENT &&
	   !strcmp(err, "/nonexistent/prog: No such file or directory"),
	   "a missing file: its name and the problem (%s)", err);
	dso__delete(dso);
}

static void test_vdso(void)
{
	struct annotate_target t = { 0 };
	struct dso *dso = dso__new("[vdso]", DSO_KIND_VDSO);
	struct annotation *a;
	struct symbol *sym = NULL;
	char err[256] = "";
	size_t i;

	dso__load(dso);
	for (i = 0; i < dso->symbols.nr; i++)
		if (strstr(dso->symbols.entries[i]->name, "clock_gettime"))
			sym = dso->symbols.entries[i];
	if (!sym) {
		diag("no [vdso] here");
		dso__delete(dso);
		return;
	}
	t.dso = dso;
	t.sym = sym;
	ok(!annotation__new(&a, &t, NULL, 0, err, sizeof(err)) && a->nr_insns > 0 &&
	   strstr(a->lines[5].text, sym->name), "[vdso]: our process's code %s", err);
	annotation__delete(a);
	dso__delete(dso);
}

static void test_hist(void)
{
	struct annotate_entry **entries;
	struct annotate_hist h;
	struct dso *dso = dso__new("/x/lib.so", DSO_KIND_USER);
	struct map *map = map__new(0x400000, 0x500000, 0, dso, false);
	struct addr_location al = { .map = map, .dso = dso };
	size_t nr;

	dso->loaded = true;
	dso__add_symbol(dso, 0x100, 0x40, "cold");
	dso__add_symbol(dso, 0x200, 0x40, "hot");
	annotate_hist__init(&h);
	al.sym = dso__find_symbol(dso, 0x204);
	al.addr = 0x204;
	annotate_hist__add(&h, &al, 10);
	annotate_hist__add(&h, &al, 10);
	al.addr = 0x200;
	annotate_hist__add(&h, &al, 10);
	al.sym = dso__find_symbol(dso, 0x100);
	al.addr = 0x110;
	annotate_hist__add_n(&h, &al, 2, 5);
	al.sym = NULL;
	annotate_hist__add(&h, &al, 10);
	is_int(h.nr_samples, 6, "every sample counted, with a symbol or not");
	if (!ok(!annotate_hist__sorted(&h, &entries, &nr) && nr == 2, "two symbols"))
		return;
	ok(!strcmp(entries[0]->target.sym->name, "hot") && entries[0]->period == 30 &&
	   entries[0]->nr == 2 && entries[0]->samples[0].offset == 0 &&
	   entries[0]->samples[1].offset == 4 && entries[0]->samples[1].nr_samples == 2,
	   "the hottest first, its offsets ascending with their counts");
	ok(entries[1]->samples[0].offset == 0x10 && entries[1]->nr_samples == 2 &&
	   entries[1]->target.map_start == 0x400000, "add_n, and the map's place kept");
	al.sym = dso__find_symbol(dso, 0x204);
	al.addr = 0x208;
	annotate_hist__add(&h, &al, 1);
	ok(annotate_hist__find(&h, dso, al.sym)->nr == 3, "adding after sorting");
	free(entries);
	annotate_hist__exit(&h);
	map__delete(map);
	dso__delete(dso);
}

/* Samples kept by address under a whole-dso symbol, put under their symbols later. */
static void test_hist_late(void)
{
	struct symbol *all = symbol__new(0, ~0ULL, SYMBOL_GLOBAL, "[all]");
	struct dso *a = dso__new("/x/a.so", DSO_KIND_USER), *b = dso__new("/x/b.so", DSO_KIND_USER);
	struct map *map = map__new(0x400000, 0x500000, 0x1000, a, false);
	struct addr_location al = { .map = map, .dso = a, .sym = all, .addr = 0x208 };
	struct annotate_entry **entries, *e;
	struct annotate_target t;
	struct annotate_hist pend, h;
	size_t nr;

	a->loaded = b->loaded = true;
	dso__add_symbol(a, 0x200, 0x40, "f");
	dso__add_symbol(b, 0x300, 0x40, "f");
	annotate_hist__init(&pend);
	annotate_hist__init(&h);
	annotate_hist__add_n(&pend, &al, 3, 30);
	e = annotate_hist__find(&pend, a, all);
	ok(e && e->nr == 1 && e->samples[0].offset == 0x208, "kept by address in the dso");
	t = e->target;
	is_int(annotate_hist__add_target(&h, &t, dso__find_symbol(a, 0x208), 0x208, 3, 30), 0,
	       "added under its symbol");
	is_int(annotate_hist__add_target(&h, &t, NULL, 0x900, 1, 10), 0, "no symbol: counted only");
	e = annotate_hist__find(&h, a, dso__find_symbol(a, 0x208));
	ok(e && e->nr == 1 && e->samples[0].offset == 8 && e->nr_samples == 3 &&
	   e->target.map_start == 0x400000 && e->target.map_pgoff == 0x1000 && h.nr_samples == 4,
	   "offset from the symbol, the map's place and the counts kept");
	/* the same name and period in two objects: the order is the objects' */
	annotate_target__init(&t, &(struct addr_location){ .map = map, .dso = b,
			      .sym = dso__find_symbol(b, 0x300) }, NULL, NULL);
	annotate_hist__add_target(&h, &t, t.sym, 0x300, 3, 30);
	if (ok(!annotate_hist__sorted(&h, &entries, &nr) && nr == 2, "two entries"))
		ok(entries[0]->target.dso == a && entries[1]->target.dso == b,
		   "ties in period and name ordered by object");
	free(entries);
	annotate_hist__exit(&pend);
	annotate_hist__exit(&h);
	map__delete(map);
	dso__delete(a);
	dso__delete(b);
	free(all);
}

static u64 ev_buf[64];

static const union perf_event *ksym_ev(u64 addr, u32 len, const char *name)
{
	struct perf_record_ksymbol *k = (void *)ev_buf;

	memset(ev_buf, 0, sizeof(ev_buf));
	k->header.type = PERF_RECORD_KSYMBOL;
	k->header.size = sizeof(*k) + 64;
	k->addr = addr;
	k->len = len;
	k->ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF;
	strcpy(k->name, name);
	return (void *)ev_buf;
}

static int nr_sink;
static char sink[256];

static void error_sink(void *arg, const char *msg)
{
	nr_sink++;
	snprintf(sink, sizeof(sink), "%s", msg);
}

static void test_annotator(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(attr),
					.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID };
	const union perf_event kev = { .header = { .type = PERF_RECORD_SAMPLE,
						   .misc = PERF_RECORD_MISC_KERNEL, .size = 8 } };
	const union perf_event uev = { .header = { .type = PERF_RECORD_SAMPLE,
						   .misc = PERF_RECORD_MISC_USER, .size = 8 } };
	struct annotator_opts o = {
		.kinds = 1u << DSO_KIND_BPF | 1u << DSO_KIND_FALLBACK,
		.print = { .event_name = "cpu-clock" },
		.error = error_sink,
	};
	struct perf_sample smp = { .pid = 1, .tid = 1, .period = 1 };
	struct evlist *evlist = evlist__new();
	struct evsel *evsel = evsel__new(&attr, 0);
	struct perf_header h;
	struct annotator ann;
	int printed = 0, nr_errors = 0, i;
	char *out = NULL;
	size_t len;
	FILE *fp;

	evsel__set_name(evsel, "cpu-clock");
	evlist__add(evlist, evsel);
	perf_header__init(&h);
	if (!ok(!make_bpf(&h.env.bpf), "the header's program") ||
	    !ok(!annotator__init(&ann, &o), "annotator: init"))
		goto out;
	annotator__use_header(&ann, &h);
	annotator__process_event(&ann, ksym_ev(KSYM0, 15, "bpf_prog_0102030405060708_prog"), NULL);
	annotator__process_event(&ann, ksym_ev(KSYM0 + 0x8000, 16, "bpf_prog_ffff_unknown"), NULL);
	for (i = 0; i < 3; i++) {
		smp.ip = KSYM0 + 6;
		is_int(annotator__sample(&ann, &kev, &smp, evsel), 0, "annotator: BPF sample %d", i);
	}
	smp.ip = KSYM0 + 0x8004;
	annotator__sample(&ann, &kev, &smp, evsel);
	smp.ip = 0x400000;
	is_int(annotator__sample(&ann, &uev, &smp, evsel), 0, "annotator: a user sample");
	is_int(annotator__finish(&ann), 0, "annotator: finish");
	ok(!annotator__has_kernel(&ann) && annotator__wants_kernel(&ann),
	   "annotator: BPF samples are not kernel text, the kernel stays wanted");
	fp = open_memstream(&out, &len);
	is_int(annotator__fprintf(&ann, evlist, fp, &printed, &nr_errors), 0,
	       "annotator: print");
	fclose(fp);
	ok(printed == 1 && strstr(out, "Source code & Disassembly of "
				  "bpf_prog_0102030405060708_prog for cpu-clock (3 samples"),
	   "annotator: the program, from the header's code");
	ok(strstr(out, "  100.00 :   6:callq  ffffffffc0002000 <bpf_prog_"),
	   "annotator: its samples on the call");
	ok(nr_errors == 1 && nr_sink == 1 && strstr(sink, "bpf_prog_ffff_unknown: the file has "
						      "no BPF program info"),
	   "annotator: a program without info: one error to the sink (%s)", sink);
	free(out);
	annotator__exit(&ann);
out:
	perf_header__exit(&h);
	evlist__delete(evlist);
}

/* --percent-type's words, either first */
static void test_percent_type(void)
{
	static const struct {
		const char			*s;
		int				err;
		enum annotate_percent_type	type;
	} cases[] = {
		{ "local-period", 0, ANNOTATE_PERCENT_LOCAL_PERIOD },
		{ "period-global", 0, ANNOTATE_PERCENT_GLOBAL_PERIOD },
		{ "global-hits", 0, ANNOTATE_PERCENT_GLOBAL_HITS },
		{ "hits-local", 0, ANNOTATE_PERCENT_LOCAL_HITS },
		{ "local", -EINVAL, 0 }, { "local-", -EINVAL, 0 }, { "-period", -EINVAL, 0 },
		{ "local-periods", -EINVAL, 0 }, { "local-local", -EINVAL, 0 }, { "", -EINVAL, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		enum annotate_percent_type t = ANNOTATE_PERCENT_LOCAL_PERIOD;
		int err = annotate_percent_type__parse(cases[i].s, &t);

		ok(err == cases[i].err && (err || t == cases[i].type), "--percent-type '%s': %d %s",
		   cases[i].s, err, err ? "" : annotate_percent_type__name(t));
	}
	is_str(annotate_percent_type__name(ANNOTATE_PERCENT_GLOBAL_HITS), "global hits",
	       "the header's words");
}

int main(void)
{
	test_percent_type();
	test_disasm();
	test_bpf();
	test_elf();
	test_vdso();
	test_hist();
	test_hist_late();
	test_annotator();
	return done_testing();
}
