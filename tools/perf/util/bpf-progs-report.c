// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-progs-report.c - perf report --bpf-progs: the table of a recording's
 * BPF programs, their samples and their callers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "bpf-progs-report.h"
#include "dso.h"
#include "machine.h"
#include "symbol.h"

#define NSEC_PER_SEC	1000000000ULL

static const struct {
	const char	*key;
	const char	*header;
	bool		right;		/* numbers: aligned right */
	bool		desc;		/* sorted biggest first */
} cols[BPC_NR] = {
	[BPC_ID]	= { "id",	"Id",		true,	false },
	[BPC_TAG]	= { "tag",	"Tag",		false,	false },
	[BPC_NAME]	= { "name",	"Name",		false,	false },
	[BPC_TYPE]	= { "type",	"Type",		false,	false },
	[BPC_LOADER]	= { "loader",	"Loader",	false,	false },
	[BPC_PID]	= { "pid",	NULL,		true,	false },
	[BPC_LOAD]	= { "load",	"Load",		true,	false },
	[BPC_UNLOAD]	= { "unload",	"Unload",	true,	false },
	[BPC_LIFETIME]	= { "lifetime",	"Lifetime",	true,	true },
	[BPC_FUNCS]	= { "funcs",	"Funcs",	true,	true },
	[BPC_BYTES]	= { "bytes",	"Bytes",	true,	true },
	[BPC_BTF]	= { "btf",	"BTF",		false,	false },
	[BPC_INFO]	= { "info",	"Info",		false,	false },
	[BPC_SAMPLES]	= { "samples",	"Samples",	true,	true },
	[BPC_SHARE]	= { "share",	"Share",	true,	true },
	[BPC_CALLERS]	= { NULL,	"Top callers",	false,	false },
};

int bpf_progs_report__init(struct bpf_progs_report *r, struct machine *machine,
			   const char *keys, char *bad, size_t badsz)
{
	const char *p = keys ? keys : "samples";

	memset(r, 0, sizeof(*r));
	r->machine = machine;
	while (*p) {
		size_t n = strcspn(p, ", ");
		int c;

		for (c = 0; c < BPC_NR; c++)
			if (cols[c].key && strlen(cols[c].key) == n && !strncmp(cols[c].key, p, n))
				break;
		if (c == BPC_NR || r->nr_sort == BPF_PROGS_MAX_SORT) {
			snprintf(bad, badsz, "%.*s", (int)n, p);
			return -EINVAL;
		}
		r->sort[r->nr_sort++] = c == BPC_SHARE ? BPC_SAMPLES : (enum bpf_progs_col)c;
		p += n;
		while (*p == ',' || *p == ' ')
			p++;
	}
	if (!r->nr_sort) {
		snprintf(bad, badsz, "%s", keys);
		return -EINVAL;
	}
	return 0;
}

/* The program of a kernel address, and which of its functions (-1: none). */
static struct bpf_prog_entry *prog_at(struct machine *m, u64 ip, int *func)
{
	struct addr_location al;
	struct bpf_prog_entry *e;

	machine__resolve_map(m, NULL, PERF_RECORD_MISC_KERNEL, ip, &al);
	e = al.dso ? bpf_progs__of_dso(m->progs, al.dso) : NULL;
	if (e && func)
		*func = al.dso->prog == e ? (int)al.dso->prog_func : -1;
	return e;
}

/*
 * The frame directly below e in the sample's kernel chain: past the
 * frames in e (the sample's own and its subprograms'); NULL when the
 * chain ends there, leaves the kernel or never reaches e.
 */
