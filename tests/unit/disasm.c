// SPDX-License-Identifier: GPL-2.0
/* util/disasm.c: capstone's x86-64 in objdump's AT&T shape, jumps' targets, "(bad)". */
#include <string.h>

#include "tap.h"
#include "util/disasm.h"

int main(void)
{
	/* push %rbp; mov %rsp,%rbp; call +0; jmp -2; (bad) 0x06 in 64-bit mode; ret */
	static const u8 code[] = { 0x55, 0x48, 0x89, 0xe5, 0xe8, 0x00, 0x00, 0x00, 0x00,
				   0xeb, 0xfe, 0x06, 0xc3 };
	struct disasm_insn in;
	struct disasm *d;
	int n = 0;

	if (disasm__new(&d))
		skip_all("capstone without x86-64");
	disasm__start(d, code, sizeof(code), 0x1000);
	ok(disasm__next(d, &in) && !strncmp(in.mnemonic, "push", 4) && !strcmp(in.operands, "%rbp") &&
	   in.addr == 0x1000 && in.size == 1, "push %%rbp at 0x1000");
	ok(disasm__next(d, &in) && !strncmp(in.mnemonic, "mov", 3) &&
	   !strcmp(in.operands, "%rsp,%rbp") && in.size == 3, "mov %%rsp,%%rbp: AT&T, no space");
	ok(disasm__next(d, &in) && in.has_target && in.is_call && in.target == 0x1009,
	   "a call's destination (%#llx)", (unsigned long long)in.target);
	ok(disasm__next(d, &in) && in.has_target && !in.is_call && in.target == 0x1009,
	   "a jump to itself");
	ok(disasm__next(d, &in) && !strcmp(in.mnemonic, "(bad)") && in.size == 1,
	   "an undecodable byte: (bad), one byte");
	ok(disasm__next(d, &in) && !strncmp(in.mnemonic, "ret", 3) && in.addr == 0x100c,
	   "and the walk goes on to the end: %s", in.mnemonic);
	ok(!disasm__next(d, &in), "then nothing");
	disasm__start(d, code, 0, 0);
	while (disasm__next(d, &in))
		n++;
	is_int(n, 0, "no code: no instruction");

	/* -M intel: mov %rax,-0x670(%rbp); testb $4,(%rax); jmp -2 */
	{
		static const u8 intel[] = { 0x48, 0x89, 0x85, 0x90, 0xf9, 0xff, 0xff,
					    0xf6, 0x00, 0x04, 0xeb, 0xfe };

		ok(!disasm__set_intel(d), "Intel syntax");
		disasm__start(d, intel, sizeof(intel), 0x2000);
		ok(disasm__next(d, &in) && !strcmp(in.mnemonic, "mov") &&
		   !strcmp(in.operands, "QWORD PTR [rbp-0x670],rax"),
		   "objdump -M intel's words: %s %s", in.mnemonic, in.operands);
		ok(disasm__next(d, &in) && !strcmp(in.operands, "BYTE PTR [rax],4"),
		   "a size before PTR: %s", in.operands);
		ok(disasm__next(d, &in) && in.has_target && in.target == 0x200a,
		   "a jump's destination in Intel syntax too");
	}
	{
		/* lengths: capstone's, and VEX/EVEX ones capstone 4 cannot decode (libc's) */
		static const u8 mov[] = { 0x48, 0x89, 0xe5, 0x90 };
		static const u8 kmovd[] = { 0xc5, 0xfb, 0x93, 0xc0, 0x90 };
		static const u8 vptestnmb[] = { 0x62, 0xb2, 0x66, 0x20, 0x26, 0xc3, 0x90 };
		static const u8 evex_sib[] = { 0x62, 0xf1, 0x7e, 0x28, 0x6f, 0x44, 0x24, 0x01, 0x90 };
		static const u8 vex3_imm[] = { 0xc4, 0xe3, 0x7d, 0x38, 0xc1, 0x01, 0x90 };
		static const u8 bad[] = { 0x62 };

		is_int(disasm__length(d, mov, sizeof(mov)), 3, "mov %%rsp,%%rbp: 3");
		is_int(disasm__length(d, kmovd, sizeof(kmovd)), 4, "kmovd (VEX c5): 4");
		is_int(disasm__length(d, vptestnmb, sizeof(vptestnmb)), 6, "an EVEX one: 6");
		is_int(disasm__length(d, evex_sib, sizeof(evex_sib)), 8,
		       "EVEX with SIB and disp8: 8");
		is_int(disasm__length(d, vex3_imm, sizeof(vex3_imm)), 6, "VEX c4, map 0f3a, imm8: 6");
		is_int(disasm__length(d, bad, sizeof(bad)), 0, "a lone prefix: 0");
	}
	disasm__delete(d);
	return done_testing();
}
