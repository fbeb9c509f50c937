// SPDX-License-Identifier: GPL-2.0
/*
 * util/annotate-bpf.c on a recording of the BPF workloads with BTF
 * (tests/fixtures/our-bpf-btf.data): every JITed function of every
 * program in its BPF_PROG_INFO gives its code (as many bytes as the
 * function is long, which capstone decodes to the end without a bad
 * byte) and its source lines from line_info and BTF (inside the function,
 * in order, with a .c file and text); the names the kernel gives them by
 * any address inside; and the refusals: no program info, no program at
 * the address, a length that is not the function's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/annotate-code.h"
#include "util/bpf-prog-info.h"
#include "util/data.h"
#include "util/disasm.h"
#include "util/dso.h"
#include "util/session.h"
#include "util/symbol.h"

struct walk {
	struct perf_env_bpf	*bpf;
	struct disasm		*d;
	struct dso		*dso;
	int			funcs, code_ok, decoded, with_src, src_ok, named;
	char			bad[1024];
};

static void note_bad(struct walk *w, const char *what, const char *name)
{
	if (!w->bad[0])
		snprintf(w->bad, sizeof(w->bad), "%s: %s", name, what);
}

static bool decodes(struct walk *w, const struct annotate_code *c)
{
	struct disasm_insn in;
	u64 end = c->addr;

	disasm__start(w->d, c->bytes, c->len, c->addr);
	while (disasm__next(w->d, &in)) {
		if (!strcmp(in.mnemonic, "(bad)"))
			return false;
		end = in.addr + in.size;
	}
	return end == c->addr + c->len;
}

static bool srclines_ok(const struct annotate_code *c)
{
	size_t i;

	for (i = 0; i < c->nr_src; i++) {
		const struct annotate_srcline *s = &c->src[i];
		size_t fl = s->file ? strlen(s->file) : 0;

		if (s->offset >= c->len || (i && s->offset < c->src[i - 1].offset) ||
		    !s->line_nr || fl < 2 || strcmp(s->file + fl - 2, ".c") || !s->text)
			return false;
	}
	return true;
}

static int on_func(void *priv, const struct bpf_prog_info_node *node, u32 idx, u64 start,
		   u32 len)
{
	struct walk *w = priv;
	struct annotate_target t = { .dso = w->dso, .bpf = w->bpf, .map_identity = true };
	struct annotate_code c;
	char err[256], name[512], kname[512];
	u64 fstart = 0;
	u32 flen;

	if (perf_env_bpf__func(w->bpf, node, idx, &fstart, &flen, kname, sizeof(kname)))
		return -1;
	t.sym = symbol__new(start, len, 1, kname);
	if (!t.sym)
		return -1;
	w->funcs++;
	if (annotate_code__bpf(&c, &t, err, sizeof(err))) {
		note_bad(w, err, kname);
	} else {
		if (c.len == len && c.addr == start && c.is_bpf && !c.print_start)
			w->code_ok++;
		else
			note_bad(w, "code's length or address", kname);
		if (decodes(w, &c))
			w->decoded++;
		else
			note_bad(w, "does not decode", kname);
		w->with_src += c.nr_src > 0;
		if (srclines_ok(&c))
			w->src_ok++;
		else
			note_bad(w, "source lines", kname);
		annotate_code__exit(&c);
	}
	/* the last byte of the function: the same function, the kernel's name */
	if (!annotate_bpf__func_name(w->bpf, start + len - 1, name, sizeof(name), &fstart) &&
	    fstart == start && !strcmp(name, kname))
		w->named++;
	else
		note_bad(w, "func_name", kname);
	free(t.sym);
	return 0;
}

int main(void)
{
	const char *top = getenv("TOPDIR");
	struct perf_tool tool = { 0 };
	struct perf_data data = { 0 };
	struct perf_session *s;
	struct perf_env_bpf *bpf, none = { 0 };
	struct annotate_target t;
	struct annotate_code c;
	struct walk w = { 0 };
	char path[4096], err[256], name[512];
	u64 start, at = 0;
	u32 len;

	snprintf(path, sizeof(path), "%s/tests/fixtures/our-bpf-btf.data", top ? top : ".");
	if (perf_data__open_read(&data, path) || perf_session__new(&s, &data, &tool))
		skip_all("no tests/fixtures/our-bpf-btf.data (set TOPDIR)");
	plan(13);
	bpf = &s->header.env.bpf;
	ok(bpf->nr_progs > 0, "the file has programs (%u)", bpf->nr_progs);
	if (disasm__new(&w.d))
		return done_testing();
	w.bpf = bpf;
	w.dso = dso__new("[bpf_prog]", DSO_KIND_BPF);
	is_int(perf_env_bpf__for_each_func(bpf, NULL, 0, on_func, &w), 0, "every function");
	ok(w.funcs >= (int)bpf->nr_progs, "%d functions", w.funcs);
	is_int(w.code_ok, w.funcs, "each one's code, as long as the function%s%s",
	       w.bad[0] ? ": " : "", w.bad);
	is_int(w.decoded, w.funcs, "each decodes to its end without a bad byte");
	is_int(w.src_ok, w.funcs, "source lines inside, in order, file:line and text");
	ok(w.with_src * 2 >= w.funcs, "most have source lines (%d of %d)", w.with_src, w.funcs);
	is_int(w.named, w.funcs, "each named by its last byte, as the kernel names it");

	/* the refusals */
	perf_env_bpf__func(bpf, &bpf->progs[0], 0, &start, &len, name, sizeof(name));
	memset(&t, 0, sizeof(t));
	t.dso = w.dso;
	t.map_identity = true;
	t.sym = symbol__new(start, len, 1, name);
	t.bpf = &none;
	ok(annotate_code__bpf(&c, &t, err, sizeof(err)) == -ENOENT && strstr(err, "no BPF program"),
	   "no program info: -ENOENT, said (%s)", err);
	t.bpf = bpf;
	free(t.sym);
	t.sym = symbol__new(0xffffffff00000000ULL, 16, 1, "bpf_prog_nowhere");
	ok(annotate_code__bpf(&c, &t, err, sizeof(err)) == -ENOENT && strstr(err, "not captured"),
	   "no program at the address: -ENOENT, said");
	free(t.sym);
	t.sym = symbol__new(start, len + 1, 1, name);
	ok(annotate_code__bpf(&c, &t, err, sizeof(err)) == -ENOENT,
	   "a length that is not the function's: not that function");
	free(t.sym);
	ok(annotate_bpf__func_name(bpf, 0x1000, name, sizeof(name), &at) == -ENOENT,
	   "no name for an address outside every program");
	ok(annotate_bpf__func_name(NULL, start, name, sizeof(name), &at) == -ENOENT,
	   "no name without program info");
	disasm__delete(w.d);
	dso__delete(w.dso);
	perf_session__delete(s);
	perf_data__close(&data);
	return done_testing();
}
