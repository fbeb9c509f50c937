// SPDX-License-Identifier: GPL-2.0
/*
 * churn.bpf.c - the smallest programs worth loading, for load/unload churn.
 *
 * Verification and JIT time is what limits bpfload --churn, so these do
 * almost nothing; one still has a subprogram so that every load emits more
 * than one ksym:
 *
 *   churn_prog_0   one function
 *   churn_prog_1   main + churn_sub_1
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("socket")
int churn_prog_0(struct __sk_buff *skb)
{
	return skb->len & 0x7f;
}

static __noinline __u32 churn_sub_1(__u32 x)
{
	return x * 2654435761U + 1;
}

SEC("socket")
int churn_prog_1(struct __sk_buff *skb)
{
	return churn_sub_1(skb->len) & 0x7f;
}

char _license[] SEC("license") = "GPL";