static const char *caller_of(struct machine *m, const struct perf_sample *sample,
			     const struct bpf_prog_entry *e)
{
	struct addr_location al;
	bool in = false;
	u8 mode = 0;
	u64 i;

	for (i = 0; i < sample->callchain_nr; i++) {
		u64 ip = sample->callchain[i];
		u8 ctx = ip >= PERF_CONTEXT_MAX ? machine__context_cpumode(ip) : 0;

		if (ip >= PERF_CONTEXT_MAX) {
			if (in && ctx && ctx != PERF_RECORD_MISC_KERNEL)
				return NULL;
			mode = ctx ? ctx : mode;
			continue;
		}
		if (mode != PERF_RECORD_MISC_KERNEL)
			continue;
		if (prog_at(m, ip, NULL) == e) {
			in = true;
			continue;
		}
		if (!in)
			continue;
		machine__resolve_ip(m, NULL, PERF_RECORD_MISC_KERNEL, ip, &al);
		return machine__intern_comm(m, al.sym ? al.sym->name :
					    al.dso ? al.dso->short_name : "[unknown]");
	}
	return NULL;
}

int bpf_progs_report__sample(struct bpf_progs_report *r, const union perf_event *ev,
			     const struct perf_sample *sample)
{
	struct bpf_progs *progs = r->machine->progs;
	struct bpf_prog_entry *e;
	int func = -1;

	progs->nr_samples++;
	progs->total_period += sample->period;
	bpf_progs__see_time(progs, sample->time);
	if ((ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK) != PERF_RECORD_MISC_KERNEL)
		return 0;
	e = prog_at(r->machine, sample->ip, &func);
	if (!e)
		return 0;
	bpf_prog_entry__account(e, func, sample->period, caller_of(r->machine, sample, e));
	return 0;
}

/* Times: seconds from the recording's first record. */
static void fmt_time(char *buf, size_t sz, const struct bpf_progs *progs, u64 t, bool known)
{
	if (!known || t < progs->first_time) {
		snprintf(buf, sz, "-");
		return;
	}
	t -= progs->first_time;
	snprintf(buf, sz, "%llu.%06llu", (unsigned long long)(t / NSEC_PER_SEC),
		 (unsigned long long)(t % NSEC_PER_SEC / 1000));
}

static bool entry__load_known(const struct bpf_prog_entry *e)
{
	return e->load_time != 0;
}

static bool entry__unload_known(const struct bpf_prog_entry *e)
{
	return e->unloaded && e->unload_time != 0;
}

/* Nanoseconds it lived in the recording; *open: it lived longer. */
static u64 entry__lifetime(const struct bpf_prog_entry *e, const struct bpf_progs *progs,
			   bool *open)
{
	u64 from = entry__load_known(e) ? e->load_time : progs->first_time;
	u64 to = entry__unload_known(e) ? e->unload_time : progs->last_time;

	*open = !entry__load_known(e) || !entry__unload_known(e);
	return to > from ? to - from : 0;
}

