// SPDX-License-Identifier: GPL-2.0
/* The rows of perf report --stdio: widths, percentages, keys, graphs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-progs.h"
#include "hist.h"
#include "hist-fields.h"
#include "hist-internal.h"
#include "huge.h"
#include "rb-order.h"

/*
 * A key's text (in buf, or a string of the entry's) and its length; a
 * field key's from the caller's formatter, else its raw bytes in hex.
 */
static const char *hists__key_text(const struct hists *hists,
				   const struct hists_print_opts *opts,
				   const struct hist_entry *he, enum sort_key key, char *buf,
				   size_t size, int *len)
{
	const struct sort_dyn *d;
	u32 off, n, i;

	if (key < SORT_DYN)
		return hist_entry__key_text(he, key, buf, size, len);
	d = &hists->sort.dyn[key - SORT_DYN];
	if (opts && opts->field_text) {
		*len = opts->field_text(opts->field_priv, he, d, buf, size);
		return buf;
	}
	sort_dyn__bytes(d, he->raw, he->raw_size, &off, &n);
	buf[0] = '\0';
	*len = 0;
	for (i = 0; i < n && (size_t)*len + 3 < size; i++)
		*len += snprintf(buf + *len, size - *len, "%02x", he->raw[off + i]);
	return buf;
}

/* upstream's width of a field key: its name, its longest text, or what its size takes */
static int sort_dyn__width(const struct sort_dyn *d, int longest)
{
	int w = (int)strlen(d->field), f = d->string ? (int)d->size : (int)d->size * 2 + 2;

	if (longest > w)
		w = longest;
	return f > w ? f : w;
}

/* Column widths as upstream computes them from every entry. */
static void hists__col_widths(struct hists *hists, const struct hists_print_opts *opts,
			      struct hist_entry **v, int n, int width[SORT_NR_KEYS],
			      const bool *known)
{
	bool unresolved = false;
	char buf[8192];
	int i, k;

	for (k = 0; k < SORT_NR_KEYS; k++)
		width[k] = (int)strlen(sort_spec__header(&hists->sort, k));
	for (i = 0; i < n; i++) {
		for (k = 0; k < hists->sort.nr; k++) {
			enum sort_key key = hists->sort.keys[k];
			int w;

			hists__key_text(hists, opts, v[i], key, buf, sizeof(buf), &w);

			if (key == SORT_SYM && !v[i]->key.sym)
				unresolved = true;
			if (key == SORT_TRACE && v[i]->key.trace && known && !known[i])
				continue;
			/* upstream's cpu column is its header's, whatever it holds ("-001") */
			if (key != SORT_CPU && w > width[key])
				width[key] = w;
		}
	}
	/* an unresolved symbol widens the dso column to an address's width */
	if (unresolved && width[SORT_DSO] < 16)
		width[SORT_DSO] = 16;
	for (k = 0; k < hists->sort.nr; k++) {
		enum sort_key key = hists->sort.keys[k];
		const struct sort_dyn *d;
		u32 off, len;

		if (key < SORT_DYN)
			continue;
		d = &hists->sort.dyn[key - SORT_DYN];
		/* upstream also counts a __data_loc's length (its NUL too) */
		for (i = 0; d->dynamic && i < n; i++) {
			sort_dyn__bytes(d, v[i]->raw, v[i]->raw_size, &off, &len);
			if ((int)len > width[key])
				width[key] = (int)len;
		}
		width[key] = sort_dyn__width(d, width[key]);
	}
}

/* A row --percent-limit leaves out. */
static bool hists__row_hidden(const struct hists *hists, const struct hist_entry *he,
			      const struct hists_print_opts *opts)
{
	double pct = hists->total_period ?
		     100.0 * (double)(hists->cumulate ? he->children : he->period) /
		     (double)hists->total_period : 0;

	return opts->percent_limit > 0 && pct < opts->percent_limit;
}

/*
 * -t SEP: a key's text with each character of SEP's first turned into
 * '.', as upstream, so that it does not read as a separator; in buf
 * (which holds len characters) when it changes.
 */
static const char *sep__clean(const char *text, int len, char *buf, char c)
{
	int i;

	if (len <= 0 || !memchr(text, c, (size_t)len))
		return text;
	if (text != buf)
		memcpy(buf, text, (size_t)len);
	for (i = 0; i < len; i++)
		if (buf[i] == c)
			buf[i] = '.';
	return buf;
}

/* n spaces of padding, or n dots */
static void out__pad(struct hist_out *out, int n, bool dots)
{
	if (!dots) {
		out__spaces(out, n);
		return;
	}
	for (; n > 0; n--)
		out__putc(out, '.');
}

/* a period's share of the rows' total, as the Overhead column's */
static double hists__share(const struct hists *hists, u64 period)
{
	return hists->total_period ? 100.0 * (double)period / (double)hists->total_period : 0;
}

/* One column as printed: what it is, its width, and a value's (upstream's len). */
struct print_col {
	int	col;		/* enum hist_col */
	int	width;
	int	len;
	bool	cut;		/* -w: a key's text cut to the width */
};

