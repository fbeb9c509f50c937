// SPDX-License-Identifier: GPL-2.0
/* Register names of -I/--user-regs: see sample-regs.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sample-regs.h"

struct sample_reg {
	const char	*name;
	int		bit;	/* the kernel's PERF_REG_X86_* */
};

/* x86-64's general registers; DS, ES, FS and GS are not sampled */
static const struct sample_reg regs[] = {
	{ "AX", 0 }, { "BX", 1 }, { "CX", 2 }, { "DX", 3 }, { "SI", 4 }, { "DI", 5 },
	{ "BP", 6 }, { "SP", 7 }, { "IP", 8 }, { "FLAGS", 9 }, { "CS", 10 }, { "SS", 11 },
	{ "R8", 16 }, { "R9", 17 }, { "R10", 18 }, { "R11", 19 }, { "R12", 20 },
	{ "R13", 21 }, { "R14", 22 }, { "R15", 23 },
};

#define NR_REGS (sizeof(regs) / sizeof(regs[0]))

static u64 sample_regs__all(void)
{
	u64 mask = 0;
	size_t i;

	for (i = 0; i < NR_REGS; i++)
		mask |= 1ULL << regs[i].bit;
	return mask;
}

static int sample_regs__bit(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NR_REGS; i++)
		if (strlen(regs[i].name) == len && !strncasecmp(regs[i].name, name, len))
			return regs[i].bit;
	return -1;
}

int sample_regs__parse(const char *list, u64 *mask, const char **bad, size_t *bad_len)
{
	const char *p = list;

	*mask = 0;
	if (!list || !*list) {
		*mask = sample_regs__all();
		return 0;
	}
	while (*p) {
		size_t len = strcspn(p, ",");
		int bit = sample_regs__bit(p, len);

		if (bit < 0) {
			*bad = p;
			*bad_len = len;
			return -EINVAL;
		}
		*mask |= 1ULL << bit;
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

void sample_regs__names(char *buf, size_t size)
{
	size_t i, n = 0;

	if (!size)
		return;
	buf[0] = '\0';
	for (i = 0; i < NR_REGS && n < size; i++) {
		int w = snprintf(buf + n, size - n, "%s ", regs[i].name);

		if (w < 0)
			break;
		n += w;
	}
}