/* The callers, most samples first (ties: first seen). */
static int caller__cmp(const void *a, const void *b)
{
	const struct bpf_prog_caller *x = a, *y = b;

	if (x->nr_samples != y->nr_samples)
		return x->nr_samples > y->nr_samples ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void fmt_callers(char *buf, size_t sz, struct bpf_prog_entry *e, bool all)
{
	u64 with = e->other_callers;
	size_t o = 0;
	u32 i, n;

	buf[0] = '\0';
	qsort(e->callers, e->nr_callers, sizeof(*e->callers), caller__cmp);
	for (i = 0; i < e->nr_callers; i++)
		with += e->callers[i].nr_samples;
	n = all ? e->nr_callers : min(e->nr_callers, 3u);
	for (i = 0; i < n && o < sz; i++)
		o += snprintf(buf + o, sz - o, "%s%s %.2f%%", i ? ", " : "", e->callers[i].name,
			      100.0 * e->callers[i].nr_samples / with);
	if (all && e->other_callers && o < sz)
		snprintf(buf + o, sz - o, "%s[others] %.2f%%", o ? ", " : "",
			 100.0 * e->other_callers / with);
	if (!with)
		snprintf(buf, sz, "-");
}

/* "comm/pid", "synthesized", ...; "ksymbol:comm/pid" for KSYMBOLs alone */
static const char *entry__loader(const struct bpf_prog_entry *e, char *buf, size_t sz)
{
	bool ksym = e->origin == BPF_PROG_KSYMBOL_ONLY;
	const char *origin = bpf_prog_entry__origin_name(e);

	if (origin && !ksym)
		return origin;
	/* pid 0 at time 0: synthesized by the recorder */
	if ((e->pid < 0 && e->tid < 0) || (e->pid == 0 && e->tid == 0 && !e->load_time))
		return ksym ? "ksymbol:synthesized" : "-";
	snprintf(buf, sz, "%s%s/%d", ksym ? "ksymbol:" : "", e->comm ? e->comm : "[unknown]",
		 e->pid >= 0 ? e->pid : e->tid);
	return buf;
}

/* One row's text, column by column. */
struct row {
	struct bpf_prog_entry	*e;
	char			*text[BPC_NR];
};

static int row__fill(struct row *row, struct bpf_progs_report *r, bool verbose)
{
	struct bpf_progs *progs = r->machine->progs;
	struct bpf_prog_entry *e = row->e;
	char buf[4096], tmp[256];
	bool open;
	int c, i;
	u64 life;

	for (c = 0; c < BPC_NR; c++) {
		buf[0] = '\0';
		switch (c) {
		case BPC_ID:
			if (e->id)
				snprintf(buf, sizeof(buf), "%u", e->id);
			else
				snprintf(buf, sizeof(buf), "-");
			break;
		case BPC_TAG:
			if (!e->has_tag) {
				snprintf(buf, sizeof(buf), "-");
				break;
			}
			for (i = 0; i < BPF_TAG_SIZE; i++)
				snprintf(buf + 2 * i, sizeof(buf) - 2 * i, "%02x", e->tag[i]);
			break;
		case BPC_NAME:
			snprintf(buf, sizeof(buf), "%s", e->nr_funcs ? e->funcs[0].name : "-");
			if (e->serves)
				snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " (key: %u)",
					 e->serves);
			break;
		case BPC_TYPE:
			snprintf(buf, sizeof(buf), "%s", bpf_prog_entry__type_name(e));
			break;
		case BPC_LOADER:
			snprintf(buf, sizeof(buf), "%s", entry__loader(e, tmp, sizeof(tmp)));
			break;
		case BPC_LOAD:
			fmt_time(buf, sizeof(buf), progs, e->load_time, entry__load_known(e));
			break;
		case BPC_UNLOAD:
			fmt_time(buf, sizeof(buf), progs, e->unload_time, entry__unload_known(e));
			break;
		case BPC_LIFETIME:
			life = entry__lifetime(e, progs, &open);
			snprintf(buf, sizeof(buf), "%s%llu.%06llu", open ? ">" : "",
				 (unsigned long long)(life / NSEC_PER_SEC),
				 (unsigned long long)(life % NSEC_PER_SEC / 1000));
			break;
		case BPC_FUNCS:
			snprintf(buf, sizeof(buf), "%u", e->nr_funcs);
			break;
		case BPC_BYTES:
			snprintf(buf, sizeof(buf), "%llu", (unsigned long long)e->jited_bytes);
			break;
		case BPC_BTF:
			snprintf(buf, sizeof(buf), "%s", e->info == BPF_PROG_INFO_NONE ? "-" :
				 e->has_btf ? "yes" : "no");
			break;
		case BPC_INFO:
			snprintf(buf, sizeof(buf), "%s", e->info == BPF_PROG_INFO_OK ? "ok" :
				 e->info == BPF_PROG_INFO_BAD ? "bad" : "none");
			break;
		case BPC_SAMPLES:
			snprintf(buf, sizeof(buf), "%llu", (unsigned long long)e->nr_samples);
			break;
		case BPC_SHARE:
			snprintf(buf, sizeof(buf), "%.2f%%", progs->total_period ?
				 100.0 * e->period / progs->total_period : 0.0);
			break;
		case BPC_CALLERS:
			fmt_callers(buf, sizeof(buf), e, verbose);
			break;
		default:
			continue;
		}
		row->text[c] = strdup(buf);
		if (!row->text[c])
			return -ENOMEM;
	}
	return 0;
}

static int num_cmp(u64 a, u64 b)
{
	return a < b ? -1 : a > b;
}

