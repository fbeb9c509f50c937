// SPDX-License-Identifier: GPL-2.0
/* util/hist.c: aggregation by key, removal, children mode, order, rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/callchain.h"
#include "util/hist.h"

static u64 ev_buf[512];

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

static const union perf_event *mmap_ev(s32 pid, u64 start, u64 len, const char *file, u16 misc)
{
	struct perf_record_mmap2 *m = (void *)ev_buf;

	memset(ev_buf, 0, sizeof(ev_buf));
	m->header.type = PERF_RECORD_MMAP2;
	m->header.misc = misc;
	m->header.size = sizeof(*m) + 64;
	m->pid = m->tid = (u32)pid;
	m->start = start;
	m->len = len;
	m->prot = 5;
	strcpy(m->filename, file);
	return (void *)ev_buf;
}

/*
 * One sample the way perf report takes it: through the raw cache when
 * use_cache, else resolved every time.  1: from the cache, 0: resolved.
 */
static int add_raw(struct hists *h, struct machine *m, struct callchain_cursor *cur,
		   struct thread *t, const u64 *raw, u32 nr, u64 period, bool use_cache)
{
	struct perf_sample s = { .ip = raw[1], .callchain = raw, .callchain_nr = nr,
				 .period = period };
	struct hist_raw_key key = { .thread = t, .raw = raw, .nr = nr,
				    .cpumode = PERF_RECORD_MISC_KERNEL, .ip = raw[1] };
	struct addr_location al;

	if (use_cache && hists__raw_cache_find(h, m, &key, period))
		return 1;
	machine__resolve_ip(m, t, PERF_RECORD_MISC_KERNEL, s.ip, &al);
	callchain__resolve(m, t, &s, PERF_RECORD_MISC_KERNEL, 0, cur);
	hists__add_sample(h, &al, cur->entries, cur->nr, 0, period);
	if (use_cache)
		hists__raw_cache_add(h, m, &key, &al, cur->entries, cur->nr);
	return 0;
}

/*
 * The raw cache gives what resolving gives: samples of a kernel chain
 * into a user one, a BPF program's frames, while programs are loaded
 * elsewhere and the user maps change; each hists' rows and graphs as
 * those of one fed without it.
 */
