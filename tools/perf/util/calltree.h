/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_CALLTREE_H
#define __PERF_CALLTREE_H

#include <string.h>

#include "types.h"

struct dso;
struct symbol;

/*
 * The merged call tree every export consumes (flame graph, pprof, Firefox
 * Profiler, folded stacks): one node per distinct path from the root,
 * outermost frame first, with the samples and period of the paths through
 * it and of those ending in it.  Its size is bounded by the distinct
 * stacks, never by the samples.
 *
 * A path's frames are interned first (calltree__frame()): what tells two
 * frames apart is the key part of struct calltree_frame (name, dso name,
 * tag, group fields); the rest is what the first one seen carried.
 * Strings are copied into the tree and interned by content, so trees of
 * two files can be matched by name (the differential flame graph).
 *
 * Node 0 is the root and frame 0 its frame; string 0 is "".  Children
 * are linked in the order they were made; consumers sort them.  Lookups
 * of a child go through one hash of (parent, frame): no linear scans.
 */
enum calltree_kind {
	CALLTREE_ROOT,
	CALLTREE_GROUP,		/* a comm, thread or label set: the first level */
	CALLTREE_KERNEL,	/* the kernel and its modules */
	CALLTREE_USER,		/* an ELF object, the vdso, anonymous memory */
	CALLTREE_BPF,		/* a BPF program (also one named from BPF_PROG_INFO) */
	CALLTREE_BPF_TRAMP,	/* a BPF trampoline, dispatcher or other out-of-line code */
	CALLTREE_JIT,		/* code of a /tmp/perf-PID.map */
	CALLTREE_UNKNOWN,	/* no map covered the address */
	CALLTREE_DSO,		/* a dso level of a file without call chains */
	CALLTREE_NR_KINDS,
};

/* Short names of the kinds ("kernel", "bpf", ...): CSS classes, legends. */
const char *calltree_kind__name(enum calltree_kind kind);

struct calltree_frame {
	/* the key */
	u32			name;		/* string id */
	u32			dso_name;	/* string id, 0: none */
	u32			tag;		/* what else tells frames apart (a kind) */
	s32			pid, tid, cpu;	/* group frames: what they stand for */
	/* what the first frame of this key carried */
	u8			kind;		/* enum calltree_kind */
	const struct dso	*dso;		/* NULL: none or not a frame of a dso */
	const struct symbol	*sym;		/* NULL: not resolved */
	u64			addr;		/* the symbol's start at run time, or the ip */
	u64			map_start;	/* the map the address was in, 0-0: none */
	u64			map_end;
	u64			map_pgoff;
};

struct calltree_node {
	u32	parent;		/* the root's is 0 */
	u32	frame;
	u32	child;		/* first child, 0: none */
	u32	next;		/* next sibling, 0: none */
	u64	samples;	/* of the paths through this node */
	u64	period;
	u64	self_samples;	/* of the paths ending here */
	u64	self_period;
};

struct calltree;

struct calltree *calltree__new(void);
void calltree__delete(struct calltree *t);

/* The id of a copy of s[0..len); 0 for "", -1 (as u32) on ENOMEM. */
u32 calltree__intern(struct calltree *t, const char *s, size_t len);
static inline u32 calltree__intern_str(struct calltree *t, const char *s)
{
	return calltree__intern(t, s, strlen(s));
}
/* The string of an id (valid while t is). */
const char *calltree__str(const struct calltree *t, u32 id);
/* The id of a string already interned, or -1 (as u32) when it is not. */
u32 calltree__find_str(const struct calltree *t, const char *s);
u32 calltree__nr_strs(const struct calltree *t);

/* The id of the frame with f's key, made from f when new; -1 (as u32) on ENOMEM. */
u32 calltree__frame(struct calltree *t, const struct calltree_frame *f);
/* The id of the frame with f's key, -1 (as u32) when there is none. */
u32 calltree__find_frame(const struct calltree *t, const struct calltree_frame *f);
const struct calltree_frame *calltree__frame_at(const struct calltree *t, u32 id);
u32 calltree__nr_frames(const struct calltree *t);

/*
 * Account one sample: the path frames[0..nr) (outermost first) from the
 * root; its leaf node in *leaf (may be NULL).  0 or -ENOMEM.
 */
int calltree__add(struct calltree *t, const u32 *frames, u32 nr, u64 period, u32 *leaf);

/* The child of parent with frame, 0 when none. */
u32 calltree__child(const struct calltree *t, u32 parent, u32 frame);

const struct calltree_node *calltree__node(const struct calltree *t, u32 idx);
u32 calltree__nr_nodes(const struct calltree *t);
/* The deepest path: a bound for a consumer's stack of nodes. */
u32 calltree__max_depth(const struct calltree *t);

/*
 * The children of node into a new array (free() it), *nr of them; NULL
 * with *nr 0 when there are none or on ENOMEM (*nr set to -1 as u32 then).
 */
u32 *calltree__children(const struct calltree *t, u32 node, u32 *nr);

#define calltree__for_each_child(t, parent, c) \
	for ((c) = calltree__node((t), (parent))->child; (c); (c) = calltree__node((t), (c))->next)

#endif /* __PERF_CALLTREE_H */
