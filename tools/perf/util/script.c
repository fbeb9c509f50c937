// SPDX-License-Identifier: GPL-2.0
/*
 * script.c - perf script's lines: samples and side-band records in
 * upstream's format, through a fmt_buf.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "annotate-code.h"
#include "bpf-progs.h"
#include "disasm.h"
#include "dso.h"
#include "evlist.h"
#include "header.h"
#include "regular-file.h"
#include "srcline.h"
#include "symbol-elf.h"
#include "script.h"
#include "session.h"
#include "tracing-data.h"

int script__init(struct script *s, int fd, const char *kallsyms)
{
	memset(s, 0, sizeof(*s));
	s->insn_fd = -1;
	script_fields__init(&s->fields);
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
	strbuf__release(&s->trace);
	sample_filter__exit(&s->filter);
	time_ranges__exit(&s->time);
	name_list__exit(&s->stop_bt);
	if (s->insn_fd >= 0)
		close(s->insn_fd);
	s->insn_fd = -1;
	disasm__delete(s->disasm);
	s->disasm = NULL;
	srclines__delete(s->srclines);
	s->srclines = NULL;
	return err;
}

int script__set_stop_bt(struct script *s, const char *list)
{
	name_list__exit(&s->stop_bt);
	return name_list__parse(&s->stop_bt, list);
}

int script__use_time(struct script *s, const char *str, const struct perf_env *env)
{
	int err;

	time_ranges__exit(&s->time);
	err = time_ranges__parse(&s->time, str, env->first_sample_time, env->last_sample_time);
	if (!err && s->time_mode == SCRIPT_TIME_REL)
		time_ranges__rebase(&s->time, env->first_sample_time);
	return err;
}

int script__set_filter(struct script *s, const struct sample_filter_opts *opts)
{
	sample_filter__exit(&s->filter);
	return sample_filter__init(&s->filter, opts);
}

void script__use_header(struct script *s, struct perf_header *header, bool bpf_names)
{
	machine__use_header(s->machine, header, bpf_names);
}

int script__parse_fields(struct script *s, const char *str, char *msg, size_t msgsz)
{
	return script_fields__parse(&s->fields, str, msg, msgsz, s->warn, s->warn_priv);
}

int script__check_fields(struct script *s, struct evlist *evlist, char *msg, size_t msgsz)
{
	struct evsel *evsel;
	bool chains = false;
	int i;

	s->checked = true;
	s->name_width = 0;
	evlist__for_each(evlist, evsel, i) {
		int n = (int)strlen(evsel__name(evsel));

		chains |= !!(evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN);
		if (n > s->name_width)
			s->name_width = n;
	}
	return script_fields__check(&s->fields, evlist, chains && !s->no_callchain, msg, msgsz);
}

int script__use_session(struct script *s, struct perf_session *session)
{
	s->session = session;
	bpf_progs__use_evlist(s->machine->progs, session->evlist);
	/* %pS and the like from the kernel symbols we read, as upstream */
	if (session->tracing &&
	    tracing_data__set_resolver(session->tracing, machine__kernel_function, s->machine))
		return -ENOMEM;
	return 0;
}

/* A pipe's events come as records: checked at its first record. */
static int script__check_late(struct script *s)
{
	if (s->checked || !s->session)
		return 0;
	return script__check_fields(s, s->session->evlist, s->err, sizeof(s->err));
}

static bool script__use_callchain(const struct script *s, const struct evsel *evsel, u32 f)
{
	return !s->no_callchain && (f & SF_IP) &&
	       (evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN);
}

/*
 * The time a line shows: the record's, or since the first line's time
 * (--reltime) or the previous line's (--deltatime); a line of time 0 (a
 * record without one) starts neither.
 */
static u64 script__time(struct script *s, u64 time)
{
	u64 base;

	switch (s->time_mode) {
	case SCRIPT_TIME_REL:
		if (!s->time_base)
			s->time_base = time;
		return time - s->time_base;
	case SCRIPT_TIME_DELTA:
		base = s->time_base ? s->time_base : time;
		s->time_base = time;
		return time - base;
	default:
		return time;
	}
}

