// SPDX-License-Identifier: GPL-2.0
/*
 * The machine: threads, maps and symbols, as the side-band records say,
 * in time order.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bpf-prog-info.h"
#include "bpf-progs.h"
#include "header.h"
#include "huge.h"
#include "kallsyms.h"
#include "array.h"
#include "machine.h"
#include "machine-internal.h"

#define KERNEL_DSO_NAME	"[kernel.kallsyms]"
#define IP_CACHE_BITS		TABLE_BITS(14)	/* at first */
static size_t str_hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

const char *machine__intern_comm(struct machine *machine, const char *s)
{
	size_t i;

	if (machine->nr_comms * 2 >= machine->comms_cap) {
		size_t cap = machine->comms_cap ? machine->comms_cap * 2 : 256, j;
		char **c = calloc(cap, sizeof(*c));

		if (!c)
			return NULL;
		for (j = 0; j < machine->comms_cap; j++) {
			char *e = machine->comms[j];

			if (!e)
				continue;
			for (i = str_hash(e) & (cap - 1); c[i]; i = (i + 1) & (cap - 1))
				;
			c[i] = e;
		}
		free(machine->comms);
		machine->comms = c;
		machine->comms_cap = cap;
	}
	for (i = str_hash(s) & (machine->comms_cap - 1); machine->comms[i];
	     i = (i + 1) & (machine->comms_cap - 1))
		if (!strcmp(machine->comms[i], s))
			return machine->comms[i];
	machine->comms[i] = strdup(s);
	if (!machine->comms[i])
		return NULL;
	machine->nr_comms++;
	return machine->comms[i];
}

struct machine *machine__new(const char *kallsyms)
{
	struct machine *m = calloc(1, sizeof(*m));
	struct thread *idle;

	if (!m)
		return NULL;
	m->kallsyms = kallsyms;
	m->nr_buckets = 4096;
	m->threads = calloc(m->nr_buckets, sizeof(*m->threads));
	m->kmaps = maps__new();
	m->fallback_maps = maps__new();
	m->progs = bpf_progs__new();
	/* touched all over by hash: huge pages */
	m->ip_cache_bits = IP_CACHE_BITS;
	m->ip_cache = huge_zalloc((1u << IP_CACHE_BITS) * sizeof(*m->ip_cache));
	if (m->kmaps)
		m->kmaps->version = ++m->maps_version;
	if (!m->threads || !m->kmaps || !m->fallback_maps || !m->ip_cache || !m->progs ||
	    dsos__init(&m->dsos))
		goto fail;
	/* the idle task: upstream names thread 0 "swapper" */
	idle = machine__findnew_thread(m, 0, 0);
	if (!idle)
		goto fail;
	idle->comm = machine__intern_comm(m, "swapper");
	if (!idle->comm)
		goto fail;
	idle->comm_set = true;
	return m;
fail:
	machine__delete(m);
	return NULL;
}

void machine__delete(struct machine *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; m->threads && i < m->nr_buckets; i++) {
		struct thread *t = m->threads[i], *next;

		for (; t; t = next) {
			next = t->hnext;
			thread__delete(t);
		}
	}
	free(m->threads);
	maps__put(m->kmaps);
	maps__put(m->fallback_maps);
	bpf_progs__delete(m->progs);
	cgroups__exit(&m->cgroups);
	dsos__exit(&m->dsos);
	for (i = 0; i < m->comms_cap; i++)
		free(m->comms[i]);
	free(m->comms);
	free(m->kallsyms_found);
	huge_free(m->ip_cache, (1u << m->ip_cache_bits) * sizeof(*m->ip_cache));
	free(m->renames);
	free(m->orphans);
	while (m->placeholders) {
		struct placeholder *ph = m->placeholders;

		m->placeholders = ph->next;
		free(ph);
	}
	free(m);
}

/* maps were made or changed: a version no maps of the machine had */
static void machine__maps_changed(struct machine *m, struct maps *maps)
{
	if (maps)
		maps->version = ++m->maps_version;
}

/* The kernel's maps changed in [start, end): their version, and the core's if there. */
static void machine__kmaps_changed(struct machine *m, u64 start, u64 end)
{
	machine__maps_changed(m, m->kmaps);
	if (start < m->kcore_end && end > m->kcore_start)
		m->kcore_version = ++m->maps_version;
}

