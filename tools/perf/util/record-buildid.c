// SPDX-License-Identifier: GPL-2.0
/* record: the build-ids of the DSOs that got samples (BUILD_ID feature). */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "data.h"
#include "event.h"
#include "record-buildid.h"
#include "session.h"
#include "strbuf.h"

#define NT_GNU_BUILD_ID_TYPE	3
#define NAME_ALIGN		64

/* Find the GNU build-id in a buffer of ELF notes. */
static int notes__build_id(const u8 *p, size_t size, u8 *id, size_t *len)
{
	size_t off = 0;

	while (off + 12 <= size) {
		u32 namesz, descsz, type;
		size_t name_off, desc_off;

		memcpy(&namesz, p + off, 4);
		memcpy(&descsz, p + off + 4, 4);
		memcpy(&type, p + off + 8, 4);
		name_off = off + 12;
		desc_off = name_off + PERF_ALIGN((size_t)namesz, (size_t)4);
		if (desc_off > size || descsz > size - desc_off)
			return -EINVAL;
		if (type == NT_GNU_BUILD_ID_TYPE && namesz == 4 &&
		    !memcmp(p + name_off, "GNU", 4) && descsz && descsz <= BUILD_ID_MAX) {
			memcpy(id, p + desc_off, descsz);
			*len = descsz;
			return 0;
		}
		off = desc_off + PERF_ALIGN((size_t)descsz, (size_t)4);
	}
	return -ENOENT;
}

int build_id__read_elf(const char *path, u8 *id, size_t *len)
{
	Elf_Scn *scn = NULL;
	int fd, err = -ENOENT;
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		close(fd);
		return -EINVAL;
	}
	while (err && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (d && d->d_buf)
			err = notes__build_id(d->d_buf, d->d_size, id, len);
		if (err && err != -ENOENT)
			err = -ENOENT;
	}
	elf_end(elf);
	close(fd);
	return err;
}

int build_id__read_kernel(u8 *id, size_t *len)
{
	u8 buf[4096];
	ssize_t n;
	int fd = open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n <= 0)
		return -ENOENT;
	return notes__build_id(buf, (size_t)n, id, len);
}

/* The walk: DSOs by name, maps per process, which DSOs got a sample. */
struct bid_map {
	u64	start, end;
	u32	dso;
};

struct bid_proc {
	u32		pid;
	u32		ppid;
	struct bid_map	*maps;
	u32		nr_maps, alloc_maps;
};

struct bid_walk {
	struct perf_tool	tool;
	char			**dsos;
	bool			*hit;
	u32			nr_dsos;
	u32			alloc_dsos, alloc_hit;
	struct bid_proc		*procs;		/* open addressing by pid + 1 */
	u32			cap;
	u32			nr_procs;
	bool			kernel_hit;
	bool			all;	/* --buildid-all: hit or not */
	int			err;
};

static u32 walk__dso(struct bid_walk *w, const char *name)
{
	u32 i;

	for (i = w->nr_dsos; i-- > 0; )
		if (!strcmp(w->dsos[i], name))
			return i;
	if (array__grow((void **)&w->dsos, &w->alloc_dsos, (size_t)w->nr_dsos + 1,
			sizeof(*w->dsos), 16) ||
	    array__grow((void **)&w->hit, &w->alloc_hit, (size_t)w->nr_dsos + 1,
			sizeof(*w->hit), 16)) {
		w->err = -ENOMEM;
		return (u32)-1;
	}
	w->dsos[w->nr_dsos] = strdup(name);
	if (!w->dsos[w->nr_dsos]) {
		w->err = -ENOMEM;
		return (u32)-1;
	}
	w->hit[w->nr_dsos] = false;
	return w->nr_dsos++;
}

static struct bid_proc *walk__proc(struct bid_walk *w, u32 pid, bool create)
{
	u32 i;

