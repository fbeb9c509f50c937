// SPDX-License-Identifier: GPL-2.0
/*
 * workload.c - capture BPF programs once with libbpf, load them many times.
 *
 * See workload.h for the why.  The capture relies on a documented libbpf
 * (>= 1.0) hook: custom SEC() handlers are tried before libbpf's own, and
 * their prog_prepare_load_fn sees the final bpf_prog_load_opts, including
 * prog_btf_fd, func_info and line_info, right before libbpf loads.
 *
 * The hook then returns WORKLOAD_CAPTURED, so libbpf gives up before its
 * BPF_PROG_LOAD: no program is loaded during the capture, and a recording
 * sees only the programs bpfload reports (plus libbpf's feature probes).
 * As a failed program fails the whole object, the object is opened once per
 * program with only that program set to autoload.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "workload.h"

/* What the capture hook returns to stop libbpf right before it loads. */
#define WORKLOAD_CAPTURED	(-ECANCELED)

struct workload_prog {
	char			*name;
	enum bpf_prog_type	type;
	struct bpf_insn		*insns;
	size_t			insn_cnt;
	void			*func_info;
	__u32			func_info_cnt;
	__u32			func_info_rec_size;
	void			*line_info;
	__u32			line_info_cnt;
	__u32			line_info_rec_size;
	int			btf_fd;		/* -1: no BTF */
};

struct workload {
	int			nr_progs;
	int			alloc_progs;
	struct workload_prog	*progs;
	int			capture_err;
};

static void *memdup(const void *src, size_t len)
{
	void *p;

	if (!src || !len)
		return NULL;
	p = malloc(len);
	if (p)
		memcpy(p, src, len);
	return p;
}

static void workload_prog__exit(struct workload_prog *p)
{
	if (p->btf_fd >= 0)
		close(p->btf_fd);
	free(p->name);
	free(p->insns);
	free(p->func_info);
	free(p->line_info);
}

static int workload__capture(struct bpf_program *prog, struct bpf_prog_load_opts *opts,
			     long cookie)
{
	struct workload *w = (struct workload *)(uintptr_t)cookie;
	struct workload_prog *p;
	int err = -ENOMEM;

	if (w->nr_progs == w->alloc_progs) {
		int n = w->alloc_progs ? 2 * w->alloc_progs : 8;
		void *np = realloc(w->progs, n * sizeof(*w->progs));

		if (!np)
			goto out;
		w->progs = np;
		w->alloc_progs = n;
	}
	p = &w->progs[w->nr_progs];
	memset(p, 0, sizeof(*p));
	p->btf_fd = -1;
	p->type = bpf_program__type(prog);
	p->insn_cnt = bpf_program__insn_cnt(prog);
	p->name = strdup(bpf_program__name(prog));
	p->insns = memdup(bpf_program__insns(prog), p->insn_cnt * sizeof(struct bpf_insn));
	if (!p->name || !p->insns)
		goto out_prog;

	if (opts->prog_btf_fd > 0 && opts->func_info_cnt) {
		/* Closing the object closes its BTF fd: keep the BTF alive. */
		p->btf_fd = fcntl(opts->prog_btf_fd, F_DUPFD_CLOEXEC, 3);
		if (p->btf_fd < 0) {
			err = -errno;
			goto out_prog;
		}
		p->func_info_cnt = opts->func_info_cnt;
		p->func_info_rec_size = opts->func_info_rec_size;
		p->func_info = memdup(opts->func_info,
				      (size_t)p->func_info_cnt * p->func_info_rec_size);
		if (!p->func_info)
			goto out_prog;
		p->line_info_cnt = opts->line_info_cnt;
		p->line_info_rec_size = opts->line_info_rec_size;
		if (p->line_info_cnt) {
			p->line_info = memdup(opts->line_info,
					      (size_t)p->line_info_cnt * p->line_info_rec_size);
			if (!p->line_info)
				goto out_prog;
		}
	}
	w->nr_progs++;
	return WORKLOAD_CAPTURED;

out_prog:
	workload_prog__exit(p);
out:
	w->capture_err = err;
	return err;
}

static libbpf_print_fn_t workload__saved_print;

