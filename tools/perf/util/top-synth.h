/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TOP_SYNTH_H
#define __PERF_TOP_SYNTH_H

struct perf_top;
struct top_inbox;
struct strbuf;

/* perf top's feeding threads (util/top-synth.c). */
void top_inbox__init(struct top_inbox *in);
void top_inbox__exit(struct top_inbox *in);
/* Everything sent so far (the owner's until the next take). */
struct strbuf *top_inbox__take(struct top_inbox *in);

/* Synthesize what exists in a thread of its own; top->synth_done says when it is over. */
int top_synth__start(struct perf_top *top);
/* Wait for it to end. */
void top_synth__stop(struct perf_top *top);

/* The BPF side-band thread (a warning, and 0, when it cannot be had). */
int top_sideband__start(struct perf_top *top);
void top_sideband__stop(struct perf_top *top);

#endif /* __PERF_TOP_SYNTH_H */