	if (w->cap) {
		for (i = (pid * 2654435761U) & (w->cap - 1); w->procs[i].pid;
		     i = (i + 1) & (w->cap - 1))
			if (w->procs[i].pid == pid + 1)
				return &w->procs[i];
	}
	if (!create)
		return NULL;
	if ((w->nr_procs + 1) * 2 > w->cap) {
		u32 cap = w->cap ? w->cap * 2 : 256, j;
		struct bid_proc *np = calloc(cap, sizeof(*np));

		if (!np) {
			w->err = -ENOMEM;
			return NULL;
		}
		for (j = 0; j < w->cap; j++) {
			if (!w->procs[j].pid)
				continue;
			for (i = ((w->procs[j].pid - 1) * 2654435761U) & (cap - 1); np[i].pid;
			     i = (i + 1) & (cap - 1))
				;
			np[i] = w->procs[j];
		}
		free(w->procs);
		w->procs = np;
		w->cap = cap;
	}
	for (i = (pid * 2654435761U) & (w->cap - 1); w->procs[i].pid; i = (i + 1) & (w->cap - 1))
		;
	w->procs[i].pid = pid + 1;
	w->nr_procs++;
	return &w->procs[i];
}

static int walk__track(struct bid_walk *w, const union perf_event *ev)
{
	const char *name;
	struct bid_proc *p;
	u64 start, len;
	u32 pid;

	if (ev->header.type == PERF_RECORD_FORK) {
		if (ev->fork.pid != ev->fork.ppid) {
			p = walk__proc(w, ev->fork.pid, true);
			if (p && !p->nr_maps)
				p->ppid = ev->fork.ppid + 1;
		}
		return 0;
	}
	if (ev->header.type == PERF_RECORD_MMAP2) {
		pid = ev->mmap2.pid;
		start = ev->mmap2.start;
		len = ev->mmap2.len;
		name = ev->mmap2.filename;
	} else if (ev->header.type == PERF_RECORD_MMAP) {
		pid = ev->mmap.pid;
		start = ev->mmap.start;
		len = ev->mmap.len;
		name = ev->mmap.filename;
	} else {
		return 0;
	}
	if (pid == (u32)-1 || name[0] != '/')
		return 0;	/* kernel maps: the kernel's own build-id */
	p = walk__proc(w, pid, true);
	if (!p)
		return w->err;
	if (array__grow((void **)&p->maps, &p->alloc_maps, (size_t)p->nr_maps + 1,
			sizeof(*p->maps), 8))
		return -ENOMEM;
	p->maps[p->nr_maps].start = start;
	p->maps[p->nr_maps].end = start + len;
	p->maps[p->nr_maps].dso = walk__dso(w, name);
	if (p->maps[p->nr_maps].dso == (u32)-1)
		return w->err;
	p->nr_maps++;
	return 0;
}

static void walk__hit(struct bid_walk *w, u16 mode, u32 pid, u64 ip)
{
	struct bid_proc *p;
	int depth;
	u32 i;

	if (mode == PERF_RECORD_MISC_KERNEL) {
		w->kernel_hit = true;
		return;
	}
	/* the newest map containing ip, in the process or its ancestors */
	for (p = walk__proc(w, pid, false), depth = 0; p && depth < 16; depth++) {
		for (i = p->nr_maps; i-- > 0; ) {
			if (ip >= p->maps[i].start && ip < p->maps[i].end) {
				w->hit[p->maps[i].dso] = true;
				return;
			}
		}
		p = p->ppid ? walk__proc(w, p->ppid - 1, false) : NULL;
	}
}

static int walk__event(struct perf_tool *tool, struct perf_session *session,
		       const union perf_event *ev, struct perf_sample *sample,
		       struct evsel *evsel)
{
	return walk__track((struct bid_walk *)tool, ev);
}

static int walk__sample(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *ev, struct perf_sample *sample,
			struct evsel *evsel)
{
	walk__hit((struct bid_walk *)tool, ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
		  sample->pid, sample->ip);
	return 0;
}

