// SPDX-License-Identifier: GPL-2.0
/*
 * profile.proto from the call tree.  Field numbers are those of
 * github.com/google/pprof's proto/profile.proto.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/btf.h>
#include <zlib.h>

#include "array.h"
#include "bpf-prog-info.h"
#include "calltree-read.h"
#include "dso.h"
#include "header.h"
#include "pprof.h"
#include "protobuf.h"
#include "srcline.h"
#include "symbol-elf.h"
#include "symbol.h"

#define NONE	((u32)-1)

enum {	/* Profile */
	PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE, PROFILE_MAPPING, PROFILE_LOCATION,
	PROFILE_FUNCTION, PROFILE_STRING_TABLE, PROFILE_DROP_FRAMES, PROFILE_KEEP_FRAMES,
	PROFILE_TIME_NANOS, PROFILE_DURATION_NANOS, PROFILE_PERIOD_TYPE, PROFILE_PERIOD,
	PROFILE_COMMENT, PROFILE_DEFAULT_SAMPLE_TYPE,
};
enum { VALUE_TYPE_TYPE = 1, VALUE_TYPE_UNIT };
enum { SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE, SAMPLE_LABEL };
enum { LABEL_KEY = 1, LABEL_STR };
enum {
	MAPPING_ID = 1, MAPPING_MEMORY_START, MAPPING_MEMORY_LIMIT, MAPPING_FILE_OFFSET,
	MAPPING_FILENAME, MAPPING_BUILD_ID, MAPPING_HAS_FUNCTIONS, MAPPING_HAS_FILENAMES,
	MAPPING_HAS_LINE_NUMBERS, MAPPING_HAS_INLINE_FRAMES,
};
enum { LOCATION_ID = 1, LOCATION_MAPPING_ID, LOCATION_ADDRESS, LOCATION_LINE };
enum { LINE_FUNCTION_ID = 1, LINE_LINE };
enum { FUNCTION_ID = 1, FUNCTION_NAME, FUNCTION_SYSTEM_NAME, FUNCTION_FILENAME,
	FUNCTION_START_LINE };

struct pp_mapping {
	const struct dso	*dso;
	u64			start, limit, pgoff;
	bool			lines;
};

struct pp {
	const struct calltree	*t;
	const struct pprof_opts	*opts;
	struct calltree		*strs;		/* the string table, "" first */
	u32			*mapping_of;	/* frame -> mapping index + 1, 0: none */
	struct pp_mapping	*maps;
	u32			nr_maps;
	u8			*used;		/* frames that are locations */
	u32			*file;		/* frame -> file name string */
	u32			*line;		/* frame -> its line, 0: unknown */
	struct srclines		*srclines;
	struct strbuf		msg, sub;
	u64			*ids;
	u32			ids_alloc;
	bool			nomem;
};

static u32 pp__str(struct pp *p, const char *s)
{
	u32 id = calltree__intern_str(p->strs, s);

	if (id == NONE) {
		p->nomem = true;
		return 0;
	}
	return id;
}

/* A user function's file and line from DWARF. */
static void pp__user_line(struct pp *p, u32 id, const struct calltree_frame *f)
{
	struct srcline_info info;
	struct srcline *s;
	u64 vaddr;

	if (!p->srclines)
		p->srclines = srclines__new();
	if (!p->srclines || !f->dso || !f->sym || f->dso->kind != DSO_KIND_USER ||
	    symbol_elf__offset_to_vaddr(f->dso->long_name, f->sym->start, &vaddr))
		return;
	s = srclines__get(p->srclines, f->dso->long_name, NULL);
	if (!s || srcline__find(s, vaddr, &info) || !info.file)
		return;
	p->file[id] = pp__str(p, info.file);
	p->line[id] = info.line;
}

/* A BPF function's file and first line from its program's BTF line info. */
static void pp__bpf_line(struct pp *p, u32 id, const struct calltree_frame *f)
{
	const struct bpf_prog_info_node *node;
	const u8 *linfo, *jlinfo;
	u32 nr_l = 0, rec_l = 0, nr_j = 0, rec_j = 0, idx, len, i;
	struct perf_env_bpf *bpf = p->opts->bpf;
	char name[512];
	struct btf *btf;
	u64 start;

	if (!bpf || perf_env_bpf__find_func(bpf, f->addr, &node, &idx) ||
	    perf_env_bpf__func(bpf, node, idx, &start, &len, name, sizeof(name)) ||
	    !node->info.btf_id)
		return;
	linfo = bpf_prog_info_node__array(node, PERF_BPIL_LINE_INFO, &nr_l, &rec_l);
	jlinfo = bpf_prog_info_node__array(node, PERF_BPIL_JITED_LINE_INFO, &nr_j, &rec_j);
	btf = perf_env_bpf__btf(bpf, node->info.btf_id);
	if (!linfo || !jlinfo || !btf || rec_l < sizeof(struct bpf_line_info) ||
	    rec_j < sizeof(u64))
		return;
	for (i = 0; i < min(nr_l, nr_j); i++) {
		struct bpf_line_info li;
		const char *file;
		u64 jaddr;

		memcpy(&jaddr, jlinfo + (size_t)i * rec_j, sizeof(jaddr));
		if (jaddr < start || jaddr - start >= len)
			continue;
		memcpy(&li, linfo + (size_t)i * rec_l, sizeof(li));
		file = btf__name_by_offset(btf, li.file_name_off);
		if (!file)
			continue;
		p->file[id] = pp__str(p, file);
		p->line[id] = BPF_LINE_INFO_LINE_NUM(li.line_col);
		return;
	}
}

