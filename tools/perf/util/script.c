// SPDX-License-Identifier: GPL-2.0
/*
 * script.c - perf script's lines: samples and side-band records in
 * upstream's format, through a fmt_buf.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlist.h"
#include "header.h"
#include "script.h"

enum script_field {
	F_COMM		= 1 << 0,
	F_TID		= 1 << 1,
	F_PID		= 1 << 2,
	F_TIME		= 1 << 3,
	F_CPU		= 1 << 4,
	F_EVENT		= 1 << 5,
	F_IP		= 1 << 6,
	F_SYM		= 1 << 7,
	F_SYMOFF	= 1 << 8,
	F_DSO		= 1 << 9,
	F_PERIOD	= 1 << 10,
	F_ADDR		= 1 << 11,
};

static const struct {
	const char	*name;
	u32		bit;
	u64		sample_type;	/* what the samples must carry, 0: nothing */
	const char	*upper;		/* upstream's name in the error */
} script_fields[] = {
	{ "comm",	F_COMM,		0,			"COMM" },
	{ "tid",	F_TID,		PERF_SAMPLE_TID,	"TID" },
	{ "pid",	F_PID,		PERF_SAMPLE_TID,	"PID" },
	{ "time",	F_TIME,		PERF_SAMPLE_TIME,	"TIME" },
	{ "cpu",	F_CPU,		PERF_SAMPLE_CPU,	"CPU" },
	{ "event",	F_EVENT,	0,			"EVNAME" },
	{ "ip",		F_IP,		PERF_SAMPLE_IP,		"IP" },
	{ "sym",	F_SYM,		PERF_SAMPLE_IP,		"SYM" },
	{ "symoff",	F_SYMOFF,	PERF_SAMPLE_IP,		"SYMOFF" },
	{ "dso",	F_DSO,		PERF_SAMPLE_IP,		"DSO" },
	/* without PERIOD in the samples, upstream prints the fixed one (-c) */
	{ "period",	F_PERIOD,	0,			"PERIOD" },
	{ "addr",	F_ADDR,		PERF_SAMPLE_ADDR,	"ADDR" },
};

#define F_DEFAULT	(F_COMM | F_TID | F_TIME | F_CPU | F_EVENT | F_IP | F_SYM | F_SYMOFF | \
			 F_DSO | F_PERIOD)

int script__init(struct script *s, int fd, const char *kallsyms)
{
	memset(s, 0, sizeof(*s));
	s->fields = F_DEFAULT;
	s->max_stack = 127;
	callchain_cursor__init(&s->cursor);
	if (fmt_buf__init(&s->out, fd, 0))
		return -ENOMEM;
	s->machine = machine__new(kallsyms);
	if (!s->machine || callchain_cursor__enable_cache(&s->cursor))
		return -ENOMEM;
	return 0;
}

int script__exit(struct script *s)
{
	int err = fmt_buf__exit(&s->out);

	callchain_cursor__exit(&s->cursor);
	machine__delete(s->machine);
	s->machine = NULL;
	return err;
}

void script__use_header(struct script *s, struct perf_header *header, bool bpf_names)
{
	machine__use_header(s->machine, header, bpf_names);
}

int script__parse_fields(struct script *s, const char *str, char *bad, size_t badsz)
{
	const char *p = str;
	u32 fields = 0;

	/* "type:fields": the event type part is accepted and ignored */
	if (strchr(p, ':'))
		p = strchr(p, ':') + 1;
	while (*p) {
		size_t n = strcspn(p, ","), i;

		for (i = 0; i < ARRAY_SIZE(script_fields); i++)
			if (strlen(script_fields[i].name) == n &&
			    !strncmp(script_fields[i].name, p, n))
				break;
		if (i == ARRAY_SIZE(script_fields)) {
			snprintf(bad, badsz, "%.*s", (int)n, p);
			return -EINVAL;
		}
		fields |= script_fields[i].bit;
		p += n;
		if (*p == ',')
			p++;
	}
	s->fields = fields;
	s->user_fields = true;
	return 0;
}