static int payload__add(struct strbuf *sb, u16 misc, const u8 *id, size_t len,
			const char *name)
{
	struct perf_record_header_build_id b;
	size_t nlen = PERF_ALIGN(strlen(name) + 1, (size_t)NAME_ALIGN);
	int err;

	memset(&b, 0, sizeof(b));
	b.header.type = PERF_RECORD_HEADER_BUILD_ID;
	b.header.misc = misc | PERF_RECORD_MISC_BUILD_ID_SIZE;
	b.header.size = sizeof(b) + nlen;
	b.pid = -1;
	memcpy(b.data, id, len);
	b.size = (u8)len;
	err = strbuf__add(sb, &b, sizeof(b));
	if (!err)
		err = strbuf__add(sb, name, strlen(name));
	if (!err)
		err = strbuf__add_zero(sb, nlen - strlen(name));
	return err;
}

static int walk__payload(struct bid_walk *w, struct strbuf *payload)
{
	u8 id[BUILD_ID_MAX];
	size_t len;
	u32 i;
	int err = w->err;

	if (!err && (w->kernel_hit || w->all) && !build_id__read_kernel(id, &len))
		err = payload__add(payload, PERF_RECORD_MISC_KERNEL, id, len, "[kernel.kallsyms]");
	for (i = 0; !err && i < w->nr_dsos; i++)
		if ((w->hit[i] || w->all) && !build_id__read_elf(w->dsos[i], id, &len))
			err = payload__add(payload, PERF_RECORD_MISC_USER, id, len, w->dsos[i]);
	return err;
}

static void walk__exit(struct bid_walk *w)
{
	u32 i;

	for (i = 0; i < w->nr_dsos; i++)
		free(w->dsos[i]);
	free(w->dsos);
	free(w->hit);
	for (i = 0; i < w->cap; i++)
		free(w->procs[i].maps);
	free(w->procs);
}

int record_buildid__collect(const char *path, bool all, struct strbuf *payload)
{
	struct bid_walk w = { .tool = { .event = walk__event, .sample = walk__sample },
			      .all = all };
	struct perf_session *session = NULL;
	struct perf_data data;
	int err;

	err = perf_data__open_read(&data, path);
	if (err)
		return err;
	err = perf_session__new(&session, &data, &w.tool);
	if (!err)
		err = perf_session__process(session);
	if (!err)
		err = walk__payload(&w, payload);
	perf_session__delete(session);
	perf_data__close(&data);
	walk__exit(&w);
	return err;
}

/* Pipe mode: the same walk, fed with the records as they are written. */
struct record_buildid {
	struct bid_walk	w;
};

struct record_buildid *record_buildid__new(bool all)
{
	struct record_buildid *rb = calloc(1, sizeof(*rb));

	if (rb)
		rb->w.all = all;
	return rb;
}

void record_buildid__delete(struct record_buildid *rb)
{
	if (!rb)
		return;
	walk__exit(&rb->w);
	free(rb);
}

int record_buildid__event(struct record_buildid *rb, const union perf_event *ev,
			  u64 sample_type)
{
	const u8 *p = (const u8 *)ev + sizeof(ev->header);
	u64 ip;
	u32 pid;

	if (ev->header.type != PERF_RECORD_SAMPLE)
		return walk__track(&rb->w, ev);
	if ((sample_type & (PERF_SAMPLE_IP | PERF_SAMPLE_TID)) !=
	    (PERF_SAMPLE_IP | PERF_SAMPLE_TID))
		return 0;
	if (sample_type & PERF_SAMPLE_IDENTIFIER)
		p += 8;
	if ((size_t)(p - (const u8 *)ev) + 12 > ev->header.size)
		return 0;
	memcpy(&ip, p, sizeof(ip));
	memcpy(&pid, p + 8, sizeof(pid));
	walk__hit(&rb->w, ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK, pid, ip);
	return 0;
}

int record_buildid__payload(struct record_buildid *rb, struct strbuf *payload)
{
	return walk__payload(&rb->w, payload);
}
