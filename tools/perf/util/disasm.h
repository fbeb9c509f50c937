/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_DISASM_H
#define __PERF_DISASM_H

#include "types.h"

/*
 * x86-64 machine code to instructions with capstone, in AT&T syntax like
 * objdump's default.  Bytes capstone cannot decode come out one at a time
 * as "(bad)", as objdump shows them, so the walk always reaches the end.
 */
struct disasm;

#define DISASM_MAX_INSN		15	/* x86 instruction length limit */

struct disasm_insn {
	u64	addr;			/* as given to disasm__start() plus the offset */
	u8	size;
	u8	bytes[DISASM_MAX_INSN];
	char	mnemonic[32];
	char	operands[160];		/* "%rsp,%rbp": objdump's separators */
	/* direct jumps and calls (rel8/rel32): the destination address */
	bool	has_target;
	bool	is_call;
	u64	target;
};

/* 0, -ENOMEM, or -EINVAL when capstone has no x86-64 support. */
int disasm__new(struct disasm **out);
void disasm__delete(struct disasm *d);

/*
 * Intel syntax from now on, spelt as objdump -M intel spells it: "mov
 * QWORD PTR [rbp-0x670],rax".  0 or -EINVAL.
 */
int disasm__set_intel(struct disasm *d);

/* Walk code[0, len) whose first byte sits at address addr. */
void disasm__start(struct disasm *d, const u8 *code, size_t len, u64 addr);
/* The next instruction; false at the end. */
bool disasm__next(struct disasm *d, struct disasm_insn *insn);

/*
 * The length of the instruction at code[0, len): capstone's, else, for
 * a VEX or EVEX (AVX-512) one capstone 4 cannot decode, worked out from
 * its prefix, opcode map, ModRM and SIB.  0 when it cannot be told.
 */
int disasm__length(struct disasm *d, const u8 *code, size_t len);

#endif /* __PERF_DISASM_H */