static int str_cmp(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int entry__cmp_col(const struct bpf_prog_entry *a, const struct bpf_prog_entry *b,
			  enum bpf_progs_col c, const struct bpf_progs *progs)
{
	bool oa, ob;

	switch (c) {
	case BPC_ID:
		return num_cmp(a->id, b->id);
	case BPC_TAG:
		return memcmp(a->tag, b->tag, BPF_TAG_SIZE);
	case BPC_NAME:
		return str_cmp(a->nr_funcs ? a->funcs[0].name : NULL,
			       b->nr_funcs ? b->funcs[0].name : NULL);
	case BPC_TYPE:
		return strcmp(bpf_prog_entry__type_name(a), bpf_prog_entry__type_name(b));
	case BPC_LOADER:
		return str_cmp(a->comm ? a->comm : bpf_prog_entry__origin_name(a),
			       b->comm ? b->comm : bpf_prog_entry__origin_name(b));
	case BPC_PID:
		return num_cmp((u64)(s64)a->pid, (u64)(s64)b->pid);
	case BPC_LOAD:
		return num_cmp(a->load_time, b->load_time);
	case BPC_UNLOAD:
		/* still loaded at the end: last */
		return num_cmp(entry__unload_known(a) ? a->unload_time : ~0ULL,
			       entry__unload_known(b) ? b->unload_time : ~0ULL);
	case BPC_LIFETIME:
		return num_cmp(entry__lifetime(a, progs, &oa), entry__lifetime(b, progs, &ob));
	case BPC_FUNCS:
		return num_cmp(a->nr_funcs, b->nr_funcs);
	case BPC_BYTES:
		return num_cmp(a->jited_bytes, b->jited_bytes);
	case BPC_BTF:
		return num_cmp(a->has_btf, b->has_btf);
	case BPC_INFO:
		return num_cmp(a->info, b->info);
	case BPC_SAMPLES:
	case BPC_SHARE:
		return num_cmp(a->nr_samples, b->nr_samples);
	default:
		return 0;
	}
}

static int entry__cmp(const struct bpf_progs_report *r, const struct bpf_prog_entry *a,
		      const struct bpf_prog_entry *b)
{
	int k, c;

	for (k = 0; k < r->nr_sort; k++) {
		c = entry__cmp_col(a, b, r->sort[k], r->machine->progs);
		if (c)
			return cols[r->sort[k]].desc ? -c : c;
	}
	/* ties: most samples, then the order they came in */
	c = num_cmp(b->nr_samples, a->nr_samples);
	return c ? c : num_cmp(a->seq, b->seq);
}

/* The rows in the report's order (a total one: ties go by seq). */
static int row__cmp(const void *pa, const void *pb, void *pr)
{
	const struct row *a = pa, *b = pb;

	return entry__cmp(pr, a->e, b->e);
}

static const enum bpf_progs_col shown[] = {
	BPC_ID, BPC_TAG, BPC_NAME, BPC_TYPE, BPC_LOADER, BPC_LOAD, BPC_UNLOAD, BPC_LIFETIME,
	BPC_FUNCS, BPC_BYTES, BPC_BTF, BPC_INFO, BPC_SAMPLES, BPC_SHARE, BPC_CALLERS,
};

static void print_cells(FILE *fp, const char *lead, char *const text[BPC_NR],
			const int width[BPC_NR])
{
	size_t k;

	fputs(lead, fp);
	for (k = 0; k < ARRAY_SIZE(shown); k++) {
		enum bpf_progs_col c = shown[k];
		const char *s = text[c] ? text[c] : "";

		if (c == BPC_CALLERS)
			fprintf(fp, "%s", s);
		else if (cols[c].right)
			fprintf(fp, "%*s  ", width[c], s);
		else
			fprintf(fp, "%-*s  ", width[c], s);
	}
	fputc('\n', fp);
}

static void print_funcs(FILE *fp, const struct bpf_prog_entry *e)
{
	u32 i;

	for (i = 0; i < e->nr_funcs; i++) {
		const struct bpf_prog_func *f = &e->funcs[i];

		fprintf(fp, "  %#llx-%#llx %6u bytes %10llu samples  %s\n",
			(unsigned long long)f->addr, (unsigned long long)(f->addr + f->len),
			f->len, (unsigned long long)f->nr_samples, f->name);
	}
}

static void print_summary(FILE *fp, const struct bpf_progs_report *r, const struct row *v,
			  u32 n)
{
	const struct bpf_progs *progs = r->machine->progs;
	u32 count[BPF_PROG_DISPATCHER + 1] = { 0 }, i;
	u64 span = progs->last_time - progs->first_time;

	for (i = 0; i < n; i++)
		count[v[i].e->origin]++;
	fprintf(fp, "# BPF programs: %u (%u loaded while recording, %u synthesized, %u rescanned, "
		"%u from the header only, %u KSYMBOL only, %u trampolines, %u dispatchers)\n", n,
		count[BPF_PROG_LOADED], count[BPF_PROG_SYNTHESIZED], count[BPF_PROG_RESCAN],
		count[BPF_PROG_HEADER_ONLY], count[BPF_PROG_KSYMBOL_ONLY],
		count[BPF_PROG_TRAMPOLINE], count[BPF_PROG_DISPATCHER]);
	fprintf(fp, "# recording: %llu.%06llu s; times in seconds from its first record\n",
		(unsigned long long)(span / NSEC_PER_SEC),
		(unsigned long long)(span % NSEC_PER_SEC / 1000));
	if (r->info_err)
		fprintf(fp, "# BPF_PROG_INFO damaged (%s): programs past it have Info none\n",
			r->info_err);
	fprintf(fp, "#\n");
}

static void print_total(FILE *fp, const struct bpf_progs_report *r, const struct row *v, u32 n)
{
	const struct bpf_progs *progs = r->machine->progs;
	u64 samples = 0, period = 0, bytes = 0, funcs = 0;
	u32 i;

	for (i = 0; i < n; i++) {
		samples += v[i].e->nr_samples;
		period += v[i].e->period;
		bytes += v[i].e->jited_bytes;
		funcs += v[i].e->nr_funcs;
	}
	fprintf(fp, "#\n# total: %u programs, %llu functions, %llu bytes, %llu of %llu samples "
		"(%.2f%%)\n", n, (unsigned long long)funcs, (unsigned long long)bytes,
		(unsigned long long)samples, (unsigned long long)progs->nr_samples,
		progs->total_period ? 100.0 * period / progs->total_period : 0.0);
}

int bpf_progs_report__fprintf(struct bpf_progs_report *r, FILE *fp)
{
	struct bpf_progs *progs = r->machine->progs;
	int width[BPC_NR] = { 0 }, err;
	char *head[BPC_NR] = { NULL };
	struct row *v;
	u32 n, i, c;

	err = bpf_progs__finish(progs);
	if (err)
		return err;
	n = progs->nr;
	v = calloc(n + 1, sizeof(*v));
	if (!v) {
		err = -ENOMEM;
		goto out;
	}
	for (c = 0; c < BPC_NR; c++) {
		head[c] = (char *)cols[c].header;
		width[c] = cols[c].header ? (int)strlen(cols[c].header) : 0;
	}
	for (i = 0; i < n; i++) {
		v[i].e = progs->entries[i];
		err = row__fill(&v[i], r, r->verbose);
		if (err)
			goto out;
		for (c = 0; c < BPC_NR; c++)
			if (v[i].text[c] && (int)strlen(v[i].text[c]) > width[c])
				width[c] = (int)strlen(v[i].text[c]);
	}
	qsort_r(v, n, sizeof(*v), row__cmp, (void *)r);
	if (!r->quiet) {
		print_summary(fp, r, v, n);
		print_cells(fp, "# ", head, width);
	}
	for (i = 0; i < n; i++) {
		print_cells(fp, r->quiet ? "" : "  ", v[i].text, width);
		if (r->verbose)
			print_funcs(fp, v[i].e);
	}
	if (!r->quiet)
		print_total(fp, r, v, n);
out:
	for (i = 0; v && i < n; i++)
		for (c = 0; c < BPC_NR; c++)
			free(v[i].text[c]);
	free(v);
	return err;
}