/* comm, tid/pid, cpu, time: the start every line has */
static void script__print_start(struct script *s, const struct thread *t,
				const struct perf_sample *sample, u32 f, bool callchain)
{
	struct fmt_buf *b = &s->out;

	if (f & SF_COMM) {
		const char *comm = t ? t->comm : ":-1";

		/* -L: "%8.8s "; "%s " with a call chain, else "%16s " */
		if (s->latency && strlen(comm) > 8)
			fmt_buf__mem(b, comm, 8);
		else
			fmt_buf__str(b, comm, s->latency ? 8 : callchain ? 0 : 16, 0);
		fmt_buf__putc(b, ' ');
	}
	if ((f & SF_PID) && (f & SF_TID)) {
		/* "%5d/%-5d " */
		fmt_buf__s64(b, (int)sample->pid, 5, 0);
		fmt_buf__putc(b, '/');
		fmt_buf__s64(b, (int)sample->tid, 5, FMT_LEFT);
		fmt_buf__putc(b, ' ');
	} else if (f & (SF_PID | SF_TID)) {
		fmt_buf__s64(b, (int)(f & SF_PID ? sample->pid : sample->tid), 5, 0);
		fmt_buf__putc(b, ' ');
	}
	if ((f & SF_CPU) && s->latency) {
		/* -L: "%3d " */
		fmt_buf__s64(b, (int)sample->cpu, 3, 0);
		fmt_buf__putc(b, ' ');
	} else if (f & SF_CPU) {
		/* "[%03d] " */
		fmt_buf__putc(b, '[');
		fmt_buf__s64(b, (int)sample->cpu, 3, FMT_ZERO);
		fmt_buf__mem(b, "] ", 2);
	}
	if (f & SF_TIME) {
		u64 time = script__time(s, sample->time);

		/* "%5llu.%06llu: " of the seconds and microseconds (--ns: %09llu) */
		fmt_buf__u64(b, time / 1000000000ULL, 5, 0);
		fmt_buf__putc(b, '.');
		if (s->time_ns)
			fmt_buf__u64(b, time % 1000000000ULL, 9, FMT_ZERO);
		else
			fmt_buf__u64(b, time % 1000000000ULL / 1000, 6, FMT_ZERO);
		fmt_buf__mem(b, ": ", 2);
	}
}

/* " sym+0xoff (dso)" of one location, by the fields asked for */
static void script__print_sym(struct script *s, const struct addr_location *al, u32 f)
{
	struct fmt_buf *b = &s->out;

	if (f & SF_SYM) {
		fmt_buf__putc(b, ' ');
		if (al->sym) {
			fmt_buf__puts(b, al->sym->name);
			if (f & SF_SYMOFF) {
				fmt_buf__mem(b, "+0x", 3);
				fmt_buf__x64(b, al->addr - al->sym->start, 0, 0);
			}
		} else {
			fmt_buf__mem(b, "[unknown]", 9);
		}
	}
	if (f & SF_DSO) {
		fmt_buf__mem(b, " (", 2);
		fmt_buf__puts(b, !al->dso ? "[unknown]" :
			      s->show_kernel_path && al->dso->vmlinux ? al->dso->vmlinux :
			      al->dso->long_name);
		fmt_buf__putc(b, ')');
	}
}

/* "bpf_prog=<id>:<name>" of the sample's program ("-" for none) */
static void script__print_bpf_prog(struct script *s, const struct addr_location *al)
{
	const struct bpf_prog_entry *e = al->dso ? bpf_progs__of_dso(s->machine->progs,
								      al->dso) : NULL;
	struct fmt_buf *b = &s->out;

	fmt_buf__mem(b, "bpf_prog=", 9);
	if (!e) {
		fmt_buf__putc(b, '-');
		return;
	}
	if (e->id)
		fmt_buf__u64(b, e->id, 0, 0);
	else
		fmt_buf__putc(b, '-');
	fmt_buf__putc(b, ':');
	fmt_buf__puts(b, bpf_prog_entry__short_name(e));
}

/* A tracepoint's fields as its format prints them, from the file's TRACING_DATA. */
static int script__print_trace(struct script *s, struct evsel *evsel,
			       const struct perf_sample *sample)
{
	struct tep_event *format = s->session ? perf_session__tp_format(s->session, evsel) : NULL;
	int err;

	if (!format)
		return 0;
	strbuf__reset(&s->trace);
	err = tracing_data__format(s->session->tracing, format, (int)sample->cpu,
				   sample->raw_data, sample->raw_size, &s->trace);
	if (err)
		return err;
	fmt_buf__mem(&s->out, s->trace.buf, s->trace.len);
	return 0;
}

int script__set_switch(struct script *s, struct evlist *evlist, const char *on,
		       const char *off, const char **which)
{
	struct evsel *evsel;
	int i;

	s->switch_on = NULL;
	s->switch_off = NULL;
	evlist__for_each(evlist, evsel, i) {
		const char *name = evsel__name(evsel);

		if (on && !s->switch_on && !strcmp(name, on))
			s->switch_on = evsel;
		if (off && !s->switch_off && !strcmp(name, off))
			s->switch_off = evsel;
	}
	if (on && !s->switch_on) {
		*which = "switch-on";
		return -ENOENT;
	}
	if (off && !s->switch_off) {
		*which = "switch-off";
		return -ENOENT;
	}
	/* with a switch-on event, nothing prints before its first sample */
	s->switched_off = !!s->switch_on;
	return 0;
}

