/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SCRIPT_H
#define __PERF_SCRIPT_H

#include "callchain.h"
#include "fmt-buf.h"

struct evlist;
struct evsel;
struct perf_header;

/*
 * perf script's lines without its command line: every sample in
 * upstream's default format ("comm tid [cpu] time: period event:  ip
 * sym+off (dso)", or the fields of -F), its call chain below it when the
 * file has one, and the side-band records asked for, written to a file
 * descriptor through a fmt_buf.
 *
 *	script__init(&s, fd, kallsyms);	then set the options below
 *	script__parse_fields(&s, "comm,ip,sym", bad, sizeof(bad));
 *	script__check_fields(&s, evlist, msg, sizeof(msg));
 *	script__use_header(&s, &session->header, true);
 *	for each record: script__sample() / script__event()
 *	script__exit(&s);
 */
struct script {
	u32			fields;		/* what -F set (script.c's bits), or the default */
	bool			user_fields;	/* -F given */
	bool			show_task;	/* --show-task-events */
	bool			show_mmap;	/* --show-mmap-events */
	bool			show_bpf;	/* --show-bpf-events */
	bool			no_callchain;	/* -G / --hide-call-graph */
	int			max_stack;	/* frames of a chain, <= 0: all */
	bool			line_flush;	/* write each line at once (a terminal) */
	struct machine		*machine;
	struct callchain_cursor	cursor;
	struct fmt_buf		out;
};

/* 0 or -ENOMEM (s is ready for script__exit() either way). */
int script__init(struct script *s, int fd, const char *kallsyms);
/* Flush and free: 0 or the first write error's -errno. */
int script__exit(struct script *s);

/* -F "comm,tid,..." (an event type prefix "type:" is ignored); -EINVAL, bad: the unknown one. */
int script__parse_fields(struct script *s, const char *str, char *bad, size_t badsz);
/*
 * With -F: every sampling event must carry what the fields print, else
 * -EINVAL with upstream's message in msg ("Samples for '...' event do
 * not have ... attribute set. Cannot print '...' field.").
 */
int script__check_fields(const struct script *s, struct evlist *evlist, char *msg,
			 size_t msgsz);

/* The header's build ids and (bpf_names) BPF_PROG_INFO programs for the machine. */
void script__use_header(struct script *s, struct perf_header *header, bool bpf_names);

/* One sample's line(s); 0, -ENOMEM or the output's write error. */
int script__sample(struct script *s, const union perf_event *ev,
		   const struct perf_sample *sample, struct evsel *evsel);
/* A side-band record into the machine, and its line when asked for. */
int script__event(struct script *s, const union perf_event *ev,
		  const struct perf_sample *sample, struct evsel *evsel);

#endif /* __PERF_SCRIPT_H */