/* The mapping of each frame's dso, made on first sight. */
static int pp__mappings(struct pp *p)
{
	u32 nr = calltree__nr_frames(p->t), slots = 64, i, *hash;

	while (slots < nr * 2)
		slots *= 2;
	hash = calloc(slots, sizeof(*hash));
	p->maps = calloc(nr + 1, sizeof(*p->maps));
	if (!hash || !p->maps) {
		free(hash);
		return -ENOMEM;
	}
	for (i = 1; i < nr; i++) {
		const struct calltree_frame *f = calltree__frame_at(p->t, i);
		u32 s;

		if (!p->used[i] || !f->dso)
			continue;
		s = (u32)(((uintptr_t)f->dso >> 4) * 2654435761u) & (slots - 1);
		while (hash[s] && p->maps[hash[s] - 1].dso != f->dso)
			s = (s + 1) & (slots - 1);
		if (!hash[s]) {
			struct pp_mapping *m = &p->maps[p->nr_maps++];

			m->dso = f->dso;
			m->start = f->map_start;
			m->limit = f->map_end;
			m->pgoff = f->map_pgoff;
			hash[s] = p->nr_maps;
		}
		p->mapping_of[i] = hash[s];
		if (p->line[i])
			p->maps[hash[s] - 1].lines = true;
	}
	free(hash);
	return 0;
}

static int pp__value_type(struct pp *p, u32 field, const char *type, const char *unit)
{
	return pb__uint(&p->sub, VALUE_TYPE_TYPE, pp__str(p, type)) ?:
	       pb__uint(&p->sub, VALUE_TYPE_UNIT, pp__str(p, unit)) ?:
	       pb__message(&p->msg, field, &p->sub);
}

/*
 * Labels are strings, numbers too: pprof drops a numeric label of value
 * 0 (pid 0, cpu 0), and Pyroscope takes string labels only.
 */
static int pp__label(struct pp *p, struct strbuf *sb, struct strbuf *lab, u32 key,
		     const char *str)
{
	return pb__uint(lab, LABEL_KEY, key) ?: pb__uint(lab, LABEL_STR, pp__str(p, str)) ?:
	       pb__message(sb, SAMPLE_LABEL, lab);
}

static int pp__label_num(struct pp *p, struct strbuf *sb, struct strbuf *lab, u32 key,
			 s64 num)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%lld", (long long)num);
	return pp__label(p, sb, lab, key, buf);
}

/* One sample per node where paths end: its locations up to the group level. */
static int pp__samples(struct pp *p)
{
	const struct calltree *t = p->t;
	u32 nr = calltree__nr_nodes(t), i;
	u32 k_pid = pp__str(p, "pid"), k_tid = pp__str(p, "tid"), k_comm = pp__str(p, "comm");
	u32 k_cpu = pp__str(p, "cpu");
	struct strbuf sample = STRBUF_INIT, lab = STRBUF_INIT;
	int err = 0;

	for (i = 1; i < nr && !err; i++) {
		const struct calltree_node *n = calltree__node(t, i);
		const struct calltree_frame *g = NULL;
		u32 depth = 0, j;
		u64 values[2];

		if (!n->self_samples)
			continue;
		for (j = i; j; j = calltree__node(t, j)->parent) {
			const struct calltree_frame *f;

			f = calltree__frame_at(t, calltree__node(t, j)->frame);
			if (f->kind == CALLTREE_GROUP) {
				g = f;
				break;
			}
			if (array__grow((void **)&p->ids, &p->ids_alloc, depth + 1, sizeof(*p->ids),
					256))
				return -ENOMEM;
			p->ids[depth++] = calltree__node(t, j)->frame;
		}
		if (!depth)
			continue;
		values[0] = n->self_samples;
		values[1] = n->self_period;
		err = pb__packed(&sample, SAMPLE_LOCATION_ID, p->ids, depth) ?:
		      pb__packed(&sample, SAMPLE_VALUE, values, 2);
		if (!err && g) {
			err = pp__label_num(p, &sample, &lab, k_pid, g->pid) ?:
			      pp__label_num(p, &sample, &lab, k_tid, g->tid) ?:
			      pp__label(p, &sample, &lab, k_comm, calltree__str(t, g->name));
			if (!err && g->cpu >= 0)
				err = pp__label_num(p, &sample, &lab, k_cpu, g->cpu);
		}
		if (!err)
			err = pb__message(&p->msg, PROFILE_SAMPLE, &sample);
	}
	strbuf__release(&sample);
	strbuf__release(&lab);
	return err;
}