/* The fields an event prints: what was asked for, or the default less what it lacks. */
static u32 script__evsel_fields(const struct script *s, const struct evsel *evsel)
{
	u32 f = s->fields;
	size_t i;

	if (s->user_fields)
		return f;
	for (i = 0; i < ARRAY_SIZE(script_fields); i++)
		if (script_fields[i].sample_type &&
		    !(evsel->attr.sample_type & script_fields[i].sample_type))
			f &= ~script_fields[i].bit;
	return f;
}

static bool script__use_callchain(const struct script *s, const struct evsel *evsel, u32 f)
{
	return !s->no_callchain && (f & F_IP) &&
	       (evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN);
}

/* comm, tid/pid, cpu, time: the start every line has */
static void script__print_start(struct script *s, const struct thread *t,
				const struct perf_sample *sample, u32 f, bool callchain)
{
	struct fmt_buf *b = &s->out;

	if (f & F_COMM) {
		const char *comm = t ? t->comm : ":-1";

		/* "%s " with a call chain, else "%16s " */
		fmt_buf__str(b, comm, callchain ? 0 : 16, 0);
		fmt_buf__putc(b, ' ');
	}
	if ((f & F_PID) && (f & F_TID)) {
		/* "%5d/%-5d " */
		fmt_buf__s64(b, (int)sample->pid, 5, 0);
		fmt_buf__putc(b, '/');
		fmt_buf__s64(b, (int)sample->tid, 5, FMT_LEFT);
		fmt_buf__putc(b, ' ');
	} else if (f & (F_PID | F_TID)) {
		fmt_buf__s64(b, (int)(f & F_PID ? sample->pid : sample->tid), 5, 0);
		fmt_buf__putc(b, ' ');
	}
	if (f & F_CPU) {
		/* "[%03d] " */
		fmt_buf__putc(b, '[');
		fmt_buf__s64(b, (int)sample->cpu, 3, FMT_ZERO);
		fmt_buf__mem(b, "] ", 2);
	}
	if (f & F_TIME) {
		/* "%5llu.%06llu: " of the seconds and microseconds */
		fmt_buf__u64(b, sample->time / 1000000000ULL, 5, 0);
		fmt_buf__putc(b, '.');
		fmt_buf__u64(b, sample->time % 1000000000ULL / 1000, 6, FMT_ZERO);
		fmt_buf__mem(b, ": ", 2);
	}
}

/* " sym+0xoff (dso)" of one location, by the fields asked for */
static void script__print_sym(struct script *s, const struct addr_location *al, u32 f)
{
	struct fmt_buf *b = &s->out;

	if (f & F_SYM) {
		fmt_buf__putc(b, ' ');
		if (al->sym) {
			fmt_buf__puts(b, al->sym->name);
			if (f & F_SYMOFF) {
				fmt_buf__mem(b, "+0x", 3);
				fmt_buf__x64(b, al->addr - al->sym->start, 0, 0);
			}
		} else {
			fmt_buf__mem(b, "[unknown]", 9);
		}
	}
	if (f & F_DSO) {
		fmt_buf__mem(b, " (", 2);
		fmt_buf__puts(b, al->dso ? al->dso->long_name : "[unknown]");
		fmt_buf__putc(b, ')');
	}
}

