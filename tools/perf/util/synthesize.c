// SPDX-License-Identifier: GPL-2.0
/* Synthesized records for the state of the machine when recording starts. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "array.h"
#include "event.h"
#include "kallsyms.h"
#include "record-buildid.h"
#include "synthesize.h"
#include "thread-map.h"

#define SYNTH_BUF	(PATH_MAX + 512)

/* A record buffer, 8-byte aligned. */
union synth_buf {
	union perf_event	ev;
	u64			words[SYNTH_BUF / 8];
};

int perf_synth__emit(struct perf_synth *s, union perf_event *ev)
{
	u8 *p = (u8 *)ev + ev->header.size;
	u64 bits[] = { PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ID,
		       PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER };
	size_t i;

	memset(p, 0, s->id_hdr_size);
	for (i = 0; i < ARRAY_SIZE(bits); i++) {
		if (!(s->sample_type & bits[i]))
			continue;
		if (bits[i] == PERF_SAMPLE_TIME)
			memcpy(p, &s->time, sizeof(u64));
		else if (bits[i] == PERF_SAMPLE_ID || bits[i] == PERF_SAMPLE_IDENTIFIER)
			memcpy(p, &s->id, sizeof(u64));
		p += sizeof(u64);
	}
	ev->header.size += s->id_hdr_size;
	return s->emit(s->priv, ev);
}

/* Copy a name NUL-padded to 8 bytes at dst; returns the bytes used. */
static size_t put_name(char *dst, const char *name, size_t max)
{
	size_t len = strnlen(name, max - 1);
	size_t padded = PERF_ALIGN(len + 1, (size_t)8);

	memcpy(dst, name, len);
	memset(dst + len, 0, padded - len);
	return padded;
}

/* Addresses of _text, _stext and _etext in one pass over /proc/kallsyms. */
static void kallsyms__text(u64 *text, u64 *stext, u64 *etext)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	int found = 0;

	*text = *stext = *etext = 0;
	if (!fp)
		return;
	while (found < 3 && fgets(line, sizeof(line), fp)) {
		char *name = strchr(line, ' ');
		unsigned long long addr;

		/* "addr type name[\tmodule]": only core symbols are of interest */
		if (!name || !name[1] || name[2] != ' ')
			continue;
		name += 3;
		if (name[0] != '_')
			continue;
		addr = strtoull(line, NULL, 16);
		if (!strcmp(name, "_text\n")) {
			*text = addr;
			found++;
		} else if (!strcmp(name, "_stext\n")) {
			*stext = addr;
			found++;
		} else if (!strcmp(name, "_etext\n")) {
			*etext = addr;
			found++;
		}
	}
	fclose(fp);
}

/* --buildid-mmap: the build id in place of the device and inode, when there is one */
static void synth__set_build_id(struct perf_record_mmap2 *m, const char *path)
{
	u8 id[BUILD_ID_MAX];
	size_t len = sizeof(id);
	int err = path ? build_id__read_elf(path, id, &len) : build_id__read_kernel(id, &len);

	if (err || !len || len > sizeof(m->build_id))
		return;
	memset(&m->maj, 0, offsetof(struct perf_record_mmap2, prot) -
	       offsetof(struct perf_record_mmap2, maj));
	memcpy(m->build_id, id, len);
	m->build_id_size = (u8)len;
	m->header.misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
}

/* --buildid-mmap: the kernel's text map as an MMAP2 with its build id */
static int synth__kernel_mmap2(struct perf_synth *s, u64 start, u64 end)
{
	union synth_buf b;
	struct perf_record_mmap2 *m = &b.ev.mmap2;

	memset(m, 0, sizeof(*m));
	m->header.type = PERF_RECORD_MMAP2;
	m->header.misc = PERF_RECORD_MISC_KERNEL;
	m->pid = (u32)-1;
	m->start = start;
	m->len = end > start ? end - start : 0;
	m->pgoff = start;
	synth__set_build_id(m, NULL);
	m->header.size = sizeof(*m) + put_name(m->filename, "[kernel.kallsyms]_text", 64);
	return perf_synth__emit(s, &b.ev);
}

int perf_synth__kernel_mmap(struct perf_synth *s)
{
	union synth_buf b;
	struct perf_record_mmap *m = &b.ev.mmap;
	u64 start, stext, end;

	kallsyms__text(&start, &stext, &end);
	memset(m, 0, sizeof(*m));
	if (!start)
		start = stext;
	if (!start)
		return 0;	/* addresses hidden (kptr_restrict): nothing to say */
	if (s->mmap_build_id)
		return synth__kernel_mmap2(s, start, end);
	m->header.type = PERF_RECORD_MMAP;
	m->header.misc = PERF_RECORD_MISC_KERNEL;
	m->pid = (u32)-1;
	m->tid = 0;
	m->start = start;
	m->len = end > start ? end - start : 0;
	m->pgoff = start;
	m->header.size = sizeof(*m) + put_name(m->filename, "[kernel.kallsyms]_text", 64);
	return perf_synth__emit(s, &b.ev);
}