/* libbpf's complaints about WORKLOAD_CAPTURED are expected: drop them. */
static int workload__capture_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (strstr(fmt, "failed to prepare load attributes") ||
	    strstr(fmt, "failed to load: %d") || strstr(fmt, "failed to load object"))
		return 0;
	return workload__saved_print ? workload__saved_print(level, fmt, ap) : 0;
}

static struct bpf_object *workload__open_obj(const char *path, const void *buf, size_t size)
{
	if (path)
		return bpf_object__open_file(path, NULL);
	return bpf_object__open_mem(buf, size, NULL);
}

/* Capture program @idx of the object: libbpf prepares it, the hook copies it. */
static int workload__capture_one(struct workload *w, const char *path, const void *buf,
				 size_t size, int idx)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	int i = 0, err, nr = w->nr_progs;

	obj = workload__open_obj(path, buf, size);
	if (!obj)
		return -errno;
	bpf_object__for_each_program(prog, obj)
		bpf_program__set_autoload(prog, i++ == idx);
	w->capture_err = 0;
	err = bpf_object__load(obj);
	if (w->capture_err)
		err = w->capture_err;
	else if (err == WORKLOAD_CAPTURED && w->nr_progs == nr + 1)
		err = 0;
	else if (!err)
		err = -EPROTO;	/* libbpf loaded without calling the hook */
	bpf_object__close(obj);
	return err;
}

int workload__new(struct workload **wp, const char *path, const void *buf, size_t size)
{
	LIBBPF_OPTS(libbpf_prog_handler_opts, hopts);
	struct bpf_program *prog;
	struct bpf_object *obj;
	struct workload *w;
	int handler, nr = 0, i, err;

	w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;

	/* Count the programs; libbpf tells subprograms apart already. */
	obj = workload__open_obj(path, buf, size);
	if (!obj) {
		err = -errno;
		goto out_free;
	}
	bpf_object__for_each_program(prog, obj)
		nr++;
	bpf_object__close(obj);
	if (!nr) {
		err = -ENOENT;
		goto out_free;
	}

	hopts.cookie = (long)(uintptr_t)w;
	hopts.prog_prepare_load_fn = workload__capture;
	handler = libbpf_register_prog_handler("socket", BPF_PROG_TYPE_SOCKET_FILTER, 0, &hopts);
	if (handler < 0) {
		err = handler;
		goto out_free;
	}
	workload__saved_print = libbpf_set_print(workload__capture_print);
	for (i = 0, err = 0; i < nr && !err; i++)
		err = workload__capture_one(w, path, buf, size, i);
	libbpf_set_print(workload__saved_print);
	libbpf_unregister_prog_handler(handler);
	if (err)
		goto out_free;
	*wp = w;
	return 0;

out_free:
	workload__delete(w);
	return err;
}

void workload__delete(struct workload *w)
{
	int i;

	if (!w)
		return;
	for (i = 0; i < w->nr_progs; i++)
		workload_prog__exit(&w->progs[i]);
	free(w->progs);
	free(w);
}

int workload__nr_progs(const struct workload *w)
{
	return w->nr_progs;
}

const char *workload__prog_name(const struct workload *w, int idx)
{
	return w->progs[idx].name;
}

int workload__nr_funcs(const struct workload *w, int idx)
{
	return w->progs[idx].func_info_cnt;
}

bool workload__has_btf(const struct workload *w)
{
	int i;

	for (i = 0; i < w->nr_progs; i++)
		if (w->progs[i].btf_fd >= 0)
			return true;
	return false;
}

int workload__load(const struct workload *w, int idx, bool btf, char *log, size_t log_size)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	const struct workload_prog *p = &w->progs[idx];
	int fd;

	if (btf && p->btf_fd >= 0) {
		opts.prog_btf_fd = p->btf_fd;
		opts.func_info = p->func_info;
		opts.func_info_cnt = p->func_info_cnt;
		opts.func_info_rec_size = p->func_info_rec_size;
		opts.line_info = p->line_info;
		opts.line_info_cnt = p->line_info_cnt;
		opts.line_info_rec_size = p->line_info_rec_size;
	}
	if (log && log_size) {
		log[0] = '\0';
		opts.log_level = 1;
		opts.log_buf = log;
		opts.log_size = log_size > UINT32_MAX ? UINT32_MAX : (__u32)log_size;
	}
	/* libbpf truncates the name to BPF_OBJ_NAME_LEN - 1, as the kernel wants. */
	fd = bpf_prog_load(p->type, p->name, "GPL", p->insns, p->insn_cnt, &opts);
	if (fd < 0)
		return -errno;
	return fd;
}