/* What every address resolves to may have changed: new versions all round. */
static void machine__all_maps_changed(struct machine *m)
{
	size_t i;

	machine__kmaps_changed(m, 0, ~0ULL);
	for (i = 0; i < m->nr_buckets; i++) {
		struct thread *t;

		for (t = m->threads[i]; t; t = t->hnext)
			machine__maps_changed(m, t->maps);
	}
}

void machine__set_bpf_info(struct machine *machine, struct perf_env_bpf *bpf)
{
	/* kept while still empty: a pipe's BPF_PROG_INFO arrives as records */
	machine->bpf_info = bpf;
	/* kernel addresses no map covers may get a name now */
	machine__kmaps_changed(machine, 0, ~0ULL);
}

int machine__set_build_ids(struct machine *m, const void *buf, size_t size)
{
	const u8 *p = buf, *end = p + size;
	size_t fixed = sizeof(struct perf_record_header_build_id);

	machine__all_maps_changed(m);
	while ((size_t)(end - p) >= fixed) {
		struct perf_record_header_build_id rec;
		char name[4096];
		struct dso *dso;
		size_t n, idsz;

		memcpy(&rec, p, fixed);
		if (rec.header.size < fixed || rec.header.size > (size_t)(end - p))
			return -EINVAL;
		n = strnlen((const char *)p + fixed, min(rec.header.size - fixed, sizeof(name) - 1));
		memcpy(name, p + fixed, n);
		name[n] = '\0';
		idsz = (rec.header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) ? rec.size : 20;
		/* the kernel's: for its kallsyms copy in the build-id cache */
		if (!strcmp(name, KERNEL_DSO_NAME) && idsz && idsz <= 20 &&
		    (rec.header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL) {
			memcpy(m->kernel_build_id, rec.data, idsz);
			m->kernel_build_id_size = (u8)idsz;
		}
		/* the kernel, [vdso] and friends are not files */
		if (name[0] == '/' && idsz && idsz <= 20) {
			dso = dsos__findnew(&m->dsos, name, DSO_KIND_USER);
			if (!dso)
				return -ENOMEM;
			if (dso->kind == DSO_KIND_USER)
				dso__set_build_id(dso, rec.data, idsz);
		}
		p += rec.header.size;
	}
	return 0;
}

void machine__use_header(struct machine *m, struct perf_header *h, bool bpf_names)
{
	const struct perf_feat_raw *bid = &h->raw[HEADER_BUILD_ID];

	if (bid->buf && !bid->swapped)
		machine__set_build_ids(m, bid->buf, bid->size);
	if (bpf_names)
		machine__set_bpf_info(m, &h->env.bpf);
	bpf_progs__set_env(m->progs, &h->env.bpf);
}

static size_t tid_slot(const struct machine *m, s32 tid)
{
	u32 h = (u32)tid * 2654435761u;

	return (h ^ (h >> 16)) & (m->nr_buckets - 1);
}

int machine__threads(struct machine *m, struct thread ***out)
{
	struct thread **v = malloc((m->nr_threads ? m->nr_threads : 1) * sizeof(*v));
	struct thread *t;
	size_t i, n = 0;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < m->nr_buckets; i++)
		for (t = m->threads[i]; t && n < m->nr_threads; t = t->hnext)
			v[n++] = t;
	*out = v;
	return (int)n;
}

struct thread *machine__find_thread(struct machine *m, s32 tid)
{
	struct thread *t = m->last_thread;

	if (t && t->tid == tid)
		return t;
	for (t = m->threads[tid_slot(m, tid)]; t; t = t->hnext)
		if (t->tid == tid) {
			m->last_thread = t;
			return t;
		}
	return NULL;
}

static void machine__grow_threads(struct machine *m)
{
	size_t n = m->nr_buckets * 2, i, old = m->nr_buckets;
	struct thread **b = calloc(n, sizeof(*b)), **ob = m->threads;

	if (!b)
		return;
	m->threads = b;
	m->nr_buckets = n;
	for (i = 0; i < old; i++) {
		struct thread *t = ob[i], *next;

		for (; t; t = next) {
			size_t h = tid_slot(m, t->tid);

			next = t->hnext;
			t->hnext = b[h];
			b[h] = t;
		}
	}
	free(ob);
}