static int synth_module(void *arg, const char *name, u64 start, u64 size)
{
	union synth_buf b;
	struct perf_record_mmap *m = &b.ev.mmap;
	char mod[260];

	memset(m, 0, sizeof(*m));
	m->header.type = PERF_RECORD_MMAP;
	m->header.misc = PERF_RECORD_MISC_KERNEL;
	m->pid = (u32)-1;
	m->start = start;
	m->len = size;
	snprintf(mod, sizeof(mod), "[%s]", name);
	m->header.size = sizeof(*m) + put_name(m->filename, mod, sizeof(mod));
	return perf_synth__emit(arg, &b.ev);
}

int perf_synth__modules(struct perf_synth *s)
{
	/* no /proc/modules (a kernel without modules): nothing to say */
	if (access("/proc/modules", R_OK))
		return 0;
	return modules__for_each("/proc/modules", synth_module, s);
}

static int read_small_file(const char *path, char *buf, size_t size)
{
	FILE *fp = fopen(path, "r");
	size_t n;

	if (!fp)
		return -errno;
	n = fread(buf, 1, size - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return 0;
}

/* Name, Tgid and PPid of a task from its status file. */
static int task__status(pid_t pid, pid_t tid, char *comm, size_t commsz, pid_t *tgid,
			pid_t *ppid)
{
	char path[64], buf[4096], *p;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", pid, tid);
	if (read_small_file(path, buf, sizeof(buf)))
		return -ESRCH;
	*tgid = pid;
	*ppid = 0;
	comm[0] = '\0';
	for (p = strtok(buf, "\n"); p; p = strtok(NULL, "\n")) {
		if (!strncmp(p, "Name:", 5)) {
			p += 5;
			while (*p == ' ' || *p == '\t')
				p++;
			snprintf(comm, commsz, "%s", p);
		} else if (!strncmp(p, "Tgid:", 5)) {
			*tgid = atoi(p + 5);
		} else if (!strncmp(p, "PPid:", 5)) {
			*ppid = atoi(p + 5);
		}
	}
	return 0;
}

/*
 * FORK first, then COMM: a reader handles a FORK of a thread it knows as a
 * new thread taking its parent's comm, so the COMM must come after it.
 */
static int synth__comm_fork(struct perf_synth *s, pid_t pid, pid_t tid, const char *comm,
			    pid_t ppid)
{
	union synth_buf b;
	struct perf_record_comm *c = &b.ev.comm;
	struct perf_record_fork *f = &b.ev.fork;
	int err;

	memset(f, 0, sizeof(*f));
	f->header.type = PERF_RECORD_FORK;
	f->header.size = sizeof(*f);
	f->pid = pid;
	f->tid = tid;
	/* the main thread comes from its parent process, other threads from it */
	f->ppid = pid == tid ? ppid : pid;
	f->ptid = pid == tid ? ppid : pid;
	err = perf_synth__emit(s, &b.ev);
	if (err)
		return err;

	memset(c, 0, sizeof(*c));
	c->header.type = PERF_RECORD_COMM;
	c->pid = pid;
	c->tid = tid;
	c->header.size = sizeof(*c) + put_name(c->comm, comm, 16);
	return perf_synth__emit(s, &b.ev);
}

/* The executable mappings of a process as MMAP2 records. */
static int synth__mmaps(struct perf_synth *s, pid_t pid)
{
	char path[64], line[PATH_MAX + 128];
	FILE *fp;
	int err = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	fp = fopen(path, "r");
	if (!fp)
		return 0;	/* gone, or a kernel thread */
	while (!err && fgets(line, sizeof(line), fp)) {
		union synth_buf b;
		struct perf_record_mmap2 *m = &b.ev.mmap2;
		unsigned long long start, end, pgoff, ino;
		unsigned int maj, min;
		char perm[8], *name;
		int n = 0;
		size_t len;

		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perm, &pgoff,
			   &maj, &min, &ino, &n) < 7 || !n)
			continue;
		if (perm[2] != 'x')
			continue;
		name = line + n;
		len = strlen(name);
		while (len && (name[len - 1] == '\n' || name[len - 1] == ' '))
			name[--len] = '\0';
		if (!len)
			name = "//anon";
		if (!strcmp(name, "[vsyscall]"))
			continue;

		memset(m, 0, sizeof(*m));
		m->header.type = PERF_RECORD_MMAP2;
		m->header.misc = PERF_RECORD_MISC_USER;
		m->pid = pid;
		m->tid = pid;
		m->start = start;
		m->len = end - start;
		m->pgoff = pgoff;
		m->maj = maj;
		m->min = min;
		m->ino = ino;
		m->prot = (perm[0] == 'r' ? PROT_READ : 0) | (perm[1] == 'w' ? PROT_WRITE : 0) |
			  PROT_EXEC;
		m->flags = perm[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
		if (s->mmap_build_id && name[0] == '/')
			synth__set_build_id(m, name);
		m->header.size = sizeof(*m) + put_name(m->filename, name, PATH_MAX);
		err = perf_synth__emit(s, &b.ev);
	}
	fclose(fp);
	return err;
}

