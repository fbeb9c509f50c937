/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The registers record's -I/--intr-regs and --user-regs sample
 * (perf_event_attr's sample_regs_intr and sample_regs_user): x86-64's
 * names as upstream takes them ("ax,r15", case folded) and the mask of
 * bits they stand for (the kernel's PERF_REG_X86_* numbers).
 */
#ifndef PERF_UTIL_SAMPLE_REGS_H
#define PERF_UTIL_SAMPLE_REGS_H

#include <stddef.h>
#include "types.h"

/*
 * The mask of a comma-separated LIST of register names; an empty or NULL
 * LIST is every register upstream samples by default.  Returns 0, or
 * -EINVAL with *bad at the first unknown name (up to its comma) and
 * *bad_len its length.
 */
int sample_regs__parse(const char *list, u64 *mask, const char **bad, size_t *bad_len);

/* "AX BX ... R15 ": the names, each followed by a space, as upstream lists them. */
void sample_regs__names(char *buf, size_t size);

#endif /* PERF_UTIL_SAMPLE_REGS_H */