/*
 * Whether a sample that passed the filters is left out by --switch-on/
 * --switch-off, as upstream: while off, only a switch-on sample turns
 * it on; while on, a switch-off sample turns it off (with no switch-on
 * event, nothing turns it on again, but nothing keeps it off either).
 * The sample that switches shows with --show-on-off-events only.
 */
static bool script__switched_off(struct script *s, const struct evsel *evsel)
{
	if (s->switch_on && s->switched_off) {
		if (evsel != s->switch_on)
			return true;
		s->switched_off = false;
		return !s->show_on_off;
	}
	if (s->switch_off && !s->switched_off && evsel == s->switch_off) {
		s->switched_off = true;
		return !s->show_on_off;
	}
	return false;
}

/* --debug-mode: a sample earlier than the one before it is said and counted */
static void script__check_order(struct script *s, u64 time)
{
	char line[96];

	if (time < s->last_time) {
		snprintf(line, sizeof(line), "Samples misordered, previous: %llu this: %llu",
			 (unsigned long long)s->last_time, (unsigned long long)time);
		if (s->warn)
			s->warn(line, s->warn_priv);
		s->nr_misordered++;
	}
	s->last_time = time;
}

/*
 * -F insn: " insn: 48 89 e5", the bytes of the instruction at the
 * sample's address, read from its object's file (the kernel's have none
 * to read here, as upstream's without a vmlinux); nothing when unknown.
 */
/*
 * -F srcline: "\n  file.c:12", the source line of the sample's address
 * from its object's DWARF (the file's name alone, all of it with
 * --full-source-path), else "\n  dso[addr]"; nothing without a map.
 */
static void script__print_srcline(struct script *s, const struct addr_location *al)
{
	char text[PATH_MAX + 32];

	/* nothing without a map */
	if (!al->map || !al->dso)
		return;
	srclines__location(&s->srclines, al, s->full_source_path, false, text, sizeof(text));
	fmt_buf__mem(&s->out, "\n  ", 3);
	fmt_buf__puts(&s->out, text);
}

/* A BPF function's code at the sample's address, from the file's BPF_PROG_INFO */
static ssize_t script__bpf_code(struct script *s, const struct addr_location *al, u8 *code,
				size_t size)
{
	struct annotate_target t;
	struct annotate_code c;
	char err[256];
	size_t n = 0;
	u64 off;

	if (!s->session || !al->sym ||
	    annotate_target__init(&t, al, &s->session->header.env.bpf, NULL) ||
	    annotate_code__bpf(&c, &t, err, sizeof(err)))
		return 0;
	off = al->ip - c.addr;
	if (al->ip >= c.addr && off < c.len) {
		n = min(c.len - (size_t)off, size);
		memcpy(code, c.bytes + off, n);
	}
	annotate_code__exit(&c);
	return (ssize_t)n;
}

static void script__print_insn(struct script *s, const struct addr_location *al)
{
	struct fmt_buf *b = &s->out;
	char path[PATH_MAX];
	u8 code[DISASM_MAX_INSN];
	ssize_t n;
	int i, size;

	if (!al->dso || !al->map)
		return;
	if (al->dso->kind == DSO_KIND_BPF) {
		n = script__bpf_code(s, al, code, sizeof(code));
		goto decode;
	}
	if (al->dso->kind != DSO_KIND_USER)
		return;
	if (s->insn_dso != al->dso) {
		if (s->insn_fd >= 0)
			close(s->insn_fd);
		s->insn_fd = -1;
		s->insn_dso = al->dso;
		if (!dso__code_path(al->dso, path, sizeof(path)))
			s->insn_fd = regular_file__open(path);
	}
	if (s->insn_fd < 0)
		return;
	n = pread(s->insn_fd, code, sizeof(code), al->addr);
decode:
	if (n <= 0 || (!s->disasm && disasm__new(&s->disasm)))
		return;
	size = disasm__length(s->disasm, code, n);
	if (!size)
		return;
	fmt_buf__mem(b, " insn:", 6);
	for (i = 0; i < size; i++) {
		fmt_buf__putc(b, ' ');
		fmt_buf__x64(b, code[i], 2, FMT_ZERO);
	}
}

int script__set_fd(struct script *s, int fd)
{
	int err = 0;

	if (s->out.fd != fd) {
		err = fmt_buf__flush(&s->out);
		s->out.fd = fd;
	}
	return err;
}

