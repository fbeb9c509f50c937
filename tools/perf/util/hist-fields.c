// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's -F/--fields and -w/--column-widths (hist-fields.h): the
 * columns and the rows' order from -F, -s and the column options.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "hist-fields.h"

static const struct {
	const char	*name;		/* -F's word */
	const char	*header;
	int		len;		/* upstream's width */
} hist_cols[HIST_COL_END - HIST_COL_OVERHEAD] = {
	[HIST_COL_OVERHEAD - HIST_COL_OVERHEAD]		= { "overhead", "Overhead", 8 },
	[HIST_COL_SYS - HIST_COL_OVERHEAD]		= { "overhead_sys", "sys", 8 },
	[HIST_COL_US - HIST_COL_OVERHEAD]		= { "overhead_us", "usr", 8 },
	[HIST_COL_GUEST_SYS - HIST_COL_OVERHEAD]	= { "overhead_guest_sys", "guest sys", 9 },
	[HIST_COL_GUEST_US - HIST_COL_OVERHEAD]		= { "overhead_guest_us", "guest usr", 9 },
	[HIST_COL_CHILDREN - HIST_COL_OVERHEAD]		= { "overhead_children", "Children", 8 },
	[HIST_COL_SAMPLE - HIST_COL_OVERHEAD]		= { "sample", "Samples", 12 },
	[HIST_COL_PERIOD - HIST_COL_OVERHEAD]		= { "period", "Period", 12 },
};

int hist_col__len(int col)
{
	return col >= HIST_COL_OVERHEAD && col < HIST_COL_END ?
	       hist_cols[col - HIST_COL_OVERHEAD].len : 0;
}

const char *hist_layout__header(const struct hist_layout *lay, const struct sort_spec *spec,
				int col)
{
	if (col == HIST_COL_OVERHEAD && lay->self)
		return "Self";
	if (col >= HIST_COL_OVERHEAD && col < HIST_COL_END)
		return hist_cols[col - HIST_COL_OVERHEAD].header;
	return sort_spec__header(spec, (enum sort_key)col);
}

/* The parse's state: the keys' words, their list and how many field keys came. */
struct fields_parse {
	struct hist_fields	*hf;
	char			*keys;
	size_t			keys_size;
	size_t			keys_len;
	char			words[HIST_MAX_COLS][128];
	int			nr_dyn;
	char			*bad;
	size_t			bad_size;
};

/*
 * The key a word is, its place in the list (added when new); < 0: not a
 * key, or a tracepoint field's in -F (upstream's -F has none).
 */
static int fields_parse__key(struct fields_parse *fp, const char *w, size_t n, bool fields)
{
	struct hist_fields *hf = fp->hf;
	struct sort_spec tmp;
	char word[128];
	int i, err;

	if (n >= sizeof(word))
		return -EINVAL;
	memcpy(word, w, n);
	word[n] = '\0';
	for (i = 0; i < hf->nr_keys; i++)
		if (!strcmp(fp->words[i], word))
			return i;
	if (sort_spec__parse_fields(&tmp, word, NULL, 0))
		return -EINVAL;
	if (fields && (tmp.trace_fields || tmp.keys[0] >= SORT_DYN))
		return -EINVAL;
	if (hf->nr_keys == HIST_MAX_COLS ||
	    fp->keys_len + n + 2 > fp->keys_size)
		return -E2BIG;
	err = hf->nr_keys++;
	strcpy(fp->words[err], word);
	if (tmp.trace_fields)
		hf->keys[err] = -1;
	else if (tmp.keys[0] >= SORT_DYN)
		hf->keys[err] = SORT_DYN + fp->nr_dyn++;
	else
		hf->keys[err] = tmp.keys[0];
	fp->keys_len += (size_t)snprintf(fp->keys + fp->keys_len, fp->keys_size - fp->keys_len,
					 "%s%s", fp->keys_len ? "," : "", word);
	return err;
}

/* The words of str into toks (a column's or a key's each); -EINVAL: a bad one. */
static int fields_parse__words(struct fields_parse *fp, const char *str,
			       struct hist_field_tok *toks, int *nr, bool fields)
{
	const char *p = str;

	while (*p) {
		size_t n = strcspn(p, ", ");
		struct hist_field_tok t = { .col = -1, .key = -1 };
		int c, i;

		if (!n) {
			p++;
			continue;
		}
		for (c = 0; c < HIST_COL_END - HIST_COL_OVERHEAD; c++)
			if (strlen(hist_cols[c].name) == n && !strncmp(hist_cols[c].name, p, n))
				t.col = HIST_COL_OVERHEAD + c;
		if (t.col < 0) {
			t.key = fields_parse__key(fp, p, n, fields);
			if (t.key < 0) {
				if (fp->bad)
					snprintf(fp->bad, fp->bad_size, "%.*s", (int)n, p);
				return t.key == -E2BIG ? -E2BIG : -EINVAL;
			}
		}
		for (i = 0; i < *nr; i++)
			if (toks[i].col == t.col && toks[i].key == t.key)
				break;
		if (i == *nr) {
			if (*nr == HIST_MAX_COLS)
				return -E2BIG;
			toks[(*nr)++] = t;
		}
		p += n;
	}
	return 0;
}

