// SPDX-License-Identifier: GPL-2.0
/*
 * `perf report -D` printer: raw record dumps, the sample details and the
 * counts at the end.  Formats observed from Debian's perf 6.1; see dump.h.
 */
#include <string.h>
#include "dump.h"
#include "evsel.h"
#include "evlist.h"
#include "machine.h"
#include "thread.h"
#include "dso.h"
#include "session.h"

void dump__preamble(FILE *fp)
{
	fprintf(fp, "# To display the perf.data header info, please use "
		"--header/--header-only options.\n#\n");
}

void dump__raw(FILE *fp, const union perf_event *ev)
{
	const u8 *p = (const u8 *)ev;
	u32 size = ev->header.size, i, j;

	fprintf(fp, ".\n. ... raw event: size %u bytes\n", size);
	for (i = 0; i < size; i += 16) {
		u32 n = min(size - i, 16u);

		fprintf(fp, ".  %04x: ", i);
		for (j = 0; j < 16; j++) {
			if (j < n)
				fprintf(fp, " %02x", p[i + j]);
			else
				fputs("   ", fp);
		}
		fputs("  ", fp);
		for (j = 0; j < 16; j++) {
			u8 c = j < n ? p[i + j] : ' ';

			fputc(c >= 0x20 && c < 0x7f ? c : '.', fp);
		}
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

void dump__prefix(FILE *fp, const struct dump_ctx *ctx, u32 type, const struct perf_sample *s)
{
	if (type != PERF_RECORD_SAMPLE && !ctx->sample_id_all) {
		fputs("-1 -1 ", fp);
		return;
	}
	if (ctx->sample_type & PERF_SAMPLE_CPU)
		fprintf(fp, "%u ", s ? s->cpu : 0);
	if (ctx->sample_type & PERF_SAMPLE_TIME)
		fprintf(fp, "%llu ", s ? s->time : 0ULL);
}

static const char * const x86_regs[] = {
	"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
	"DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

static const char * const x86_xmm[] = {
	"XMM0", "XMM1", "XMM2", "XMM3", "XMM4", "XMM5", "XMM6", "XMM7",
	"XMM8", "XMM9", "XMM10", "XMM11", "XMM12", "XMM13", "XMM14", "XMM15",
};

const char *dump__reg_name(unsigned int id)
{
	if (id < ARRAY_SIZE(x86_regs))
		return x86_regs[id];
	/* each XMM register takes two u64 slots from 32 */
	if (id >= 32 && id < 64 && !(id % 2))
		return x86_xmm[(id - 32) / 2];
	return "unknown";
}

const char *dump__page_size_name(u64 size, char *buf, size_t len)
{
	static const char units[] = "BKMG";
	unsigned int i = 0;

	if (!size) {
		snprintf(buf, len, "N/A");
		return buf;
	}
	while (size / 1024 > 1 && i < sizeof(units) - 2) {
		size /= 1024;
		i++;
	}
	snprintf(buf, len, "%llu%c", size, units[i]);
	return buf;
}

static void regs__printf(FILE *fp, const char *what, const struct perf_sample_regs *r)
{
	static const char * const abi[] = { "none", "32-bit", "64-bit" };
	u64 mask = r->mask;
	unsigned int bit, k = 0;

	fprintf(fp, "... %s regs: mask %#llx ABI %s\n", what, mask,
		r->abi < ARRAY_SIZE(abi) ? abi[r->abi] : "unknown");
	for (bit = 0; bit < 64; bit++) {
		if (!(mask >> bit & 1))
			continue;
		fprintf(fp, ".... %-5s 0x%016llx\n", dump__reg_name(bit), r->regs[k++]);
	}
}

static const char * const branch_types[] = {
	"N/A", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL", "SYSRET",
	"COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "EXTEND_ABI",
};

#define PERF_SAMPLE_BRANCH_CALL_STACK_BIT	(1U << 11)

static void branch_stack__printf(FILE *fp, const struct perf_sample *s, bool callstack)
{
	u64 i;

	fprintf(fp, "%s: nr:%llu\n", callstack ? "... branch callstack" : "... branch stack",
		s->branch_nr + (callstack ? 1 : 0));
	for (i = 0; i < s->branch_nr; i++) {
		const struct perf_branch_entry_raw *e = &s->branch_entries[i];
		u64 f = e->flags;

		if (callstack) {
			if (!i)
				fprintf(fp, "..... %2llu: %016llx\n", i, e->to);
			fprintf(fp, "..... %2llu: %016llx\n", i + 1, e->from);
			continue;
		}
		fprintf(fp, "..... %2llu: %016llx -> %016llx %hu cycles %s%s%s%s %x %s\n",
			i, e->from, e->to, (unsigned short)PERF_BRANCH_CYCLES(f),
			PERF_BRANCH_MISPRED(f) ? "M" : " ", PERF_BRANCH_PREDICTED(f) ? "P" : " ",
			PERF_BRANCH_ABORT(f) ? "A" : " ", PERF_BRANCH_IN_TX(f) ? "T" : " ",
			(unsigned int)(f >> 33), PERF_BRANCH_TYPE(f) ?
			branch_types[PERF_BRANCH_TYPE(f)] : "");
	}
}

static void sample_read__printf(FILE *fp, const struct perf_sample *s, u64 read_format)
{
	const struct perf_sample_read *r = &s->read;
	u64 i, value, id, lost;

	fprintf(fp, "... sample_read:\n");
	if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
		fprintf(fp, "...... time enabled %016llx\n", r->time_enabled);
	if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
		fprintf(fp, "...... time running %016llx\n", r->time_running);
	if (read_format & PERF_FORMAT_GROUP) {
		fprintf(fp, ".... group nr %llu\n", r->group_nr);
		for (i = 0; i < r->group_nr; i++) {
			perf_sample_read__group_entry(r, read_format, i, &value, &id, &lost);
			fprintf(fp, "..... id %016llx, value %016llx", id, value);
			if (read_format & PERF_FORMAT_LOST)
				fprintf(fp, ", lost %llu", lost);
			fputc('\n', fp);
		}
		return;
	}
	fprintf(fp, "..... id %016llx, value %016llx", r->id, r->value);
	if (read_format & PERF_FORMAT_LOST)
		fprintf(fp, ", lost %llu", r->lost);
	fputc('\n', fp);
}

void dump__sample(FILE *fp, const union perf_event *ev, const struct perf_event_attr *attr,
		  const struct perf_sample *s)
{
	u64 type = attr->sample_type;
	char buf[32];
	u64 i;

	fprintf(fp, "(IP, 0x%x): %d/%d: %#llx period: %llu addr: %#llx\n", ev->header.misc,
		(int)s->pid, (int)s->tid, s->ip, s->period, s->addr);

	if (type & PERF_SAMPLE_CALLCHAIN) {
		fprintf(fp, "... FP chain: nr:%llu\n", s->callchain_nr);
		for (i = 0; i < s->callchain_nr; i++)
			fprintf(fp, "..... %2d: %016llx\n", (int)i, s->callchain[i]);
	}
	if (type & PERF_SAMPLE_BRANCH_STACK)
		branch_stack__printf(fp, s, attr->branch_sample_type &
				     PERF_SAMPLE_BRANCH_CALL_STACK_BIT);
	if ((type & PERF_SAMPLE_REGS_USER) && s->user_regs.abi)
		regs__printf(fp, "user", &s->user_regs);
	if ((type & PERF_SAMPLE_REGS_INTR) && s->intr_regs.abi)
		regs__printf(fp, "intr", &s->intr_regs);
	if (type & PERF_SAMPLE_STACK_USER)
		fprintf(fp, "... ustack: size %llu, offset 0x%x\n", s->user_stack_dyn_size,
			s->user_stack_offset);
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) {
		fprintf(fp, "... weight: %llu", s->weight);
		if (type & PERF_SAMPLE_WEIGHT_STRUCT)
			fprintf(fp, ",0x%x,0x%x", s->ins_lat, s->p_stage_cyc);
		fputc('\n', fp);
	}
	if (type & PERF_SAMPLE_DATA_SRC)
		fprintf(fp, " . data_src: 0x%llx\n", s->data_src);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		fprintf(fp, " .. phys_addr: 0x%llx\n", s->phys_addr);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		fprintf(fp, " .. data page size: %s\n",
			dump__page_size_name(s->data_page_size, buf, sizeof(buf)));
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		fprintf(fp, " .. code page size: %s\n",
			dump__page_size_name(s->code_page_size, buf, sizeof(buf)));
	if (type & PERF_SAMPLE_TRANSACTION)
		fprintf(fp, "... transaction: %llx\n", s->transaction);
	if (type & PERF_SAMPLE_READ)
		sample_read__printf(fp, s, attr->read_format);
}

/* A u64 at a fixed offset of READ, 0 past the record (upstream reads the struct fields). */
static u64 read_field(const union perf_event *ev, u32 off)
{
	u64 v = 0;

	if (off + 8 <= ev->header.size)
		memcpy(&v, (const u8 *)ev + off, sizeof(v));
	return v;
}

static void dump__read(FILE *fp, const union perf_event *ev, const struct perf_event_attr *attr,
		       const char *name)
{
	u64 rf = attr->read_format;

	if (ev->header.size < sizeof(struct perf_record_read)) {
		fputc('\n', fp);
		return;
	}
	fprintf(fp, ": %d %d %s %llu\n", (int)ev->read.pid, (int)ev->read.tid,
		name ? name : "unknown", read_field(ev, 16));
	if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
		fprintf(fp, "... time enabled : %llu\n", read_field(ev, 24));
	if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
		fprintf(fp, "... time running : %llu\n", read_field(ev, 32));
	if (rf & PERF_FORMAT_ID)
		fprintf(fp, "... id           : %llu\n", read_field(ev, 40));
	if (rf & PERF_FORMAT_LOST)
		fprintf(fp, "... lost         : %llu\n", read_field(ev, 48));
}

/*
 * Types upstream's report tool (script: fewer) leaves to its stub, which
 * prints ": unhandled!".
 */
static bool unhandled(u32 type, const struct dump_ctx *ctx)
{
	bool script = ctx->script;

	switch (type) {
	case PERF_RECORD_FINISHED_ROUND:
		return ctx->unordered;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
	case PERF_RECORD_THREAD_MAP:
	case PERF_RECORD_CPU_MAP:
		return !script;
	case PERF_RECORD_HEADER_EVENT_TYPE:
	case PERF_RECORD_STAT_CONFIG:
	case PERF_RECORD_STAT:
	case PERF_RECORD_STAT_ROUND:
	case PERF_RECORD_COMPRESSED:
	case PERF_RECORD_FINISHED_INIT:
		return true;
	default:
		return false;
	}
}

void dump__event(FILE *fp, const struct dump_ctx *ctx, const union perf_event *ev,
		 u64 file_offset, const struct perf_event_attr *attr, const char *evsel_name,
		 const struct perf_sample *sample)
{
	u32 type = ev->header.type;

	fprintf(fp, "\n%#llx@%s [%#x]: event: %u\n", file_offset, ctx->path ? ctx->path : "",
		ev->header.size, type);
	dump__raw(fp, ev);
	dump__prefix(fp, ctx, type, sample);
	fprintf(fp, "%#llx [%#x]: PERF_RECORD_%s", file_offset, ev->header.size,
		perf_event__name(type));

	switch (type) {
	case PERF_RECORD_SAMPLE:
		if (!attr || !sample)
			return;
		dump__sample(fp, ev, attr, sample);
		if (ctx->sample_hook)
			ctx->sample_hook(fp, ctx, ev, sample, ctx->hook_arg);
		return;
	case PERF_RECORD_READ:
		if (attr)
			dump__read(fp, ev, attr, evsel_name);
		return;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
	case PERF_RECORD_HEADER_EVENT_TYPE:
	case PERF_RECORD_COMPRESSED:
	case PERF_RECORD_FINISHED_INIT:
		/* no description: ": unhandled!" follows the name directly */
		break;
	case PERF_RECORD_FINISHED_ROUND:
		if (!ctx->unordered)
			perf_event__fprintf_detail(ev, sample, fp);
		break;
	default:
		perf_event__fprintf_detail(ev, sample, fp);
		break;
	}
	if (unhandled(type, ctx))
		fputs(": unhandled!\n", fp);
}

void dump_ctx__init(struct dump_ctx *ctx, struct perf_session *session)
{
	struct evlist *evlist = session->evlist;
	struct evsel *pos;
	int i;

	memset(ctx, 0, sizeof(*ctx));
	ctx->path = session->header.is_pipe ? "pipe" : session->data->path;
	ctx->unordered = session->tool && !session->tool->ordered;
	if (!evlist || !evlist->nr_entries)
		return;
	ctx->sample_id_all = evlist->entries[0]->attr.sample_id_all;
	evlist__for_each(evlist, pos, i)
		ctx->sample_type |= pos->attr.sample_type;
}

void dump__record(FILE *fp, struct perf_session *session, const union perf_event *ev,
		  u64 file_offset, struct evsel *evsel, const struct perf_sample *sample)
{
	struct dump_ctx ctx;

	dump_ctx__init(&ctx, session);
	dump__event(fp, &ctx, ev, file_offset, evsel ? &evsel->attr : NULL,
		    evsel ? evsel__name(evsel) : NULL, sample);
}

static void dump__machine_hook(FILE *fp, const struct dump_ctx *ctx, const union perf_event *ev,
			       const struct perf_sample *sample, void *machine)
{
	struct addr_location al;

	if (machine__resolve(machine, ev, sample, &al))
		return;
	fprintf(fp, " ... thread: %s:%d\n", al.thread->comm, al.thread->tid);
	fprintf(fp, " ...... dso: %s\n", al.dso ? al.dso->long_name : "<not found>");
}

static void dump__resolved(FILE *fp, struct perf_session *session, const union perf_event *ev,
			   struct evsel *evsel, const struct perf_sample *sample,
			   struct machine *machine, bool script)
{
	struct dump_ctx ctx;

	dump_ctx__init(&ctx, session);
	ctx.script = script;
	ctx.sample_hook = dump__machine_hook;
	ctx.hook_arg = machine;
	dump__event(fp, &ctx, ev, session->file_offset, evsel ? &evsel->attr : NULL,
		    evsel ? evsel__name(evsel) : NULL, sample);
}

void dump__record_resolved(FILE *fp, struct perf_session *session, const union perf_event *ev,
			   struct evsel *evsel, const struct perf_sample *sample,
			   struct machine *machine)
{
	dump__resolved(fp, session, ev, evsel, sample, machine, false);
}

void dump__record_script(FILE *fp, struct perf_session *session, const union perf_event *ev,
			 struct evsel *evsel, const struct perf_sample *sample,
			 struct machine *machine)
{
	dump__resolved(fp, session, ev, evsel, sample, machine, true);
}

void dump__user_record(FILE *fp, struct perf_session *session, const union perf_event *ev,
		       u64 file_offset)
{
	if (ev->header.type != PERF_RECORD_COMPRESSED)
		dump__record(fp, session, ev, file_offset, NULL, NULL);
}

void dump__user_record_script(FILE *fp, struct perf_session *session,
			      const union perf_event *ev, u64 file_offset, bool unsorted)
{
	struct dump_ctx ctx;

	if (ev->header.type == PERF_RECORD_COMPRESSED)
		return;
	dump_ctx__init(&ctx, session);
	ctx.script = true;
	ctx.unordered = unsorted;
	dump__event(fp, &ctx, ev, file_offset, NULL, NULL, NULL);
}

void dump__stats(FILE *fp, const u64 nr[PERF_RECORD_HEADER_MAX], bool auxtrace)
{
	u64 total = nr[0];
	u32 i;

	fprintf(fp, "\nAggregated stats:%s\n", auxtrace ?
		" (excludes AUX area (e.g. instruction trace) decoded / synthesized events)" : "");
	for (i = 0; i < PERF_RECORD_HEADER_MAX; i++) {
		const char *name = perf_event__name(i);

		if (!strcmp(name, "UNKNOWN") || !nr[i])
			continue;
		if (i && total)
			fprintf(fp, "%16s events: %10llu  (%4.1f%%)\n", name, nr[i],
				nr[i] * 100.0 / total);
		else
			fprintf(fp, "%16s events: %10llu\n", name, nr[i]);
	}
}

void dump__evsel_stats(FILE *fp, const char *name, u64 nr_samples)
{
	if (!nr_samples)
		return;
	fprintf(fp, "%s stats:\n%16s events: %10llu\n", name ? name : "unknown", "SAMPLE",
		nr_samples);
}