static struct thread *machine__add_thread(struct machine *m, s32 pid, s32 tid)
{
	struct placeholder *ph = malloc(sizeof(*ph) + 16);
	struct thread *t;
	size_t h;

	if (!ph)
		return NULL;
	snprintf(ph->name, 16, ":%d", tid);
	ph->next = m->placeholders;
	m->placeholders = ph;
	t = thread__new(pid, tid, ph->name);
	if (!t) {
		thread__delete(t);
		return NULL;
	}
	if (m->nr_threads >= m->nr_buckets)
		machine__grow_threads(m);
	h = tid_slot(m, tid);
	t->hnext = m->threads[h];
	m->threads[h] = t;
	m->nr_threads++;
	m->last_thread = t;
	return t;
}

static void machine__remove_thread(struct machine *m, struct thread *t)
{
	struct thread **pp = &m->threads[tid_slot(m, t->tid)];

	for (; *pp; pp = &(*pp)->hnext)
		if (*pp == t) {
			*pp = t->hnext;
			break;
		}
	if (m->last_thread == t)
		m->last_thread = NULL;
	m->nr_threads--;
	thread__delete(t);
}

/* The maps of a thread: its process leader's, made when first needed. */
struct maps *machine__thread_maps(struct machine *m, struct thread *t)
{
	struct thread *leader;

	if (t->maps)
		return t->maps;
	if (t->pid > 0 && t->pid != t->tid) {
		leader = machine__findnew_thread(m, t->pid, t->pid);
		if (leader && leader != t) {
			if (!leader->maps) {
				leader->maps = maps__new();
				machine__maps_changed(m, leader->maps);
			}
			t->maps = maps__get(leader->maps);
			return t->maps;
		}
	}
	t->maps = maps__new();
	machine__maps_changed(m, t->maps);
	return t->maps;
}

struct thread *machine__findnew_thread(struct machine *m, s32 pid, s32 tid)
{
	struct thread *t = machine__find_thread(m, tid);

	if (t) {
		if (t->pid == -1 && pid != -1)
			t->pid = pid;
		return t;
	}
	return machine__add_thread(m, pid, tid);
}

static int machine__add_rename(struct machine *m, const char *from, const char *to)
{
	if (array__grow((void **)&m->renames, &m->renames_alloc, m->nr_renames + 1,
			sizeof(*m->renames), 16))
		return -ENOMEM;
	m->renames[m->nr_renames] = (struct comm_rename){ from, to, m->nr_renames };
	m->nr_renames++;
	m->renames_sorted = false;
	return 0;
}

static int rename_cmp(const void *a, const void *b)
{
	const struct comm_rename *l = a, *r = b;

	if (l->from != r->from)
		return (uintptr_t)l->from < (uintptr_t)r->from ? -1 : 1;
	/* the same name renamed twice (a tid reused): the earlier wins */
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

const char *machine__final_comm(struct machine *m, const char *comm)
{
	size_t lo = 0, hi = m->nr_renames;

	if (!m->renames_sorted && m->nr_renames) {
		qsort(m->renames, m->nr_renames, sizeof(*m->renames), rename_cmp);
		m->renames_sorted = true;
	}
	/* the first rename of comm */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t)m->renames[mid].from < (uintptr_t)comm)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < m->nr_renames && m->renames[lo].from == comm)
		return m->renames[lo].to;
	/* never named: one ":<tid>" row for all the tid's tasks, as upstream's */
	if (comm[0] == ':')
		return machine__intern_comm(m, comm) ?: comm;
	return comm;
}

struct orphan {
	s32	tid;
	s32	ptid;
};

/* at most this many children wait for a parent's name; the oldest go first */
#define MACHINE_MAX_ORPHANS	4096

void machine__name_late_parents(struct machine *m)
{
	m->late_parent_names = true;
}

static void machine__add_orphan(struct machine *m, s32 tid, s32 ptid)
{
	if (m->nr_orphans == MACHINE_MAX_ORPHANS) {
		memmove(m->orphans, m->orphans + 1, (m->nr_orphans - 1) * sizeof(*m->orphans));
		m->nr_orphans--;
	}
	if (array__grow((void **)&m->orphans, &m->alloc_orphans, m->nr_orphans + 1,
			sizeof(*m->orphans), 16))
		return;		/* it keeps its ":<tid>" */
	m->orphans[m->nr_orphans++] = (struct orphan){ .tid = tid, .ptid = ptid };
}