int script__sample(struct script *s, const union perf_event *ev,
		   const struct perf_sample *sample, struct evsel *evsel)
{
	struct fmt_buf *b = &s->out;
	struct addr_location al;
	u32 f;
	bool cc;
	int err;
	u32 i;

	err = script__check_late(s);
	if (err)
		return err;
	if (s->debug_mode) {
		if (time_ranges__contain(&s->time, sample->time))
			script__check_order(s, sample->time);
		return 0;
	}
	f = script_fields__of(&s->fields, &evsel->attr);
	cc = script__use_callchain(s, evsel, f);
	/* a type -F gave no fields: its samples print nothing, as upstream */
	if (!f)
		return 0;
	err = machine__resolve(s->machine, ev, sample, &al);
	if (err)
		return err;
	if (!sample_filter__task(&s->filter, al.thread) ||
	    !sample_filter__location(&s->filter, &al) || !time_ranges__contain(&s->time, sample->time) ||
	    !sample_filter__cpu(&s->filter, sample->cpu))
		return 0;
	if (script__switched_off(s, evsel))
		return 0;
	/*
	 * --graph-function: upstream starts printing at a branch sample
	 * calling one of them; without AUX traces there are none
	 */
	if (s->graph_function)
		return 0;
	s->nr_lines++;
	script__print_start(s, al.thread, sample, f, cc);
	if (f & SF_PERIOD) {
		fmt_buf__u64(b, sample->period, 10, 0);
		fmt_buf__putc(b, ' ');
	}
	if (f & SF_EVENT) {
		/* "%*s: " as wide as the longest event name of the file */
		fmt_buf__str(b, evsel__name(evsel), s->name_width, 0);
		fmt_buf__mem(b, ": ", 2);
	}
	/*
	 * "  %-21s " of the branch flags (call, return, ...): only samples
	 * decoded from AUX traces have them, so here they are always empty
	 */
	if (f & SF_FLAGS)
		fmt_buf__str(b, "", 24, 0);
	if ((f & SF_TRACE) && sample->raw_data) {
		err = script__print_trace(s, evsel, sample);
		if (err)
			return err;
	}
	if (f & SF_ADDR) {
		fmt_buf__x64(b, sample->addr, 16, 0);
		fmt_buf__putc(b, ' ');
	}
	if (f & SF_BPF_PROG)
		script__print_bpf_prog(s, &al);
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
			if (f & SF_SRCLINE)
				script__print_srcline(s, e);
			fmt_buf__putc(b, '\n');
			if (s->stop_bt.nr && e->sym && name_list__match(&s->stop_bt, e->sym->name))
				break;
		}
		if (f & SF_INSN)
			script__print_insn(s, &al);
		fmt_buf__putc(b, '\n');
		goto out;
	}
	if (f & SF_IP) {
		fmt_buf__putc(b, ' ');
		fmt_buf__x64(b, sample->ip, 16, 0);
		script__print_sym(s, &al, f);
	}
	if (f & SF_SRCLINE)
		script__print_srcline(s, &al);
	if (f & SF_INSN)
		script__print_insn(s, &al);
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
		return s->show_bpf || s->show_text_poke;
	case PERF_RECORD_BPF_EVENT:
		return s->show_bpf;
	case PERF_RECORD_TEXT_POKE:
		return s->show_text_poke;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		return s->show_switch;
	case PERF_RECORD_NAMESPACES:
		return s->show_namespace;
	case PERF_RECORD_CGROUP:
		return s->show_cgroup;
	case PERF_RECORD_LOST:
		return s->show_lost;
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
	bool cc;
	int err = machine__process_event(s->machine, ev, sample);

	if (err == -ENOMEM)
		return err;
	if (!script__shows(s, type) || !evsel)
		return 0;
	err = script__check_late(s);
	if (err)
		return err;
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
	case PERF_RECORD_NAMESPACES:
		t = machine__findnew_thread(s->machine, (s32)ev->namespaces.pid,
					    (s32)ev->namespaces.tid);
		break;
	default:
		t = machine__findnew_thread(s->machine, (s32)sample->pid, (s32)sample->tid);
		break;
	}
	f = script_fields__of(&s->fields, &evsel->attr);
	cc = script__use_callchain(s, evsel, f);
	f &= SF_COMM | SF_TID | SF_PID | SF_CPU | SF_TIME;
	if (!evsel->attr.sample_id_all)
		f &= ~(SF_CPU | SF_TIME);
	script__print_start(s, t, sample, f, cc);
	/* script's own words for a loss, not the dump's */
	if (type == PERF_RECORD_LOST)
		fprintf(fp, "PERF_RECORD_LOST lost %llu\n", (unsigned long long)ev->lost.lost);
	else
		perf_event__fprintf(ev, sample, fp);
	if (s->line_flush)
		fmt_buf__flush(&s->out);
	return fmt_buf__error(&s->out);
}

int script__user_event(struct script *s, const union perf_event *ev)
{
	if (ev->header.type != PERF_RECORD_FINISHED_ROUND || !s->show_round)
		return 0;
	fmt_buf__puts(&s->out, "PERF_RECORD_FINISHED_ROUND\n");
	if (s->line_flush)
		fmt_buf__flush(&s->out);
	return fmt_buf__error(&s->out);
}
