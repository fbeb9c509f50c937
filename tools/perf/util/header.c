// SPDX-License-Identifier: GPL-2.0
/*
 * header.c - the perf.data file header, the attrs section and the
 * feature table, and their pipe-mode records; the features themselves are
 * header-features.c and header-raw.c.
 *
 * File mode layout as upstream writes it:
 *
 *	struct perf_file_header		at 0, 104 bytes
 *	u64 ids[]			per event
 *	{ attr; {offset, size} ids }	attrs section, attr_size bytes each
 *	records				data section
 *	{u64 offset, size}[nr]		one per feature bit, ascending, at
 *					data.offset + data.size
 *	feature payloads
 *
 * Every offset, size and count read from the file is checked against the
 * bytes really there before it is used; problems go to data->err (file
 * header, attrs) or h->err (feature payloads, then copied to data->err).
 */
#include <byteswap.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "header-internal.h"
#include "attr.h"
#include "data.h"
#include "event.h"
#include "evlist.h"
#include "strbuf.h"

/* Largest attr_size (attr + ids section) accepted in a file header. */
#define MAX_ATTR_SIZE		(64 * 1024)

int hdr_err(struct perf_header *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->err, sizeof(h->err), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

void perf_header__init(struct perf_header *h)
{
	memset(h, 0, sizeof(*h));
	perf_env__init(&h->env);
}

void perf_header__exit(struct perf_header *h)
{
	int i;

	for (i = 0; i < HEADER_FEAT_BITS; i++)
		free(h->raw[i].buf);
	perf_env__exit(&h->env);
	memset(h, 0, sizeof(*h));
}

static void header__fprintf_pipe_features(struct perf_header *h, FILE *fp, bool full)
{
	bool btf_seen = false;
	int i;

	for (i = 0; i < h->nr_feat_order; i++) {
		int feat = h->feat_order[i];

		if (feat == HEADER_BPF_BTF)
			btf_seen = true;
		if (feat == HEADER_BPF_PROG_INFO && !btf_seen) {
			u32 nr_btfs = h->env.bpf.nr_btfs;

			perf_env_bpf__sort_btfs(&h->env.bpf);
			h->env.bpf.nr_btfs = 0;
			perf_feature__fprintf(h, feat, fp, full);
			h->env.bpf.nr_btfs = nr_btfs;
			continue;
		}
		perf_feature__fprintf(h, feat, fp, full);
	}
}

void perf_header__fprintf(struct perf_header *h, struct evlist *evlist, FILE *fp, bool full)
{
	u64 off = h->is_pipe ? 0 : h->data_offset, size = h->is_pipe ? 0 : h->data_size;
	bool missing = false;
	int feat;

	fprintf(fp, "# ========\n");
	if (h->has_mtime) {
		time_t t = (time_t)h->mtime;
		char buf[64];

		if (ctime_r(&t, buf))
			fprintf(fp, "# captured on    : %s", buf);
	}
	fprintf(fp, "# header version : 1\n");
	fprintf(fp, "# data offset    : %llu\n", (unsigned long long)off);
	fprintf(fp, "# data size      : %llu\n", (unsigned long long)size);
	fprintf(fp, "# feat offset    : %llu\n", (unsigned long long)(off + size));
	if (h->is_pipe) {
		fprintf(fp, "# ========\n#\n");
		header__fprintf_pipe_features(h, fp, full);
		return;
	}
	for (feat = HEADER_RESERVED + 1; feat < HEADER_LAST_FEATURE; feat++)
		perf_feature__fprintf(h, feat, fp, full);
	for (feat = HEADER_RESERVED + 1; feat < HEADER_LAST_FEATURE; feat++) {
		if (perf_header__has_feat(h, feat))
			continue;
		if (!missing)
			fprintf(fp, "# missing features: ");
		missing = true;
		fprintf(fp, "%s ", perf_feature__name(feat));
	}
	if (missing)
		fputc('\n', fp);
	fprintf(fp, "# ========\n#\n");
}

/* Reading the file header and the attrs */

static int header__check_magic(struct perf_header *h, struct perf_data *data, u64 magic)
{
	if (magic == PERF_MAGIC2) {
		h->needs_swap = false;
		return 0;
	}
	if (bswap_64(magic) == PERF_MAGIC2) {
		h->needs_swap = true;
		return 0;
	}
	if (!memcmp(&magic, "PERFFILE", 8))
		return perf_data__err(data, "perf.data version 1 (PERFFILE) is not supported");
	return perf_data__err(data, "not a perf.data file (bad magic 0x%016llx)",
			      (unsigned long long)magic);
}

static u64 hdr__u64(const struct perf_header *h, const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return h->needs_swap ? bswap_64(v) : v;
}

static u32 hdr__u32(const struct perf_header *h, const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return h->needs_swap ? bswap_32(v) : v;
}

/*
 * An attr as found (raw, avail bytes readable): size 0 is VER0, larger than
 * ours is refused, smaller is zero-filled.
 */
static int header__read_attr(struct perf_header *h, struct perf_data *data, const u8 *raw,
			     u64 avail, struct perf_event_attr *attr, u32 *size_read)
{
	u32 size = hdr__u32(h, raw + offsetof(struct perf_event_attr, size));

	*size_read = size;
	if (!size)
		size = PERF_ATTR_SIZE_VER0_BYTES;
	if (size > sizeof(*attr))
		return perf_data__err(data, "attr size %u is larger than supported (%zu): "
				      "recorded by a newer perf?", size, sizeof(*attr));
	if (size < PERF_ATTR_SIZE_VER0_BYTES)
		return perf_data__err(data, "attr size %u is smaller than the first version (%d)",
				      size, PERF_ATTR_SIZE_VER0_BYTES);
	if (size > avail)
		return perf_data__err(data, "attr size %u is larger than its entry (%llu bytes)",
				      size, (unsigned long long)avail);
	memset(attr, 0, sizeof(*attr));
	memcpy(attr, raw, size);
	if (h->needs_swap)
		perf_event_attr__swap(attr);
	attr->size = size;
	return 0;
}

static int header__add_evsel(struct evlist *evlist, const struct perf_event_attr *attr,
			     u32 size_read, const u8 *ids, u64 nr_ids, bool swap)
{
	struct evsel *evsel = evsel__new(attr, evlist->nr_entries);
	int nr = evlist->nr_entries, err = 0;
	u64 i;

	if (!evsel)
		return -ENOMEM;
	evsel->attr_size_read = size_read;
	for (i = 0; !err && i < nr_ids; i++) {
		u64 id;

		memcpy(&id, ids + i * 8, 8);
		err = evsel__add_id(evsel, swap ? bswap_64(id) : id);
	}
	if (!err)
		err = evlist__add(evlist, evsel);
	if (evlist->nr_entries == nr)
		evsel__delete(evsel);
	return err;
}

static int header__read_pipe(struct perf_header *h, struct perf_data *data)
{
	struct perf_pipe_file_header ph;
	int err;

	err = perf_data__read_pipe(data, &ph, sizeof(ph));
	if (err == 1)
		return perf_data__err(data, "empty input: no pipe header");
	if (err)
		return perf_data__err(data, "truncated pipe header");
	err = header__check_magic(h, data, ph.magic);
	if (err)
		return err;
	if (hdr__u64(h, &ph.size) != sizeof(ph))
		return perf_data__err(data, "bad pipe header size %llu",
				      (unsigned long long)hdr__u64(h, &ph.size));
	h->is_pipe = true;
	return 0;
}

static int header__read_attrs(struct perf_header *h, struct evlist *evlist,
			      struct perf_data *data, const struct perf_file_header *fh)
{
	u64 nr, i;
	const u8 *attrs;

	if (fh->attr_size < PERF_ATTR_SIZE_VER0_BYTES + sizeof(struct perf_file_section) ||
	    fh->attr_size > MAX_ATTR_SIZE)
		return perf_data__err(data, "bad attr_size %llu in the file header",
				      (unsigned long long)fh->attr_size);
	if (fh->attrs.size % fh->attr_size)
		return perf_data__err(data, "attrs section size %llu is not a multiple of "
				      "attr_size %llu", (unsigned long long)fh->attrs.size,
				      (unsigned long long)fh->attr_size);
	attrs = perf_data__slice(data, fh->attrs.offset, fh->attrs.size);
	if (!attrs)
		return perf_data__err(data, "attrs section (offset %llu, size %llu) is beyond "
				      "the end of the file", (unsigned long long)fh->attrs.offset,
				      (unsigned long long)fh->attrs.size);
	nr = fh->attrs.size / fh->attr_size;
	for (i = 0; i < nr; i++) {
		const u8 *raw = attrs + i * fh->attr_size;
		u64 attr_bytes = fh->attr_size - sizeof(struct perf_file_section);
		struct perf_event_attr attr;
		struct perf_file_section ids;
		const u8 *idp;
		u32 size_read;
		int err;

		err = header__read_attr(h, data, raw, attr_bytes, &attr, &size_read);
		if (err)
			return err;
		ids.offset = hdr__u64(h, raw + attr_bytes);
		ids.size = hdr__u64(h, raw + attr_bytes + 8);
		if (ids.size % sizeof(u64))
			return perf_data__err(data, "event %llu: ids size %llu is not a multiple "
					      "of 8", (unsigned long long)i,
					      (unsigned long long)ids.size);
		idp = perf_data__slice(data, ids.offset, ids.size);
		if (!idp)
			return perf_data__err(data, "event %llu: ids (offset %llu, size %llu) are "
					      "beyond the end of the file", (unsigned long long)i,
					      (unsigned long long)ids.offset,
					      (unsigned long long)ids.size);
		err = header__add_evsel(evlist, &attr, size_read, idp, ids.size / 8,
					h->needs_swap);
		if (err)
			return err;
	}
	return 0;
}

static int header__read_features(struct perf_header *h, struct perf_data *data)
{
	u64 start = h->data_offset + h->data_size;
	const u8 *table;
	int feat, nr = 0, i = 0;

	for (feat = 0; feat < HEADER_FEAT_BITS; feat++)
		nr += perf_header__has_feat(h, feat);
	if (!nr)
		return 0;
	table = perf_data__slice(data, start, (u64)nr * sizeof(struct perf_file_section));
	if (!table)
		return perf_data__err(data, "feature table (%d entries at %llu) is beyond the end "
				      "of the file", nr, (unsigned long long)start);
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		const u8 *e = table + (size_t)i * sizeof(struct perf_file_section);
		const char *name = perf_feature__name(feat);
		u64 off, size;
		const void *sec;
		int err;

		if (!perf_header__has_feat(h, feat))
			continue;
		i++;
		off = hdr__u64(h, e);
		size = hdr__u64(h, e + 8);
		sec = perf_data__slice(data, off, size);
		if (!sec)
			return perf_data__err(data, "feature %s (%d): section (offset %llu, size "
					      "%llu) is beyond the end of the file",
					      name ? name : "unknown", feat,
					      (unsigned long long)off, (unsigned long long)size);
		if (feat == HEADER_RESERVED)
			continue;
		err = perf_feature__parse(h, feat, sec, size);
		if (err == -ENOMEM)
			return perf_data__err(data, "out of memory reading feature %s",
					      name ? name : "unknown");
		if (err)
			return perf_data__err(data, "%s", h->err);
	}
	perf_header__clear_feat(h, HEADER_RESERVED);
	return 0;
}