/*
 * The columns of the layout that print (a filter of one value hides its
 * key's), with their widths: a value's from -w or its own (the header's
 * at least), a key's from -w (its text then cut to it) or its entries'.
 */
static int hists__print_cols(const struct hists *hists, const struct hists_print_opts *opts,
			     const struct hist_layout *lay, const int width[SORT_NR_KEYS],
			     struct print_col *pc)
{
	int i, n = 0;

	for (i = 0; i < lay->nr_cols; i++) {
		int col = lay->cols[i], w = lay->widths[i];

		if (col < HIST_COL_OVERHEAD) {
			if (!(hists->sort.mask & (1u << col)) || (opts->hide_mask & (1u << col)))
				continue;
			pc[n] = (struct print_col){ col, w ? w : width[col], 0, w != 0 };
		} else {
			int len = w ? w : hist_col__len(col);
			int hl = (int)strlen(hist_layout__header(lay, &hists->sort, col));

			pc[n] = (struct print_col){ col, max(len, hl), len, false };
		}
		n++;
	}
	return n;
}

/* The header lines: names (and -t's separator, or dots under them) */
static void hists__fprintf_header(const struct hists *hists, const struct hists_print_opts *opts,
				  const struct hist_layout *lay, const struct print_col *pc,
				  int n, FILE *fp)
{
	const char *sep = opts->field_sep;
	int j, i;

	fputs("# ", fp);
	for (j = 0; j < n; j++) {
		const char *h = hist_layout__header(lay, &hists->sort, pc[j].col);
		int w = min(pc[j].width, 1023);	/* (upstream's header buffer) */

		if (j)
			fputs(sep ? sep : "  ", fp);
		if (pc[j].col >= HIST_COL_OVERHEAD || (pc[j].col >= SORT_DYN && !pc[j].cut))
			fprintf(fp, "%*s", w, h);
		else if (pc[j].cut)
			fprintf(fp, "%-*.*s", w, w, h);
		else
			fprintf(fp, "%-*s", w, h);
	}
	fputc('\n', fp);
	if (sep)
		return;
	fputs("# ", fp);
	for (j = 0; j < n; j++) {
		if (j)
			fputs("  ", fp);
		for (i = 0; i < pc[j].width; i++)
			fputc('.', fp);
	}
	fputs("\n#\n", fp);
}

/*
 * -t SEP: upstream prints a row into a buffer sized for the columns with
 * two spaces between them (and 3 more characters), so a separator longer
 * than that cuts the end of a long row: the characters a row may take.
 */
static long hists__sep_room(const struct print_col *pc, int n)
{
	long room = 3;
	int j;

	for (j = 0; j < n; j++)
		room += pc[j].width + (j ? 2 : 0);
	return room;
}

/*
 * A value column of a row (its share, samples or period) as upstream's:
 * " %*.2f%%" or " %*llu" in its len less the sign and space (-t: no
 * width), padded to the column's width unless it ends the line.
 */
static void hists__print_value(const struct hists *hists, const struct hists_print_opts *opts,
			       const struct hist_entry *he, const struct print_col *pc,
			       bool last, struct hist_out *out)
{
	bool sep = opts->field_sep != NULL;
	char buf[64];
	int len;

	if (!sep && pc->len >= 8 && pc->col != HIST_COL_SAMPLE && pc->col != HIST_COL_PERIOD &&
	    (pc->col != HIST_COL_CHILDREN || hists->cumulate)) {
		/* (the shared, colored way: no share is wider than 100.00) */
		out__pct(out, hists__share(hists, hist_col__value(pc->col, he)), pc->len - 1);
		len = pc->len;
	} else {
		len = hist_col__snprintf(pc->col, sep ? 1 : pc->len, he, hists->total_period,
					 hists->cumulate, buf, sizeof(buf));
		out__mem(out, buf, (size_t)len);
	}
	if (!last)
		out__spaces(out, pc->width - len);
}

