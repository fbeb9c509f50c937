// SPDX-License-Identifier: GPL-2.0
/*
 * The merged call tree of the exports: interned strings, interned frames
 * and nodes, each in an array with an open-addressing hash beside it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "calltree.h"

#define NONE	((u32)-1)

/* A string arena: chunks that never move, so ids map to stable pointers. */
struct str_chunk {
	struct str_chunk	*next;
	size_t			used;
	size_t			size;
	char			data[];
};

struct calltree {
	/* strings */
	const char		**strs;
	u32			*str_hash;	/* slots: string id + 1, 0 empty */
	u32			nr_strs, alloc_strs, str_slots;
	struct str_chunk	*chunks;
	/* frames */
	struct calltree_frame	*frames;
	u32			*frame_hash;
	u32			nr_frames, alloc_frames, frame_slots;
	/* nodes */
	struct calltree_node	*nodes;
	u32			*last_child;	/* per node: to append children in order */
	u32			*depth;
	u32			*node_hash;
	u32			nr_nodes, alloc_nodes, node_slots;
	u32			max_depth;
};

static const char *const kind_names[CALLTREE_NR_KINDS] = {
	[CALLTREE_ROOT]		= "root",
	[CALLTREE_GROUP]	= "comm",
	[CALLTREE_KERNEL]	= "kernel",
	[CALLTREE_USER]		= "user",
	[CALLTREE_BPF]		= "bpf",
	[CALLTREE_BPF_TRAMP]	= "tramp",
	[CALLTREE_JIT]		= "jit",
	[CALLTREE_UNKNOWN]	= "unknown",
	[CALLTREE_DSO]		= "dso",
};

const char *calltree_kind__name(enum calltree_kind kind)
{
	return kind < CALLTREE_NR_KINDS ? kind_names[kind] : "unknown";
}