int script__sample(struct script *s, const union perf_event *ev,
		   const struct perf_sample *sample, struct evsel *evsel)
{
	struct fmt_buf *b = &s->out;
	struct addr_location al;
	u32 f = script__evsel_fields(s, evsel);
	bool cc = script__use_callchain(s, evsel, f);
	int err;
	u32 i;

	err = machine__resolve(s->machine, ev, sample, &al);
	if (err)
		return err;
	script__print_start(s, al.thread, sample, f, cc);
	if (f & F_PERIOD) {
		fmt_buf__u64(b, sample->period, 10, 0);
		fmt_buf__putc(b, ' ');
	}
	if (f & F_EVENT) {
		fmt_buf__puts(b, evsel__name(evsel));
		fmt_buf__mem(b, ": ", 2);
	}
	if (f & F_ADDR) {
		fmt_buf__x64(b, sample->addr, 16, 0);
		fmt_buf__putc(b, ' ');
	}
	if (cc) {
		err = callchain__resolve(s->machine, al.thread, sample,
					 ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
					 s->max_stack > 0 ? (u32)s->max_stack : 0, &s->cursor);
		if (err)
			return err;
		fmt_buf__putc(b, '\n');
		for (i = 0; i < s->cursor.nr; i++) {
			const struct addr_location *e = &s->cursor.entries[i];
			/* upstream: objects' entries by their address in the object */
			bool rel = e->dso && (e->dso->kind == DSO_KIND_USER ||
					      e->dso->kind == DSO_KIND_VDSO ||
					      e->dso->kind == DSO_KIND_MODULE);

			fmt_buf__putc(b, '\t');
			fmt_buf__x64(b, rel ? e->addr : e->ip, 16, 0);
			script__print_sym(s, e, f);
			fmt_buf__putc(b, '\n');
		}
		fmt_buf__putc(b, '\n');
		goto out;
	}
	if (f & F_IP) {
		fmt_buf__putc(b, ' ');
		fmt_buf__x64(b, sample->ip, 16, 0);
		script__print_sym(s, &al, f);
	}
	fmt_buf__putc(b, '\n');
out:
	if (s->line_flush)
		fmt_buf__flush(b);
	/* a write error (the reader went away): stop */
	return fmt_buf__error(b);
}

static bool script__shows(const struct script *s, u32 type)
{
	switch (type) {
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		return s->show_task;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		return s->show_mmap;
	case PERF_RECORD_KSYMBOL:
	case PERF_RECORD_BPF_EVENT:
		return s->show_bpf;
	default:
		return false;
	}
}

int script__event(struct script *s, const union perf_event *ev,
		  const struct perf_sample *sample, struct evsel *evsel)
{
	struct thread *t;
	FILE *fp;
	u32 type = ev->header.type, f;
	int err = machine__process_event(s->machine, ev, sample);

	if (err == -ENOMEM)
		return err;
	if (!script__shows(s, type) || !evsel)
		return 0;
	/* the records' printer writes to stdio: a stream into the same buffer */
	fp = fmt_buf__file(&s->out);
	if (!fp)
		return -ENOMEM;
	/* the thread the record is about, as it is after the record */
	switch (type) {
	case PERF_RECORD_COMM:
		t = machine__findnew_thread(s->machine, (s32)ev->comm.pid, (s32)ev->comm.tid);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		t = machine__findnew_thread(s->machine, (s32)ev->fork.pid, (s32)ev->fork.tid);
		break;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		t = machine__findnew_thread(s->machine, (s32)ev->mmap.pid, (s32)ev->mmap.tid);
		break;
	default:
		t = machine__findnew_thread(s->machine, (s32)sample->pid, (s32)sample->tid);
		break;
	}
	f = script__evsel_fields(s, evsel) & (F_COMM | F_TID | F_PID | F_CPU | F_TIME);
	if (!evsel->attr.sample_id_all)
		f &= ~(F_CPU | F_TIME);
	script__print_start(s, t, sample, f,
			    script__use_callchain(s, evsel, script__evsel_fields(s, evsel)));
	perf_event__fprintf(ev, sample, fp);
	if (s->line_flush)
		fmt_buf__flush(&s->out);
	return fmt_buf__error(&s->out);
}

int script__check_fields(const struct script *s, struct evlist *evlist, char *msg,
			 size_t msgsz)
{
	struct evsel *evsel;
	size_t i;
	int n;

	if (!s->user_fields)
		return 0;
	evlist__for_each(evlist, evsel, n) {
		if (evsel__is_sideband(evsel))
			continue;
		for (i = 0; i < ARRAY_SIZE(script_fields); i++) {
			if (!(s->fields & script_fields[i].bit) || !script_fields[i].sample_type ||
			    (evsel->attr.sample_type & script_fields[i].sample_type))
				continue;
			snprintf(msg, msgsz, "Samples for '%s' event do not have %s attribute set. "
				 "Cannot print '%s' field.", evsel__name(evsel),
				 script_fields[i].upper, script_fields[i].name);
			return -EINVAL;
		}
	}
	return 0;
}
