/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests of perf top's views: top_test__ksym() registers a BPF
 * function of 64 bytes at addr through the inbox (as the synthesis or the
 * side-band would; applied by the next top__read()), top_test__add() adds
 * a sample of period at ip in cpumode to the shown histogram.
 */
#ifndef __TESTS_TOP_SESSION_H
#define __TESTS_TOP_SESSION_H

#include "util/evlist.h"
#include "util/synthesize.h"
#include "util/top.h"

static inline void top_test__ksym(struct perf_top *top, u64 addr, const char *name)
{
	struct perf_synth s = {
		.emit = top_inbox__emit, .priv = &top->inbox, .id_hdr_size = top->id_hdr_size,
		.sample_type = evlist__first(top->evlist)->attr.sample_type, .time = 1,
	};

	perf_synth__ksymbol(&s, addr, 64, PERF_RECORD_KSYMBOL_TYPE_BPF, 0, name);
}

static inline void top_test__add(struct perf_top *top, u8 cpumode, u64 ip, u64 period)
{
	struct addr_location al = { 0 };

	machine__resolve_ip(top->machine, NULL, cpumode, ip, &al);
	hists__add(top__hists(top), &al, 0, period);
}

#endif /* __TESTS_TOP_SESSION_H */
