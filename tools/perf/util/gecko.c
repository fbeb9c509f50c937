// SPDX-License-Identifier: GPL-2.0
/*
 * The Firefox Profiler's Gecko format from the call tree: a thread's stack
 * table is its subtree, numbered in preorder; its samples are kept in time
 * order as they come.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "calltree-read.h"
#include "dso.h"
#include "env.h"
#include "event.h"
#include "fmt-buf.h"
#include "gecko.h"

#define NONE	((u32)-1)

enum { CAT_USER, CAT_KERNEL, CAT_BPF };

struct gecko_sample {
	u64	time;
	u32	leaf;
} __attribute__((packed));

struct gecko_thread {
	u32			group;		/* its frame in the tree */
	s32			pid, tid;
	const char		*comm;		/* the last one its samples had */
	struct gecko_sample	*samples;
	u64			nr;
	u32			alloc;
};

struct gecko {
	struct calltree		*t;
	struct gecko_opts	opts;
	struct gecko_thread	*threads;
	u32			nr_threads, alloc_threads;
	u32			*thread_of;	/* group frame -> thread + 1 */
	u32			nr_thread_of;
	u64			first_time;
	bool			have_time;
};

int gecko__new(struct gecko **out, struct calltree *t, const struct gecko_opts *opts)
{
	struct gecko *g = calloc(1, sizeof(*g));

	*out = g;
	if (!g)
		return -ENOMEM;
	g->t = t;
	g->opts = *opts;
	return 0;
}

void gecko__delete(struct gecko *g)
{
	u32 i;

	if (!g)
		return;
	for (i = 0; i < g->nr_threads; i++)
		free(g->threads[i].samples);
	free(g->threads);
	free(g->thread_of);
	free(g);
}

static struct gecko_thread *gecko__thread(struct gecko *g, u32 group)
{
	struct gecko_thread *th;

	if (group >= g->nr_thread_of) {
		u32 old = g->nr_thread_of;

		if (array__grow((void **)&g->thread_of, &g->nr_thread_of, (size_t)group + 1,
				sizeof(*g->thread_of), 64))
			return NULL;
		memset(g->thread_of + old, 0, (g->nr_thread_of - old) * sizeof(*g->thread_of));
	}
	if (g->thread_of[group])
		return &g->threads[g->thread_of[group] - 1];
	if (array__grow((void **)&g->threads, &g->alloc_threads, g->nr_threads + 1,
			sizeof(*g->threads), 64))
		return NULL;
	th = &g->threads[g->nr_threads++];
	memset(th, 0, sizeof(*th));
	th->group = group;
	th->pid = calltree__frame_at(g->t, group)->pid;
	th->tid = calltree__frame_at(g->t, group)->tid;
	g->thread_of[group] = g->nr_threads;
	return th;
}

int gecko__sample(void *arg, u32 leaf, u32 group, const char *comm,
		  const struct perf_sample *sample)
{
	struct gecko *g = arg;
	struct gecko_thread *th = gecko__thread(g, group);

	if (!th)
		return -ENOMEM;
	if (array__grow((void **)&th->samples, &th->alloc, th->nr + 1, sizeof(*th->samples), 256))
		return -ENOMEM;
	th->samples[th->nr].leaf = leaf;
	th->samples[th->nr].time = sample->time;
	th->nr++;
	th->comm = comm;
	if (!g->have_time || sample->time < g->first_time) {
		g->first_time = sample->time;
		g->have_time = true;
	}
	return 0;
}

static void json_str(struct fmt_buf *b, const char *s)
{
	fmt_buf__json_str(b, s, 0);
}

/* ns as milliseconds with the microseconds, as upstream's (t // 1000) / 1000 */
static void json_ms(struct fmt_buf *b, u64 ns)
{
	fmt_buf__u64(b, ns / 1000000, 0, 0);
	fmt_buf__putc(b, '.');
	fmt_buf__u64(b, ns / 1000 % 1000, 3, FMT_ZERO);
}

static int category(const struct calltree_frame *f)
{
	switch (f->kind) {
	case CALLTREE_KERNEL:
		return CAT_KERNEL;
	case CALLTREE_BPF:
	case CALLTREE_BPF_TRAMP:
		return CAT_BPF;
	default:
		return CAT_USER;
	}
}