/* parent was just named: so are the children it forked before, still unnamed */
static int machine__name_orphans(struct machine *m, const struct thread *parent)
{
	u32 i, out = 0;
	int err = 0;

	for (i = 0; i < m->nr_orphans; i++) {
		struct orphan o = m->orphans[i];
		struct thread *t;

		if (o.ptid != parent->tid) {
			m->orphans[out++] = o;
			continue;
		}
		t = machine__find_thread(m, o.tid);
		if (!t || t->comm_set)
			continue;
		if (!err && t->comm != parent->comm)
			err = machine__add_rename(m, t->comm, parent->comm);
		t->comm = parent->comm;
		t->comm_set = true;
	}
	m->nr_orphans = out;
	return err;
}

static int machine__process_comm(struct machine *m, const union perf_event *ev)
{
	size_t max = ev->header.size - sizeof(struct perf_record_comm);
	const char *old;
	struct thread *t;
	char comm[256];
	size_t n;
	int err = 0;

	if (ev->header.size < sizeof(struct perf_record_comm) + 1)
		return -EINVAL;
	n = strnlen(ev->comm.comm, min(max, sizeof(comm) - 1));
	memcpy(comm, ev->comm.comm, n);
	comm[n] = '\0';
	t = machine__findnew_thread(m, (s32)ev->comm.pid, (s32)ev->comm.tid);
	if (!t)
		return -ENOMEM;
	old = t->comm;
	t->comm = machine__intern_comm(m, comm);
	if (!t->comm)
		return -ENOMEM;
	if (!t->comm_set && old != t->comm)
		err = machine__add_rename(m, old, t->comm);
	t->comm_set = true;
	if (!err && m->nr_orphans)
		err = machine__name_orphans(m, t);
	return err;
}

static int machine__process_fork(struct machine *m, const union perf_event *ev)
{
	struct thread *parent, *t;
	s32 pid = (s32)ev->fork.pid, tid = (s32)ev->fork.tid;

	if (ev->header.size < sizeof(struct perf_record_fork))
		return -EINVAL;
	if (ev->header.type == PERF_RECORD_EXIT)
		return 0;
	parent = machine__findnew_thread(m, (s32)ev->fork.ppid, (s32)ev->fork.ptid);
	if (!parent)
		return -ENOMEM;
	t = machine__find_thread(m, tid);
	if (t == parent)
		return 0;
	if (t)		/* a tid reused: the new task starts afresh */
		machine__remove_thread(m, t);
	t = machine__add_thread(m, pid, tid);
	if (!t)
		return -ENOMEM;
	t->ppid = parent->tid;
	/* a parent never named leaves the child its own ":<tid>" */
	if (parent->comm_set) {
		t->comm = parent->comm;
		t->comm_set = true;
	} else if (m->late_parent_names) {
		machine__add_orphan(m, tid, parent->tid);
	}
	if (pid == parent->pid && pid > 0) {
		struct maps *pm = machine__thread_maps(m, parent);

		/* (the child may be the leader whose maps the parent's came from) */
		if (t->maps != pm) {
			maps__put(t->maps);
			t->maps = maps__get(pm);
		}
	} else if (ev->header.misc & PERF_RECORD_MISC_FORK_EXEC) {
		/* vfork + exec: the child's maps come with its exec, not from the parent */
		maps__put(t->maps);
		t->maps = maps__new();
		machine__maps_changed(m, t->maps);
	} else {
		/*
		 * A damaged file may name the child as the parent's leader: the
		 * parent's maps are then the child's own, made just now.
		 */
		struct maps *pm = machine__thread_maps(m, parent), *old = t->maps;

		t->maps = pm ? maps__clone(pm) : maps__new();
		maps__put(old);
		machine__maps_changed(m, t->maps);
	}
	return t->maps ? 0 : -ENOMEM;
}

static bool is_anon_name(const char *name)
{
	return !strcmp(name, "//anon") || !strncmp(name, "/dev/zero", 9) ||
	       !strncmp(name, "/anon_hugepage", 14);
}