void hists__fprintf(struct hists *hists, const struct hists_print_opts *opts, FILE *fp)
{
	struct hist_entry **v;
	int width[SORT_NR_KEYS], n, i, j, k, nc;
	struct print_col pc[HIST_MAX_COLS];
	struct hist_layout lay;
	bool *known = NULL;
	struct graph g = { 0 };
	struct graph_ref *refs = NULL;
	u32 *start = NULL, nr_graphs = 0;
	struct hist_out out;
	char buf[8192];
	/* -t ' ': upstream turns the padding into dots as the text's spaces */
	bool dots = opts->field_sep && opts->field_sep[0] == ' ';
	long sep_room = -1;

	n = hists__sorted(hists, &v);
	if (n < 0)
		return;
	/* --symbol-filter's and a zoom's: no rows, no widths, no graphs */
	for (i = k = 0; i < n; i++)
		if (!v[i]->filtered && (!opts->keep || opts->keep(opts->keep_priv, v[i])))
			v[k++] = v[i];
	n = k;
	/* upstream's threshold: a share of everything, not of the entry */
	g.tree_hook = opts->tree_hook;
	g.tree_priv = opts->tree_priv;
	g.min_hit = (u64)((double)(hists->total_period + hists->row_filtered_period) *
			  hists->graph_min_percent / 100.0);
	for (i = 0; i < n; i++) {
		u64 base = hists->cumulate ? v[i]->children : v[i]->period;

		/*
		 * A graph's nodes have at most its entry's period: below the
		 * threshold nothing would be drawn, so there is nothing to
		 * build (most entries of a big file).
		 */
		v[i]->idx = GRAPH_NONE;
		if (base && base >= g.min_hit && !hists__row_hidden(hists, v[i], opts))
			v[i]->idx = nr_graphs++;
		/* as upstream: the name the thread has at the end */
		if (opts->machine && (hists->sort.mask & ((1u << SORT_PID) | (1u << SORT_TID)))) {
			struct thread *t = machine__find_thread(opts->machine, v[i]->key.tid);

			if (t)
				v[i]->thread_comm = t->comm;
		}
	}
	if (hists->graph && hists->nr_chains) {
		refs = hists__graph_refs(hists, v, (u32)n, nr_graphs, &start);
		g.nodes = huge_buf__grow(&g.nodes_buf, 256 * sizeof(*g.nodes)) ? NULL :
			  g.nodes_buf.p;
		g.alloc = (u32)(g.nodes_buf.cap / sizeof(*g.nodes));
		g.total = hists->total_period + hists->filtered_period;
		g.out = &out;
		g.stats = &hists->graph_stats;
		g.frames = hists->frames;
		if (!g.nodes) {
			free(refs);
			refs = NULL;
		}
	}
	if (hists->sort.mask & (1u << SORT_TRACE)) {
		known = calloc(n ? n : 1, sizeof(*known));
		if (known)
			hists__trace_known(hists, v, n, known);
	}
	hists__col_widths(hists, opts, v, n, width, known);
	free(known);
	if (hists->fields)
		hist_fields__layout(hists->fields, &hists->sort, hists->cumulate, &lay);
	else
		hist_layout__default(&lay, &hists->sort, hists->cumulate, opts->show_nr_samples,
				     opts->show_total_period, opts->show_cpu_util);
	nc = hists__print_cols(hists, opts, &lay, width, pc);
	if (!opts->quiet)
		hists__fprintf_header(hists, opts, &lay, pc, nc, fp);
	if (opts->field_sep)
		sep_room = hists__sep_room(pc, nc);
	hist_out__init(&out, fp);
	out.color = opts->color;	/* -t: the graphs only, as upstream (rows: snprintf) */
	for (i = 0; i < n; i++) {
		const struct hist_entry *he = v[i];

		if (hists__row_hidden(hists, he, opts))
			continue;
		out.room = sep_room;
		for (j = 0; j < nc; j++) {
			enum sort_key key = (enum sort_key)pc[j].col;
			int w = pc[j].width;
			const char *text;
			int len;

			if (opts->field_sep && j)
				out__mem(&out, opts->field_sep, strlen(opts->field_sep));
			else if (!opts->field_sep)
				out__spaces(&out, 2);
			if (pc[j].col >= HIST_COL_OVERHEAD) {
				hists__print_value(hists, opts, he, &pc[j], j == nc - 1, &out);
				continue;
			}
			text = hists__key_text(hists, opts, he, key, buf, sizeof(buf), &len);
			/* (what a buffer of 8192 holds) */
			len = min(len, (int)sizeof(buf) - 1);
			if (opts->field_sep)
				text = sep__clean(text, len, buf, opts->field_sep[0]);
			/* a field: right-aligned; a field or trace: cut to the width */
			if ((key >= SORT_DYN || key == SORT_TRACE) && len > w)
				len = w;
			if (pc[j].cut)
				text = hist_entry__cut_key(he, key, w, text, buf, sizeof(buf),
							   &len);
			if (key >= SORT_DYN)
				out__pad(&out, w - len, dots);
			out__mem(&out, text, (size_t)len);
			/* upstream leaves the symbol and trace unpadded when they end the line */
			if (key < SORT_DYN &&
			    (j != nc - 1 || (key != SORT_SYM && key != SORT_TRACE &&
					     key != SORT_BPF_PROG && key != SORT_SRCLINE &&
					     key != SORT_CGROUP)))
				out__pad(&out, w - len, dots);
		}
		out.room = -1;
		out__putc(&out, '\n');
		if (opts->row_hook) {
			hist_out__flush(&out);
			opts->row_hook(opts->row_priv, he);
		}
		if (refs)
			hists__print_graph(hists, v[i], &g, refs, start);
	}
	hist_out__exit(&out);
	huge_buf__free(&g.nodes_buf);
	if (g.slots)
		hist_free(g.slots, g.nr_slots * sizeof(*g.slots));
	free(g.kids);
	free(g.tmp);
	free(refs);
	free(start);
	free(v);
}

