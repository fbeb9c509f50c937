/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hot-obj.S - link the BPF object built from hot.bpf.c into bpfload, so the
 * loader (and bpfload-static in the QEMU guest) needs no file beside it.
 * WORKLOAD_OBJ is the object's path, given by the Makefile.
 */
	.section .rodata
	.balign 8
	.globl workload_obj_start
	.globl workload_obj_end
workload_obj_start:
	.incbin WORKLOAD_OBJ
workload_obj_end:
	.byte 0

	.section .note.GNU-stack, "", @progbits
