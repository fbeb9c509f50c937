// SPDX-License-Identifier: GPL-2.0
/*
 * util/sideband-dedup.c: side-band copies of KSYMBOL/BPF_EVENT records
 * that a ring delivered too are dropped, the others go out in order, and
 * only once the rings were read past the time they were taken.
 */
#include <stddef.h>
#include <string.h>

#include "tap.h"
#include "util/event.h"
#include "util/sideband-dedup.h"

/* a KSYMBOL with a u64 time trailer, as the output lays them out */
static void ksymbol(union perf_event *ev, u64 addr, u16 flags, const char *name, u64 time)
{
	size_t body = offsetof(struct perf_record_ksymbol, name) + ((strlen(name) + 8) & ~7UL);

	memset(ev, 0, 256);
	ev->ksymbol.header.type = PERF_RECORD_KSYMBOL;
	ev->ksymbol.addr = addr;
	ev->ksymbol.len = 64;
	ev->ksymbol.ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF;
	ev->ksymbol.flags = flags;
	strcpy(ev->ksymbol.name, name);
	memcpy((char *)ev + body, &time, sizeof(time));
	ev->header.size = body + sizeof(time);
}

static void bpf_event(union perf_event *ev, u16 type, u32 id, u64 time)
{
	memset(ev, 0, 256);
	ev->bpf.header.type = PERF_RECORD_BPF_EVENT;
	ev->bpf.type = type;
	ev->bpf.id = id;
	memcpy((char *)ev + sizeof(ev->bpf), &time, sizeof(time));
	ev->header.size = sizeof(ev->bpf) + sizeof(time);
}

struct out {
	int	n;
	u64	addr[8];
	u32	id[8];
};

static int emit(void *priv, const union perf_event *ev)
{
	struct out *o = priv;

	if (o->n < 8) {
		o->addr[o->n] = ev->header.type == PERF_RECORD_KSYMBOL ? ev->ksymbol.addr : 0;
		o->id[o->n] = ev->header.type == PERF_RECORD_BPF_EVENT ? ev->bpf.id : 0;
	}
	o->n++;
	return 0;
}

int main(void)
{
	u64 ev_buf[4][32];
	union perf_event *a = (void *)ev_buf[0], *b = (void *)ev_buf[1];
	union perf_event *c = (void *)ev_buf[2], *d = (void *)ev_buf[3];
	struct sb_dedup dd;
	struct out o = { 0 };
	int n;

	plan(12);
	sb_dedup__init(&dd);

	/* the ring's copy (kernel time) and the side-band's (its own time) */
	ksymbol(a, 0x1000, 0, "bpf_prog_aa_x", 100);
	ksymbol(b, 0x1000, 0, "bpf_prog_aa_x", 999);
	bpf_event(c, PERF_BPF_EVENT_PROG_LOAD, 7, 101);
	bpf_event(d, PERF_BPF_EVENT_PROG_LOAD, 7, 998);
	sb_dedup__seen(&dd, a, 10);
	sb_dedup__seen(&dd, c, 10);
	sb_dedup__hold(&dd, b, 11);
	sb_dedup__hold(&dd, d, 11);
	/* another task's program: only the side-band has it */
	ksymbol(b, 0x2000, 0, "bpf_prog_bb_y", 999);
	sb_dedup__hold(&dd, b, 12);
	/* taken after the rings were read from: not yet */
	ksymbol(b, 0x3000, 0, "bpf_prog_cc_z", 999);
	sb_dedup__hold(&dd, b, 50);

	n = sb_dedup__flush(&dd, 20, 1000, emit, &o);
	is_int(n, 1, "one copy of the rings' records goes out, before the later one");
	ok(o.n == 1 && o.addr[0] == 0x2000, "it is the program the rings did not deliver");
	is_int((int)dd.nr_held, 1, "the copy taken after the read waits");

	/* its ring copy comes in the next read: dropped then */
	ksymbol(a, 0x3000, 0, "bpf_prog_cc_z", 40);
	sb_dedup__seen(&dd, a, 55);
	n = sb_dedup__flush(&dd, 60, 1000, emit, &o);
	is_int(n, 0, "a copy is dropped when its ring copy comes a read later");

	/* the unregister differs from the register: not taken for it */
	ksymbol(a, 0x1000, 0, "bpf_prog_aa_x", 100);
	sb_dedup__seen(&dd, a, 70);
	ksymbol(b, 0x1000, PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER, "bpf_prog_aa_x", 999);
	sb_dedup__hold(&dd, b, 71);
	o.n = 0;
	n = sb_dedup__flush(&dd, 80, 1000, emit, &o);
	ok(n == 1 && o.addr[0] == 0x1000, "an unregister is not taken for the register");

	/* one program loaded twice at one address: one ring copy drops one */
	ksymbol(b, 0x1000, 0, "bpf_prog_aa_x", 999);
	sb_dedup__hold(&dd, b, 90);
	sb_dedup__hold(&dd, b, 91);
	o.n = 0;
	n = sb_dedup__flush(&dd, 100, 1000, emit, &o);
	is_int(n, 1, "two side-band copies against one ring copy: one goes out");

	/* a ring key is forgotten after keep_ns */
	ksymbol(a, 0x4000, 0, "bpf_prog_dd_w", 100);
	sb_dedup__seen(&dd, a, 200);
	n = sb_dedup__flush(&dd, 5000, 1000, emit, &o);
	is_int((int)dd.nr_seen, 0, "ring keys older than keep_ns are forgotten");
	sb_dedup__hold(&dd, a, 5001);
	o.n = 0;
	n = sb_dedup__flush(&dd, ~0ULL, 1000, emit, &o);
	ok(n == 1 && o.addr[0] == 0x4000, "flush(~0) sends everything left");

	/* BPF_EVENTs by id; other record types are not held */
	bpf_event(c, PERF_BPF_EVENT_PROG_LOAD, 8, 1);
	sb_dedup__seen(&dd, c, 6000);
	bpf_event(d, PERF_BPF_EVENT_PROG_LOAD, 9, 2);
	sb_dedup__hold(&dd, d, 6001);
	bpf_event(d, PERF_BPF_EVENT_PROG_LOAD, 8, 3);
	sb_dedup__hold(&dd, d, 6002);
	o.n = 0;
	n = sb_dedup__flush(&dd, ~0ULL, 1000, emit, &o);
	ok(n == 1 && o.id[0] == 9, "BPF_EVENTs: the id tells programs apart");
	a->header.type = PERF_RECORD_COMM;
	a->header.size = 32;
	sb_dedup__hold(&dd, a, 7000);
	is_int((int)dd.nr_held, 0, "other record types are not held");
	sb_dedup__seen(&dd, a, 7000);
	is_int((int)dd.nr_seen, 0, "nor taken as ring keys");

	/* in arrival order */
	ksymbol(b, 0x5000, 0, "bpf_prog_ee_1", 1);
	sb_dedup__hold(&dd, b, 8000);
	ksymbol(b, 0x6000, 0, "bpf_prog_ee_2", 2);
	sb_dedup__hold(&dd, b, 8001);
	o.n = 0;
	sb_dedup__flush(&dd, ~0ULL, 1000, emit, &o);
	ok(o.n == 2 && o.addr[0] == 0x5000 && o.addr[1] == 0x6000, "copies go out in arrival order");

	sb_dedup__exit(&dd);
	return done_testing();
}