int perf_header__read(struct perf_header *h, struct evlist *evlist, struct perf_data *data)
{
	struct perf_file_header fh;
	const u8 *p;
	struct stat st;
	int err, i;

	h->evlist = evlist;
	if (data->fd >= 0 && !fstat(data->fd, &st)) {
		h->mtime = st.st_mtime;
		h->has_mtime = true;
	}
	if (data->is_pipe)
		return header__read_pipe(h, data);

	p = perf_data__slice(data, 0, sizeof(struct perf_pipe_file_header));
	if (!p)
		return perf_data__err(data, "file too small (%llu bytes) for a perf.data header",
				      (unsigned long long)data->size);
	memcpy(&fh.magic, p, sizeof(fh.magic));
	err = header__check_magic(h, data, fh.magic);
	if (err)
		return err;
	fh.size = hdr__u64(h, p + 8);
	if (fh.size == sizeof(struct perf_pipe_file_header)) {
		/* a pipe-mode stream saved to a file: records follow at once */
		h->is_pipe = true;
		h->data_offset = fh.size;
		h->data_size = data->size - fh.size;
		return 0;
	}
	if (fh.size < sizeof(fh))
		return perf_data__err(data, "bad file header size %llu",
				      (unsigned long long)fh.size);
	p = perf_data__slice(data, 0, sizeof(fh));
	if (!p)
		return perf_data__err(data, "file too small (%llu bytes) for a perf.data header",
				      (unsigned long long)data->size);
	memcpy(&fh, p, sizeof(fh));
	if (h->needs_swap) {
		u64 *w = (u64 *)&fh;

		for (i = 0; i < (int)(sizeof(fh) / sizeof(u64)); i++)
			w[i] = bswap_64(w[i]);
	}
	h->attr_size = fh.attr_size;
	h->data_offset = fh.data.offset;
	h->data_size = fh.data.size;
	if (fh.data.offset > data->size || fh.data.size > data->size - fh.data.offset)
		return perf_data__err(data, "data section (offset %llu, size %llu) is beyond the "
				      "end of the file (%llu bytes)",
				      (unsigned long long)fh.data.offset,
				      (unsigned long long)fh.data.size,
				      (unsigned long long)data->size);
	err = header__read_attrs(h, evlist, data, &fh);
	if (err)
		return err;
	memcpy(h->features, fh.adds_features, sizeof(h->features));
	/*
	 * A record killed before it finished leaves data.size 0 and feature
	 * bits without sections: ignore the bits when their table is not there.
	 */
	if (!fh.data.size) {
		u64 nr = 0;

		for (i = 0; i < HEADER_FEAT_BITS; i++)
			nr += perf_header__has_feat(h, i);
		nr *= sizeof(struct perf_file_section);
		if (!perf_data__slice(data, fh.data.offset, nr)) {
			memset(h->features, 0, sizeof(h->features));
			return 0;
		}
	}
	return header__read_features(h, data);
}

