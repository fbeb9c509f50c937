// SPDX-License-Identifier: GPL-2.0
/*
 * Instructions from machine code through capstone (x86-64, AT&T syntax,
 * or Intel's).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <capstone/capstone.h>

#include "disasm.h"

struct disasm {
	csh		handle;
	cs_insn		*insn;
	const u8	*code;
	size_t		left;
	uint64_t	addr;		/* capstone's type */
	bool		intel;
};

int disasm__new(struct disasm **out)
{
	cs_opt_skipdata skip = { .mnemonic = "(bad)" };
	struct disasm *d = calloc(1, sizeof(*d));

	if (!d)
		return -ENOMEM;
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &d->handle) != CS_ERR_OK) {
		free(d);
		return -EINVAL;
	}
	if (cs_option(d->handle, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT) != CS_ERR_OK ||
	    cs_option(d->handle, CS_OPT_SKIPDATA_SETUP, (size_t)&skip) != CS_ERR_OK ||
	    cs_option(d->handle, CS_OPT_SKIPDATA, CS_OPT_ON) != CS_ERR_OK) {
		cs_close(&d->handle);
		free(d);
		return -EINVAL;
	}
	d->insn = cs_malloc(d->handle);
	if (!d->insn) {
		cs_close(&d->handle);
		free(d);
		return -ENOMEM;
	}
	*out = d;
	return 0;
}

int disasm__set_intel(struct disasm *d)
{
	if (cs_option(d->handle, CS_OPT_SYNTAX, CS_OPT_SYNTAX_INTEL) != CS_ERR_OK)
		return -EINVAL;
	d->intel = true;
	return 0;
}

void disasm__delete(struct disasm *d)
{
	if (!d)
		return;
	cs_free(d->insn, 1);
	cs_close(&d->handle);
	free(d);
}

void disasm__start(struct disasm *d, const u8 *code, size_t len, u64 addr)
{
	d->code = code;
	d->left = len;
	d->addr = addr;
}

/*
 * capstone writes "a, b"; objdump "a,b".  Intel: capstone's "qword ptr
 * [rbp - 0x670]" is objdump's "QWORD PTR [rbp-0x670]".
 */
static void copy_operands(char *dst, size_t size, const char *src, bool intel)
{
	size_t n = 0;
	int depth = 0;
	char *p, *w;

	for (; *src && n + 1 < size; src++) {
		if (*src == ' ' && n && dst[n - 1] == ',')
			continue;
		depth += *src == '[' ? 1 : *src == ']' ? -1 : 0;
		/* inside brackets: "rbp - 0x670" -> "rbp-0x670" */
		if (intel && depth > 0 && *src == ' ')
			continue;
		dst[n++] = *src;
	}
	dst[n] = '\0';
	/* "qword ptr" -> "QWORD PTR" */
	for (p = intel ? strstr(dst, " ptr") : NULL; p; p = strstr(p + 4, " ptr")) {
		for (w = p; w > dst && w[-1] != ',' && w[-1] != ' '; w--)
			;
		for (; w < p + 4; w++)
			if (*w >= 'a' && *w <= 'z')
				*w += 'A' - 'a';
	}
}

/* jmp/jcc/call/loop/jrcxz with an immediate destination: capstone prints it as 0x... */
static bool branch_target(const char *mnemonic, const char *operands, bool *is_call, u64 *target)
{
	char *end;

	*is_call = !strncmp(mnemonic, "call", 4);
	if (mnemonic[0] != 'j' && !*is_call && strncmp(mnemonic, "loop", 4))
		return false;
	if (strncmp(operands, "0x", 2))
		return false;
	*target = strtoull(operands, &end, 16);
	return *end == '\0';
}

/*
 * A VEX (c5 R, c4 RX map) or EVEX (62 P0 P1 P2) instruction: prefix,
 * opcode, ModRM [SIB] [disp] [imm8]: its length, 0 if not one
 */
static int vex_length(const u8 *code, size_t len)
{
	unsigned int map, pre, op, modrm, mod, rm, n;

	if (len < 4)
		return 0;
	switch (code[0]) {
	case 0xc5:
		map = 1;
		pre = 2;
		break;
	case 0xc4:
		map = code[1] & 0x1f;
		pre = 3;
		break;
	case 0x62:
		if ((code[1] & 0x0c) || !(code[2] & 0x04))
			return 0;
		map = code[1] & 0x03;
		pre = 4;
		break;
	default:
		return 0;
	}
	if (map < 1 || map > 3 || len < pre + 2)
		return 0;
	op = code[pre];
	modrm = code[pre + 1];
	mod = modrm >> 6;
	rm = modrm & 7;
	n = pre + 2;
	if (mod != 3 && rm == 4) {
		if (len < n + 1)
			return 0;
		if (mod == 0 && (code[n] & 7) == 5)
			n += 4;
		n++;			/* SIB */
	} else if (mod == 0 && rm == 5) {
		n += 4;			/* RIP-relative */
	}
	if (mod == 1)
		n += 1;			/* disp8 (EVEX: scaled) */
	else if (mod == 2)
		n += 4;
	/* an 8-bit immediate: every 0f3a opcode, and a few of 0f */
	if (map == 3 || (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 ||
				      (op >= 0xc4 && op <= 0xc6))))
		n += 1;
	return n <= len && n <= DISASM_MAX_INSN ? (int)n : 0;
}

int disasm__length(struct disasm *d, const u8 *code, size_t len)
{
	struct disasm_insn insn;

	disasm__start(d, code, len, 0);
	if (disasm__next(d, &insn) && strcmp(insn.mnemonic, "(bad)"))
		return insn.size;
	return vex_length(code, len);
}

bool disasm__next(struct disasm *d, struct disasm_insn *insn)
{
	cs_insn *ci = d->insn;

	if (!d->left)
		return false;
	insn->addr = d->addr;
	if (!cs_disasm_iter(d->handle, &d->code, &d->left, &d->addr, ci)) {
		/* cannot happen with SKIPDATA, but never loop forever */
		insn->size = 1;
		insn->bytes[0] = *d->code;
		strcpy(insn->mnemonic, "(bad)");
		insn->operands[0] = '\0';
		insn->has_target = insn->is_call = false;
		d->code++;
		d->left--;
		d->addr++;
		return true;
	}
	insn->size = (u8)min((size_t)ci->size, sizeof(insn->bytes));
	memcpy(insn->bytes, ci->bytes, insn->size);
	snprintf(insn->mnemonic, sizeof(insn->mnemonic), "%s", ci->mnemonic);
	if (!strcmp(ci->mnemonic, "(bad)"))
		insn->operands[0] = '\0';
	else
		copy_operands(insn->operands, sizeof(insn->operands), ci->op_str, d->intel);
	insn->has_target = branch_target(insn->mnemonic, insn->operands, &insn->is_call,
					 &insn->target);
	return true;
}
