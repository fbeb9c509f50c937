// SPDX-License-Identifier: GPL-2.0
/*
 * hot.bpf.c - socket filter programs that burn CPU when run.
 *
 * Every program here is meant to be run with BPF_PROG_TEST_RUN and a large
 * repeat count so that cpu-clock samples land in its JITed code.  The
 * programs differ in how many functions they JIT into:
 *
 *   hot_prog_0            one function
 *   hot_prog_1            main + hot_sub1_mix
 *   hot_prog_2            main + hot_sub2_outer, which calls hot_sub2_inner
 *   hot_prog_3_long_name  main + hot_sub3_a + hot_sub3_b; the name is longer
 *                         than BPF_OBJ_NAME_LEN - 1 (15), so the kernel's
 *                         bpf_prog_info.name is truncated while the BTF name
 *                         (and the kallsyms name) is not
 *
 * tests/integration/workloads.t knows this table: keep both in sync.
 *
 * Loops are bounded and small enough for the verifier to walk every
 * iteration even when the subprograms are verified once per call site (no
 * BTF: static and global functions are then indistinguishable).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define MAIN_ROUNDS	8	/* subprogram calls per run */
#define MAIN_STEPS	8	/* steps in the main function per call, so it gets samples too */
#define SUB_ROUNDS	24	/* steps per subprogram call */

/* One xorshift step mixed with a multiply: cheap, but not foldable. */
static __always_inline __u64 hot_step(__u64 x, __u64 k)
{
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x * 0x9e3779b97f4a7c15ULL + k;
}

/* MAIN_STEPS steps, inlined: the main function's own share of the work. */
static __always_inline __u64 hot_main_steps(__u64 x, __u64 k)
{
	int j;

#pragma clang loop unroll(disable)
	for (j = 0; j < MAIN_STEPS; j++)
		x = hot_step(x, k + j);
	return x;
}

SEC("socket")
int hot_prog_0(struct __sk_buff *skb)
{
	__u64 x = skb->len | 1;
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < MAIN_ROUNDS * SUB_ROUNDS; i++)
		x = hot_step(x, i);
	return (int)(x & 0xff);
}

static __noinline __u64 hot_sub1_mix(__u64 x, __u64 k)
{
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < SUB_ROUNDS; i++)
		x = hot_step(x, k + i);
	return x;
}

SEC("socket")
int hot_prog_1(struct __sk_buff *skb)
{
	__u64 x = skb->len | 3;
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < MAIN_ROUNDS; i++) {
		x = hot_main_steps(x, i);
		x = hot_sub1_mix(x, i);
	}
	return (int)(x & 0xff);
}

static __noinline __u64 hot_sub2_inner(__u64 x, __u64 k)
{
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < SUB_ROUNDS; i++)
		x = hot_step(x ^ k, i);
	return x;
}

static __noinline __u64 hot_sub2_outer(__u64 x, __u64 k)
{
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < SUB_ROUNDS / 2; i++)
		x = hot_step(x, k * i);
	return hot_sub2_inner(x, k);
}

SEC("socket")
int hot_prog_2(struct __sk_buff *skb)
{
	__u64 x = skb->len | 5;
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < MAIN_ROUNDS; i++)
		x = hot_sub2_outer(hot_main_steps(x, i), i);
	return (int)(x & 0xff);
}

static __noinline __u64 hot_sub3_a(__u64 x, __u64 k)
{
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < SUB_ROUNDS; i++)
		x = hot_step(x + k, i);
	return x;
}

static __noinline __u64 hot_sub3_b(__u64 x, __u64 k)
{
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < SUB_ROUNDS; i++)
		x = hot_step(x, k) ^ (x >> 29);
	return x;
}

SEC("socket")
int hot_prog_3_long_name(struct __sk_buff *skb)
{
	__u64 x = skb->len | 7;
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < MAIN_ROUNDS; i++) {
		x = hot_sub3_a(x, i);
		x = hot_main_steps(x, i);
		x = hot_sub3_b(x, i);
	}
	return (int)(x & 0xff);
}

char _license[] SEC("license") = "GPL";
