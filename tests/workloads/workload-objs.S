/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workload-objs.S - link the BPF objects built from hot.bpf.c and churn.bpf.c
 * into bpfload, so the loader (and bpfload-static in the QEMU guest) needs no
 * file beside it.  The Makefile gives their paths as HOT_OBJ and CHURN_OBJ.
 */
	.section .rodata
	.balign 8
	.globl hot_obj_start
	.globl hot_obj_end
hot_obj_start:
	.incbin HOT_OBJ
hot_obj_end:

	.balign 8
	.globl churn_obj_start
	.globl churn_obj_end
churn_obj_start:
	.incbin CHURN_OBJ
churn_obj_end:

	.section .note.GNU-stack, "", @progbits