struct gecko_walk {
	u32	*stack_of;	/* node -> stack index + 1 in the current thread */
	u32	*frame_of;	/* frame -> frame index + 1 */
	u32	*frame_gen;	/* frame -> the thread its index belongs to + 1 */
	u32	*frames;	/* the thread's frames in order */
	u32	*nodes;		/* the thread's nodes in preorder */
	u32	*todo;
};

static const char *const markers_schema =
	"{\"schema\":{\"name\":0,\"startTime\":1,\"endTime\":2,\"phase\":3,\"category\":4,"
	"\"data\":5},\"data\":[]}";
static const char *const samples_schema =
	"{\"schema\":{\"stack\":0,\"time\":1,\"responsiveness\":2},\"data\":[";
static const char *const frames_schema =
	"{\"schema\":{\"location\":0,\"relevantForJS\":1,\"innerWindowID\":2,\"implementation\":3,"
	"\"optimizations\":4,\"line\":5,\"column\":6,\"category\":7,\"subcategory\":8},\"data\":[";
static const char *const stacks_schema = "{\"schema\":{\"prefix\":0,\"frame\":1},\"data\":[";

static void gecko__thread_json(struct gecko *g, struct gecko_thread *th, u32 idx,
			       struct gecko_walk *w, struct fmt_buf *b)
{
	const struct calltree *t = g->t;
	u32 nr_nodes = 0, nr_frames = 0, sp = 0, i;
	u32 gnode = 0, c;
	u64 s;

	/* the thread's group node: the root's child with its frame */
	gnode = calltree__child(t, 0, th->group);
	calltree__for_each_child(t, gnode, c)
		w->todo[sp++] = c;
	/* preorder: pop a node, number it, push its children */
	while (sp) {
		u32 n = w->todo[--sp], fr = calltree__node(t, n)->frame;

		w->nodes[nr_nodes++] = n;
		w->stack_of[n] = nr_nodes;
		if (w->frame_gen[fr] != idx + 1) {
			w->frame_gen[fr] = idx + 1;
			w->frames[nr_frames++] = fr;
			w->frame_of[fr] = nr_frames;
		}
		calltree__for_each_child(t, n, c)
			w->todo[sp++] = c;
	}
	fmt_buf__puts(b, "{\"tid\":");
	fmt_buf__s64(b, th->tid, 0, 0);
	fmt_buf__puts(b, ",\"pid\":");
	fmt_buf__s64(b, th->pid, 0, 0);
	fmt_buf__puts(b, ",\"name\":");
	json_str(b, th->comm);
	fmt_buf__puts(b, ",\"markers\":");
	fmt_buf__puts(b, markers_schema);
	fmt_buf__puts(b, ",\n\"samples\":");
	fmt_buf__puts(b, samples_schema);
	for (s = 0; s < th->nr; s++) {
		if (s)
			fmt_buf__putc(b, ',');
		fmt_buf__putc(b, '[');
		fmt_buf__u64(b, w->stack_of[th->samples[s].leaf] - 1, 0, 0);
		fmt_buf__putc(b, ',');
		json_ms(b, th->samples[s].time);
		fmt_buf__puts(b, ",0]");
	}
	fmt_buf__puts(b, "]},\n\"frameTable\":");
	fmt_buf__puts(b, frames_schema);
	for (i = 0; i < nr_frames; i++) {
		const struct calltree_frame *f = calltree__frame_at(t, w->frames[i]);

		if (i)
			fmt_buf__putc(b, ',');
		fmt_buf__putc(b, '[');
		fmt_buf__u64(b, i, 0, 0);	/* its string: one per frame, in order */
		fmt_buf__puts(b, ",false,0,null,null,null,null,");
		fmt_buf__u64(b, category(f), 0, 0);
		fmt_buf__puts(b, ",null]");
	}
	fmt_buf__puts(b, "]},\n\"stackTable\":");
	fmt_buf__puts(b, stacks_schema);
	for (i = 0; i < nr_nodes; i++) {
		const struct calltree_node *n = calltree__node(t, w->nodes[i]);

		if (i)
			fmt_buf__putc(b, ',');
		fmt_buf__putc(b, '[');
		if (n->parent == gnode)
			fmt_buf__puts(b, "null");
		else
			fmt_buf__u64(b, w->stack_of[n->parent] - 1, 0, 0);
		fmt_buf__putc(b, ',');
		fmt_buf__u64(b, w->frame_of[n->frame] - 1, 0, 0);
		fmt_buf__putc(b, ']');
	}
	fmt_buf__puts(b, "]},\n\"stringTable\":[");
	for (i = 0; i < nr_frames; i++) {
		const struct calltree_frame *f = calltree__frame_at(t, w->frames[i]);
		char buf[1024];

		if (i)
			fmt_buf__putc(b, ',');
		snprintf(buf, sizeof(buf), "%s (in %s)", calltree__str(t, f->name),
			 f->dso ? f->dso->long_name : "[unknown]");
		json_str(b, buf);
	}
	fmt_buf__puts(b, "],\"registerTime\":0,\"unregisterTime\":null,"
		      "\"processType\":\"default\"}");
}

