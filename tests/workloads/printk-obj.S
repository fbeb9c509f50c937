/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printk-obj.S - link the BPF object built from printk.bpf.c into
 * bpfprintk, so it needs no file beside it.  The Makefile gives its path
 * as PRINTK_OBJ.
 */
	.section .rodata
	.balign 8
	.globl printk_obj_start
	.globl printk_obj_end
printk_obj_start:
	.incbin PRINTK_OBJ
printk_obj_end:

	.section .note.GNU-stack, "", @progbits