/* heap, stack, SysV shm: a map without a dso file (addresses are their own) */
static bool is_no_dso_name(const char *name)
{
	return !strncmp(name, "[stack", 6) || !strncmp(name, "/SYSV", 5) ||
	       !strcmp(name, "[heap]");
}

/*
 * A kernel module's name as upstream shows it: "[name]" as recorded, or
 * from the path of its .ko (compressed or not), '-' turned into '_' as
 * the kernel names modules.  false when name is not a module's.
 */
static bool module_name(const char *name, char *out, size_t size)
{
	static const char * const exts[] = { ".ko", ".ko.xz", ".ko.gz", ".ko.zst" };
	const char *base = strrchr(name, '/');
	size_t n, i, e;

	if (name[0] == '[') {
		n = strlen(name);
		if (n < 3 || name[n - 1] != ']' || n >= size)
			return false;
		memcpy(out, name, n + 1);
		return true;
	}
	if (!base)
		return false;
	base++;
	n = strlen(base);
	for (e = 0; e < sizeof(exts) / sizeof(exts[0]); e++) {
		size_t el = strlen(exts[e]);

		if (n <= el || strcmp(base + n - el, exts[e]) || n - el + 3 > size)
			continue;
		out[0] = '[';
		for (i = 0; i < n - el; i++)
			out[i + 1] = base[i] == '-' ? '_' : base[i];
		out[i + 1] = ']';
		out[i + 2] = '\0';
		return true;
	}
	return false;
}

/*
 * The kallsyms file the recorded kernel's modules are read from: the one
 * given, else the one kallsyms__for_kernel() picks for that kernel (found
 * once), NULL when there is none.
 */
static const char *machine__modules_kallsyms(struct machine *m)
{
	char path[PATH_MAX];

	if (m->kallsyms)
		return m->kallsyms;
	if (!m->kallsyms_found && !m->kallsyms_none) {
		if (kallsyms__for_kernel(m->kernel_build_id, m->kernel_build_id_size, path,
					 sizeof(path)))
			m->kallsyms_none = true;
		else
			m->kallsyms_found = strdup(path);
	}
	return m->kallsyms_found;
}

int machine__add_kernel_mmap(struct machine *m, u64 start, u64 len, u64 pgoff,
			      const char *name)
{
	struct dso *dso;
	bool kernel = !strncmp(name, KERNEL_DSO_NAME, strlen(KERNEL_DSO_NAME));
	const char *ref;
	char mod[256];
	int err;

	machine__kmaps_changed(m, start, start + len);
	if (kernel) {
		dso = dsos__findnew(&m->dsos, KERNEL_DSO_NAME, DSO_KIND_KERNEL);
		if (!dso)
			return -ENOMEM;
		dso->kallsyms = m->kallsyms;
		if (!m->kallsyms)
			dso->vmlinux = m->vmlinux;
		if (m->kernel_build_id_size && !dso->build_id_size)
			dso__set_build_id(dso, m->kernel_build_id, m->kernel_build_id_size);
		/* "[kernel.kallsyms]_text": pgoff is where _text ran (a vmlinux's bias) */
		ref = name + strlen(KERNEL_DSO_NAME);
		if (*ref && strlen(ref) < sizeof(dso->ref_name) && pgoff) {
			strcpy(dso->ref_name, ref);
			dso->ref_addr = pgoff;
		}
		m->kernel_dso = dso;
		/*
		 * The record covers the text up to _etext; upstream's kernel map
		 * also covers what follows up to the last kallsyms symbol
		 * (.init.text and friends), never the BPF and module area.
		 */
		dso__load(dso);
		if (dso->symbols.nr) {
			u64 last = symbols__last_end(&dso->symbols);

			if (last > start + len && last - start < (1ULL << 32))
				len = last - start;
		}
		/* the kernel's own symbols carry absolute addresses */
		err = maps__insert(m->kmaps, map__new(start, start + len, 0, dso, true));
		/* its range, and a new version there (the whole range, extended) */
		m->kcore_start = start;
		m->kcore_end = start + len;
		machine__kmaps_changed(m, start, start + len);
		return err;
	}
	if (module_name(name, mod, sizeof(mod))) {
		/* a module: its symbols from kallsyms, relative to its start */
		dso = dsos__findnew(&m->dsos, mod, DSO_KIND_MODULE);
		if (!dso)
			return -ENOMEM;
		if (!dso->loaded) {
			dso->kallsyms = machine__modules_kallsyms(m);
			dso->base = start;
			/* another kernel's modules: no symbols of this one's */
			if (!dso->kallsyms)
				dso->loaded = true;
		}
		return maps__insert(m->kmaps, map__new(start, start + len, dso->base - start, dso,
						       false));
	}
	dso = dsos__findnew(&m->dsos, name, DSO_KIND_USER);
	if (!dso)
		return -ENOMEM;
	return maps__insert(m->kmaps, map__new(start, start + len, pgoff, dso, false));
}