int perf_header__process_attr_record(struct perf_header *h, struct evlist *evlist,
				     const void *record, size_t size, struct perf_data *data)
{
	const size_t hdr = sizeof(struct perf_event_header);
	const u8 *p = (const u8 *)record + hdr;
	struct perf_event_attr attr;
	u32 size_read;
	int err;

	if (size < hdr + PERF_ATTR_SIZE_VER0_BYTES)
		return perf_data__err(data, "HEADER_ATTR record of %zu bytes is too short", size);
	err = header__read_attr(h, data, p, size - hdr, &attr, &size_read);
	if (err)
		return err;
	/* the ids were made native with the record (perf_event__swap) */
	err = header__add_evsel(evlist, &attr, size_read, p + attr.size,
				(size - hdr - attr.size) / 8, false);
	if (err == -ENOMEM)
		return perf_data__err(data, "out of memory reading HEADER_ATTR");
	return err;
}

int perf_header__process_feature(struct perf_header *h, int feat, const void *payload,
				 size_t size, struct perf_data *data)
{
	int err;

	if (feat == HEADER_LAST_FEATURE)
		return 0;	/* end of the features in pipe mode */
	if (feat <= HEADER_RESERVED || feat >= HEADER_FEAT_BITS)
		return perf_data__err(data, "HEADER_FEATURE with bad feature id %d", feat);
	if (!perf_header__has_feat(h, feat) && h->nr_feat_order < HEADER_FEAT_BITS)
		h->feat_order[h->nr_feat_order++] = (u8)feat;
	err = perf_feature__parse(h, feat, payload, size);
	if (err == -ENOMEM)
		return perf_data__err(data, "out of memory reading feature %d", feat);
	if (err)
		return perf_data__err(data, "%s", h->err);
	return 0;
}