static void test_raw_cache(void)
{
	char path[] = "/tmp/hist-kallsyms.XXXXXX";
	int fd = mkstemp(path);
	FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	struct machine *m;
	struct callchain_cursor cur;
	struct thread *t;
	struct sort_spec spec;
	struct hists h[2];
	char *out[2] = { NULL, NULL };
	size_t len[2];
	int hits = 0, k;
	u64 core[] = { PERF_CONTEXT_KERNEL, 0xffffffff81000110ULL, 0xffffffff81000150ULL,
		       PERF_CONTEXT_USER, 0x400010, 0x400020 };
	u64 bpf[] = { PERF_CONTEXT_KERNEL, 0xffffffffc0001010ULL, 0xffffffff81000150ULL,
		      PERF_CONTEXT_USER, 0x400010 };

	if (!fp) {
		ok(0, "raw cache: a temporary file");
		return;
	}
	fprintf(fp, "ffffffff81000000 T _text\nffffffff81000100 T do_work\n"
		"ffffffff81000140 T do_more\nffffffff81000200 T _etext\n");
	fclose(fp);
	m = machine__new(path);
	callchain_cursor__init(&cur);
	callchain_cursor__enable_cache(&cur);
	sort_spec__parse(&spec, "comm,dso,sym", NULL, 0);
	for (k = 0; k < 2; k++) {
		hists__init(&h[k], &spec);
		h[k].cumulate = h[k].graph = true;
		h[k].graph_min_percent = 0;
	}
	machine__process_event(m, mmap_ev(-1, 0xffffffff81000000ULL, 0x200,
					  "[kernel.kallsyms]_text", PERF_RECORD_MISC_KERNEL), NULL);
	machine__process_event(m, mmap_ev(100, 0x400000, 0x1000, "/bin/app",
					  PERF_RECORD_MISC_USER), NULL);
	machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80, "bpf_prog_1_p"), NULL);
	t = machine__findnew_thread(m, 100, 100);
	for (k = 0; k < 2; k++) {
		bool c = k == 1;
		int n = 0;

		n += add_raw(&h[k], m, &cur, t, core, 6, 100, c);
		n += add_raw(&h[k], m, &cur, t, core, 6, 100, c);
		n += add_raw(&h[k], m, &cur, t, bpf, 5, 10, c);
		n += add_raw(&h[k], m, &cur, t, bpf, 5, 10, c);
		if (c)
			ok(n == 2, "a chain seen before comes from the cache (%d of 4)", n);
		/* another program loaded elsewhere: core frames hold, BPF ones not */
		machine__process_event(m, ksym_ev(0xffffffffc0009000ULL + 0x100 * k, 0x80,
						  "bpf_prog_2_q"), NULL);
		n = add_raw(&h[k], m, &cur, t, core, 6, 100, c);
		if (c)
			ok(n == 1, "a KSYMBOL elsewhere: the kernel's own frames still hold");
		n = add_raw(&h[k], m, &cur, t, bpf, 5, 10, c);
		if (c)
			ok(n == 0, "a KSYMBOL: chains through BPF code resolved again");
		/* the program gone: its frame is unknown from now on */
		machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80, "bpf_prog_1_p"),
				       NULL);
		((struct perf_record_ksymbol *)ev_buf)->flags =
			PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER;
		machine__process_event(m, (void *)ev_buf, NULL);
		n = add_raw(&h[k], m, &cur, t, bpf, 5, 10, c);
		if (c)
			ok(n == 0, "unregistered: resolved again");
		/* the process maps something else: its chains resolved again */
		machine__process_event(m, mmap_ev(100, 0x400000, 0x1000, "/bin/other",
						  PERF_RECORD_MISC_USER), NULL);
		n = add_raw(&h[k], m, &cur, t, core, 6, 100, c);
		if (c)
			ok(n == 0, "an mmap of its process: resolved again");
		n = add_raw(&h[k], m, &cur, t, core, 6, 100, c);
		hits += n;
		/* and back for the next round (the one without the cache ran first) */
		machine__process_event(m, ksym_ev(0xffffffffc0001000ULL, 0x80, "bpf_prog_1_p"),
				       NULL);
		machine__process_event(m, mmap_ev(100, 0x400000, 0x1000, "/bin/app",
						  PERF_RECORD_MISC_USER), NULL);
	}
	ok(hits == 1, "then from the cache again");
	for (k = 0; k < 2; k++) {
		FILE *o = open_memstream(&out[k], &len[k]);

		hists__fprintf(&h[k], &(struct hists_print_opts){ .quiet = true }, o);
		fclose(o);
	}
	ok(out[0] && out[1] && !strcmp(out[0], out[1]) && strstr(out[0], "do_more"),
	   "rows and graphs as without the cache");
	for (k = 0; k < 2; k++) {
		free(out[k]);
		hists__exit(&h[k]);
	}
	callchain_cursor__exit(&cur);
	machine__delete(m);
	unlink(path);
}

/* hists__remove_if()'s choice: the entries without a symbol; counts the calls */
static bool no_symbol(struct hist_entry *he, void *arg)
{
	(*(int *)arg)++;
	return !he->key.sym;
}