static void category_json(struct fmt_buf *b, const char *name, const char *color)
{
	fmt_buf__puts(b, "{\"name\":");
	json_str(b, name);
	fmt_buf__puts(b, ",\"color\":");
	json_str(b, color);
	fmt_buf__puts(b, ",\"subcategories\":[\"Other\"]}");
}

int gecko__write(struct gecko *g, const struct calltree_stats *stats,
		 const struct perf_env *env, int fd)
{
	u32 nr_nodes = calltree__nr_nodes(g->t), nr_frames = calltree__nr_frames(g->t), i;
	struct gecko_walk w = { 0 };
	struct fmt_buf b;
	char product[512];
	int err = -ENOMEM;

	w.stack_of = calloc(nr_nodes, sizeof(u32));
	w.nodes = calloc(nr_nodes, sizeof(u32));
	w.todo = calloc(nr_nodes, sizeof(u32));
	w.frame_of = calloc(nr_frames, sizeof(u32));
	w.frame_gen = calloc(nr_frames, sizeof(u32));
	w.frames = calloc(nr_frames, sizeof(u32));
	if (!w.stack_of || !w.nodes || !w.todo || !w.frame_of || !w.frame_gen || !w.frames)
		goto out;
	err = fmt_buf__init(&b, fd, 1 << 20);
	if (err)
		goto out;
	snprintf(product, sizeof(product), "Linux %s %s", env && env->os_release ?
		 env->os_release : "", env && env->arch ? env->arch : "");
	fmt_buf__puts(&b, "{\"meta\":{\"interval\":1,\"processType\":0,\"product\":");
	json_str(&b, product);
	fmt_buf__puts(&b, ",\"stackwalk\":1,\"debug\":0,\"gcpoison\":0,\"asyncstack\":1,"
		      "\"startTime\":");
	json_ms(&b, g->have_time ? g->first_time : 0);
	fmt_buf__puts(&b, ",\"shutdownTime\":null,\"version\":24,\"presymbolicated\":true,"
		      "\"categories\":[");
	category_json(&b, "User", g->opts.user_color);
	fmt_buf__putc(&b, ',');
	category_json(&b, "Kernel", g->opts.kernel_color);
	fmt_buf__putc(&b, ',');
	category_json(&b, "BPF", g->opts.bpf_color);
	fmt_buf__puts(&b, "],\"markerSchema\":[]},\n\"libs\":[],\n\"threads\":[\n");
	for (i = 0; i < g->nr_threads; i++) {
		if (i)
			fmt_buf__puts(&b, ",\n");
		gecko__thread_json(g, &g->threads[i], i, &w, &b);
	}
	fmt_buf__puts(&b, "\n],\n\"processes\":[],\"pausedRanges\":[]}\n");
	err = fmt_buf__exit(&b);
out:
	free(w.stack_of);
	free(w.nodes);
	free(w.todo);
	free(w.frame_of);
	free(w.frame_gen);
	free(w.frames);
	return err;
}