/* Writing */

u64 perf_header__attrs_size(const struct evlist *evlist)
{
	u64 size = 0;
	int i;

	for (i = 0; i < evlist->nr_entries; i++)
		size += (u64)evlist->entries[i]->nr_ids * sizeof(u64) +
			sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	return size;
}

/* EVENT_DESC from the evlist when nothing filled it (record). */
static int header__event_desc_from_evlist(struct perf_header *h, struct evlist *evlist)
{
	int i, err;

	if (h->env.nr_events || !perf_header__has_feat(h, HEADER_EVENT_DESC))
		return 0;
	for (i = 0; i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];

		err = perf_env__add_event(&h->env, &evsel->attr, evsel__name(evsel),
					  evsel->ids, evsel->nr_ids);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Encode every feature that is set: the payloads back to back in sb, and
 * their {offset (from the start of sb), size} in secs.  Features with
 * nothing to write are cleared from features[].
 */
static int header__encode_features(struct perf_header *h, u64 *features, struct strbuf *sb,
				   struct perf_file_section *secs, int *nr)
{
	int feat, err;

	*nr = 0;
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		size_t start = sb->len;

		if (!(features[feat / 64] & (1ULL << (feat % 64))))
			continue;
		err = perf_feature__write(h, feat, sb);
		if (err == -ENOENT) {
			features[feat / 64] &= ~(1ULL << (feat % 64));
			sb->len = start;
			continue;
		}
		if (err)
			return err;
		secs[*nr].offset = start;
		secs[*nr].size = sb->len - start;
		(*nr)++;
	}
	return 0;
}

