// SPDX-License-Identifier: GPL-2.0
/*
 * printk.bpf.c - a program that prints with bpf_printk(), for the
 * bpf_trace:bpf_trace_printk tracepoint.
 *
 * bpfprintk runs it through BPF_PROG_TEST_RUN once per line with 8 bytes
 * of packet data (after the Ethernet header test runs strip): the
 * loader's pid and the line's number, so every line it prints is
 * "bpfprintk <pid> line <n>", different from the others and from any
 * other loader's.  The printing happens in a subprogram, so a -g stack
 * under the tracepoint names both JITed functions.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __noinline int printk_line(__u32 pid, __u32 line)
{
	bpf_printk("bpfprintk %u line %u", pid, line);
	return 0;
}

SEC("socket")
int printk_prog(struct __sk_buff *skb)
{
	__u32 v[2];

	if (bpf_skb_load_bytes(skb, 0, v, sizeof(v)))
		return 1;
	return printk_line(v[0], v[1]);
}

char _license[] SEC("license") = "GPL";
