// SPDX-License-Identifier: GPL-2.0
/* util/ordered-queue.c: time order across runs, file order on ties, limits. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/ordered-queue.h"

struct got {
	u64	off[64];
	int	nr;
	int	fail_at;
};

static int deliver(void *ctx, const struct queued_record *r)
{
	struct got *g = ctx;

	if (g->nr == g->fail_at)
		return -EINVAL;
	g->off[g->nr++] = r->file_offset;
	return 0;
}

static union perf_event *rec(void)
{
	struct perf_event_header *h = calloc(1, sizeof(*h));

	h->size = sizeof(*h);
	return (union perf_event *)h;
}

/* Two CPUs' runs interleaved, each in time order, plus a tie across them. */
static void push_two_runs(struct ordered_queue *q)
{
	static const u64 t[] = { 10, 30, 50, 20, 30, 60 };
	u64 i;

	for (i = 0; i < 6; i++)
		ordered_queue__push(q, t[i], rec(), NULL, NULL, i);
}

int main(void)
{
	struct ordered_queue *q = ordered_queue__new();
	struct got g = { .fail_at = -1 };
	struct window *w;
	u64 want[] = { 0, 3, 1, 4, 2, 5 };
	int i, same = 1;

	ok(q, "a queue");
	push_two_runs(q);
	is_int(ordered_queue__flush(q, 30, deliver, &g), 0, "flush up to 30");
	is_int(g.nr, 4, "four records up to 30");
	ordered_queue__push(q, 40, rec(), NULL, NULL, 6);
	is_int(ordered_queue__flush(q, (u64)-1, deliver, &g), 0, "flush the rest");
	is_int(g.nr, 7, "all seven");
	for (i = 0; i < 6; i++)
		same &= g.off[i < 4 ? i : i + 1] == want[i];
	ok(same && g.off[4] == 6, "time order; the tie at 30 in file order");

	/* many runs: the heap */
	memset(&g, 0, sizeof(g));
	g.fail_at = -1;
	for (i = 0; i < 40; i++)
		ordered_queue__push(q, 100 - (u64)i, rec(), NULL, NULL, (u64)i);
	ordered_queue__flush(q, (u64)-1, deliver, &g);
	same = g.nr == 40;
	for (i = 0; same && i < 40; i++)
		same = g.off[i] == (u64)(39 - i);
	ok(same, "40 runs of one record each, merged in time order");

	/* an error stops the deliveries, the records are still released */
	memset(&g, 0, sizeof(g));
	g.fail_at = 2;
	push_two_runs(q);
	is_int(ordered_queue__flush(q, (u64)-1, deliver, &g), -EINVAL, "the error comes back");
	is_int(g.nr, 2, "nothing delivered after it");
	memset(&g, 0, sizeof(g));
	g.fail_at = -1;
	is_int(ordered_queue__flush(q, (u64)-1, deliver, &g), 0, "then the queue is empty");
	is_int(g.nr, 0, "nothing left over");

	/* windows: a record in a window holds it */
	w = ordered_queue__window_get(q);
	ok(w && w->refs == 1, "a window with the caller's reference");
	ordered_queue__push(q, 5, (union perf_event *)w->buf, NULL, w, 0);
	is_int(w->refs, 2, "a queued record takes one");
	ordered_queue__window_put(q, w);
	ordered_queue__flush(q, (u64)-1, deliver, &g);
	ok(ordered_queue__window_get(q) == w, "given back when delivered, and reused");
	ordered_queue__window_put(q, w);
	ordered_queue__delete(q);
	return done_testing();
}