int perf_synth__namespaces(struct perf_synth *s, pid_t pid)
{
	static const char *const names[PERF_NR_NAMESPACES] = {
		[PERF_NS_NET] = "net", [PERF_NS_UTS] = "uts", [PERF_NS_IPC] = "ipc",
		[PERF_NS_PID] = "pid", [PERF_NS_USER] = "user", [PERF_NS_MNT] = "mnt",
		[PERF_NS_CGROUP] = "cgroup",
	};
	union synth_buf b;
	struct perf_record_namespaces *ns = &b.ev.namespaces;
	int i;

	memset(ns, 0, sizeof(*ns) + PERF_NR_NAMESPACES * sizeof(ns->link_info[0]));
	ns->header.type = PERF_RECORD_NAMESPACES;
	ns->header.size = sizeof(*ns) + PERF_NR_NAMESPACES * sizeof(ns->link_info[0]);
	ns->pid = pid;
	ns->tid = pid;
	ns->nr_namespaces = PERF_NR_NAMESPACES;
	for (i = 0; i < PERF_NR_NAMESPACES; i++) {
		char path[64];
		struct stat st;

		snprintf(path, sizeof(path), "/proc/%d/ns/%s", pid, names[i]);
		if (stat(path, &st))
			continue;
		ns->link_info[i].dev = st.st_dev;
		ns->link_info[i].ino = st.st_ino;
	}
	return perf_synth__emit(s, &b.ev);
}

static int synth__process(struct perf_synth *s, pid_t pid)
{
	char path[64], comm[64];
	struct dirent *de;
	pid_t tgid, ppid;
	DIR *dir;
	int err = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return 0;	/* exited meanwhile */
	if (s->namespaces)
		err = perf_synth__namespaces(s, pid);
	while (!err && (de = readdir(dir))) {
		char *end;
		long tid = strtol(de->d_name, &end, 10);

		if (de->d_name[0] == '.' || *end)
			continue;
		if (task__status(pid, (pid_t)tid, comm, sizeof(comm), &tgid, &ppid))
			continue;
		err = synth__comm_fork(s, pid, (pid_t)tid, comm, ppid);
	}
	closedir(dir);
	if (!err && !s->no_mmaps)
		err = synth__mmaps(s, pid);
	return err;
}

int perf_synth__threads(struct perf_synth *s, const struct perf_thread_map *threads)
{
	struct dirent *de;
	DIR *dir;
	int err = 0, i, j;
	if (threads) {
		for (i = 0; !err && i < threads->nr; i++) {
			char comm[64];
			pid_t tgid, ppid;
			bool done = false;

			if (threads->pids[i] <= 0 ||
			    task__status(threads->pids[i], threads->pids[i], comm, sizeof(comm),
					 &tgid, &ppid))
				continue;
			for (j = 0; j < i; j++) {
				pid_t other, pp;

				if (!task__status(threads->pids[j], threads->pids[j], comm,
						  sizeof(comm), &other, &pp) && other == tgid)
					done = true;
			}
			if (!done)
				err = synth__process(s, tgid);
		}
		return err;
	}

	dir = opendir("/proc");
	if (!dir)
		return -errno;
	while (!err && (de = readdir(dir))) {
		char *end;
		long pid = strtol(de->d_name, &end, 10);

		if (!isdigit((unsigned char)de->d_name[0]) || *end)
			continue;
		err = synth__process(s, (pid_t)pid);
	}
	closedir(dir);
	return err;
}