static void hex(char *out, const u8 *id, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[id[i] >> 4];
		out[2 * i + 1] = digits[id[i] & 15];
	}
	out[2 * n] = '\0';
}

static int pp__tables(struct pp *p)
{
	const struct calltree *t = p->t;
	u32 nr = calltree__nr_frames(t), i;
	int err = 0;

	for (i = 0; i < p->nr_maps && !err; i++) {
		const struct pp_mapping *m = &p->maps[i];
		char bid[41] = "";

		if (m->dso->build_id_size)
			hex(bid, m->dso->build_id, m->dso->build_id_size);
		err = pb__uint(&p->sub, MAPPING_ID, i + 1) ?:
		      pb__uint(&p->sub, MAPPING_MEMORY_START, m->start) ?:
		      pb__uint(&p->sub, MAPPING_MEMORY_LIMIT, m->limit) ?:
		      pb__uint(&p->sub, MAPPING_FILE_OFFSET, m->pgoff) ?:
		      pb__uint(&p->sub, MAPPING_FILENAME, pp__str(p, m->dso->long_name)) ?:
		      pb__uint(&p->sub, MAPPING_BUILD_ID, pp__str(p, bid)) ?:
		      pb__uint(&p->sub, MAPPING_HAS_FUNCTIONS, 1) ?:
		      pb__uint(&p->sub, MAPPING_HAS_FILENAMES, m->lines) ?:
		      pb__uint(&p->sub, MAPPING_HAS_LINE_NUMBERS, m->lines) ?:
		      pb__message(&p->msg, PROFILE_MAPPING, &p->sub);
	}
	for (i = 1; i < nr && !err; i++) {
		const struct calltree_frame *f = calltree__frame_at(t, i);
		struct strbuf line = STRBUF_INIT;
		u32 name;

		if (!p->used[i])
			continue;
		name = pp__str(p, calltree__str(t, f->name));
		err = pb__uint(&line, LINE_FUNCTION_ID, i) ?:
		      (p->line[i] ? pb__int(&line, LINE_LINE, p->line[i]) : 0) ?:
		      pb__uint(&p->sub, LOCATION_ID, i) ?:
		      (p->mapping_of[i] ? pb__uint(&p->sub, LOCATION_MAPPING_ID,
						   p->mapping_of[i]) : 0) ?:
		      pb__uint(&p->sub, LOCATION_ADDRESS, f->addr) ?:
		      pb__message(&p->sub, LOCATION_LINE, &line) ?:
		      pb__message(&p->msg, PROFILE_LOCATION, &p->sub) ?:
		      pb__uint(&p->sub, FUNCTION_ID, i) ?:
		      pb__uint(&p->sub, FUNCTION_NAME, name) ?:
		      pb__uint(&p->sub, FUNCTION_SYSTEM_NAME, name) ?:
		      (p->file[i] ? pb__uint(&p->sub, FUNCTION_FILENAME, p->file[i]) : 0) ?:
		      (p->line[i] ? pb__int(&p->sub, FUNCTION_START_LINE, p->line[i]) : 0) ?:
		      pb__message(&p->msg, PROFILE_FUNCTION, &p->sub);
		strbuf__release(&line);
	}
	return err;
}

static bool is_time_event(const char *event)
{
	return event && (!strncmp(event, "cpu-clock", 9) || !strncmp(event, "task-clock", 10));
}

