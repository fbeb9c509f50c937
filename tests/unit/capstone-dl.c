// SPDX-License-Identifier: GPL-2.0
/* util/capstone-dl.c: capstone opened on first use, calls forwarded. */
#include <link.h>
#include <string.h>
#include <capstone/capstone.h>

#include "tap.h"

static int find_capstone(struct dl_phdr_info *info, size_t size, void *found)
{
	if (strstr(info->dlpi_name, "libcapstone"))
		*(int *)found = 1;
	return 0;
}

static int capstone_mapped(void)
{
	int found = 0;

	dl_iterate_phdr(find_capstone, &found);
	return found;
}

int main(void)
{
	static const uint8_t code[] = { 0x55, 0x90, 0xc3 };	/* push %rbp; nop; ret */
	const uint8_t *p = code;
	size_t left = sizeof(code);
	uint64_t addr = 0x1000;
	cs_insn *insn;
	csh handle;

	ok(!capstone_mapped(), "not loaded at start-up");
	is_int(cs_open(CS_ARCH_X86, CS_MODE_64, &handle), CS_ERR_OK, "cs_open loads it");
	ok(capstone_mapped(), "loaded by cs_open");
	is_int(cs_option(handle, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT), CS_ERR_OK, "cs_option");
	insn = cs_malloc(handle);
	ok(insn != NULL, "cs_malloc");
	ok(cs_disasm_iter(handle, &p, &left, &addr, insn), "first instruction");
	is_str(insn->mnemonic, "pushq", "push, AT&T");
	is_str(insn->op_str, "%rbp", "its operand");
	ok(cs_disasm_iter(handle, &p, &left, &addr, insn), "second instruction");
	is_str(insn->mnemonic, "nop", "nop");
	ok(cs_disasm_iter(handle, &p, &left, &addr, insn), "third instruction");
	is_str(insn->mnemonic, "retq", "ret");
	is_int(addr, 0x1003, "address advanced");
	ok(!cs_disasm_iter(handle, &p, &left, &addr, insn), "end of the code");
	cs_free(insn, 1);
	is_int(cs_close(&handle), CS_ERR_OK, "cs_close");
	is_int(cs_open(CS_ARCH_X86, CS_MODE_64, &handle), CS_ERR_OK, "opens again");
	cs_close(&handle);
	return done_testing();
}
