// SPDX-License-Identifier: GPL-2.0
/*
 * Which instruction pairs the recording CPU fuses: upstream's browser
 * marks them next to a selected jump.
 */
#include <stdio.h>
#include <string.h>

#include "annotate-fuse.h"

enum annotate_fusion annotate_fusion__from_cpuid(const char *cpuid)
{
	unsigned int family, model;

	if (!cpuid || sscanf(cpuid, "%*[^,],%u,%u", &family, &model) != 2)
		return ANNOTATE_FUSE_NONE;
	if (family != 6 || model < 0x1e)
		return ANNOTATE_FUSE_NONE;
	return model == 0x1e ? ANNOTATE_FUSE_CMP_TEST : ANNOTATE_FUSE_ALU;
}

/* The mnemonic of text into buf: its first word, or the second after "lock". */
static void mnemonic(const char *text, char *buf, size_t size)
{
	size_t n;

	text += strspn(text, " ");
	if (!strncmp(text, "lock ", 5))
		text += 5 + strspn(text + 5, " ");
	n = strcspn(text, " ");
	snprintf(buf, size, "%.*s", (int)n, text);
}

bool annotate_fusion__fused(enum annotate_fusion f, const char *insn, const char *jump)
{
	static const char *const alu[] = { "add", "sub", "and", "inc", "dec" };
	char a[32], j[32];
	size_t i;

	if (f == ANNOTATE_FUSE_NONE)
		return false;
	mnemonic(insn, a, sizeof(a));
	mnemonic(jump, j, sizeof(j));
	if (strstr(j, "jmp"))
		return false;
	if ((strstr(a, "cmp") && !strstr(a, "xchg")) || strstr(a, "test"))
		return true;
	if (f != ANNOTATE_FUSE_ALU)
		return false;
	for (i = 0; i < sizeof(alu) / sizeof(alu[0]); i++)
		if (strstr(a, alu[i]))
			return true;
	return false;
}