int perf_header__write(struct perf_header *h, struct evlist *evlist, struct perf_data *data,
		       u64 data_offset, u64 data_size)
{
	struct perf_file_section secs[HEADER_FEAT_BITS];
	struct perf_file_header fh;
	struct strbuf feats = STRBUF_INIT, attrs = STRBUF_INIT, ids = STRBUF_INIT;
	u64 feat_start = data_offset + data_size, attrs_start, ids_start, pos;
	int nr, i, err;

	memset(&fh, 0, sizeof(fh));
	memcpy(fh.adds_features, h->features, sizeof(fh.adds_features));
	err = header__event_desc_from_evlist(h, evlist);
	if (!err)
		err = header__encode_features(h, fh.adds_features, &feats, secs, &nr);
	if (err)
		goto out;
	for (i = 0; i < nr; i++)
		secs[i].offset += feat_start + (u64)nr * sizeof(secs[0]);

	/* ids then attrs: before data when there is room, else after the features */
	ids_start = sizeof(fh);
	if (data_offset < sizeof(fh) + perf_header__attrs_size(evlist))
		ids_start = PERF_ALIGN(feat_start + (u64)nr * sizeof(secs[0]) + feats.len, 8ULL);
	for (i = 0; !err && i < evlist->nr_entries; i++)
		err = strbuf__add(&ids, evlist->entries[i]->ids,
				  (size_t)evlist->entries[i]->nr_ids * sizeof(u64));
	attrs_start = ids_start + ids.len;
	for (i = 0, pos = ids_start; !err && i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];
		struct perf_file_section sec = {
			.offset = pos,
			.size = (u64)evsel->nr_ids * sizeof(u64),
		};

		pos += sec.size;
		err = strbuf__add(&attrs, &evsel->attr, sizeof(evsel->attr));
		if (!err)
			err = strbuf__add(&attrs, &sec, sizeof(sec));
	}
	if (err)
		goto out;

	fh.magic = PERF_MAGIC2;
	fh.size = sizeof(fh);
	fh.attr_size = sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	fh.attrs.offset = attrs_start;
	fh.attrs.size = attrs.len;
	fh.data.offset = data_offset;
	fh.data.size = data_size;

	err = perf_data__pwrite(data, secs, (size_t)nr * sizeof(secs[0]), feat_start);
	if (!err)
		err = perf_data__pwrite(data, feats.buf, feats.len,
					feat_start + (u64)nr * sizeof(secs[0]));
	if (!err)
		err = perf_data__pwrite(data, ids.buf, ids.len, ids_start);
	if (!err)
		err = perf_data__pwrite(data, attrs.buf, attrs.len, attrs_start);
	if (!err)
		err = perf_data__pwrite(data, &fh, sizeof(fh), 0);
	if (!err) {
		memcpy(h->features, fh.adds_features, sizeof(h->features));
		h->data_offset = data_offset;
		h->data_size = data_size;
	}