static u64 hash_bytes(const void *p, size_t len)
{
	const unsigned char *s = p;
	u64 h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

static u64 hash_mix(u64 a, u64 b)
{
	u64 h = (a ^ (b * 0x9e3779b97f4a7c15ULL)) * 0xff51afd7ed558ccdULL;

	return h ^ (h >> 32);
}

/* A new table of slots for entries [from, nr), placed by hash() of each. */
static int rehash(u32 **table, u32 *slots, u32 from, u32 nr,
		  u64 (*hash)(const struct calltree *, u32), const struct calltree *t)
{
	u32 n = *slots ? *slots : 1024, i, *tab;

	while (n / 2 < nr + 1)
		n *= 2;
	if (n == *slots)
		return 0;
	tab = calloc(n, sizeof(*tab));
	if (!tab)
		return -ENOMEM;
	for (i = from; i < nr; i++) {
		u32 s = hash(t, i) & (n - 1);

		while (tab[s])
			s = (s + 1) & (n - 1);
		tab[s] = i + 1;
	}
	free(*table);
	*table = tab;
	*slots = n;
	return 0;
}

static u64 str_hash_of(const struct calltree *t, u32 id)
{
	return hash_bytes(t->strs[id], strlen(t->strs[id]));
}

static u64 frame_key_hash(const struct calltree_frame *f)
{
	u64 h = hash_mix(f->name, f->dso_name);

	h = hash_mix(h, f->tag);
	h = hash_mix(h, (u32)f->pid);
	h = hash_mix(h, (u32)f->tid);
	return hash_mix(h, (u32)f->cpu);
}

static bool frame_key_eq(const struct calltree_frame *a, const struct calltree_frame *b)
{
	return a->name == b->name && a->dso_name == b->dso_name && a->tag == b->tag &&
	       a->pid == b->pid && a->tid == b->tid && a->cpu == b->cpu;
}

static u64 frame_hash_of(const struct calltree *t, u32 id)
{
	return frame_key_hash(&t->frames[id]);
}

static u64 node_key_hash(u32 parent, u32 frame)
{
	return hash_mix(parent, frame);
}

static u64 node_hash_of(const struct calltree *t, u32 id)
{
	return node_key_hash(t->nodes[id].parent, t->nodes[id].frame);
}

static const char *arena_copy(struct calltree *t, const char *s, size_t len)
{
	struct str_chunk *c = t->chunks;
	char *p;

	if (!c || c->size - c->used < len + 1) {
		size_t size = len + 1 > 60000 ? len + 1 : 60000;

		c = malloc(sizeof(*c) + size);
		if (!c)
			return NULL;
		c->size = size;
		c->used = 0;
		c->next = t->chunks;
		t->chunks = c;
	}
	p = c->data + c->used;
	memcpy(p, s, len);
	p[len] = '\0';
	c->used += len + 1;
	return p;
}

struct calltree *calltree__new(void)
{
	struct calltree *t = calloc(1, sizeof(*t));
	struct calltree_frame root = { .kind = CALLTREE_ROOT };

	if (!t)
		return NULL;
	/* string 0 is "", frame 0 the root's, node 0 the root */
	if (calltree__intern(t, "", 0) != 0 || calltree__frame(t, &root) != 0 ||
	    array__grow((void **)&t->nodes, &t->alloc_nodes, 1, sizeof(*t->nodes), 256) ||
	    !(t->last_child = calloc(t->alloc_nodes, sizeof(u32))) ||
	    !(t->depth = calloc(t->alloc_nodes, sizeof(u32))) ||
	    rehash(&t->node_hash, &t->node_slots, 1, 1, node_hash_of, t)) {
		calltree__delete(t);
		return NULL;
	}
	memset(&t->nodes[0], 0, sizeof(t->nodes[0]));
	t->nr_nodes = 1;
	return t;
}

void calltree__delete(struct calltree *t)
{
	struct str_chunk *c, *n;

	if (!t)
		return;
	for (c = t->chunks; c; c = n) {
		n = c->next;
		free(c);
	}
	free(t->strs);
	free(t->str_hash);
	free(t->frames);
	free(t->frame_hash);
	free(t->nodes);
	free(t->last_child);
	free(t->depth);
	free(t->node_hash);
	free(t);
}

u32 calltree__intern(struct calltree *t, const char *s, size_t len)
{
	u64 h = hash_bytes(s, len);
	u32 slot, id;
	const char *copy;

	if (t->str_slots) {
		for (slot = h & (t->str_slots - 1); t->str_hash[slot];
		     slot = (slot + 1) & (t->str_slots - 1)) {
			const char *o = t->strs[t->str_hash[slot] - 1];

			if (!strncmp(o, s, len) && o[len] == '\0')
				return t->str_hash[slot] - 1;
		}
	}
	if (array__grow((void **)&t->strs, &t->alloc_strs, t->nr_strs + 1, sizeof(*t->strs), 256))
		return NONE;
	copy = arena_copy(t, s, len);
	if (!copy)
		return NONE;
	id = t->nr_strs++;
	t->strs[id] = copy;
	if (t->nr_strs * 2 > t->str_slots) {
		if (rehash(&t->str_hash, &t->str_slots, 0, t->nr_strs, str_hash_of, t)) {
			t->nr_strs--;
			return NONE;
		}
		return id;
	}
	for (slot = h & (t->str_slots - 1); t->str_hash[slot];
	     slot = (slot + 1) & (t->str_slots - 1))
		;
	t->str_hash[slot] = id + 1;
	return id;
}

const char *calltree__str(const struct calltree *t, u32 id)
{
	return id < t->nr_strs ? t->strs[id] : "";
}

u32 calltree__find_str(const struct calltree *t, const char *s)
{
	size_t len = strlen(s);
	u32 slot;

	if (!t->str_slots)
		return NONE;
	for (slot = hash_bytes(s, len) & (t->str_slots - 1); t->str_hash[slot];
	     slot = (slot + 1) & (t->str_slots - 1))
		if (!strcmp(t->strs[t->str_hash[slot] - 1], s))
			return t->str_hash[slot] - 1;
	return NONE;
}

u32 calltree__nr_strs(const struct calltree *t)
{
	return t->nr_strs;
}

u32 calltree__find_frame(const struct calltree *t, const struct calltree_frame *f)
{
	u32 slot;

	if (!t->frame_slots)
		return NONE;
	for (slot = frame_key_hash(f) & (t->frame_slots - 1); t->frame_hash[slot];
	     slot = (slot + 1) & (t->frame_slots - 1))
		if (frame_key_eq(&t->frames[t->frame_hash[slot] - 1], f))
			return t->frame_hash[slot] - 1;
	return NONE;
}

u32 calltree__frame(struct calltree *t, const struct calltree_frame *f)
{
	u32 slot, id;

	if (t->frame_slots) {
		for (slot = frame_key_hash(f) & (t->frame_slots - 1); t->frame_hash[slot];
		     slot = (slot + 1) & (t->frame_slots - 1))
			if (frame_key_eq(&t->frames[t->frame_hash[slot] - 1], f))
				return t->frame_hash[slot] - 1;
	}
	if (array__grow((void **)&t->frames, &t->alloc_frames, t->nr_frames + 1,
			sizeof(*t->frames), 256))
		return NONE;
	id = t->nr_frames++;
	t->frames[id] = *f;
	if (t->nr_frames * 2 > t->frame_slots) {
		if (rehash(&t->frame_hash, &t->frame_slots, 0, t->nr_frames, frame_hash_of, t)) {
			t->nr_frames--;
			return NONE;
		}
		return id;
	}
	for (slot = frame_key_hash(f) & (t->frame_slots - 1); t->frame_hash[slot];
	     slot = (slot + 1) & (t->frame_slots - 1))
		;
	t->frame_hash[slot] = id + 1;
	return id;
}

const struct calltree_frame *calltree__frame_at(const struct calltree *t, u32 id)
{
	return id < t->nr_frames ? &t->frames[id] : &t->frames[0];
}

u32 calltree__nr_frames(const struct calltree *t)
{
	return t->nr_frames;
}

u32 calltree__child(const struct calltree *t, u32 parent, u32 frame)
{
	u32 slot;

	for (slot = node_key_hash(parent, frame) & (t->node_slots - 1); t->node_hash[slot];
	     slot = (slot + 1) & (t->node_slots - 1)) {
		const struct calltree_node *n = &t->nodes[t->node_hash[slot] - 1];

		/* the root (node 0) is in no slot: it is nobody's child */
		if (n->parent == parent && n->frame == frame)
			return t->node_hash[slot] - 1;
	}
	return 0;
}

static u32 calltree__new_child(struct calltree *t, u32 parent, u32 frame)
{
	u32 old = t->alloc_nodes, id, slot;
	struct calltree_node *n;

	if (array__grow((void **)&t->nodes, &t->alloc_nodes, t->nr_nodes + 1,
			sizeof(*t->nodes), 256))
		return 0;
	if (t->alloc_nodes != old) {
		u32 *lc = realloc(t->last_child, (size_t)t->alloc_nodes * sizeof(u32));
		u32 *d;

		if (!lc)
			return 0;
		t->last_child = lc;
		d = realloc(t->depth, (size_t)t->alloc_nodes * sizeof(u32));
		if (!d)
			return 0;
		t->depth = d;
	}
	id = t->nr_nodes;
	n = &t->nodes[id];
	memset(n, 0, sizeof(*n));
	n->parent = parent;
	n->frame = frame;
	t->last_child[id] = 0;
	t->depth[id] = t->depth[parent] + 1;
	if (t->depth[id] > t->max_depth)
		t->max_depth = t->depth[id];
	t->nr_nodes++;
	if (t->nr_nodes * 2 > t->node_slots) {
		if (rehash(&t->node_hash, &t->node_slots, 1, t->nr_nodes, node_hash_of, t)) {
			t->nr_nodes--;
			return 0;
		}
	} else {
		for (slot = node_key_hash(parent, frame) & (t->node_slots - 1); t->node_hash[slot];
		     slot = (slot + 1) & (t->node_slots - 1))
			;
		t->node_hash[slot] = id + 1;
	}
	if (t->last_child[parent])
		t->nodes[t->last_child[parent]].next = id;
	else
		t->nodes[parent].child = id;
	t->last_child[parent] = id;
	return id;
}

int calltree__add(struct calltree *t, const u32 *frames, u32 nr, u64 period, u32 *leaf)
{
	u32 cur = 0, i;

	for (i = 0; i < nr; i++) {
		u32 c = calltree__child(t, cur, frames[i]);

		if (!c) {
			c = calltree__new_child(t, cur, frames[i]);
			if (!c)
				return -ENOMEM;
		}
		cur = c;
	}
	/* every node on the way counts the sample once */
	t->nodes[cur].self_samples++;
	t->nodes[cur].self_period += period;
	for (i = cur;; i = t->nodes[i].parent) {
		t->nodes[i].samples++;
		t->nodes[i].period += period;
		if (!i)
			break;
	}
	if (leaf)
		*leaf = cur;
	return 0;
}

const struct calltree_node *calltree__node(const struct calltree *t, u32 idx)
{
	return idx < t->nr_nodes ? &t->nodes[idx] : &t->nodes[0];
}

u32 calltree__nr_nodes(const struct calltree *t)
{
	return t->nr_nodes;
}

u32 calltree__max_depth(const struct calltree *t)
{
	return t->max_depth;
}

u32 *calltree__children(const struct calltree *t, u32 node, u32 *nr)
{
	u32 n = 0, c, *out;

	calltree__for_each_child(t, node, c)
		n++;
	*nr = 0;
	if (!n)
		return NULL;
	out = malloc((size_t)n * sizeof(*out));
	if (!out) {
		*nr = NONE;
		return NULL;
	}
	calltree__for_each_child(t, node, c)
		out[(*nr)++] = c;
	return out;
}