static int machine__process_mmap(struct machine *m, const union perf_event *ev)
{
	u32 fixed = ev->header.type == PERF_RECORD_MMAP ? sizeof(struct perf_record_mmap) :
			sizeof(struct perf_record_mmap2);
	const char *fname = ev->header.type == PERF_RECORD_MMAP ? ev->mmap.filename :
			    ev->mmap2.filename;
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	char name[4096 + 64];
	struct thread *t;
	struct maps *maps;
	struct map *map;
	struct dso *dso;
	enum dso_kind kind = DSO_KIND_USER;
	bool identity = false, exec, anon;
	size_t n;
	s32 pid, tid;

	if (ev->header.size <= fixed)
		return -EINVAL;
	n = strnlen(fname, min((size_t)(ev->header.size - fixed), sizeof(name) - 64));
	memcpy(name, fname, n);
	name[n] = '\0';
	/* same layout up to pgoff in both */
	pid = (s32)ev->mmap.pid;
	tid = (s32)ev->mmap.tid;
	if (!ev->mmap.len || ev->mmap.start + ev->mmap.len < ev->mmap.start)
		return 0;
	if (pid == -1 || cpumode == PERF_RECORD_MISC_KERNEL)
		return machine__add_kernel_mmap(m, ev->mmap.start, ev->mmap.len,
						ev->mmap.pgoff, name);
	if (cpumode != PERF_RECORD_MISC_USER)
		return 0;	/* guests are not ours */

	t = machine__findnew_thread(m, pid, tid);
	if (!t)
		return -ENOMEM;
	maps = machine__thread_maps(m, t);
	if (!maps)
		return -ENOMEM;
	/* PERF_RECORD_MMAP has no prot: executable unless marked as data */
	exec = ev->header.type == PERF_RECORD_MMAP2 ? (ev->mmap2.prot & PROT_EXEC) != 0 :
	       !(ev->header.misc & PERF_RECORD_MISC_MMAP_DATA);
	anon = is_anon_name(name) || (ev->header.type == PERF_RECORD_MMAP2 &&
				      (ev->mmap2.flags & MAP_HUGETLB));
	if ((anon || is_no_dso_name(name)) && exec) {
		/* JIT code: named by the runtime's /tmp/perf-<pid>.map, if any */
		snprintf(name, sizeof(name), "/tmp/perf-%d.map", pid);
		kind = DSO_KIND_JIT;
		identity = true;
	} else if (anon || is_no_dso_name(name)) {
		kind = DSO_KIND_ANON;
		identity = true;
	} else if (!strcmp(name, "[vdso]")) {
		kind = DSO_KIND_VDSO;
	}
	dso = dsos__findnew(&m->dsos, name, kind);
	if (!dso)
		return -ENOMEM;
	machine__maps_changed(m, maps);
	map = map__new(ev->mmap.start, ev->mmap.start + ev->mmap.len,
		       identity ? 0 : ev->mmap.pgoff, dso, identity);
	if (map && ev->header.type == PERF_RECORD_MMAP2) {
		map->prot = ev->mmap2.prot;
		map->flags = ev->mmap2.flags;
		if (!(ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID))
			map->ino = ev->mmap2.ino;
	} else if (map) {
		/* as upstream: PERF_RECORD_MMAP's are executable unless data */
		map->prot = exec ? PROT_EXEC : 0;
	}
	return maps__insert(maps, map);
}

/* The name of a side-band record's thread (its sample_id's), NULL when unknown. */
static const char *machine__sample_comm(struct machine *m, const struct perf_sample *sample)
{
	struct thread *t = machine__find_thread(m, (s32)sample->tid);

	return t && t->comm_set ? t->comm : NULL;
}