out:
	strbuf__release(&feats);
	strbuf__release(&attrs);
	strbuf__release(&ids);
	if (err && !data->err[0])
		perf_data__err(data, "cannot write the header: %s", strerror(-err));
	return err;
}

#define RECORD_MAX	0xffffU

int perf_header__write_pipe(struct perf_header *h, struct evlist *evlist,
			    struct perf_data *data)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	struct strbuf sb = STRBUF_INIT;
	struct perf_event_header rh;
	int feat, i, err;

	err = header__event_desc_from_evlist(h, evlist);
	if (!err)
		err = perf_data__write(data, &ph, sizeof(ph));
	for (i = 0; !err && i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];
		struct perf_event_attr attr = evsel->attr;
		size_t size = sizeof(rh) + sizeof(attr) + (size_t)evsel->nr_ids * sizeof(u64);

		if (size > RECORD_MAX) {
			err = perf_data__err(data, "event %d has too many ids (%u) for a "
					     "HEADER_ATTR record", i, evsel->nr_ids);
			goto out;
		}
		attr.size = sizeof(attr);
		rh = (struct perf_event_header){ .type = PERF_RECORD_HEADER_ATTR,
						 .size = (u16)size };
		strbuf__reset(&sb);
		err = strbuf__add(&sb, &rh, sizeof(rh));
		if (!err)
			err = strbuf__add(&sb, &attr, sizeof(attr));
		if (!err)
			err = strbuf__add(&sb, evsel->ids, (size_t)evsel->nr_ids * sizeof(u64));
		if (!err)
			err = perf_data__write(data, sb.buf, sb.len);
	}
	for (i = HEADER_RESERVED + 1; !err && i <= HEADER_LAST_FEATURE; i++) {
		size_t start = sizeof(rh) + sizeof(u64);

		/* BPF_BTF first, so readers can name BPF_PROG_INFO's functions */
		feat = i == HEADER_BPF_PROG_INFO ? HEADER_BPF_BTF :
		       i == HEADER_BPF_BTF ? HEADER_BPF_PROG_INFO : i;

		strbuf__reset(&sb);
		err = strbuf__add_zero(&sb, start);
		if (err)
			break;
		if (feat < HEADER_LAST_FEATURE) {
			err = perf_feature__write(h, feat, &sb);
			if (err == -ENOENT) {
				err = 0;
				continue;
			}
			if (err)
				break;
			/* too big for one record: left out, as nothing can carry it */
			if (sb.len > RECORD_MAX)
				continue;
		}
		rh = (struct perf_event_header){ .type = PERF_RECORD_HEADER_FEATURE,
						 .size = (u16)sb.len };
		memcpy(sb.buf, &rh, sizeof(rh));
		memcpy(sb.buf + sizeof(rh), &(u64){ (u64)feat }, sizeof(u64));
		err = perf_data__write(data, sb.buf, sb.len);
	}
out:
	strbuf__release(&sb);
	if (err && !data->err[0])
		perf_data__err(data, "cannot write the pipe header: %s", strerror(-err));
	return err;
}
