/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SAMPLE_FILTER_H
#define __PERF_SAMPLE_FILTER_H

#include "types.h"

struct addr_location;
struct evlist;
struct thread;

/*
 * The filters report and script share: which samples to take by their
 * task (--pid, --tid, --comms) and by where they are (--dsos,
 * --symbols).  Every list is comma-separated; an empty or absent one
 * lets everything through.
 *
 *	sample_filter__init(&f, &opts);
 *	if (sample_filter__task(&f, thread) && sample_filter__location(&f, &al)) ...
 *	sample_filter__exit(&f);
 */
struct sample_filter_opts {
	const char	*comms;
	const char	*dsos;		/* by the dso's short name */
	const char	*symbols;
	const char	*pids;		/* ids: the task's process */
	const char	*tids;		/* ids: the task itself */
	u64		addr_range;	/* script --addr-range: bytes from each -S address */
};

/* A list of names, in the order given. */
struct name_list {
	char	*buf;
	char	**items;
	int	nr;
};

/* "a,b,c" (NULL: empty) into a zeroed l; 0 or -ENOMEM (l ready for exit either way). */
int name_list__parse(struct name_list *l, const char *str);
/* s is in the list, or the list is empty (and s anything, also NULL). */
bool name_list__match(const struct name_list *l, const char *s);
void name_list__exit(struct name_list *l);

/* A list of task ids, in the order given. */
struct id_list {
	s32	*ids;
	int	nr;
};

/*
 * --symbols: as upstream, an item that reads whole as a hex number
 * (strtoul base 16: "0x1234", "cafe") is an address, not a name: a
 * sample at that address passes (with addr_range: at up to addr_range
 * bytes after it), whatever its symbol.
 */
struct sample_filter {
	struct name_list	comms, dsos, symbols;
	u64			*addrs;		/* --symbols' addresses */
	int			nr_addrs;
	u64			addr_range;
	struct id_list		pids, tids;
	bool			*cpus;		/* --cpu: by CPU number; NULL: any */
	u32			nr_cpus;	/* entries of cpus[] */
};

/*
 * 0, -ENOMEM, or -EINVAL when pids or tids is not a list of ids (said
 * through the error sink: "problems parsing pid list: LIST", as upstream
 * says it); f is ready for sample_filter__exit() either way.
 */
int sample_filter__init(struct sample_filter *f, const struct sample_filter_opts *opts);
void sample_filter__exit(struct sample_filter *f);

/*
 * --cpu LIST (cpu_ranges__parse()), once the file's events and its
 * NRCPUS (nr_cpus: 0 for a pipe, whose header has not come yet, as
 * upstream's) are known: only the samples of these CPUs pass.  -EINVAL,
 * said through the error sink in upstream's words, when the first event
 * of a kind (hardware, software, tracepoint, ...) has no CPU in its
 * samples, when LIST is no list, or for a CPU of nr_cpus or more (the
 * lowest); 0 or -ENOMEM else.  A NULL list changes nothing.
 */
int sample_filter__set_cpus(struct sample_filter *f, const char *list,
			    const struct evlist *evlist, u32 nr_cpus);
/* The sample's CPU passes --cpu. */
static inline bool sample_filter__cpu(const struct sample_filter *f, u32 cpu)
{
	return !f->cpus || (cpu < f->nr_cpus && f->cpus[cpu]);
}

/* The thread's pid and tid pass --pid and --tid. */
bool sample_filter__task(const struct sample_filter *f, const struct thread *t);
/* The resolved sample's comm, dso and symbol pass --comms, --dsos and --symbols. */
bool sample_filter__location(const struct sample_filter *f, const struct addr_location *al);
/* Some filter of sample_filter__location() is set. */
bool sample_filter__has_location(const struct sample_filter *f);

/*
 * --switch-on, --switch-off, --show-on-off-events, as upstream's: the on
 * event's sample ends the discarding (before the first: from the start),
 * the off event's starts it; those two samples are kept only with show.
 * With an off event alone only its first sample goes.  Events by name,
 * as the evlist names them.
 */
struct evswitch {
	const char	*on_name;
	const char	*off_name;
	bool		show;
	struct evsel	*on, *off;	/* once seen */
	bool		discarding;
};

/* Set on_name, off_name, show; then this.  Nothing named: nothing discarded. */
void evswitch__init(struct evswitch *sw);
/*
 * Both named events are in evlist: 0, else -ENOENT said through the error
 * sink in upstream's words (an empty evlist, a pipe's, has none).
 */
int evswitch__check(struct evswitch *sw, const struct evlist *evlist);
bool evswitch__discard_named(struct evswitch *sw, struct evsel *evsel);

/* A sample of evsel is left out (inline: asked for every sample). */
static inline bool evswitch__discard(struct evswitch *sw, struct evsel *evsel)
{
	if (!sw->on_name && !sw->off_name)
		return false;
	return evswitch__discard_named(sw, evsel);
}

#endif /* __PERF_SAMPLE_FILTER_H */