int pprof__encode(const struct calltree *t, const struct pprof_opts *opts, struct strbuf *sb)
{
	const struct calltree_stats *st = opts->stats;
	u32 nr = calltree__nr_frames(t), nodes = calltree__nr_nodes(t), i;
	const char *event = st && st->event ? st->event : "events";
	bool time_event = is_time_event(event);
	struct pp p = { .t = t, .opts = opts };
	char comment[512];
	int err = -ENOMEM;

	p.strs = calltree__new();
	p.mapping_of = calloc(nr, sizeof(u32));
	p.used = calloc(nr, 1);
	p.file = calloc(nr, sizeof(u32));
	p.line = calloc(nr, sizeof(u32));
	if (!p.strs || !p.mapping_of || !p.used || !p.file || !p.line)
		goto out;
	/* the frames on some path below the group level are the locations */
	for (i = 1; i < nodes; i++) {
		u32 fr = calltree__node(t, i)->frame;

		if (calltree__frame_at(t, fr)->kind != CALLTREE_GROUP)
			p.used[fr] = 1;
	}
	for (i = 1; i < nr; i++) {
		const struct calltree_frame *f = calltree__frame_at(t, i);

		if (!p.used[i] || !f->sym)
			continue;
		if (f->kind == CALLTREE_BPF)
			pp__bpf_line(&p, i, f);
		else if (f->kind == CALLTREE_USER && opts->srclines)
			pp__user_line(&p, i, f);
	}
	err = pp__mappings(&p);
	if (err)
		goto out;
	err = pp__value_type(&p, PROFILE_SAMPLE_TYPE, "samples", "count") ?:
	      pp__value_type(&p, PROFILE_SAMPLE_TYPE, time_event ? "cpu" : event,
			     time_event ? "nanoseconds" : "count") ?:
	      pp__samples(&p) ?:
	      pp__tables(&p);
	if (err)
		goto out;
	if (st && st->first_time) {
		if (opts->time_nanos)
			err = pb__int(&p.msg, PROFILE_TIME_NANOS, opts->time_nanos);
		if (!err)
			err = pb__int(&p.msg, PROFILE_DURATION_NANOS,
				      st->last_time - st->first_time);
	}
	if (!err)
		err = pp__value_type(&p, PROFILE_PERIOD_TYPE, time_event ? "cpu" : event,
				     time_event ? "nanoseconds" : "count");
	if (!err && st && (st->sample_period || st->nr_samples))
		err = pb__int(&p.msg, PROFILE_PERIOD, st->sample_period ? st->sample_period :
			      st->total_period / st->nr_samples);
	snprintf(comment, sizeof(comment), "perf data convert --to-pprof -i %s",
		 opts->input ? opts->input : "perf.data");
	if (!err) {
		u64 c = pp__str(&p, comment);

		err = pb__packed(&p.msg, PROFILE_COMMENT, &c, 1);
	}
	/* the string table last: every string is in it by now */
	for (i = 0; i < calltree__nr_strs(p.strs) && !err; i++)
		err = pb__str(&p.msg, PROFILE_STRING_TABLE, calltree__str(p.strs, i));
	if (!err && p.nomem)
		err = -ENOMEM;
	if (!err)
		err = strbuf__add(sb, p.msg.buf ? p.msg.buf : "", p.msg.len);
out:
	srclines__delete(p.srclines);
	calltree__delete(p.strs);
	strbuf__release(&p.msg);
	strbuf__release(&p.sub);
	free(p.mapping_of);
	free(p.used);
	free(p.file);
	free(p.line);
	free(p.maps);
	free(p.ids);
	return err;
}

int pprof__gzip(const void *buf, size_t len, int fd)
{
	z_stream z;
	u8 out[1 << 16];
	int zr, err = 0;

	memset(&z, 0, sizeof(z));
	/* 15 + 16: a gzip header and trailer around the deflate stream */
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	z.next_in = (Bytef *)buf;
	z.avail_in = len;
	do {
		size_t n, done = 0;

		z.next_out = out;
		z.avail_out = sizeof(out);
		zr = deflate(&z, Z_FINISH);
		if (zr == Z_STREAM_ERROR) {
			err = -EINVAL;
			break;
		}
		n = sizeof(out) - z.avail_out;
		while (done < n) {
			ssize_t w = write(fd, out + done, n - done);

			if (w < 0) {
				if (errno == EINTR)
					continue;
				err = -errno;
				break;
			}
			done += w;
		}
	} while (!err && zr != Z_STREAM_END);
	deflateEnd(&z);
	return err;
}

int pprof__write(const struct calltree *t, const struct pprof_opts *opts, int fd)
{
	struct strbuf sb = STRBUF_INIT;
	int err = pprof__encode(t, opts, &sb);

	if (!err)
		err = pprof__gzip(sb.buf ? sb.buf : "", sb.len, fd);
	strbuf__release(&sb);
	return err;
}

s64 pprof__wall_time(const struct perf_header *h, const struct calltree_stats *st, u64 ns)
{
	if (perf_header__has_feat(h, HEADER_CLOCK_DATA) && h->env.clock_tod_ns)
		return (s64)(h->env.clock_tod_ns + (ns - h->env.clock_clockid_ns));
	if (h->has_mtime)
		return h->mtime * 1000000000LL - (s64)(st && st->last_time > ns ?
						       st->last_time - ns : 0);
	return 0;
}