int prog__id(int fd, __u32 *id)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	*id = info.id;
	return 0;
}

int prog_desc__fill(struct prog_desc *d, int fd)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info), nr;
	int err;

	memset(d, 0, sizeof(*d));
	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	nr = info.nr_jited_ksyms;
	if (nr) {
		d->ksyms = calloc(nr, sizeof(*d->ksyms));
		if (!d->ksyms)
			return -ENOMEM;
	}
	memset(&info, 0, sizeof(info));
	len = sizeof(info);
	info.nr_jited_ksyms = nr;
	info.jited_ksyms = (__u64)(uintptr_t)d->ksyms;
	if (bpf_obj_get_info_by_fd(fd, &info, &len)) {
		err = -errno;
		goto out_err;
	}
	/* The program cannot change under an fd, but be strict anyway. */
	if (info.nr_jited_ksyms != nr) {
		err = -EAGAIN;
		goto out_err;
	}
	d->id = info.id;
	memcpy(d->tag, info.tag, sizeof(d->tag));
	d->nr_ksyms = nr;
	return 0;

out_err:
	prog_desc__exit(d);
	return err;
}

void prog_desc__exit(struct prog_desc *d)
{
	free(d->ksyms);
	d->ksyms = NULL;
	d->nr_ksyms = 0;
}

struct ksym {
	__u64	addr;
	char	*name;
};

struct ksym_table {
	size_t		nr;
	size_t		alloc;
	struct ksym	*syms;
};

static int ksym__cmp(const void *a, const void *b)
{
	const struct ksym *ka = a, *kb = b;

	if (ka->addr != kb->addr)
		return ka->addr < kb->addr ? -1 : 1;
	return 0;
}

static int ksym_table__add(struct ksym_table *t, __u64 addr, const char *name)
{
	if (t->nr == t->alloc) {
		size_t n = t->alloc ? 2 * t->alloc : 256;
		void *p = realloc(t->syms, n * sizeof(*t->syms));

		if (!p)
			return -ENOMEM;
		t->syms = p;
		t->alloc = n;
	}
	t->syms[t->nr].name = strdup(name);
	if (!t->syms[t->nr].name)
		return -ENOMEM;
	t->syms[t->nr++].addr = addr;
	return 0;
}

int ksym_table__new(struct ksym_table **tp, const char *path)
{
	struct ksym_table *t;
	char line[1200], name[520], mod[64];
	unsigned long long addr;
	char type;
	FILE *f;
	int err = 0, n;

	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	f = fopen(path ? path : "/proc/kallsyms", "re");
	if (!f) {
		err = -errno;
		goto out_free;
	}
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n') && !feof(f)) {
			/* Longer than KSYM_NAME_LEN allows: skip the whole line. */
			int c;

			while ((c = fgetc(f)) != EOF && c != '\n')
				;
			continue;
		}
		mod[0] = '\0';
		n = sscanf(line, "%llx %c %519s %63s", &addr, &type, name, mod);
		if (n < 3)
			continue;
		/*
		 * BPF symbols carry the module name [bpf]; a kernel without it
		 * (the stripped base) lists them bare, so take bpf_prog_* there too.
		 */
		if (strcmp(mod, "[bpf]") && (n > 3 || strncmp(name, "bpf_prog_", 9)))
			continue;
		err = ksym_table__add(t, addr, name);
		if (err)
			break;
	}
	fclose(f);
	if (err)
		goto out_free;
	qsort(t->syms, t->nr, sizeof(*t->syms), ksym__cmp);
	*tp = t;
	return 0;

out_free:
	ksym_table__delete(t);
	return err;
}

void ksym_table__delete(struct ksym_table *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nr; i++)
		free(t->syms[i].name);
	free(t->syms);
	free(t);
}

const char *ksym_table__find(const struct ksym_table *t, __u64 addr)
{
	struct ksym key = { .addr = addr };
	const struct ksym *k;

	if (!t->nr)
		return NULL;
	k = bsearch(&key, t->syms, t->nr, sizeof(*t->syms), ksym__cmp);
	return k ? k->name : NULL;
}