static int ksym_cmp(const void *a, const void *b)
{
	const struct bpf_kallsyms_entry *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/*
 * A BPF name printed without a module name (kernels before [bpf]): only
 * the unambiguous forms, bpf_prog_<16 hex>[_...] and bpf_trampoline_<key>,
 * since core kernel functions are also called bpf_trampoline_link_prog ...
 */
static bool is_bare_bpf_name(const char *name)
{
	int i;

	if (!strncmp(name, "bpf_prog_", 9)) {
		for (i = 9; i < 25; i++)
			if (!isxdigit((unsigned char)name[i]))
				return false;
		return name[25] == '\0' || name[25] == '_';
	}
	if (!strncmp(name, "bpf_trampoline_", 15) && name[15]) {
		for (i = 15; name[i]; i++)
			if (!isdigit((unsigned char)name[i]))
				return false;
		return true;
	}
	return false;
}

int bpf_kallsyms__parse(struct bpf_kallsyms *ks, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	u32 alloc = 0, nr_tagged = 0, i, j;

	memset(ks, 0, sizeof(*ks));
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *le = nl ? nl : end;
		char line[600], name[512], mod[64];
		unsigned long long addr;
		char type;
		int n;

		n = le - p < (long)sizeof(line) ? (int)(le - p) : (int)sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		p = nl ? nl + 1 : end;
		/* cheap filter first: every line we keep mentions bpf_ */
		if (!strstr(line, "bpf"))
			continue;
		mod[0] = '\0';
		if (sscanf(line, "%llx %c %511s %63s", &addr, &type, name, mod) < 3)
			continue;
		if (mod[0] ? strcmp(mod, "[bpf]") : !is_bare_bpf_name(name))
			continue;
		if (array__grow((void **)&ks->entries, &alloc, ks->nr + 1, sizeof(*ks->entries), 64))
			goto nomem;
		ks->entries[ks->nr].addr = addr;
		ks->entries[ks->nr].name = strdup(name);
		ks->entries[ks->nr].tagged = mod[0] != '\0';
		if (!ks->entries[ks->nr].name)
			goto nomem;
		nr_tagged += mod[0] != '\0';
		ks->nr++;
	}
	/* a kernel that tags BPF symbols tags them all: drop the bare ones */
	if (nr_tagged) {
		for (i = 0, j = 0; i < ks->nr; i++) {
			if (ks->entries[i].tagged)
				ks->entries[j++] = ks->entries[i];
			else
				free(ks->entries[i].name);
		}
		ks->nr = j;
	}
	if (ks->nr)
		qsort(ks->entries, ks->nr, sizeof(*ks->entries), ksym_cmp);
	return 0;
nomem:
	bpf_kallsyms__exit(ks);
	return -ENOMEM;
}

int bpf_kallsyms__load(struct bpf_kallsyms *ks)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char *buf = NULL;
	size_t size = 0;
	int err;

	memset(ks, 0, sizeof(*ks));
	if (!fp)
		return -errno;
	{
		FILE *mem = open_memstream(&buf, &size);
		char chunk[65536];
		size_t n;

		if (!mem) {
			fclose(fp);
			return -ENOMEM;
		}
		while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
			fwrite(chunk, 1, n, mem);
		fclose(mem);
	}
	fclose(fp);
	err = buf ? bpf_kallsyms__parse(ks, buf, size) : -ENOMEM;
	free(buf);
	return err;
}

void bpf_kallsyms__exit(struct bpf_kallsyms *ks)
{
	u32 i;

	for (i = 0; i < ks->nr; i++)
		free(ks->entries[i].name);
	free(ks->entries);
	ks->entries = NULL;
	ks->nr = 0;
}

const char *bpf_kallsyms__find(const struct bpf_kallsyms *ks, u64 addr)
{
	u32 lo = 0, hi = ks->nr;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (ks->entries[mid].addr == addr)
			return ks->entries[mid].name;
		if (ks->entries[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int perf_synth__ksymbol(struct perf_synth *s, u64 addr, u32 len, u16 ksym_type, u16 flags,
			const char *name)
{
	union synth_buf b;
	struct perf_record_ksymbol *k = &b.ev.ksymbol;

	memset(k, 0, sizeof(*k));
	k->header.type = PERF_RECORD_KSYMBOL;
	k->addr = addr;
	k->len = len;
	k->ksym_type = ksym_type;
	k->flags = flags;
	k->header.size = sizeof(*k) + put_name(k->name, name, 512);
	return perf_synth__emit(s, &b.ev);
}

int perf_synth__bpf_images(struct perf_synth *s, const struct bpf_kallsyms *ks)
{
	u32 i;
	int err = 0;

	for (i = 0; !err && i < ks->nr; i++) {
		const char *name = ks->entries[i].name;

		if (strncmp(name, "bpf_trampoline_", 15) && strncmp(name, "bpf_dispatcher_", 15))
			continue;
		err = perf_synth__ksymbol(s, ks->entries[i].addr, 4096,
					  PERF_RECORD_KSYMBOL_TYPE_BPF, 0, name);
	}
	return err;
}