static int machine__process_ksymbol(struct machine *m, const union perf_event *ev,
				    const struct perf_sample *sample)
{
	size_t fixed = sizeof(struct perf_record_ksymbol);
	char name[512];
	struct dso *dso;
	struct map *map;
	size_t n;
	int err;

	if (ev->header.size <= fixed)
		return -EINVAL;
	/* only the kernel's addresses change, and only where the program is */
	if (ev->ksymbol.flags & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER) {
		map = maps__find(m->kmaps, ev->ksymbol.addr);
		machine__kmaps_changed(m, map ? map->start : ev->ksymbol.addr,
				       map ? map->end : ev->ksymbol.addr + 1);
		if (map && map->dso != m->kernel_dso)
			maps__remove_at(m->kmaps, map->start);
		return bpf_progs__ksymbol(m->progs, ev, sample, NULL, NULL);
	}
	machine__kmaps_changed(m, ev->ksymbol.addr, ev->ksymbol.addr + max(ev->ksymbol.len, 1u));
	if (!ev->ksymbol.len || ev->ksymbol.addr + ev->ksymbol.len < ev->ksymbol.addr)
		return 0;
	n = strnlen(ev->ksymbol.name, min(ev->header.size - fixed, sizeof(name) - 1));
	memcpy(name, ev->ksymbol.name, n);
	name[n] = '\0';
	map = maps__find(m->kmaps, ev->ksymbol.addr);
	if (map && map->dso != m->kernel_dso && map->start == ev->ksymbol.addr) {
		err = dso__add_symbol(map->dso, map__map_ip(map, ev->ksymbol.addr),
				      ev->ksymbol.len, name);
		return err ? err : bpf_progs__ksymbol(m->progs, ev, sample, map->dso,
						      machine__sample_comm(m, sample));
	}
	/* a dso per registration, as upstream: rows merge by name, graphs do not */
	dso = dsos__new_dso(&m->dsos, name, DSO_KIND_BPF);
	if (!dso)
		return -ENOMEM;
	err = dso__add_symbol(dso, 0, ev->ksymbol.len, name);
	if (!err)
		err = maps__insert(m->kmaps, map__new(ev->ksymbol.addr,
						      ev->ksymbol.addr + ev->ksymbol.len, 0, dso,
						      false));
	return err ? err : bpf_progs__ksymbol(m->progs, ev, sample, dso,
					      machine__sample_comm(m, sample));
}

static int machine__process_bpf_event(struct machine *m, const union perf_event *ev,
				      const struct perf_sample *sample)
{
	return bpf_progs__bpf_event(m->progs, ev, sample, machine__sample_comm(m, sample));
}

/* A cgroup's path, up to its NUL or the record's end. */
static int machine__process_cgroup(struct machine *m, const union perf_event *ev)
{
	size_t size = ev->header.size, len;

	if (size < sizeof(ev->cgroup))
		return -EINVAL;
	len = strnlen(ev->cgroup.path, size - sizeof(ev->cgroup));
	return cgroups__add(&m->cgroups, ev->cgroup.id, ev->cgroup.path, len);
}

int machine__process_event(struct machine *m, const union perf_event *ev,
			   const struct perf_sample *sample)
{
	static const struct perf_sample none = { .pid = (u32)-1, .tid = (u32)-1 };

	if (!sample)
		sample = &none;
	/* the programs' times are relative to the recording's first record */
	bpf_progs__see_time(m->progs, sample->time);
	switch (ev->header.type) {
	case PERF_RECORD_COMM:
		return machine__process_comm(m, ev);
	case PERF_RECORD_FORK:
		/* (a thread replaced: its maps' version goes with them) */
		return machine__process_fork(m, ev);
	case PERF_RECORD_EXIT:
		return machine__process_fork(m, ev);
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		return machine__process_mmap(m, ev);
	case PERF_RECORD_KSYMBOL:
		return machine__process_ksymbol(m, ev, sample);
	case PERF_RECORD_BPF_EVENT:
		return machine__process_bpf_event(m, ev, sample);
	case PERF_RECORD_CGROUP:
		return machine__process_cgroup(m, ev);
	default:
		return 0;
	}
}
