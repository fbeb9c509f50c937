// SPDX-License-Identifier: GPL-2.0
/*
 * The code of a JITed BPF function and its source lines, from the file's
 * BPF_PROG_INFO and BPF_BTF features alone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "annotate-code.h"
#include "bpf-prog-info.h"
#include "dso.h"
#include "symbol.h"

#define BPF_NAME_LEN	512
#define TAG_PREFIX_LEN	(9 + 2 * BPF_TAG_SIZE)	/* "bpf_prog_" + hex tag */

/* The part after "bpf_prog_<tag>", or the whole name. */
static const char *name_suffix(const char *name)
{
	if (!strncmp(name, "bpf_prog_", 9) && strlen(name) >= TAG_PREFIX_LEN)
		return name + TAG_PREFIX_LEN;
	return name;
}

struct find_ctx {
	u64				addr;
	u64				len;
	const char			*sym_name;
	char				*name;
	size_t				namesz;
	const struct bpf_prog_info_node	*node;
	u32				idx;
	bool				found;
};

static int find__same(void *priv, const struct bpf_prog_info_node *node, u32 idx, u64 start,
		      u32 len)
{
	struct find_ctx *c = priv;
	bool named;

	if (start != c->addr || (c->len && len && len != c->len))
		return 0;
	named = !strcmp(name_suffix(c->name), name_suffix(c->sym_name));
	if (!c->found || named) {
		c->node = node;
		c->idx = idx;
		c->found = true;
	}
	return named;
}

/*
 * The program and function the symbol is: same address and length, and of
 * several (an address reused by a later program) the one with its name.
 */
static int bpf_find(struct perf_env_bpf *bpf, u64 addr, u64 len, const char *sym_name,
		    const struct bpf_prog_info_node **nodep, u32 *idxp)
{
	char name[BPF_NAME_LEN];
	struct find_ctx c = { .addr = addr, .len = len, .sym_name = sym_name, .name = name,
			      .namesz = sizeof(name) };

	perf_env_bpf__for_each_func(bpf, name, sizeof(name), find__same, &c);
	if (!c.found)
		return -ENOENT;
	*nodep = c.node;
	*idxp = c.idx;
	return 0;
}

int annotate_bpf__func_name(struct perf_env_bpf *bpf, u64 addr, char *name, size_t size,
			    u64 *start)
{
	const struct bpf_prog_info_node *node;
	u32 idx, len;

	if (!bpf || perf_env_bpf__find_func(bpf, addr, &node, &idx) ||
	    perf_env_bpf__func(bpf, node, idx, start, &len, name, size))
		return -ENOENT;
	return 0;
}

static int bpf_srclines(struct annotate_code *c, struct perf_env_bpf *bpf,
			const struct bpf_prog_info_node *node, u64 addr, u64 len)
{
	const u8 *linfo, *jlinfo;
	u32 nr_l = 0, rec_l = 0, nr_j = 0, rec_j = 0, i, n;
	struct btf *btf;

	linfo = bpf_prog_info_node__array(node, PERF_BPIL_LINE_INFO, &nr_l, &rec_l);
	jlinfo = bpf_prog_info_node__array(node, PERF_BPIL_JITED_LINE_INFO, &nr_j, &rec_j);
	if (!linfo || !jlinfo || rec_l < sizeof(struct bpf_line_info) || rec_j < sizeof(u64) ||
	    !node->info.btf_id)
		return 0;
	btf = perf_env_bpf__btf(bpf, node->info.btf_id);
	if (!btf)
		return 0;
	n = min(nr_l, nr_j);
	c->src = calloc(n ? n : 1, sizeof(*c->src));
	if (!c->src)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct bpf_line_info li;
		struct annotate_srcline *s;
		const char *text, *file;
		u64 jaddr;

		memcpy(&jaddr, jlinfo + (size_t)i * rec_j, sizeof(jaddr));
		if (jaddr < addr || jaddr - addr >= len)
			continue;
		memcpy(&li, linfo + (size_t)i * rec_l, sizeof(li));
		text = btf__name_by_offset(btf, li.line_off);
		file = btf__name_by_offset(btf, li.file_name_off);
		if (!text)
			continue;
		s = &c->src[c->nr_src++];
		s->offset = jaddr - addr;
		s->line_nr = BPF_LINE_INFO_LINE_NUM(li.line_col);
		s->file = file ? file : "";
		s->text = text;
	}
	return 0;
}

int annotate_code__bpf(struct annotate_code *c, const struct annotate_target *t,
		       char *err, size_t errsz)
{
	const struct bpf_prog_info_node *node;
	const u8 *insns, *lens;
	u64 addr = annotate_target__addr(t), len = t->sym->end - t->sym->start, off = 0;
	u32 idx, nr_insns = 0, nr_lens = 0, flen = 0, i;

	memset(c, 0, sizeof(*c));
	if (!t->bpf || !t->bpf->nr_progs) {
		snprintf(err, errsz, "%s: no BPF program info in the file (recorded with "
			 "--no-bpf-event?)", t->sym->name);
		return -ENOENT;
	}
	if (bpf_find(t->bpf, addr, len, t->sym->name, &node, &idx)) {
		snprintf(err, errsz, "%s: the file has no BPF program info for this program "
			 "(its info was not captured)", t->sym->name);
		return -ENOENT;
	}
	insns = bpf_prog_info_node__array(node, PERF_BPIL_JITED_INSNS, &nr_insns, NULL);
	lens = bpf_prog_info_node__array(node, PERF_BPIL_JITED_FUNC_LENS, &nr_lens, NULL);
	if (!insns || !lens || idx >= nr_lens) {
		snprintf(err, errsz, "%s: BPF program %u was recorded without its JITed code",
			 t->sym->name, node->info.id);
		return -ENOENT;
	}
	/* the image holds the functions one after the other, main first */
	for (i = 0; i <= idx; i++) {
		memcpy(&flen, lens + (size_t)i * 4, 4);
		if (i < idx)
			off += flen;
	}
	if (off + flen > nr_insns) {
		snprintf(err, errsz, "%s: BPF program %u: function %u lies outside its JITed code",
			 t->sym->name, node->info.id, idx);
		return -EINVAL;
	}
	c->bytes = malloc(flen ? flen : 1);
	if (!c->bytes)
		return -ENOMEM;
	memcpy(c->bytes, insns + off, flen);
	c->len = flen;
	c->addr = addr;
	c->print_start = 0;
	c->is_bpf = true;
	if (bpf_srclines(c, t->bpf, node, addr, flen)) {
		annotate_code__exit(c);
		return -ENOMEM;
	}
	return 0;
}