int main(void)
{
	struct dso *d1 = dso__new("/lib/a.so", DSO_KIND_USER);
	struct symbol *s1 = symbol__new(0, 16, SYMBOL_GLOBAL, "fa");
	struct symbol *s2 = symbol__new(16, 16, SYMBOL_GLOBAL, "fb");
	struct thread *t = thread__new(1, 1, "app");
	struct addr_location a = { .thread = t, .dso = d1, .sym = s1, .level = '.' };
	struct addr_location b = a, u = a, chain[3];
	struct hists h;
	struct sort_spec spec;
	struct hist_entry **v;
	char line[256];
	FILE *fp;
	size_t len;
	char *out = NULL;
	int n;

	b.sym = s2;
	u.sym = NULL;
	u.addr = 0x1234;
	sort_spec__parse(&spec, "comm,dso,sym", NULL, 0);
	ok(!hists__init(&h, &spec), "init");
	h.sample_cpumode = PERF_RECORD_MISC_USER;
	hists__add(&h, &a, 0, 100);
	h.sample_cpumode = PERF_RECORD_MISC_KERNEL;
	hists__add(&h, &a, 1, 100);
	h.sample_cpumode = PERF_RECORD_MISC_HYPERVISOR;
	hists__add(&h, &b, 0, 300);
	h.sample_cpumode = PERF_RECORD_MISC_USER;
	hists__add(&h, &u, 0, 100);
	is_int(h.nr_entries, 3, "same key, one entry");
	is_int(h.total_period, 600, "total");
	n = hists__sorted(&h, &v);
	is_int(n, 3, "sorted");
	ok(v[0]->key.sym == s2 && v[1]->key.sym == s1 && v[2]->key.sym == NULL,
	   "by overhead, a symbol before none on a tie");
	ok(v[1]->period_sys == 100 && v[1]->period_us == 100 && !v[0]->period_sys &&
	   !v[0]->period_us, "sys and usr by the samples' cpumode, neither for others");
	hist_entry__snprintf_key(v[2], SORT_SYM, line, sizeof(line));
	is_str(line, "[.] 0x0000000000001234", "an unresolved address");
	free(v);

	fp = open_memstream(&out, &len);
	hists__fprintf(&h, &(struct hists_print_opts){ .show_nr_samples = true }, fp);
	fclose(fp);
	ok(strstr(out, "# Overhead       Samples  Command  Shared Object     Symbol") != NULL,
	   "header: widths from the entries (dso widened for an address)");
	ok(strstr(out, "    50.00%             1  app      a.so              [.] fb\n") != NULL,
	   "a row");
	free(out);

	/* -t: the separator between columns, the left ones " VALUE" padded */
	fp = open_memstream(&out, &len);
	hists__fprintf(&h, &(struct hists_print_opts){ .show_nr_samples = true,
						       .field_sep = "," }, fp);
	fclose(fp);
	ok(strstr(out, "# Overhead,     Samples,Command,Shared Object   ,Symbol                \n" 
		  " 50.00% , 1          ,app    ,a.so            ,[.] fb\n") != NULL,
	   "-t ,: header and row");
	free(out);
	/*
	 * a separator's first character in the text (and padding) becomes
	 * '.', and the row is cut to the room of two spaces a column (+ 3)
	 */
	fp = open_memstream(&out, &len);
	hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true, .field_sep = " :: " },
		       fp);
	fclose(fp);
	ok(strstr(out, " 50.00%  :: app.... :: a.so............ :: [.].fb\n") != NULL,
	   "-t ' :: ': spaces of the text become dots");
	ok(strstr(out, " :: [.].0x0000000000001\n") != NULL, "-t ' :: ': a long row cut (62)");
	free(out);

	/* --symbol-filter: rows of such symbols only; relative: of the total kept */
	hists__filter_by_symbol(&h, "b", true);
	is_int(h.total_period, 300, "relative: the rows' total is fb's");
	is_int(h.filtered_period, 300, "the rest counts for the graphs");
	hists__filter_by_symbol(&h, "b", true);
	is_int(h.total_period, 300, "filtering again changes nothing");
	fp = open_memstream(&out, &len);
	hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true }, fp);
	fclose(fp);
	is_str(out, "   100.00%  app      a.so           [.] fb\n",
	       "one row, widths of it alone (the address row no more widens the dso)");
	free(out);
	fp = open_memstream(&out, &len);
	hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true, .color = true }, fp);
	fclose(fp);
	is_str(out, "  \033[31m 100.00%\033[m  app      a.so           [.] fb\n",
	       "--stdio-color: red from 5%, the padding before the color");
	free(out);
	fp = open_memstream(&out, &len);
	hists__fprintf(&h, &(struct hists_print_opts){ .show_cpu_util = true }, fp);
	fclose(fp);
	ok(strstr(out, "# Overhead       sys       usr  Command") &&
	   strstr(out, "   100.00%     0.00%     0.00%  app "), "--show-cpu-utilization: sys, usr");
	free(out);
	/* top's decay: every entry seen once, those chosen gone, their room reused */
	{
		int seen = 0;

		hists__remove_if(&h, no_symbol, &seen);
		is_int(seen, 3, "remove_if: every entry seen");
		is_int(h.nr_entries, 2, "...the one chosen removed");
		n = hists__sorted(&h, &v);
		ok(n == 2 && v[0]->key.sym == s2 && v[1]->key.sym == s1, "...the others kept");
		free(v);
		hists__add(&h, &u, 0, 100);
		is_int(h.nr_entries, 3, "...and made again when a sample comes");
	}
	hists__exit(&h);

	/* children: a caller gets its callees' period once per sample */
	ok(!hists__init(&h, &spec), "init children");
	h.cumulate = true;
	chain[0] = a;
	chain[1] = b;
	chain[2] = b;	/* recursion: counted once */
	hists__add_cumulative(&h, &a, chain, 3, 0, 100);
	n = hists__sorted(&h, &v);
	is_int(n, 2, "two entries");
	ok(v[0]->children == 100 && v[1]->children == 100, "children once each");
	ok(v[0]->period + v[1]->period == 100, "self once");
	free(v);
	hists__exit(&h);

	/* a long chain: an entry far down it still counts once per sample */
	{
		struct symbol *many[150];
		struct addr_location *lc = calloc(151, sizeof(*lc));
		u64 children = 0;

		ok(!hists__init(&h, &spec), "init long chain");
		h.cumulate = true;
		for (int i = 0; i < 150; i++) {
			char nm[16];

			snprintf(nm, sizeof(nm), "f%d", i);
			many[i] = symbol__new(0x1000 + 16 * i, 16, SYMBOL_GLOBAL, nm);
			lc[i] = a;
			lc[i].sym = many[i];
		}
		lc[150] = lc[140];	/* recursion past the 128th entry */
		hists__add_cumulative(&h, &a, lc, 151, 0, 100);
		n = hists__sorted(&h, &v);
		for (int i = 0; i < n; i++)
			if (v[i]->key.sym == many[140])
				children = v[i]->children;
		is_int(children, 100, "the 141st entry of a chain counted once");
		free(v);
		hists__exit(&h);
		for (int i = 0; i < 150; i++)
			free(many[i]);
		free(lc);
	}

	/* graph order: callee (the sampled frame first) or caller (outermost first) */
	chain[0] = a;
	chain[1] = b;
	for (int caller = 0; caller < 2; caller++) {
		ok(!hists__init(&h, &spec), "init graph");
		h.graph = true;
		h.caller = caller;
		hists__add_sample(&h, &a, chain, 2, 0, 100);
		fp = open_memstream(&out, &len);
		hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true }, fp);
		fclose(fp);
		ok(strstr(out, caller ? "---fb\n               fa\n" : "---fa\n               fb\n")
		   != NULL, "graph in %s order", caller ? "caller" : "callee");
		free(out);
		hists__exit(&h);
	}

	/*
	 * A node with 10,000 distinct children (a frameless caller's garbage
	 * chains): every child drawn, in order (hits, then the higher
	 * symbol start first), with work that grows with the nodes, not
	 * with the fan-out times the nodes (a walk of the siblings per
	 * child made is 50M probes here, sorting them by insertion 25M
	 * comparisons).
	 */
	{
		enum { NR = 10000 };
		struct symbol **syms = calloc(NR, sizeof(*syms));
		u64 prev_hits = ~0ULL, prev_start = ~0ULL;
		char *p, nm[16];
		bool in_order = true;
		int drawn = 0;

		for (int caller = 0; caller < 2; caller++) {
			ok(!hists__init(&h, &spec), "init wide graph (%s)",
			   caller ? "caller" : "callee");
			h.graph = true;
			h.caller = caller;
			h.graph_min_percent = 0;
			for (int i = 0; i < NR; i++) {
				snprintf(nm, sizeof(nm), "g%05d", i);
				if (!caller)
					syms[i] = symbol__new(0x10000 + 16 * i, 16, SYMBOL_GLOBAL,
							      nm);
				chain[0] = a;		/* the sampled frame */
				chain[1] = a;
				chain[1].sym = syms[i];	/* one distinct caller each */
				chain[2] = b;		/* the same outermost frame */
				/* a few hit counts: ties are the rule */
				hists__add_sample(&h, &a, caller ? chain + 1 : chain, 2, 0,
						  100 * (1 + i % 3));
			}
			fp = open_memstream(&out, &len);
			hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true }, fp);
			fclose(fp);
			drawn = 0;
			in_order = true;
			prev_hits = ~0ULL;
			prev_start = ~0ULL;
			for (p = strstr(out, "--g"); p; p = strstr(p + 1, "--g")) {
				unsigned int k = (unsigned int)strtoul(p + 3, NULL, 10);
				u64 hits = 1 + k % 3, start = k < NR ? syms[k]->start : 0;

				if (hits > prev_hits || (hits == prev_hits && start >= prev_start))
					in_order = false;
				prev_hits = hits;
				prev_start = start;
				drawn++;
			}
			is_int(drawn, NR, "%s: every one of %d children drawn",
			       caller ? "caller" : "callee", NR);
			ok(in_order, "%s: by hits, ties by the higher symbol first",
			   caller ? "caller" : "callee");
			is_int(h.graph_stats.nodes, NR + 1, "%s: a node per frame met",
			       caller ? "caller" : "callee");
			ok(h.graph_stats.probes <= 8 * h.graph_stats.nodes,
			   "%s: %llu probes to find the children (<= 8 a node)",
			   caller ? "caller" : "callee", (unsigned long long)h.graph_stats.probes);
			ok(h.graph_stats.compares <= 20 * (u64)NR,
			   "%s: %llu comparisons to order them (<= n log2 n)",
			   caller ? "caller" : "callee",
			   (unsigned long long)h.graph_stats.compares);
			free(out);
			hists__exit(&h);
		}
		for (int i = 0; i < NR; i++)
			free(syms[i]);
		free(syms);
	}

	/*
	 * Children with graphs account from the chain's entries: the same
	 * children, self and depth as looking every frame up, for chains
	 * repeated, with recursion, in both orders.
	 */
	for (int caller = 0; caller < 2; caller++) {
		struct hists g2;
		struct hist_entry **w;
		bool same = true;
		int m;

		ok(!hists__init(&h, &spec) && !hists__init(&g2, &spec), "init chain-first (%s)",
		   caller ? "caller" : "callee");
		h.cumulate = g2.cumulate = true;
		h.caller = g2.caller = caller;
		g2.graph = true;
		for (int i = 0; i < 50; i++) {
			struct addr_location lc[4] = { a, b, a, u };
			u32 nr = 2 + i % 3;

			hists__add_sample(&h, &lc[i % 2], lc, nr, 0, 100 + i);
			hists__add_sample(&g2, &lc[i % 2], lc, nr, 0, 100 + i);
		}
		n = hists__sorted(&h, &v);
		m = hists__sorted(&g2, &w);
		for (int i = 0; i < n && i < m; i++)
			if (v[i]->children != w[i]->children || v[i]->period != w[i]->period ||
			    v[i]->max_depth != w[i]->max_depth || v[i]->key.sym != w[i]->key.sym)
				same = false;
		ok(n == m && n == 3 && same, "%s: the same entries, children, self, depth",
		   caller ? "caller" : "callee");
		free(v);
		free(w);
		hists__exit(&h);
		hists__exit(&g2);
	}

	/*
	 * Graphs below the threshold draw nothing: none is built.  1,000
	 * entries of 0.01% each beside one of 90%: only the big one's nodes
	 * (its frame and its caller) are made, in both modes.
	 */
	for (int cumulate = 0; cumulate < 2; cumulate++) {
		struct symbol **small = calloc(1000, sizeof(*small));

		ok(!hists__init(&h, &spec), "init threshold (%s)", cumulate ? "children" : "self");
		h.graph = true;
		h.cumulate = cumulate;
		h.caller = cumulate;
		h.graph_min_percent = 0.5;
		for (int i = 0; i < 1000; i++) {
			char nm[16];

			snprintf(nm, sizeof(nm), "s%04d", i);
			small[i] = symbol__new(0x100000 + 16 * i, 16, SYMBOL_GLOBAL, nm);
		}
		for (int i = 0; i < 1000; i++) {
			struct addr_location l = a;

			l.sym = small[i];
			chain[0] = l;
			chain[1] = l;
			chain[1].sym = small[(i + 1) % 1000];
			hists__add_sample(&h, &l, chain, 2, 0, 10);
		}
		chain[0] = b;
		chain[1] = a;
		hists__add_sample(&h, &b, chain, 2, 0, 90000);
		fp = open_memstream(&out, &len);
		hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true }, fp);
		fclose(fp);
		is_int(h.graph_stats.nodes, 2 + 2 * cumulate,
		       "%s: only the big entries' graphs built", cumulate ? "children" : "self");
		ok(strstr(out, "---fa\n") || strstr(out, "---fb\n"), "and drawn");
		free(out);
		hists__exit(&h);
		for (int i = 0; i < 1000; i++)
			free(small[i]);
		free(small);
	}

	/*
	 * 1,000 threads sampled before their COMM (":<tid>" rows), then
	 * named: 500 "worker" (a row of that name exists, sampled after),
	 * 500 a name of their own.  In the end every row has its final
	 * name, equal keys merged into the one first in the table's order
	 * before, the children graphs' chains pointing at the survivors.
	 */
	{
		struct machine *m = machine__new("/nonexistent");
		struct hist_entry *first = NULL, *he;
		union perf_event ev;
		u64 total = 0, worker = 0;
		size_t pos = 0, first_pos = 0;
		bool names_ok = true;

		sort_spec__parse(&spec, "comm,dso,sym", NULL, 0);
		ok(m && !hists__init(&h, &spec), "init 1,000 threads");
		h.cumulate = h.graph = true;
		for (int i = 0; i < 1000; i++) {
			struct addr_location l = a;

			l.thread = machine__findnew_thread(m, 1000 + i, 1000 + i);
			chain[0] = l;
			chain[1] = l;
			chain[1].sym = s2;
			hists__add_sample(&h, &l, chain, 2, 0, 10);
			total += 10;
		}
		for (int i = 0; i < 1000; i++) {
			memset(&ev, 0, sizeof(ev));
			ev.comm.header.type = PERF_RECORD_COMM;
			ev.comm.header.size = sizeof(ev.comm) + 16;
			ev.comm.pid = ev.comm.tid = 1000 + i;
			snprintf(ev.comm.comm, 16, i % 2 ? "w%d" : "worker", i);
			machine__process_event(m, &ev, NULL);
		}
		{
			struct addr_location l = a;

			l.thread = machine__find_thread(m, 1000);	/* "worker" now */
			chain[0] = l;
			chain[1] = l;
			chain[1].sym = s2;
			hists__add_sample(&h, &l, chain, 2, 0, 10);
			total += 10;
		}
		/* the first "worker" fa row in the table's order, to survive */
		for (size_t k = 0; k < h.nr_buckets; k++)
			for (he = h.buckets[k]; he; he = he->hnext, pos++)
				if (!first && he->key.sym == s1 &&
				    !strcmp(machine__final_comm(m, he->key.comm), "worker")) {
					first = he;
					first_pos = pos;
				}
		hists__rename_comms(&h, m);
		n = hists__sorted(&h, &v);
		for (int i = 0; i < n; i++) {
			if (v[i]->key.comm[0] == ':')
				names_ok = false;
			if (!strcmp(v[i]->key.comm, "worker") && v[i]->key.sym == s1) {
				worker = v[i]->period;
				ok(v[i] == first,
				   "the first of the table's order survives (at %zu)", first_pos);
			}
		}
		ok(names_ok, "no row keeps a \":<tid>\" name");
		is_int(worker, 5010, "500 threads' rows and the later one in \"worker\"");
		is_int(n, 2 * 501, "one fa and one fb row per name");
		{
			bool chains_ok = true;

			for (size_t k = 0; k < h.nr_chains; k++)
				for (struct hist_chain *c = h.chain_list[k]; c; c = NULL)
					for (u32 f = 0; f < c->nr; f++)
						chains_ok &= !hist_chain__entries(c)[f]->merged &&
							     !c->self->merged;
			ok(chains_ok, "the chains name only surviving entries");
		}
		free(v);
		fp = open_memstream(&out, &len);
		hists__fprintf(&h, &(struct hists_print_opts){ .quiet = true, .machine = m }, fp);
		fclose(fp);
		ok(strstr(out, "worker") && !strstr(out, ":1000"), "printed with the final names");
		free(out);
		hists__exit(&h);
		machine__delete(m);
	}

	/*
	 * 2,000 binaries of one short name (rebuilt in many trees), each
	 * with symbols its first copy lacks: a symbol joins the row of the
	 * first of its start and end, whichever binary that was in.
	 */
	{
		enum { NR_DSOS = 2000 };
		struct dso **dsos = calloc(NR_DSOS, sizeof(*dsos));
		bool first_wins = true;
		char nm[32];

		sort_spec__parse(&spec, "dso,sym", NULL, 0);
		ok(!hists__init(&h, &spec), "init %d dsos of one name", NR_DSOS);
		for (int i = 0; i < NR_DSOS; i++) {
			struct addr_location l = a;

			snprintf(nm, sizeof(nm), "/tree%d/perf", i);
			dsos[i] = dso__new(nm, DSO_KIND_USER);
			dsos[i]->loaded = true;
			snprintf(nm, sizeof(nm), "f%d", i % 50);
			dso__add_symbol(dsos[i], 0x1000 + 16 * (i % 50), 16, nm);
			l.dso = dsos[i];
			l.sym = dso__find_symbol(dsos[i], 0x1000 + 16 * (i % 50));
			hists__add(&h, &l, 0, 1);
		}
		n = hists__sorted(&h, &v);
		for (int i = 0; i < n; i++)
			first_wins &= v[i]->key.dso == dsos[0] && v[i]->period == NR_DSOS / 50 &&
				      v[i]->key.sym == dso__find_symbol(dsos[(v[i]->key.sym->start -
									  0x1000) / 16],
								    v[i]->key.sym->start);
		is_int(n, 50, "one row per start and end");
		ok(first_wins, "each the first dso's, the first binary's symbol");
		free(v);
		hists__exit(&h);
		for (int i = 0; i < NR_DSOS; i++)
			dso__delete(dsos[i]);
		free(dsos);
		sort_spec__parse(&spec, "comm,dso,sym", NULL, 0);
	}

	/* pid: one row per thread and symbol whatever the thread was called */
	sort_spec__parse(&spec, "pid,sym", NULL, 0);
	ok(!hists__init(&h, &spec), "init pid");
	hists__add(&h, &a, 0, 100);
	t->comm = "renamed";
	hists__add(&h, &a, 0, 100);
	hists__add(&h, &a, 1, 100);
	is_int(h.nr_entries, 1, "pid: a thread renamed between samples keeps its row");
	n = hists__sorted(&h, &v);
	hist_entry__snprintf_key(v[0], SORT_PID, line, sizeof(line));
	is_str(line, "      1:renamed", "pid: the thread's latest name");
	ok(v[0]->nr_samples == 3, "pid: every sample in the row");
	free(v);
	hists__exit(&h);

	/* the sample cache: same thread, name, mode, ip (and cpu if sorted by) */
	sort_spec__parse(&spec, "comm,sym", NULL, 0);
	ok(!hists__init(&h, &spec), "init cache");
	a.ip = 0x10;
	ok(!hists__ip_cache_find(&h, 1, t, 2, 0x10, 0), "empty cache: a miss");
	hists__ip_cache_add(&h, 1, &a, 2, 0, hists__findnew(&h, &a, 0));
	{
		struct hist_ip_cache *e = hists__ip_cache_find(&h, 1, t, 2, 0x10, 3);

		ok(e && e->he->key.sym == s1, "a hit, on any cpu when cpu is no key");
		/* hits go to the entry when it is read, or when the slot is taken */
		for (int i = 0; e && i < 5; i++)
			hists__ip_cache_account(&h, e, 7);
		ok(e && e->he->period == 0 && h.total_period == 35 && h.nr_samples == 5,
		   "hits: the totals at once, the entry later");
		n = hists__sorted(&h, &v);
		ok(n == 1 && v[0]->period == 35 && v[0]->children == 35 && v[0]->nr_samples == 5,
		   "the entry has them when sorted");
		free(v);
		hists__ip_cache_account(&h, e, 5);
		{
			struct addr_location o = a;

			o.thread = t;
			/* other samples until one takes the slot: its hits go first */
			for (u64 ip = 0x11; ip < 0x11 + 4096 * 16; ip++) {
				o.ip = ip;
				hists__ip_cache_add(&h, 1, &o, 2, 0, hists__findnew(&h, &o, 0));
				if (!hists__ip_cache_find(&h, 1, t, 2, 0x10, 0))
					break;
			}
		}
		ok(!hists__ip_cache_find(&h, 1, t, 2, 0x10, 0) &&
		   hists__findnew(&h, &a, 0)->period == 40, "a slot taken: its hits to the entry");
		e = NULL;
		hists__ip_cache_add(&h, 1, &a, 2, 0, hists__findnew(&h, &a, 0));
		ok(!hists__ip_cache_find(&h, 2, t, 2, 0x10, 0), "another maps version: a miss");
		ok(!hists__ip_cache_find(&h, 1, t, 1, 0x10, 0), "another cpumode: a miss");
		ok(!hists__ip_cache_find(&h, 1, t, 2, 0xdead0000, 0), "another ip: a miss");
		t->comm = "again";
		ok(!hists__ip_cache_find(&h, 1, t, 2, 0x10, 0), "the thread renamed: a miss");
	}
	hists__exit(&h);
	sort_spec__parse(&spec, "cpu,sym", NULL, 0);
	ok(!hists__init(&h, &spec), "init cache by cpu");
	hists__ip_cache_add(&h, 1, &a, 2, 0, hists__findnew(&h, &a, 0));
	ok(hists__ip_cache_find(&h, 1, t, 2, 0x10, 0) && !hists__ip_cache_find(&h, 1, t, 2, 0x10, 1),
	   "sorted by cpu: another cpu is a miss");
	hists__exit(&h);

	/*
	 * two files of one short name: as upstream's keys, a symbol joins the
	 * first file's one only with the same start and end
	 */
	{
		struct dso *x1 = dso__new("/lib/x.so", DSO_KIND_USER);
		struct dso *x2 = dso__new("/opt/lib/x.so", DSO_KIND_USER);
		struct addr_location c = a, d = a, e = a;

		x1->loaded = x2->loaded = true;
		dso__add_symbol(x1, 0x100, 0x10, "short");
		dso__add_symbol(x1, 0x200, 0x10, "same");
		dso__add_symbol(x2, 0x100, 0x40, "longer");
		dso__add_symbol(x2, 0x200, 0x10, "twin");
		c.dso = x1;
		c.sym = dso__find_symbol(x1, 0x200);
		d.dso = x2;
		d.sym = dso__find_symbol(x2, 0x100);
		e.dso = x2;
		e.sym = dso__find_symbol(x2, 0x200);
		ok(!hists__init(&h, &spec), "init two files");
		hists__add(&h, &c, 0, 100);
		hists__add(&h, &d, 0, 200);
		hists__add(&h, &e, 0, 300);
		n = hists__sorted(&h, &v);
		is_int(n, 2, "two rows");
		ok(n == 2 && !strcmp(v[0]->key.sym->name, "same") && v[0]->period == 400,
		   "same start and end: one row, the first file's name");
		ok(n == 2 && !strcmp(v[1]->key.sym->name, "longer") && v[1]->period == 200,
		   "same start, another end: a row of its own");
		free(v);
		hists__exit(&h);

		/* a data object (a garbage frame in .data): name+offset, as upstream */
		{
			struct addr_location o = a;
			char buf[64];

			dso__add_symbol(x1, 0x800, 0x100, "table");
			o.dso = x1;
			o.sym = dso__find_symbol(x1, 0x840);
			o.sym->object = true;
			o.addr = 0x840;
			ok(!hists__init(&h, &spec), "init a data object");
			hists__add(&h, &o, 0, 100);
			o.addr = 0x850;
			hists__add(&h, &o, 0, 100);
			n = hists__sorted(&h, &v);
			is_int(n, 1, "one row for the object");
			hist_entry__snprintf_key(v[0], SORT_SYM, buf, sizeof(buf));
			is_str(buf, "[.] table+0x40", "shown with the first address's offset");
			free(v);
			hists__exit(&h);
		}

		/* a 1200-character name: the header's column stops at 1023 */
		{
			char *name = malloc(1201), *nl;
			struct addr_location l = a;

			memset(name, 'n', 1200);
			name[1200] = '\0';
			dso__add_symbol(x1, 0x400, 0x10, name);
			l.dso = x1;
			l.sym = dso__find_symbol(x1, 0x400);
			ok(!hists__init(&h, &spec), "init a long name");
			hists__add(&h, &l, 0, 100);
			fp = open_memstream(&out, &len);
			hists__fprintf(&h, &(struct hists_print_opts){ 0 }, fp);
			fclose(fp);
			nl = strstr(out, "Symbol");
			ok(nl && strchr(nl, '\n') - nl == 1023, "the header's symbol column: 1023 wide");
			ok(strstr(out, name) != NULL, "the row has the whole name");
			free(out);
			free(name);
			hists__exit(&h);
		}
		dso__delete(x1);
		dso__delete(x2);
	}
	/* --sort trace: the sample's formatted fields key its entry */
	{
		struct hists th;
		const char *t1 = "prev_comm=a ==> next_comm=b", *t2 = "prev_comm=b ==> next_comm=a";
		char *text = NULL;
		size_t tlen;

		sort_spec__parse(&spec, "comm,trace", NULL, 0);
		ok(!hists__init(&th, &spec), "init comm,trace");
		th.sample_trace = t1;
		hists__add(&th, &a, 0, 1);
		hists__add(&th, &b, 0, 1);
		th.sample_trace = t2;
		hists__add(&th, &a, 0, 1);
		th.sample_trace = NULL;
		hists__add(&th, &a, 0, 1);
		is_int(th.nr_entries, 3, "one entry per trace (a sample without one apart)");
		n = hists__sorted(&th, &v);
		ok(n == 3 && v[0]->key.trace == t1 && v[0]->period == 2, "the trace seen twice first");
		hist_entry__snprintf_key(v[2], SORT_TRACE, line, sizeof(line));
		ok(!strcmp(line, "N/A") || (hist_entry__snprintf_key(v[1], SORT_TRACE, line,
			sizeof(line)), !strcmp(line, "N/A")), "no trace: N/A");
		free(v);
		fp = open_memstream(&text, &tlen);
		hists__fprintf(&th, &(struct hists_print_opts){ .quiet = false }, fp);
		fclose(fp);
		ok(strstr(text, "  Trace output") != NULL, "the header of the column");
		ok(strstr(text, "  prev_comm=a ==> next_comm=b\n") != NULL,
		   "a trace seen twice in full, unpadded at the end of the line");
		free(text);
		hists__exit(&th);

		/* a lone entry's trace counts only once upstream compared it: cut to the width */
		sort_spec__parse(&spec, "comm,trace", NULL, 0);
		ok(!hists__init(&th, &spec), "init again");
		th.sample_trace = t1;
		hists__add(&th, &a, 0, 1);
		th.sample_trace = "comm=x pid=1";
		u.thread = thread__new(2, 2, "zz");
		hists__add(&th, &u, 0, 1);
		text = NULL;
		fp = open_memstream(&text, &tlen);
		hists__fprintf(&th, &(struct hists_print_opts){ .quiet = true }, fp);
		fclose(fp);
		ok(strstr(text, "  prev_comm=a \n") && strstr(text, "  comm=x pid=1\n"),
		   "lone samples of their comms: traces cut to the header's 12 columns");
		if (!strstr(text, "  prev_comm=a \n"))
			diag("%s", text);
		free(text);
		hists__exit(&th);
		thread__delete(u.thread);
	}
	free(s1);
	free(s2);
	thread__delete(t);
	dso__delete(d1);
	test_raw_cache();
	return done_testing();
}
