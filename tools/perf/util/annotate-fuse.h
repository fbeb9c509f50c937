/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ANNOTATE_FUSE_H
#define __PERF_ANNOTATE_FUSE_H

#include <stdbool.h>

/*
 * x86 macro-fusion as upstream's annotate browser marks it: on the
 * recording CPU (the file's cpuid, "GenuineIntel,6,167,1"), a compare or
 * an ALU instruction runs as one operation with the conditional jump
 * right after it.  Family 6 from model 0x1e (Nehalem: cmp and test
 * only) fuses; other families, and files without a cpuid, never do.
 */
enum annotate_fusion {
	ANNOTATE_FUSE_NONE,
	ANNOTATE_FUSE_CMP_TEST,		/* cmp (not cmpxchg), test */
	ANNOTATE_FUSE_ALU,		/* and add, sub, and, inc, dec */
};

enum annotate_fusion annotate_fusion__from_cpuid(const char *cpuid);

/* Whether insn ("mnemonic operands", "lock" skipped) fuses with the jump after it. */
bool annotate_fusion__fused(enum annotate_fusion f, const char *insn, const char *jump);

#endif /* __PERF_ANNOTATE_FUSE_H */