int hist_fields__parse(struct hist_fields *hf, const char *fields, const char *sort,
		       const char *def, bool parent, char *keys, size_t keys_size, char *bad,
		       size_t bad_size)
{
	struct fields_parse *fp = calloc(1, sizeof(*fp));
	const char *f = fields;
	int err = 0;

	if (!fp)
		return -ENOMEM;
	memset(hf, 0, sizeof(*hf));
	fp->hf = hf;
	fp->keys = keys;
	fp->keys_size = keys_size;
	fp->bad = bad;
	fp->bad_size = bad_size;
	keys[0] = '\0';
	hf->given = fields != NULL;
	hf->strict = fields && *fields != '+';
	if (f && *f == '+')
		f++;
	if (fields && !*f) {
		if (bad)
			snprintf(bad, bad_size, "%s", fields);
		err = -EINVAL;
		goto out;
	}
	/* a strict -F without -s: no default sort key */
	if (sort || !hf->strict) {
		err = fields_parse__words(fp, sort ? sort : def, hf->sort, &hf->nr_sort, false);
		if (err) {
			err = err == -EINVAL ? -ENOENT : err;
			goto out;
		}
	}
	if (parent) {
		err = fields_parse__words(fp, "parent", hf->sort, &hf->nr_sort, false);
		if (err)
			goto out;
	}
	if (f)
		err = fields_parse__words(fp, f, hf->fields, &hf->nr_fields, true);
out:
	free(fp);
	return err;
}

void hist_fields__set_widths(struct hist_fields *hf, const char *str)
{
	const char *p = str;
	char *end;

	hf->nr_widths = 0;
	while (p && *p && hf->nr_widths < HIST_MAX_COLS) {
		long w = strtol(p, &end, 0);

		hf->widths[hf->nr_widths++] = w > 0 && w < 4096 ? (int)w : 0;
		if (*end != ',')
			break;
		p = end + 1;
	}
}

static bool layout__has(const int *v, int n, int col)
{
	int i;

	for (i = 0; i < n; i++)
		if (v[i] == col)
			return true;
	return false;
}

static void layout__add(int *v, int *n, int col)
{
	if (*n < HIST_MAX_COLS && !layout__has(v, *n, col))
		v[(*n)++] = col;
}

/* A word as a column of this spec; -1: a key the spec does not have (dropped). */
static int tok__col(const struct hist_fields *hf, const struct sort_spec *spec,
		    const struct hist_field_tok *t)
{
	int key;

	if (t->col >= 0)
		return t->col;
	key = hf->keys[t->key];
	return key >= 0 && (spec->mask & (1u << key)) ? key : -1;
}

static bool fields__has_key(const struct hist_fields *hf, int key)
{
	int i;

	for (i = 0; i < hf->nr_keys; i++)
		if (hf->keys[i] == key)
			return true;
	return false;
}

static void layout__default_cols(struct hist_layout *lay, bool cumulate, bool nr_samples,
				 bool total_period, bool cpu_util)
{
	if (cumulate)
		layout__add(lay->cols, &lay->nr_cols, HIST_COL_CHILDREN);
	layout__add(lay->cols, &lay->nr_cols, HIST_COL_OVERHEAD);
	if (cpu_util) {
		layout__add(lay->cols, &lay->nr_cols, HIST_COL_SYS);
		layout__add(lay->cols, &lay->nr_cols, HIST_COL_US);
	}
	if (nr_samples)
		layout__add(lay->cols, &lay->nr_cols, HIST_COL_SAMPLE);
	if (total_period)
		layout__add(lay->cols, &lay->nr_cols, HIST_COL_PERIOD);
	lay->self = cumulate;
}

