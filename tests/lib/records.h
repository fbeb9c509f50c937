/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests: side-band records made in one static buffer (each call
 * overwrites the last): COMM, FORK, MMAP2 and KSYMBOL.
 */
#ifndef __TESTS_RECORDS_H
#define __TESTS_RECORDS_H

#include <stdbool.h>
#include <string.h>

#include "util/event.h"

static u64 buf[512];

static inline const union perf_event *comm_ev(u32 pid, u32 tid, const char *comm)
{
	struct perf_record_comm *c = (void *)buf;

	memset(buf, 0, sizeof(buf));
	c->header.type = PERF_RECORD_COMM;
	c->header.size = sizeof(*c) + 16;
	c->pid = pid;
	c->tid = tid;
	strcpy(c->comm, comm);
	return (void *)buf;
}

static inline const union perf_event *fork_ev(u32 pid, u32 tid, u32 ppid, u32 ptid)
{
	struct perf_record_fork *f = (void *)buf;

	memset(buf, 0, sizeof(buf));
	f->header.type = PERF_RECORD_FORK;
	f->header.size = sizeof(*f);
	f->pid = pid;
	f->tid = tid;
	f->ppid = ppid;
	f->ptid = ptid;
	return (void *)buf;
}

static inline const union perf_event *mmap_ev(s32 pid, u64 start, u64 len, u64 pgoff, const char *file,
				       u16 misc)
{
	struct perf_record_mmap2 *m = (void *)buf;

	memset(buf, 0, sizeof(buf));
	m->header.type = PERF_RECORD_MMAP2;
	m->header.misc = misc;
	m->header.size = sizeof(*m) + 64;
	m->pid = (u32)pid;
	m->tid = (u32)pid;
	m->start = start;
	m->len = len;
	m->pgoff = pgoff;
	m->prot = 5;
	strcpy(m->filename, file);
	return (void *)buf;
}

static inline const union perf_event *ksym_ev(u64 addr, u32 len, bool unreg, const char *name)
{
	struct perf_record_ksymbol *k = (void *)buf;

	memset(buf, 0, sizeof(buf));
	k->header.type = PERF_RECORD_KSYMBOL;
	k->header.size = sizeof(*k) + 64;
	k->addr = addr;
	k->len = len;
	k->ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF;
	k->flags = unreg ? PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER : 0;
	strcpy(k->name, name);
	return (void *)buf;
}

/* A BPF_EVENT of type (PERF_BPF_EVENT_PROG_*) for program id, tag[0] tag0. */
static inline const union perf_event *bpf_ev(u16 type, u32 id, u8 tag0)
{
	struct perf_record_bpf_event *b = (void *)buf;

	memset(buf, 0, sizeof(buf));
	b->header.type = PERF_RECORD_BPF_EVENT;
	b->header.size = sizeof(*b);
	b->type = type;
	b->id = id;
	b->tag[0] = tag0;
	return (void *)buf;
}

#endif /* __TESTS_RECORDS_H */
