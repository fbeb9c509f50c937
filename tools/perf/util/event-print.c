// SPDX-License-Identifier: GPL-2.0
/* The one-line descriptions of records (perf report -D, perf script --show-*). */
#include <errno.h>
#include <string.h>
#include <byteswap.h>
#include "cursor.h"
#include "event.h"
#include "event-internal.h"

/* Printing. */

/* A string field of at most max bytes, stopping at the first NUL. */
static int str_len(const char *p, size_t max)
{
	return (int)strnlen(p, max);
}

/* Bytes after off up to the end of the record (trailer included: names stop at NUL). */
static size_t rest(const union perf_event *ev, size_t off)
{
	return ev->header.size > off ? ev->header.size - off : 0;
}

static size_t fprintf_mmap(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_mmap *m = &ev->mmap;
	size_t max = rest(ev, sizeof(*m));

	return fprintf(fp, " %d/%d: [%#llx(%#llx) @ %#llx]: %c %.*s\n",
		       (int)m->pid, (int)m->tid, m->start, m->len, m->pgoff,
		       (ev->header.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
		       str_len(m->filename, max), m->filename);
}

#define PROT_R	1
#define PROT_W	2
#define PROT_X	4
#define MAP_SHARED_FLAG	1

static size_t fprintf_mmap2(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_mmap2 *m = &ev->mmap2;
	size_t max = rest(ev, sizeof(*m));
	char prot[5];
	size_t ret;

	prot[0] = (m->prot & PROT_R) ? 'r' : '-';
	prot[1] = (m->prot & PROT_W) ? 'w' : '-';
	prot[2] = (m->prot & PROT_X) ? 'x' : '-';
	prot[3] = (m->flags & MAP_SHARED_FLAG) ? 's' : 'p';
	prot[4] = '\0';

	ret = fprintf(fp, " %d/%d: [%#llx(%#llx) @ %#llx ", (int)m->pid, (int)m->tid,
		      m->start, m->len, m->pgoff);
	if (ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		u32 n = min((u32)m->build_id_size, (u32)PERF_MMAP2_BUILD_ID_MAX), i;

		ret += fprintf(fp, "<");
		for (i = 0; i < n; i++)
			ret += fprintf(fp, "%02x", m->build_id[i]);
		ret += fprintf(fp, ">");
	} else {
		ret += fprintf(fp, "%02x:%02x %llu %llu", m->maj, m->min, m->ino,
			       m->ino_generation);
	}
	ret += fprintf(fp, "]: %s %.*s\n", prot, str_len(m->filename, max), m->filename);
	return ret;
}

static const char * const ns_names[PERF_NR_NAMESPACES] = {
	"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
};

static size_t fprintf_namespaces(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_namespaces *n = &ev->namespaces;
	u64 nr = n->nr_namespaces, i;
	size_t ret;

	ret = fprintf(fp, " %d/%d - nr_namespaces: %llu\n\t\t[", (int)n->pid, (int)n->tid, nr);
	if (nr > rest(ev, sizeof(*n)) / sizeof(struct perf_ns_link_info))
		nr = rest(ev, sizeof(*n)) / sizeof(struct perf_ns_link_info);
	for (i = 0; i < nr; i++) {
		const char *sep = i + 1 == nr ? "]\n" : (i + 1) % 4 ? ", " : ", \n\t\t ";

		ret += fprintf(fp, "%llu/%s: %llu/%#llx%s", i,
			       i < PERF_NR_NAMESPACES ? ns_names[i] : "UNKNOWN",
			       load_u64(&n->link_info[i].dev), load_u64(&n->link_info[i].ino), sep);
	}
	if (!nr)
		ret += fprintf(fp, "]\n");
	return ret;
}

static size_t fprintf_switch(const union perf_event *ev, FILE *fp)
{
	bool out = ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT;
	const char *dir = !out ? "IN         " :
			  (ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ?
			  "OUT preempt" : "OUT        ";

	if (ev->header.type == PERF_RECORD_SWITCH)
		return fprintf(fp, " %s\n", dir);
	return fprintf(fp, " %s  %s pid/tid: %5d/%-5d\n", dir, out ? "next" : "prev",
		       (int)ev->context_switch.next_prev_pid,
		       (int)ev->context_switch.next_prev_tid);
}

static size_t fprintf_aux(const union perf_event *ev, FILE *fp)
{
	u64 f = ev->aux.flags;

	return fprintf(fp, " offset: %#llx size: %#llx flags: %#llx [%s%s%s]\n",
		       ev->aux.aux_offset, ev->aux.aux_size, f,
		       (f & PERF_AUX_FLAG_TRUNCATED) ? "T" : "",
		       (f & PERF_AUX_FLAG_OVERWRITE) ? "O" : "",
		       (f & PERF_AUX_FLAG_PARTIAL) ? "P" : "");
}

static size_t fprintf_text_poke(const union perf_event *ev, FILE *fp)
{
	return fprintf(fp, " %#llx old len %u new len %u\n", ev->text_poke.addr,
		       ev->text_poke.old_len, ev->text_poke.new_len);
}

static size_t fprintf_id_index(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_id_index *x = &ev->id_index;
	u64 nr = x->nr, i, avail = rest(ev, sizeof(*x)), esz = sizeof(struct perf_id_index_entry);
	size_t ret = fprintf(fp, " nr: %llu\n", nr);

	if (nr && avail / nr >= 48)
		esz = 48;	/* entries with machine_pid and vcpu */
	for (i = 0; i < nr && (i + 1) * esz <= avail; i++) {
		const u8 *e = (const u8 *)x->entries + i * esz;

		ret += fprintf(fp, " ... id: %llu  idx: %llu  cpu: %lld  tid: %lld\n",
			       load_u64(e), load_u64(e + 8), (long long)load_u64(e + 16),
			       (long long)load_u64(e + 24));
	}
	return ret;
}

static size_t fprintf_thread_map(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_thread_map *t = &ev->thread_map;
	u64 nr = t->nr, i;
	size_t ret;

	if (nr > rest(ev, sizeof(*t)) / sizeof(struct perf_thread_map_entry))
		nr = rest(ev, sizeof(*t)) / sizeof(struct perf_thread_map_entry);
	ret = fprintf(fp, " nr: %llu %s: ", nr, nr > 1 ? "threads" : "thread");
	for (i = 0; i < nr; i++)
		ret += fprintf(fp, "%s%d", i ? ", " : "", (int)load_u64(&t->entries[i].pid));
	return ret + fprintf(fp, "\n");
}

/* Collect the cpus of a cpu_map_data into a callback-free bitmap walk. */
static int cpu_map_data__get(const u8 *d, size_t size, u32 i, int *cpu, u32 *nr)
{
	u16 type, n, long_size;

	if (size < 2)
		return -EINVAL;
	type = load_u16(d);
	switch (type) {
	case PERF_CPU_MAP__CPUS:
		if (size < 4)
			return -EINVAL;
		n = load_u16(d + 2);
		if ((size_t)4 + 2 * (size_t)n > size)
			return -EINVAL;
		*nr = n;
		if (i < n)
			*cpu = (s16)load_u16(d + 4 + 2 * i);
		return 0;
	case PERF_CPU_MAP__MASK: {
		u32 bits, word;

		if (size < 6)
			return -EINVAL;
		n = load_u16(d + 2);
		long_size = load_u16(d + 4);
		if (long_size != 4 && long_size != 8)
			return -EINVAL;
		if ((long_size == 4 && (size_t)6 + 4 * (size_t)n > size) ||
		    (long_size == 8 && (size_t)10 + 8 * (size_t)n > size))
			return -EINVAL;
		bits = (u32)n * long_size * 8;
		*nr = bits;	/* caller tests membership below */
		if (i >= bits)
			return 0;
		word = i / (long_size * 8);
		if (long_size == 4)
			*cpu = (load_u32(d + 6 + 4 * word) >> (i % 32)) & 1 ? (int)i : -2;
		else
			*cpu = (load_u64(d + 10 + 8 * word) >> (i % 64)) & 1 ? (int)i : -2;
		return 0;
	}
	case PERF_CPU_MAP__RANGE_CPUS: {
		u8 any;
		u16 start, end;

		if (size < 8)
			return -EINVAL;
		any = d[2];
		start = load_u16(d + 4);
		end = load_u16(d + 6);
		if (end < start)
			return -EINVAL;
		*nr = (u32)(end - start + 1) + (any ? 1 : 0);
		if (i < *nr)
			*cpu = any ? (i == 0 ? -1 : (int)(start + i - 1)) : (int)(start + i);
		return 0;
	}
	default:
		return -EINVAL;
	}
}

struct cpu_run {
	FILE	*fp;
	int	start;
	int	prev;
	bool	open;
	bool	first;
};

static void cpu_run__flush(struct cpu_run *r)
{
	if (!r->open)
		return;
	if (r->start == r->prev)
		fprintf(r->fp, "%s%d", r->first ? "" : ",", r->start);
	else
		fprintf(r->fp, "%s%d-%d", r->first ? "" : ",", r->start, r->prev);
	r->first = false;
	r->open = false;
}

/* Consecutive cpus make a run "a-b" (as upstream, -1 followed by 0 continues one). */
static void cpu_run__add(struct cpu_run *r, int cpu)
{
	if (r->open && cpu == r->prev + 1) {
		r->prev = cpu;
		return;
	}
	cpu_run__flush(r);
	r->start = r->prev = cpu;
	r->open = true;
}

int perf_cpu_map_data__fprintf(const void *data, size_t size, FILE *fp)
{
	struct cpu_run run = { .fp = fp, .first = true };
	u32 nr = 0, i;
	int cpu = -2;
	int err;

	err = cpu_map_data__get(data, size, 0, &cpu, &nr);
	if (err)
		return err;
	for (i = 0; i < nr; i++) {
		cpu = -2;
		cpu_map_data__get(data, size, i, &cpu, &nr);
		if (cpu != -2)
			cpu_run__add(&run, cpu);
	}
	cpu_run__flush(&run);
	return 0;
}

static size_t fprintf_cpu_map(const union perf_event *ev, FILE *fp)
{
	size_t ret = fprintf(fp, ": ");

	perf_cpu_map_data__fprintf(ev->cpu_map.data, rest(ev, 8), fp);
	return ret + fprintf(fp, "\n");
}

static size_t fprintf_stat_config(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_stat_config *sc = &ev->stat_config;
	u64 nr = sc->nr, i, aggr_mode = 0, scale = 0, interval = 0;

	if (nr > rest(ev, sizeof(*sc)) / sizeof(struct perf_stat_config_entry))
		nr = rest(ev, sizeof(*sc)) / sizeof(struct perf_stat_config_entry);
	for (i = 0; i < nr; i++) {
		u64 tag = load_u64(&sc->data[i].tag), val = load_u64(&sc->data[i].val);

		if (tag == PERF_STAT_CONFIG_TERM__AGGR_MODE)
			aggr_mode = val;
		else if (tag == PERF_STAT_CONFIG_TERM__SCALE)
			scale = val != 0;
		else if (tag == PERF_STAT_CONFIG_TERM__INTERVAL)
			interval = val;
	}
	return fprintf(fp, "\n... aggr_mode %d\n... scale     %d\n... interval  %u\n",
		       (int)aggr_mode, (int)scale, (unsigned int)interval);
}

static size_t fprintf_event_update(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_event_update *u = &ev->event_update;
	size_t max = rest(ev, sizeof(*u)), ret;
	double scale;

	ret = fprintf(fp, "\n... id:    %llu\n", u->id);
	switch (u->type) {
	case PERF_EVENT_UPDATE__UNIT:
		ret += fprintf(fp, "... unit:  %.*s\n", str_len((const char *)u->data, max),
			       (const char *)u->data);
		break;
	case PERF_EVENT_UPDATE__NAME:
		ret += fprintf(fp, "... name:  %.*s\n", str_len((const char *)u->data, max),
			       (const char *)u->data);
		break;
	case PERF_EVENT_UPDATE__SCALE:
		if (max < sizeof(scale))
			break;
		memcpy(&scale, u->data, sizeof(scale));
		ret += fprintf(fp, "... scale: %f\n", scale);
		break;
	case PERF_EVENT_UPDATE__CPUS:
		ret += fprintf(fp, "... ");
		perf_cpu_map_data__fprintf(u->data, max, fp);
		ret += fprintf(fp, "\n");
		break;
	default:
		ret += fprintf(fp, "... unknown type\n");
		break;
	}
	return ret;
}

static size_t fprintf_time_conv(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_time_conv *tc = &ev->time_conv;
	size_t ret;

	ret = fprintf(fp, "\n... Time Shift      %llu\n", tc->time_shift);
	ret += fprintf(fp, "... Time Muliplier  %llu\n", tc->time_mult);
	ret += fprintf(fp, "... Time Zero       %llu\n", tc->time_zero);
	if (ev->header.size >= sizeof(*tc)) {
		ret += fprintf(fp, "... Time Cycles     %llu\n", tc->time_cycles);
		ret += fprintf(fp, "... Time Mask       %#llx\n", tc->time_mask);
		ret += fprintf(fp, "... Cap Time Zero   %d\n", tc->cap_user_time_zero);
		ret += fprintf(fp, "... Cap Time Short  %d\n", tc->cap_user_time_short);
	}
	return ret;
}

static size_t fprintf_auxtrace_error(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_auxtrace_error *e = &ev->auxtrace_error;
	size_t max = rest(ev, offsetof(struct perf_record_auxtrace_error, msg));
	size_t ret;

	max = min(max, (size_t)PERF_AUXTRACE_ERROR_MSG_MAX);
	ret = fprintf(fp, " %s error type %u", e->fmt ? "Instruction trace" : "", e->type);
	if (e->fmt)
		ret += fprintf(fp, " time %llu", e->time);
	ret += fprintf(fp, " cpu %d pid %d tid %d ip %#llx code %u: %.*s\n", (int)e->cpu,
		       (int)e->pid, (int)e->tid, e->ip, e->code, str_len(e->msg, max), e->msg);
	return ret;
}

/* Minimum size for the fields each printer reads (beyond what it bounds itself). */
static u32 fprintf_min_size(u32 type)
{
	switch (type) {
	case PERF_RECORD_HEADER_EVENT_TYPE:	return 16;
	case PERF_RECORD_ID_INDEX:		return sizeof(struct perf_record_id_index);
	case PERF_RECORD_AUXTRACE_INFO:		return sizeof(struct perf_record_auxtrace_info);
	case PERF_RECORD_AUXTRACE:		return sizeof(struct perf_record_auxtrace);
	case PERF_RECORD_AUXTRACE_ERROR:
		return offsetof(struct perf_record_auxtrace_error, msg);
	case PERF_RECORD_THREAD_MAP:		return sizeof(struct perf_record_thread_map);
	case PERF_RECORD_STAT_CONFIG:		return sizeof(struct perf_record_stat_config);
	case PERF_RECORD_STAT:			return sizeof(struct perf_record_stat);
	case PERF_RECORD_STAT_ROUND:		return sizeof(struct perf_record_stat_round);
	case PERF_RECORD_EVENT_UPDATE:		return sizeof(struct perf_record_event_update);
	case PERF_RECORD_TIME_CONV:
		return offsetof(struct perf_record_time_conv, time_cycles);
	default:
		if (type < PERF_RECORD_USER_TYPE_START && type != PERF_RECORD_SAMPLE)
			return event__min_size(type);
		return sizeof(struct perf_event_header);
	}
}

size_t perf_event__fprintf_detail(const union perf_event *ev, const struct perf_sample *sample,
				  FILE *fp)
{
	u32 type = ev->header.type;

	if (ev->header.size < fprintf_min_size(type))
		return fprintf(fp, " [truncated record]\n");

	switch (type) {
	case PERF_RECORD_MMAP:
		return fprintf_mmap(ev, fp);
	case PERF_RECORD_MMAP2:
		return fprintf_mmap2(ev, fp);
	case PERF_RECORD_LOST:
		return fprintf(fp, ": id:%llu: lost:%llu\n", ev->lost.id, ev->lost.lost);
	case PERF_RECORD_LOST_SAMPLES:
		return fprintf(fp, ": id:%llu: lost samples :%llu\n", sample ? sample->id : 0,
			       ev->lost_samples.lost);
	case PERF_RECORD_COMM:
		return fprintf(fp, "%s: %.*s:%d/%d\n",
			       (ev->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
			       str_len(ev->comm.comm, rest(ev, sizeof(ev->comm))), ev->comm.comm,
			       (int)ev->comm.pid, (int)ev->comm.tid);
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		return fprintf(fp, "(%d:%d):(%d:%d)\n", (int)ev->fork.pid, (int)ev->fork.tid,
			       (int)ev->fork.ppid, (int)ev->fork.ptid);
	case PERF_RECORD_AUX:
		return fprintf_aux(ev, fp);
	case PERF_RECORD_ITRACE_START:
		return fprintf(fp, " pid: %u tid: %u\n", ev->itrace_start.pid,
			       ev->itrace_start.tid);
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		return fprintf_switch(ev, fp);
	case PERF_RECORD_NAMESPACES:
		return fprintf_namespaces(ev, fp);
	case PERF_RECORD_KSYMBOL:
		return fprintf(fp, " addr %llx len %u type %u flags 0x%x name %.*s\n",
			       ev->ksymbol.addr, ev->ksymbol.len, ev->ksymbol.ksym_type,
			       ev->ksymbol.flags,
			       str_len(ev->ksymbol.name, rest(ev, sizeof(ev->ksymbol))),
			       ev->ksymbol.name);
	case PERF_RECORD_BPF_EVENT:
		return fprintf(fp, " type %u, flags %u, id %u\n", ev->bpf.type, ev->bpf.flags,
			       ev->bpf.id);
	case PERF_RECORD_CGROUP:
		return fprintf(fp, " cgroup: %llu %.*s\n", ev->cgroup.id,
			       str_len(ev->cgroup.path, rest(ev, sizeof(ev->cgroup))),
			       ev->cgroup.path);
	case PERF_RECORD_TEXT_POKE:
		return fprintf_text_poke(ev, fp);
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		return fprintf(fp, " hw_id: %#llx\n", ev->aux_output_hw_id.hw_id);
	case PERF_RECORD_ID_INDEX:
		return fprintf_id_index(ev, fp);
	case PERF_RECORD_THREAD_MAP:
		return fprintf_thread_map(ev, fp);
	case PERF_RECORD_CPU_MAP:
		return fprintf_cpu_map(ev, fp);
	case PERF_RECORD_STAT_CONFIG:
		return fprintf_stat_config(ev, fp);
	case PERF_RECORD_STAT:
		return fprintf(fp, "\n... id %llu, cpu %d, thread %d\n"
			       "... value %llu, enabled %llu, running %llu\n",
			       ev->stat.id, (int)ev->stat.cpu, (int)ev->stat.thread,
			       ev->stat.val, ev->stat.ena, ev->stat.run);
	case PERF_RECORD_STAT_ROUND:
		return fprintf(fp, "\n... time %llu, type %s\n", ev->stat_round.time,
			       ev->stat_round.type == PERF_STAT_ROUND_TYPE__FINAL ?
			       "FINAL" : "INTERVAL");
	case PERF_RECORD_EVENT_UPDATE:
		return fprintf_event_update(ev, fp);
	case PERF_RECORD_TIME_CONV:
		return fprintf_time_conv(ev, fp);
	case PERF_RECORD_AUXTRACE:
		return fprintf(fp, " size: %#llx  offset: %#llx  ref: %#llx  idx: %u  "
			       "tid: %d  cpu: %d\n",
			       ev->auxtrace.size, ev->auxtrace.offset, ev->auxtrace.reference,
			       ev->auxtrace.idx, (int)ev->auxtrace.tid, (int)ev->auxtrace.cpu);
	case PERF_RECORD_AUXTRACE_ERROR:
		return fprintf_auxtrace_error(ev, fp);
	case PERF_RECORD_FINISHED_ROUND:
		return fprintf(fp, "\n");
	default:
		/*
		 * SAMPLE, READ: need the evsel (dump.c).  ATTR, TRACING_DATA,
		 * FEATURE, BUILD_ID: upstream prints nothing, not even a
		 * newline.  Others: nothing here.
		 */
		return 0;
	}
}

size_t perf_event__fprintf(const union perf_event *ev, const struct perf_sample *sample,
			   FILE *fp)
{
	size_t ret = fprintf(fp, "PERF_RECORD_%s", perf_event__name(ev->header.type));

	return ret + perf_event__fprintf_detail(ev, sample, fp);
}