void hist_fields__layout(const struct hist_fields *hf, const struct sort_spec *spec,
			 bool cumulate, struct hist_layout *lay)
{
	int i, c;

	memset(lay, 0, sizeof(*lay));
	/* the sort keys, after the shares when -F is not strict */
	if (!hf->strict) {
		if (cumulate)
			layout__add(lay->order, &lay->nr_order, HIST_COL_CHILDREN);
		layout__add(lay->order, &lay->nr_order, HIST_COL_OVERHEAD);
	}
	for (i = 0; i < hf->nr_sort; i++) {
		c = tok__col(hf, spec, &hf->sort[i]);
		if (c >= 0)
			layout__add(lay->order, &lay->nr_order, c);
	}
	/* keys of the spec no word named: the default's for the event, fields expanded */
	for (i = 0; i < spec->nr; i++)
		if (!fields__has_key(hf, spec->keys[i]))
			layout__add(lay->order, &lay->nr_order, spec->keys[i]);
	if (!hf->strict)
		layout__default_cols(lay, cumulate, hf->show_nr_samples, hf->show_total_period,
				     hf->show_cpu_util);
	for (i = 0; i < hf->nr_fields; i++) {
		c = tok__col(hf, spec, &hf->fields[i]);
		if (c >= 0)
			layout__add(lay->cols, &lay->nr_cols, c);
	}
	for (i = 0; i < lay->nr_order; i++)
		layout__add(lay->cols, &lay->nr_cols, lay->order[i]);
	for (i = 0; i < lay->nr_cols; i++)
		layout__add(lay->order, &lay->nr_order, lay->cols[i]);
	for (i = 0; i < lay->nr_cols && i < hf->nr_widths; i++)
		lay->widths[i] = hf->widths[i];
}

void hist_layout__default(struct hist_layout *lay, const struct sort_spec *spec, bool cumulate,
			  bool nr_samples, bool total_period, bool cpu_util)
{
	int i;

	memset(lay, 0, sizeof(*lay));
	layout__default_cols(lay, cumulate, nr_samples, total_period, cpu_util);
	for (i = 0; i < spec->nr; i++)
		layout__add(lay->cols, &lay->nr_cols, spec->keys[i]);
	if (cumulate)
		layout__add(lay->order, &lay->nr_order, HIST_COL_CHILDREN);
	layout__add(lay->order, &lay->nr_order, HIST_COL_OVERHEAD);
	for (i = 0; i < spec->nr; i++)
		layout__add(lay->order, &lay->nr_order, spec->keys[i]);
}

bool hist_layout__default_order(const struct hist_layout *lay, const struct sort_spec *spec,
				bool cumulate)
{
	int i = 0, k;

	if (cumulate && (lay->nr_order <= i || lay->order[i++] != HIST_COL_CHILDREN))
		return false;
	if (lay->nr_order <= i || lay->order[i++] != HIST_COL_OVERHEAD)
		return false;
	/* the keys tell every two entries apart: what comes after them never decides */
	for (k = 0; k < spec->nr; k++, i++)
		if (i >= lay->nr_order || lay->order[i] != (int)spec->keys[k])
			return false;
	return true;
}

u64 hist_col__value(int col, const struct hist_entry *he)
{
	switch (col) {
	case HIST_COL_CHILDREN:
		return he->children;
	case HIST_COL_SAMPLE:
		return he->nr_samples;
	case HIST_COL_SYS:
		return he->period_sys;
	case HIST_COL_US:
		return he->period_us;
	case HIST_COL_OVERHEAD:
	case HIST_COL_PERIOD:
		return he->period;
	default:
		return 0;
	}
}

int hist_col__snprintf(int col, int len, const struct hist_entry *he, u64 total, bool cumulate,
		       char *buf, size_t size)
{
	int n;

	if (col == HIST_COL_SAMPLE || col == HIST_COL_PERIOD)
		n = snprintf(buf, size, " %*llu", len - 1,
			     (unsigned long long)hist_col__value(col, he));
	else if (col == HIST_COL_CHILDREN && !cumulate)
		n = snprintf(buf, size, "%*s", len, "N/A");
	else
		n = snprintf(buf, size, " %*.2f%%", len - 2,
			     total ? 100.0 * (double)hist_col__value(col, he) / (double)total : 0);
	return min(max(n, 0), (int)size - 1);
}

/*
 * -w: a key's text cut to its width w as upstream's: a symbol's name to
 * what "[k] " leaves (an address or a data object's never, nor a name
 * under four), a thread's name to what "PID:" leaves (under 8 never), a
 * CPU's number in w digits; other texts to w.
 */
const char *hist_entry__cut_key(const struct hist_entry *he, enum sort_key key, int w,
				const char *text, char *buf, size_t size, int *len)
{
	switch (key) {
	case SORT_SYM:
		if (!he->key.sym || he->key.sym->object || w < 4)
			return text;
		break;
	case SORT_PID:
	case SORT_TID:
		if (w < 8)
			return text;
		break;
	case SORT_CPU:
		*len = snprintf(buf, size, "%*.*d", w, w, he->key.cpu);
		*len = min(max(*len, 0), (int)size - 1);
		return buf;
	default:
		break;
	}
	if (*len > w)
		*len = w;
	return text;
}

