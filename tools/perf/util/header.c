// SPDX-License-Identifier: GPL-2.0
/*
 * header.c - the perf.data file header, the attrs section, the feature
 * sections and their pipe-mode records.
 *
 * File mode layout as upstream writes it:
 *
 *	struct perf_file_header		at 0, 104 bytes
 *	u64 ids[]			per event
 *	{ attr; {offset, size} ids }	attrs section, attr_size bytes each
 *	records				data section
 *	{u64 offset, size}[nr]		one per feature bit, ascending, at
 *					data.offset + data.size
 *	feature payloads
 *
 * Every offset, size and count read from the file is checked against the
 * bytes really there before it is used; problems go to data->err (file
 * header, attrs) or h->err (feature payloads, then copied to data->err).
 */
#include <byteswap.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "cursor.h"
#include "header.h"
#include "attr.h"
#include "data.h"
#include "event.h"
#include "evlist.h"
#include "strbuf.h"

/* Largest attr_size (attr + ids section) accepted in a file header. */
#define MAX_ATTR_SIZE		(64 * 1024)
/* Strings in features are padded to this. */
#define FEAT_STR_ALIGN		64

static int hdr_err(struct perf_header *h, const char *fmt, ...) __printf(2, 3);

static int hdr_err(struct perf_header *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->err, sizeof(h->err), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

void perf_header__init(struct perf_header *h)
{
	memset(h, 0, sizeof(*h));
	perf_env__init(&h->env);
}

void perf_header__exit(struct perf_header *h)
{
	int i;

	for (i = 0; i < HEADER_FEAT_BITS; i++)
		free(h->raw[i].buf);
	perf_env__exit(&h->env);
	memset(h, 0, sizeof(*h));
}

/* Reading feature payloads */

struct fcur {
	struct cursor		cur;
	struct perf_header	*h;
	const char		*what;
};

static size_t fcur__left(const struct fcur *c)
{
	return cursor__left(&c->cur);
}

static int fcur__short(struct fcur *c, size_t len)
{
	return hdr_err(c->h, "feature %s: truncated: %zu bytes needed at offset %zu of %zu",
		       c->what, len, c->cur.pos, c->cur.size);
}

static int fcur__need(struct fcur *c, size_t len)
{
	return cursor__has(&c->cur, len) ? 0 : fcur__short(c, len);
}

static int fcur__u32(struct fcur *c, u32 *v)
{
	return cursor__u32(&c->cur, v) ? fcur__short(c, 4) : 0;
}

static int fcur__u64(struct fcur *c, u64 *v)
{
	return cursor__u64(&c->cur, v) ? fcur__short(c, 8) : 0;
}

/* {u32 len; char str[len]}: len includes the NUL and the padding. */
static int fcur__str(struct fcur *c, char **out)
{
	const char *s;
	u32 len;
	int err;

	err = fcur__u32(c, &len);
	if (err)
		return err;
	err = fcur__need(c, len);
	if (err)
		return err;
	s = (const char *)c->cur.p + c->cur.pos;
	if (!len || !memchr(s, '\0', len))
		return hdr_err(c->h, "feature %s: string of %u bytes at offset %zu without NUL",
			       c->what, len, c->cur.pos);
	*out = strdup(s);
	if (!*out)
		return -ENOMEM;
	c->cur.pos += len;
	return 0;
}

/* u32 nr, then nr strings; nr is checked against the bytes left first. */
static int fcur__strings(struct fcur *c, u32 *nrp, char ***out)
{
	char **v;
	u32 nr, i;
	int err;

	err = fcur__u32(c, &nr);
	if (err)
		return err;
	/* each string takes at least its u32 length and a NUL */
	if (nr > fcur__left(c) / 5)
		return hdr_err(c->h, "feature %s: %u strings cannot fit in %zu bytes",
			       c->what, nr, fcur__left(c));
	v = calloc(nr ? nr : 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		err = fcur__str(c, &v[i]);
		if (err) {
			perf_env__free_strings(v, i);
			return err;
		}
	}
	*nrp = nr;
	*out = v;
	return 0;
}

/* Writing feature payloads */

static int sb__add_str(struct strbuf *sb, const char *s)
{
	size_t len = strlen(s ? s : "") + 1;
	size_t padded = PERF_ALIGN(len, (size_t)FEAT_STR_ALIGN);
	int err;

	if (padded > UINT32_MAX)
		return -E2BIG;
	err = strbuf__add_u32(sb, (u32)padded);
	if (!err)
		err = strbuf__add(sb, s ? s : "", len - 1);
	if (!err)
		err = strbuf__add_zero(sb, padded - len + 1);
	return err;
}

static int sb__add_strings(struct strbuf *sb, char **v, u32 nr)
{
	u32 i;
	int err = strbuf__add_u32(sb, nr);

	for (i = 0; !err && i < nr; i++)
		err = sb__add_str(sb, v[i]);
	return err;
}

/* The features */

static char **env__str_field(struct perf_env *env, int feat)
{
	switch (feat) {
	case HEADER_HOSTNAME:	return &env->hostname;
	case HEADER_OSRELEASE:	return &env->os_release;
	case HEADER_VERSION:	return &env->version;
	case HEADER_ARCH:	return &env->arch;
	case HEADER_CPUDESC:	return &env->cpu_desc;
	case HEADER_CPUID:	return &env->cpuid;
	default:		return NULL;
	}
}

static int parse_string(struct perf_header *h, struct fcur *c, int feat)
{
	char **field = env__str_field(&h->env, feat);
	char *s;
	int err = fcur__str(c, &s);

	if (err)
		return err;
	free(*field);
	*field = s;
	return 0;
}

static int write_string(struct perf_header *h, struct strbuf *sb, int feat)
{
	return sb__add_str(sb, *env__str_field(&h->env, feat));
}

static void print_string(struct perf_header *h, FILE *fp, int feat)
{
	static const char * const label[] = {
		[HEADER_HOSTNAME] = "hostname", [HEADER_OSRELEASE] = "os release",
		[HEADER_VERSION] = "perf version", [HEADER_ARCH] = "arch",
		[HEADER_CPUDESC] = "cpudesc", [HEADER_CPUID] = "cpuid",
	};
	const char *s = *env__str_field(&h->env, feat);

	fprintf(fp, "# %s : %s\n", label[feat], s ? s : "");
}

static int parse_nrcpus(struct perf_header *h, struct fcur *c, int feat)
{
	int err = fcur__u32(c, &h->env.nr_cpus_avail);

	return err ? err : fcur__u32(c, &h->env.nr_cpus_online);
}

static int write_nrcpus(struct perf_header *h, struct strbuf *sb, int feat)
{
	int err = strbuf__add_u32(sb, h->env.nr_cpus_avail);

	return err ? err : strbuf__add_u32(sb, h->env.nr_cpus_online);
}

static void print_nrcpus(struct perf_header *h, FILE *fp, int feat)
{
	fprintf(fp, "# nrcpus online : %u\n", h->env.nr_cpus_online);
	fprintf(fp, "# nrcpus avail : %u\n", h->env.nr_cpus_avail);
}

static int parse_total_mem(struct perf_header *h, struct fcur *c, int feat)
{
	return fcur__u64(c, &h->env.total_mem);
}

static int write_total_mem(struct perf_header *h, struct strbuf *sb, int feat)
{
	return strbuf__add_u64(sb, h->env.total_mem);
}

static void print_total_mem(struct perf_header *h, FILE *fp, int feat)
{
	fprintf(fp, "# total memory : %llu kB\n", (unsigned long long)h->env.total_mem);
}

static int parse_cmdline(struct perf_header *h, struct fcur *c, int feat)
{
	char **v;
	u32 nr;
	int err = fcur__strings(c, &nr, &v);

	if (err)
		return err;
	perf_env__free_strings(h->env.cmdline_argv, h->env.nr_cmdline);
	h->env.cmdline_argv = v;
	h->env.nr_cmdline = nr;
	return 0;
}

static int write_cmdline(struct perf_header *h, struct strbuf *sb, int feat)
{
	return sb__add_strings(sb, h->env.cmdline_argv, h->env.nr_cmdline);
}

static void print_cmdline(struct perf_header *h, FILE *fp, int feat)
{
	u32 i;

	fprintf(fp, "# cmdline : ");
	for (i = 0; i < h->env.nr_cmdline; i++)
		fprintf(fp, "%s ", h->env.cmdline_argv[i]);
	fputc('\n', fp);
}

/* EVENT_DESC: u32 nr, u32 attr_size, then per event {attr; u32 nr_ids; str name; u64 ids[]} */

static void header__name_evsels(struct perf_header *h)
{
	u32 i;

	if (!h->evlist)
		return;
	for (i = 0; i < h->env.nr_events; i++) {
		struct perf_env_event *ev = &h->env.events[i];
		struct evsel *evsel = NULL;

		if (ev->nr_ids)
			evsel = evlist__id2evsel(h->evlist, ev->ids[0]);
		if (!evsel && (int)i < h->evlist->nr_entries)
			evsel = h->evlist->entries[i];
		if (evsel && ev->name && ev->name[0])
			evsel__set_name(evsel, ev->name);
	}
}

static int parse_event_desc(struct perf_header *h, struct fcur *c, int feat)
{
	struct perf_env_event *events;
	u32 nr, attr_size, i, j;
	int err;

	err = fcur__u32(c, &nr);
	if (!err)
		err = fcur__u32(c, &attr_size);
	if (err)
		return err;
	perf_env__clear_events(&h->env);
	if (!nr)
		goto out;
	if (attr_size < PERF_ATTR_SIZE_VER0_BYTES || attr_size > sizeof(struct perf_event_attr))
		return hdr_err(h, "feature EVENT_DESC: attr size %u not supported (%u..%zu)",
			       attr_size, PERF_ATTR_SIZE_VER0_BYTES,
			       sizeof(struct perf_event_attr));
	if (nr > fcur__left(c) / (attr_size + 9))
		return hdr_err(h, "feature EVENT_DESC: %u events cannot fit in %zu bytes",
			       nr, fcur__left(c));
	events = calloc(nr, sizeof(*events));
	if (!events)
		return -ENOMEM;
	h->env.events = events;
	for (i = 0; i < nr; i++) {
		struct perf_env_event *ev = &events[i];

		err = fcur__need(c, attr_size);
		if (err)
			return err;
		memcpy(&ev->attr, c->cur.p + c->cur.pos, attr_size);
		c->cur.pos += attr_size;
		if (c->cur.swap)
			perf_event_attr__swap(&ev->attr);
		ev->attr_size = attr_size;
		h->env.nr_events = i + 1;
		err = fcur__u32(c, &ev->nr_ids);
		if (!err)
			err = fcur__str(c, &ev->name);
		if (err)
			return err;
		if (ev->nr_ids > fcur__left(c) / 8)
			return hdr_err(h, "feature EVENT_DESC: event %u: %u ids cannot fit in %zu "
				       "bytes", i, ev->nr_ids, fcur__left(c));
		ev->ids = malloc(ev->nr_ids ? ev->nr_ids * sizeof(u64) : 1);
		if (!ev->ids)
			return -ENOMEM;
		for (j = 0; j < ev->nr_ids; j++)
			fcur__u64(c, &ev->ids[j]);
	}
out:
	header__name_evsels(h);
	return 0;
}

static int write_event_desc(struct perf_header *h, struct strbuf *sb, int feat)
{
	struct perf_env *env = &h->env;
	u32 attr_size = sizeof(struct perf_event_attr), i;
	int err;

	/* keep the size the events were read with, so a copy is exact */
	if (env->nr_events && env->events[0].attr_size >= PERF_ATTR_SIZE_VER0_BYTES &&
	    env->events[0].attr_size <= attr_size)
		attr_size = env->events[0].attr_size;
	err = strbuf__add_u32(sb, env->nr_events);
	if (!err)
		err = strbuf__add_u32(sb, attr_size);
	for (i = 0; !err && i < env->nr_events; i++) {
		const struct perf_env_event *ev = &env->events[i];

		err = strbuf__add(sb, &ev->attr, attr_size);
		if (!err)
			err = strbuf__add_u32(sb, ev->nr_ids);
		if (!err)
			err = sb__add_str(sb, ev->name);
		if (!err)
			err = strbuf__add(sb, ev->ids, (size_t)ev->nr_ids * sizeof(u64));
	}
	return err;
}

static void print_event_desc(struct perf_header *h, FILE *fp, int feat)
{
	u32 i, j;

	for (i = 0; i < h->env.nr_events; i++) {
		const struct perf_env_event *ev = &h->env.events[i];

		fprintf(fp, "# event : name = %s, ", ev->name ? ev->name : "");
		if (ev->nr_ids) {
			fprintf(fp, ", id = {");
			for (j = 0; j < ev->nr_ids; j++)
				fprintf(fp, "%s %llu", j ? "," : "",
					(unsigned long long)ev->ids[j]);
			fprintf(fp, " }");
		}
		perf_event_attr__fprintf(fp, &ev->attr, perf_event_attr__fprintf_header_cb, NULL);
		fputc('\n', fp);
	}
}

/*
 * CPU_TOPOLOGY: core siblings, thread siblings, then (newer) per cpu
 * {core_id, socket_id}, then (newer still) die siblings and per cpu die_id.
 * The per cpu parts have env.nr_cpus_avail entries (NRCPUS comes first).
 */
static int parse_cpu_topology(struct perf_header *h, struct fcur *c, int feat)
{
	struct perf_env *env = &h->env;
	u32 nr, i;
	int err;

	/* a pipe may repeat a feature: start over */
	perf_env__free_strings(env->sibling_cores, env->nr_sibling_cores);
	perf_env__free_strings(env->sibling_threads, env->nr_sibling_threads);
	perf_env__free_strings(env->sibling_dies, env->nr_sibling_dies);
	free(env->cpu);
	env->sibling_cores = env->sibling_threads = env->sibling_dies = NULL;
	env->nr_sibling_cores = env->nr_sibling_threads = env->nr_sibling_dies = 0;
	env->cpu = NULL;
	env->nr_cpu_ids = 0;
	env->has_die_ids = false;

	err = fcur__strings(c, &env->nr_sibling_cores, &env->sibling_cores);
	if (!err)
		err = fcur__strings(c, &env->nr_sibling_threads, &env->sibling_threads);
	if (err || !fcur__left(c))
		return err;
	nr = env->nr_cpus_avail;
	if (!nr)
		return 0;	/* no NRCPUS: the rest cannot be sized, kept raw */
	if (nr > fcur__left(c) / 8)
		return hdr_err(h, "feature CPU_TOPOLOGY: %u cpu ids cannot fit in %zu bytes",
			       nr, fcur__left(c));
	env->cpu = calloc(nr, sizeof(*env->cpu));
	if (!env->cpu)
		return -ENOMEM;
	env->nr_cpu_ids = nr;
	for (i = 0; i < nr; i++) {
		fcur__u32(c, &env->cpu[i].core_id);
		fcur__u32(c, &env->cpu[i].socket_id);
	}
	if (!fcur__left(c))
		return 0;
	err = fcur__strings(c, &env->nr_sibling_dies, &env->sibling_dies);
	if (err)
		return err;
	if (nr > fcur__left(c) / 4)
		return hdr_err(h, "feature CPU_TOPOLOGY: %u die ids cannot fit in %zu bytes",
			       nr, fcur__left(c));
	for (i = 0; i < nr; i++)
		fcur__u32(c, &env->cpu[i].die_id);
	env->has_die_ids = true;
	return 0;
}

static int write_cpu_topology(struct perf_header *h, struct strbuf *sb, int feat)
{
	struct perf_env *env = &h->env;
	u32 i;
	int err;

	err = sb__add_strings(sb, env->sibling_cores, env->nr_sibling_cores);
	if (!err)
		err = sb__add_strings(sb, env->sibling_threads, env->nr_sibling_threads);
	if (err || !env->nr_cpu_ids)
		return err;
	for (i = 0; !err && i < env->nr_cpu_ids; i++) {
		err = strbuf__add_u32(sb, env->cpu[i].core_id);
		if (!err)
			err = strbuf__add_u32(sb, env->cpu[i].socket_id);
	}
	if (err || !env->has_die_ids)
		return err;
	err = sb__add_strings(sb, env->sibling_dies, env->nr_sibling_dies);
	for (i = 0; !err && i < env->nr_cpu_ids; i++)
		err = strbuf__add_u32(sb, env->cpu[i].die_id);
	return err;
}

static void print_cpu_topology(struct perf_header *h, FILE *fp, int feat)
{
	struct perf_env *env = &h->env;
	u32 i;

	for (i = 0; i < env->nr_sibling_cores; i++)
		fprintf(fp, "# sibling sockets : %s\n", env->sibling_cores[i]);
	for (i = 0; i < env->nr_sibling_dies; i++)
		fprintf(fp, "# sibling dies    : %s\n", env->sibling_dies[i]);
	for (i = 0; i < env->nr_sibling_threads; i++)
		fprintf(fp, "# sibling threads : %s\n", env->sibling_threads[i]);
	if (!env->nr_cpu_ids) {
		fprintf(fp, "# Core ID and Socket ID information is not available\n");
		return;
	}
	for (i = 0; i < env->nr_cpu_ids; i++) {
		if (env->has_die_ids)
			fprintf(fp, "# CPU %u: Core ID %d, Die ID %d, Socket ID %d\n", i,
				(int)env->cpu[i].core_id, (int)env->cpu[i].die_id,
				(int)env->cpu[i].socket_id);
		else
			fprintf(fp, "# CPU %u: Core ID %d, Socket ID %d\n", i,
				(int)env->cpu[i].core_id, (int)env->cpu[i].socket_id);
	}
}

/* GROUP_DESC: u32 nr, then {str name; u32 leader_idx; u32 nr_members} */
static int parse_group_desc(struct perf_header *h, struct fcur *c, int feat)
{
	struct perf_env *env = &h->env;
	u32 nr, i;
	int err = fcur__u32(c, &nr);

	if (err)
		return err;
	perf_env__clear_groups(env);
	if (nr > fcur__left(c) / 13)
		return hdr_err(h, "feature GROUP_DESC: %u groups cannot fit in %zu bytes",
			       nr, fcur__left(c));
	env->groups = calloc(nr ? nr : 1, sizeof(*env->groups));
	if (!env->groups)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		struct perf_env_group *g = &env->groups[i];

		err = fcur__str(c, &g->name);
		if (err)
			return err;
		env->nr_groups = i + 1;
		err = fcur__u32(c, &g->leader_idx);
		if (!err)
			err = fcur__u32(c, &g->nr_members);
		if (err)
			return err;
	}
	return 0;
}

static int write_group_desc(struct perf_header *h, struct strbuf *sb, int feat)
{
	u32 i;
	int err = strbuf__add_u32(sb, h->env.nr_groups);

	for (i = 0; !err && i < h->env.nr_groups; i++) {
		err = sb__add_str(sb, h->env.groups[i].name);
		if (!err)
			err = strbuf__add_u32(sb, h->env.groups[i].leader_idx);
		if (!err)
			err = strbuf__add_u32(sb, h->env.groups[i].nr_members);
	}
	return err;
}

static const char *header__event_name(struct perf_header *h, u32 idx)
{
	if (idx < h->env.nr_events && h->env.events[idx].name)
		return h->env.events[idx].name;
	if (h->evlist && idx < (u32)h->evlist->nr_entries)
		return evsel__name(h->evlist->entries[idx]);
	return "?";
}

static void print_group_desc(struct perf_header *h, FILE *fp, int feat)
{
	u32 i, m;

	for (i = 0; i < h->env.nr_groups; i++) {
		const struct perf_env_group *g = &h->env.groups[i];

		if (g->nr_members < 2)
			continue;
		fprintf(fp, "# group: %s{", g->name && strcmp(g->name, "{anon_group}") ?
			g->name : "");
		for (m = 0; m < g->nr_members && m < 4096; m++)
			fprintf(fp, "%s%s", m ? "," : "",
				header__event_name(h, g->leader_idx + m));
		fprintf(fp, "}\n");
	}
}

/* PMU_MAPPINGS: u32 nr, then {u32 type; str name} */
static int parse_pmu_mappings(struct perf_header *h, struct fcur *c, int feat)
{
	struct perf_env *env = &h->env;
	u32 nr, i;
	int err = fcur__u32(c, &nr);

	if (err)
		return err;
	if (nr > fcur__left(c) / 9)
		return hdr_err(h, "feature PMU_MAPPINGS: %u pmus cannot fit in %zu bytes",
			       nr, fcur__left(c));
	for (i = 0; i < env->nr_pmu_mappings; i++)
		free(env->pmu_mappings[i].name);
	free(env->pmu_mappings);
	env->nr_pmu_mappings = 0;
	env->pmu_mappings = calloc(nr ? nr : 1, sizeof(*env->pmu_mappings));
	if (!env->pmu_mappings)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		err = fcur__u32(c, &env->pmu_mappings[i].type);
		if (!err)
			err = fcur__str(c, &env->pmu_mappings[i].name);
		if (err)
			return err;
		env->nr_pmu_mappings = i + 1;
	}
	return 0;
}

static int write_pmu_mappings(struct perf_header *h, struct strbuf *sb, int feat)
{
	u32 i;
	int err = strbuf__add_u32(sb, h->env.nr_pmu_mappings);

	for (i = 0; !err && i < h->env.nr_pmu_mappings; i++) {
		err = strbuf__add_u32(sb, h->env.pmu_mappings[i].type);
		if (!err)
			err = sb__add_str(sb, h->env.pmu_mappings[i].name);
	}
	return err;
}

static void print_pmu_mappings(struct perf_header *h, FILE *fp, int feat)
{
	u32 i;

	fprintf(fp, "# pmu mappings: ");
	if (!h->env.nr_pmu_mappings)
		fprintf(fp, "not available");
	for (i = 0; i < h->env.nr_pmu_mappings; i++)
		fprintf(fp, "%s%s = %u", i ? ", " : "", h->env.pmu_mappings[i].name,
			h->env.pmu_mappings[i].type);
	fputc('\n', fp);
}

static int parse_sample_time(struct perf_header *h, struct fcur *c, int feat)
{
	int err = fcur__u64(c, &h->env.first_sample_time);

	return err ? err : fcur__u64(c, &h->env.last_sample_time);
}

static int write_sample_time(struct perf_header *h, struct strbuf *sb, int feat)
{
	int err = strbuf__add_u64(sb, h->env.first_sample_time);

	return err ? err : strbuf__add_u64(sb, h->env.last_sample_time);
}

#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL

static void print_sample_time(struct perf_header *h, FILE *fp, int feat)
{
	u64 first = h->env.first_sample_time, last = h->env.last_sample_time;

	fprintf(fp, "# time of first sample : %llu.%06llu\n",
		(unsigned long long)(first / NSEC_PER_SEC),
		(unsigned long long)(first % NSEC_PER_SEC / NSEC_PER_USEC));
	fprintf(fp, "# time of last sample : %llu.%06llu\n",
		(unsigned long long)(last / NSEC_PER_SEC),
		(unsigned long long)(last % NSEC_PER_SEC / NSEC_PER_USEC));
	fprintf(fp, "# sample duration : %10.3f ms\n",
		(double)(u64)(last - first) / (double)NSEC_PER_MSEC);
}

static int parse_clockid(struct perf_header *h, struct fcur *c, int feat)
{
	return fcur__u64(c, &h->env.clockid_res_ns);
}

static int write_clockid(struct perf_header *h, struct strbuf *sb, int feat)
{
	return strbuf__add_u64(sb, h->env.clockid_res_ns);
}

static void print_clockid(struct perf_header *h, FILE *fp, int feat)
{
	u64 res = h->env.clockid_res_ns;

	fprintf(fp, "# clockid frequency: %llu MHz\n",
		res ? (unsigned long long)(1000 / res) : 0ULL);
}

/* CLOCK_DATA: u32 version (1), u32 clockid, u64 tod_ns, u64 clockid_ns */
static int parse_clock_data(struct perf_header *h, struct fcur *c, int feat)
{
	struct perf_env *env = &h->env;
	int err = fcur__u32(c, &env->clock_version);

	if (err)
		return err;
	if (env->clock_version != 1)
		return hdr_err(h, "feature CLOCK_DATA: version %u not supported",
			       env->clock_version);
	err = fcur__u32(c, &env->clockid);
	if (!err)
		err = fcur__u64(c, &env->clock_tod_ns);
	if (!err)
		err = fcur__u64(c, &env->clock_clockid_ns);
	return err;
}

static int write_clock_data(struct perf_header *h, struct strbuf *sb, int feat)
{
	struct perf_env *env = &h->env;
	int err = strbuf__add_u32(sb, env->clock_version);

	if (!err)
		err = strbuf__add_u32(sb, env->clockid);
	if (!err)
		err = strbuf__add_u64(sb, env->clock_tod_ns);
	if (!err)
		err = strbuf__add_u64(sb, env->clock_clockid_ns);
	return err;
}

static const char *clockid__name(u32 id)
{
	switch (id) {
	case 0:		return "realtime";
	case 1:		return "monotonic";
	case 4:		return "monotonic_raw";
	case 7:		return "boottime";
	case 11:	return "tai";
	default:	return "unknown";
	}
}

static void print_clock_data(struct perf_header *h, FILE *fp, int feat)
{
	struct perf_env *env = &h->env;
	u64 tod = env->clock_tod_ns, clk = env->clock_clockid_ns;
	time_t sec = (time_t)(tod / NSEC_PER_SEC);
	char date[64] = "";
	struct tm tm;

	fprintf(fp, "# clockid: %s (%u)\n", clockid__name(env->clockid), env->clockid);
	if (localtime_r(&sec, &tm))
		strftime(date, sizeof(date), "%F %T", &tm);
	fprintf(fp, "# reference time: %s.%06llu = %llu.%06llu (TOD) = %llu.%09llu (%s)\n",
		date, (unsigned long long)(tod % NSEC_PER_SEC / NSEC_PER_USEC),
		(unsigned long long)(tod / NSEC_PER_SEC),
		(unsigned long long)(tod % NSEC_PER_SEC / NSEC_PER_USEC),
		(unsigned long long)(clk / NSEC_PER_SEC),
		(unsigned long long)(clk % NSEC_PER_SEC), clockid__name(env->clockid));
}

static int parse_bpf_prog_info(struct perf_header *h, struct fcur *c, int feat)
{
	char err[200];
	int ret;

	ret = perf_env_bpf__parse_prog_info(&h->env.bpf, c->cur.p, c->cur.size, c->cur.swap, err,
					    sizeof(err));
	if (ret == -EINVAL)
		return hdr_err(h, "feature BPF_PROG_INFO: %s", err);
	return ret;
}

static int write_bpf_prog_info(struct perf_header *h, struct strbuf *sb, int feat)
{
	return perf_env_bpf__write_prog_info(&h->env.bpf, sb);
}

static void print_bpf_prog_info(struct perf_header *h, FILE *fp, int feat)
{
	perf_env_bpf__fprintf_prog_info(&h->env.bpf, fp);
}

static int parse_bpf_btf(struct perf_header *h, struct fcur *c, int feat)
{
	char err[200];
	int ret;

	ret = perf_env_bpf__parse_btf(&h->env.bpf, c->cur.p, c->cur.size, c->cur.swap, err, sizeof(err));
	if (ret == -EINVAL)
		return hdr_err(h, "feature BPF_BTF: %s", err);
	return ret;
}

static int write_bpf_btf(struct perf_header *h, struct strbuf *sb, int feat)
{
	return perf_env_bpf__write_btf(&h->env.bpf, sb);
}

static void print_bpf_btf(struct perf_header *h, FILE *fp, int feat)
{
	perf_env_bpf__fprintf_btf(&h->env.bpf, fp);
}

/* Features kept raw, printed from their bytes when upstream prints a line. */

static void print_branch_stack(struct perf_header *h, FILE *fp, int feat)
{
	fprintf(fp, "# contains samples with branch stack\n");
}

static void print_stat(struct perf_header *h, FILE *fp, int feat)
{
	fprintf(fp, "# contains stat data\n");
}

static bool raw__u64(struct perf_header *h, int feat, size_t off, u64 *v)
{
	if (h->raw[feat].size < off + 8)
		return false;
	memcpy(v, (u8 *)h->raw[feat].buf + off, 8);
	if (h->raw[feat].swapped)
		*v = bswap_64(*v);
	return true;
}

static void print_dir_format(struct perf_header *h, FILE *fp, int feat)
{
	u64 version;

	if (raw__u64(h, feat, 0, &version))
		fprintf(fp, "# directory data version : %llu\n", (unsigned long long)version);
}

static void print_compressed(struct perf_header *h, FILE *fp, int feat)
{
	u32 v[4];
	int i;

	if (h->raw[feat].size < sizeof(v))
		return;
	memcpy(v, h->raw[feat].buf, sizeof(v));
	for (i = 0; i < 4; i++)
		v[i] = h->raw[feat].swapped ? bswap_32(v[i]) : v[i];
	/* {version, type, level, ratio, mmap_len} */
	fprintf(fp, "# compressed : %s, level = %d, ratio = %d\n",
		v[1] == 1 ? "Zstd" : "Unknown", (int)v[2], (int)v[3]);
}

/*
 * -I lines of NUMA_TOPOLOGY, CACHE and MEM_TOPOLOGY, decoded from the raw
 * section on the fly (bounds-checked; a malformed section prints what was
 * readable).
 */
static struct fcur raw__cursor(struct perf_header *h, int feat)
{
	return (struct fcur){ .cur = CURSOR(h->raw[feat].buf, h->raw[feat].size,
					    h->raw[feat].swapped),
			      .h = h, .what = perf_feature__name(feat) };
}

static void print_numa_topology(struct perf_header *h, FILE *fp, int feat)
{
	struct fcur c = raw__cursor(h, feat);
	u32 nr, i, node;
	u64 total, free_kb;
	char *cpus;

	if (fcur__u32(&c, &nr))
		return;
	for (i = 0; i < nr; i++) {
		if (fcur__u32(&c, &node) || fcur__u64(&c, &total) || fcur__u64(&c, &free_kb) ||
		    fcur__str(&c, &cpus))
			return;
		fprintf(fp, "# node%u meminfo  : total = %llu kB, free = %llu kB\n", node,
			(unsigned long long)total, (unsigned long long)free_kb);
		fprintf(fp, "# node%u cpu list : %s\n", node, cpus);
		free(cpus);
	}
}

static void print_cache(struct perf_header *h, FILE *fp, int feat)
{
	struct fcur c = raw__cursor(h, feat);
	u32 version, nr, i, v[4];
	char *str[3];
	int k;

	if (fcur__u32(&c, &version) || version != 1 || fcur__u32(&c, &nr))
		return;
	fprintf(fp, "# CPU cache info:\n");
	for (i = 0; i < nr; i++) {
		/* {level, line_size, sets, ways; type, size, map} */
		for (k = 0; k < 4; k++)
			if (fcur__u32(&c, &v[k]))
				return;
		for (k = 0; k < 3; k++) {
			if (fcur__str(&c, &str[k])) {
				while (k--)
					free(str[k]);
				return;
			}
		}
		fprintf(fp, "#  L%u %-15s %8s [%s]\n", v[0], str[0], str[1], str[2]);
		for (k = 0; k < 3; k++)
			free(str[k]);
	}
}

/* "24G": bytes in the largest unit of 1024 that keeps a whole number >= 1 */
static void size__scnprintf(char *buf, size_t size, u64 n)
{
	static const char units[] = "BKMGTPE";
	int i = 0;

	while (n >= 1024 && i < (int)sizeof(units) - 2) {
		n /= 1024;
		i++;
	}
	snprintf(buf, size, "%llu%c", (unsigned long long)n, units[i]);
}

/* Append "a" or "a-b" to a comma-separated list. */
static void range__add(struct strbuf *list, u64 a, u64 b)
{
	strbuf__addf(list, "%s%llu", list->len ? "," : "", (unsigned long long)a);
	if (b > a)
		strbuf__addf(list, "-%llu", (unsigned long long)b);
}

/*
 * MEM_TOPOLOGY: u64 version (1), block size, nr; per node {u64 node, size;
 * bitmap}, the bitmap {u64 nr_bits; u64 words[(nr_bits + 63) / 64]}.
 */
struct mem_node {
	u64	node;
	u64	nr_bits;
	size_t	words;		/* offset of words[0] in the section */
};

/* One node, the cursor past it; -EINVAL when it does not fit in the section. */
static int mem_node__read(struct fcur *c, struct mem_node *n)
{
	u64 size, nr_words;

	if (fcur__u64(c, &n->node) || fcur__u64(c, &size) || fcur__u64(c, &n->nr_bits))
		return -EINVAL;
	/* nr_bits comes from the file: count its words without overflow */
	nr_words = n->nr_bits / 64 + (n->nr_bits % 64 != 0);
	if (nr_words > fcur__left(c) / 8)
		return hdr_err(c->h, "feature MEM_TOPOLOGY: node %llu: %llu bits cannot fit in "
			       "%zu bytes", (unsigned long long)n->node,
			       (unsigned long long)n->nr_bits, fcur__left(c));
	n->words = c->cur.pos;
	c->cur.pos += nr_words * 8;
	return 0;
}

static u64 mem_node__word(const struct fcur *c, const struct mem_node *n, u64 i)
{
	u64 w;

	memcpy(&w, c->cur.p + n->words + i * 8, 8);
	return c->cur.swap ? bswap_64(w) : w;
}

static void mem_node__fprintf(const struct fcur *c, const struct mem_node *n, u64 bsize,
			      FILE *fp)
{
	struct strbuf list = STRBUF_INIT;
	u64 word = 0, set = 0, bit, start = 0;
	bool in = false;
	char sz[32];

	for (bit = 0; bit < n->nr_bits; bit++) {
		bool on;

		if (bit % 64 == 0) {
			word = mem_node__word(c, n, bit / 64);
			/* a run of equal words goes by whole */
			if ((word == 0 && !in) || (word == ~0ULL && in)) {
				u64 next = bit + 64 < n->nr_bits ? bit + 64 : n->nr_bits;

				set += in ? next - bit : 0;
				bit = next - 1;
				continue;
			}
		}
		on = (word >> (bit % 64)) & 1;
		set += on;
		if (on && !in)
			start = bit;
		else if (!on && in)
			range__add(&list, start, bit - 1);
		in = on;
	}
	if (in)
		range__add(&list, start, n->nr_bits - 1);
	size__scnprintf(sz, sizeof(sz), bsize * set);
	fprintf(fp, "#  %3llu [%s]: %s\n", (unsigned long long)n->node, sz,
		list.buf ? list.buf : "");
	strbuf__release(&list);
}

/*
 * As upstream: a section it cannot read whole (another version, a node
 * beyond its end) leaves no nodes, printed as "nr 0, block size 0x0".
 */
static void print_mem_topology(struct perf_header *h, FILE *fp, int feat)
{
	struct fcur c = raw__cursor(h, feat), check;
	u64 version, bsize = 0, nr = 0, i;
	struct mem_node n;
	bool valid;

	valid = !fcur__u64(&c, &version) && version == 1 && !fcur__u64(&c, &bsize) &&
		!fcur__u64(&c, &nr) && nr <= fcur__left(&c) / 24;
	for (i = 0, check = c; valid && i < nr; i++)
		valid = !mem_node__read(&check, &n);
	if (!valid)
		bsize = nr = 0;
	fprintf(fp, "# memory nodes (nr %llu, block size 0x%llx):\n", (unsigned long long)nr,
		(unsigned long long)bsize);
	for (i = 0; i < nr; i++) {
		mem_node__read(&c, &n);
		mem_node__fprintf(&c, &n, bsize, fp);
	}
}

typedef int (*feat_parse_f)(struct perf_header *h, struct fcur *c, int feat);
typedef int (*feat_write_f)(struct perf_header *h, struct strbuf *sb, int feat);
typedef void (*feat_print_f)(struct perf_header *h, FILE *fp, int feat);

struct feature_ops {
	const char	*name;
	feat_parse_f	parse;
	feat_write_f	write;
	feat_print_f	print;
	bool		full_only;	/* "info available, use -I" unless -I */
};

#define FEAT(id, nm, p, w, pr, full) \
	[id] = { .name = nm, .parse = p, .write = w, .print = pr, .full_only = full }

static const struct feature_ops feature_ops[HEADER_LAST_FEATURE] = {
	FEAT(HEADER_TRACING_DATA, "TRACING_DATA", NULL, NULL, NULL, false),
	FEAT(HEADER_BUILD_ID, "BUILD_ID", NULL, NULL, NULL, false),
	FEAT(HEADER_HOSTNAME, "HOSTNAME", parse_string, write_string, print_string, false),
	FEAT(HEADER_OSRELEASE, "OSRELEASE", parse_string, write_string, print_string, false),
	FEAT(HEADER_VERSION, "VERSION", parse_string, write_string, print_string, false),
	FEAT(HEADER_ARCH, "ARCH", parse_string, write_string, print_string, false),
	FEAT(HEADER_NRCPUS, "NRCPUS", parse_nrcpus, write_nrcpus, print_nrcpus, false),
	FEAT(HEADER_CPUDESC, "CPUDESC", parse_string, write_string, print_string, false),
	FEAT(HEADER_CPUID, "CPUID", parse_string, write_string, print_string, false),
	FEAT(HEADER_TOTAL_MEM, "TOTAL_MEM", parse_total_mem, write_total_mem, print_total_mem,
	     false),
	FEAT(HEADER_CMDLINE, "CMDLINE", parse_cmdline, write_cmdline, print_cmdline, false),
	FEAT(HEADER_EVENT_DESC, "EVENT_DESC", parse_event_desc, write_event_desc,
	     print_event_desc, false),
	FEAT(HEADER_CPU_TOPOLOGY, "CPU_TOPOLOGY", parse_cpu_topology, write_cpu_topology,
	     print_cpu_topology, true),
	FEAT(HEADER_NUMA_TOPOLOGY, "NUMA_TOPOLOGY", NULL, NULL, print_numa_topology, true),
	FEAT(HEADER_BRANCH_STACK, "BRANCH_STACK", NULL, NULL, print_branch_stack, false),
	FEAT(HEADER_PMU_MAPPINGS, "PMU_MAPPINGS", parse_pmu_mappings, write_pmu_mappings,
	     print_pmu_mappings, false),
	FEAT(HEADER_GROUP_DESC, "GROUP_DESC", parse_group_desc, write_group_desc,
	     print_group_desc, false),
	FEAT(HEADER_AUXTRACE, "AUXTRACE", NULL, NULL, NULL, false),
	FEAT(HEADER_STAT, "STAT", NULL, NULL, print_stat, false),
	FEAT(HEADER_CACHE, "CACHE", NULL, NULL, print_cache, true),
	FEAT(HEADER_SAMPLE_TIME, "SAMPLE_TIME", parse_sample_time, write_sample_time,
	     print_sample_time, false),
	FEAT(HEADER_MEM_TOPOLOGY, "MEM_TOPOLOGY", NULL, NULL, print_mem_topology, true),
	FEAT(HEADER_CLOCKID, "CLOCKID", parse_clockid, write_clockid, print_clockid, false),
	FEAT(HEADER_DIR_FORMAT, "DIR_FORMAT", NULL, NULL, print_dir_format, false),
	FEAT(HEADER_BPF_PROG_INFO, "BPF_PROG_INFO", parse_bpf_prog_info, write_bpf_prog_info,
	     print_bpf_prog_info, false),
	FEAT(HEADER_BPF_BTF, "BPF_BTF", parse_bpf_btf, write_bpf_btf, print_bpf_btf, false),
	FEAT(HEADER_COMPRESSED, "COMPRESSED", NULL, NULL, print_compressed, false),
	FEAT(HEADER_CPU_PMU_CAPS, "CPU_PMU_CAPS", NULL, NULL, NULL, false),
	FEAT(HEADER_CLOCK_DATA, "CLOCK_DATA", parse_clock_data, write_clock_data,
	     print_clock_data, false),
	FEAT(HEADER_HYBRID_TOPOLOGY, "HYBRID_TOPOLOGY", NULL, NULL, NULL, true),
	FEAT(HEADER_PMU_CAPS, "PMU_CAPS", NULL, NULL, NULL, false),
};

/*
 * Sections without a parser, converted to native order in place so they
 * print and copy (perf inject) as from a native file.  Each field is
 * swapped before its value is used.
 */
static int ncur__int(struct cursor *c, unsigned int width, u64 *v)
{
	u16 v16;
	u32 v32;
	u64 v64;
	int err;

	if (width == 2) {
		err = cursor__fix16(c, &v16);
		v64 = v16;
	} else if (width == 4) {
		err = cursor__fix32(c, &v32);
		v64 = v32;
	} else {
		err = cursor__fix64(c, &v64);
	}
	if (!err && v)
		*v = v64;
	return err;
}

static int ncur__skip(struct cursor *c, u64 len)
{
	return cursor__take(c, len) ? 0 : -EINVAL;
}

/* {u32 len; char str[len]} */
static int ncur__str(struct cursor *c)
{
	u64 len;

	return ncur__int(c, 4, &len) ?: ncur__skip(c, len);
}

/* width-sized integers up to the end */
static int ncur__all(struct cursor *c, unsigned int width)
{
	if ((c->size - c->pos) % width)
		return -EINVAL;
	while (c->pos < c->size)
		ncur__int(c, width, NULL);
	return 0;
}

static int ncur__strs(struct cursor *c, u64 nr)
{
	int err = 0;

	while (!err && nr--)
		err = ncur__str(c);
	return err;
}

/* build_id records: {header; s32 pid; u8 build_id[20], size, r1; u16 r2; filename} */
static int native__build_id(struct cursor *c)
{
	while (c->pos < c->size) {
		size_t start = c->pos;
		u64 size;
		int err;

		err = ncur__int(c, 4, NULL) ?: ncur__int(c, 2, NULL) ?: ncur__int(c, 2, &size);
		if (err || size < 36 || size > c->size - start)
			return -EINVAL;
		ncur__int(c, 4, NULL);
		c->pos = start + 34;
		ncur__int(c, 2, NULL);
		c->pos = start + size;
	}
	return 0;
}

static int raw__to_native(int feat, void *buf, size_t size)
{
	struct cursor c = CURSOR(buf, size, true);
	u8 *copy = malloc(size ? size : 1);
	u64 nr, n, i;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, buf, size);
	switch (feat) {
	case HEADER_BUILD_ID:
		err = native__build_id(&c);
		break;
	case HEADER_NUMA_TOPOLOGY:	/* u32 nr, {u32 node; u64 total, free; cpus} */
		err = ncur__int(&c, 4, &nr);
		for (i = 0; !err && i < nr; i++)
			err = ncur__int(&c, 4, NULL) ?: ncur__int(&c, 8, NULL) ?:
			      ncur__int(&c, 8, NULL) ?: ncur__str(&c);
		break;
	case HEADER_CACHE:		/* u32 version, nr, {u32 level, line, sets, ways; 3 strs} */
		err = ncur__int(&c, 4, NULL) ?: ncur__int(&c, 4, &nr);
		for (i = 0; !err && i < nr; i++)
			err = ncur__int(&c, 4, NULL) ?: ncur__int(&c, 4, NULL) ?:
			      ncur__int(&c, 4, NULL) ?: ncur__int(&c, 4, NULL) ?: ncur__strs(&c, 3);
		break;
	case HEADER_MEM_TOPOLOGY:
	case HEADER_DIR_FORMAT:
	case HEADER_AUXTRACE:
		err = ncur__all(&c, 8);
		break;
	case HEADER_COMPRESSED:
		err = ncur__all(&c, 4);
		break;
	case HEADER_CPU_PMU_CAPS:	/* u32 nr, name/value pairs */
	case HEADER_HYBRID_TOPOLOGY:	/* u32 nr, pmu name/cpus pairs */
		err = ncur__int(&c, 4, &nr) ?: ncur__strs(&c, 2 * nr);
		break;
	case HEADER_PMU_CAPS:		/* u32 nr, {u32 nr_caps, pairs, pmu name} */
		err = ncur__int(&c, 4, &nr);
		for (i = 0; !err && i < nr; i++)
			err = ncur__int(&c, 4, &n) ?: ncur__strs(&c, 2 * n + 1);
		break;
	case HEADER_BRANCH_STACK:
	case HEADER_STAT:
		break;
	default:
		err = -ENOENT;
	}
	/* left as found unless the whole section converted */
	if (err)
		memcpy(buf, copy, size);
	free(copy);
	return err;
}

static const struct feature_ops *feature__ops(int feat)
{
	if (feat <= HEADER_RESERVED || feat >= HEADER_LAST_FEATURE)
		return NULL;
	return &feature_ops[feat];
}

const char *perf_feature__name(int feat)
{
	const struct feature_ops *ops = feature__ops(feat);

	return ops ? ops->name : NULL;
}

int perf_feature__parse(struct perf_header *h, int feat, const void *buf, size_t size)
{
	const struct feature_ops *ops = feature__ops(feat);
	struct perf_feat_raw *raw;
	struct fcur c;

	if (feat <= HEADER_RESERVED || feat >= HEADER_FEAT_BITS)
		return hdr_err(h, "feature id %d out of range", feat);
	raw = &h->raw[feat];
	free(raw->buf);
	raw->buf = malloc(size ? size : 1);
	if (!raw->buf)
		return -ENOMEM;
	if (size)
		memcpy(raw->buf, buf, size);
	raw->size = size;
	raw->swapped = h->needs_swap && raw__to_native(feat, raw->buf, size) != 0;
	perf_header__set_feat(h, feat);
	if (!ops || !ops->parse)
		return 0;
	c = (struct fcur){ .cur = CURSOR(buf, size, h->needs_swap), .h = h,
			   .what = ops->name };
	return ops->parse(h, &c, feat);
}

int perf_feature__write(struct perf_header *h, int feat, struct strbuf *out)
{
	const struct feature_ops *ops = feature__ops(feat);
	const struct perf_feat_raw *raw;

	if (feat <= HEADER_RESERVED || feat >= HEADER_FEAT_BITS || !perf_header__has_feat(h, feat))
		return -ENOENT;
	if (ops && ops->write)
		return ops->write(h, out, feat);
	raw = &h->raw[feat];
	/* a section left in the foreign order cannot be copied as ours */
	if (raw->swapped && raw->size)
		return -ENOENT;
	return strbuf__add(out, raw->buf, raw->size);
}

void perf_feature__fprintf(struct perf_header *h, int feat, FILE *fp, bool full)
{
	const struct feature_ops *ops = feature__ops(feat);

	if (!ops || !perf_header__has_feat(h, feat))
		return;
	if (ops->full_only && !full) {
		fprintf(fp, "# %s info available, use -I to display\n", ops->name);
		return;
	}
	if (ops->print)
		ops->print(h, fp, feat);
}

/*
 * Upstream prints each feature of a pipe as its record arrives, so
 * BPF_PROG_INFO names its functions only with the BTF objects that came
 * before it (upstream writes BPF_BTF after it: "_F" names).  Print in
 * arrival order and hide later BTF the same way.
 */
static void header__fprintf_pipe_features(struct perf_header *h, FILE *fp, bool full)
{
	bool btf_seen = false;
	int i;

	for (i = 0; i < h->nr_feat_order; i++) {
		int feat = h->feat_order[i];

		if (feat == HEADER_BPF_BTF)
			btf_seen = true;
		if (feat == HEADER_BPF_PROG_INFO && !btf_seen) {
			u32 nr_btfs = h->env.bpf.nr_btfs;

			perf_env_bpf__sort_btfs(&h->env.bpf);
			h->env.bpf.nr_btfs = 0;
			perf_feature__fprintf(h, feat, fp, full);
			h->env.bpf.nr_btfs = nr_btfs;
			continue;
		}
		perf_feature__fprintf(h, feat, fp, full);
	}
}

void perf_header__fprintf(struct perf_header *h, struct evlist *evlist, FILE *fp, bool full)
{
	u64 off = h->is_pipe ? 0 : h->data_offset, size = h->is_pipe ? 0 : h->data_size;
	bool missing = false;
	int feat;

	fprintf(fp, "# ========\n");
	if (h->has_mtime) {
		time_t t = (time_t)h->mtime;
		char buf[64];

		if (ctime_r(&t, buf))
			fprintf(fp, "# captured on    : %s", buf);
	}
	fprintf(fp, "# header version : 1\n");
	fprintf(fp, "# data offset    : %llu\n", (unsigned long long)off);
	fprintf(fp, "# data size      : %llu\n", (unsigned long long)size);
	fprintf(fp, "# feat offset    : %llu\n", (unsigned long long)(off + size));
	if (h->is_pipe) {
		fprintf(fp, "# ========\n#\n");
		header__fprintf_pipe_features(h, fp, full);
		return;
	}
	for (feat = HEADER_RESERVED + 1; feat < HEADER_LAST_FEATURE; feat++)
		perf_feature__fprintf(h, feat, fp, full);
	for (feat = HEADER_RESERVED + 1; feat < HEADER_LAST_FEATURE; feat++) {
		if (perf_header__has_feat(h, feat))
			continue;
		if (!missing)
			fprintf(fp, "# missing features: ");
		missing = true;
		fprintf(fp, "%s ", perf_feature__name(feat));
	}
	if (missing)
		fputc('\n', fp);
	fprintf(fp, "# ========\n#\n");
}

/* Reading the file header and the attrs */

static int header__check_magic(struct perf_header *h, struct perf_data *data, u64 magic)
{
	if (magic == PERF_MAGIC2) {
		h->needs_swap = false;
		return 0;
	}
	if (bswap_64(magic) == PERF_MAGIC2) {
		h->needs_swap = true;
		return 0;
	}
	if (!memcmp(&magic, "PERFFILE", 8))
		return perf_data__err(data, "perf.data version 1 (PERFFILE) is not supported");
	return perf_data__err(data, "not a perf.data file (bad magic 0x%016llx)",
			      (unsigned long long)magic);
}

static u64 hdr__u64(const struct perf_header *h, const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return h->needs_swap ? bswap_64(v) : v;
}

static u32 hdr__u32(const struct perf_header *h, const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return h->needs_swap ? bswap_32(v) : v;
}

/*
 * An attr as found (raw, avail bytes readable): size 0 is VER0, larger than
 * ours is refused, smaller is zero-filled.
 */
static int header__read_attr(struct perf_header *h, struct perf_data *data, const u8 *raw,
			     u64 avail, struct perf_event_attr *attr, u32 *size_read)
{
	u32 size = hdr__u32(h, raw + offsetof(struct perf_event_attr, size));

	*size_read = size;
	if (!size)
		size = PERF_ATTR_SIZE_VER0_BYTES;
	if (size > sizeof(*attr))
		return perf_data__err(data, "attr size %u is larger than supported (%zu): "
				      "recorded by a newer perf?", size, sizeof(*attr));
	if (size < PERF_ATTR_SIZE_VER0_BYTES)
		return perf_data__err(data, "attr size %u is smaller than the first version (%d)",
				      size, PERF_ATTR_SIZE_VER0_BYTES);
	if (size > avail)
		return perf_data__err(data, "attr size %u is larger than its entry (%llu bytes)",
				      size, (unsigned long long)avail);
	memset(attr, 0, sizeof(*attr));
	memcpy(attr, raw, size);
	if (h->needs_swap)
		perf_event_attr__swap(attr);
	attr->size = size;
	return 0;
}

static int header__add_evsel(struct evlist *evlist, const struct perf_event_attr *attr,
			     u32 size_read, const u8 *ids, u64 nr_ids, bool swap)
{
	struct evsel *evsel = evsel__new(attr, evlist->nr_entries);
	int nr = evlist->nr_entries, err = 0;
	u64 i;

	if (!evsel)
		return -ENOMEM;
	evsel->attr_size_read = size_read;
	for (i = 0; !err && i < nr_ids; i++) {
		u64 id;

		memcpy(&id, ids + i * 8, 8);
		err = evsel__add_id(evsel, swap ? bswap_64(id) : id);
	}
	if (!err)
		err = evlist__add(evlist, evsel);
	if (evlist->nr_entries == nr)
		evsel__delete(evsel);
	return err;
}

static int header__read_pipe(struct perf_header *h, struct perf_data *data)
{
	struct perf_pipe_file_header ph;
	int err;

	err = perf_data__read_pipe(data, &ph, sizeof(ph));
	if (err == 1)
		return perf_data__err(data, "empty input: no pipe header");
	if (err)
		return perf_data__err(data, "truncated pipe header");
	err = header__check_magic(h, data, ph.magic);
	if (err)
		return err;
	if (hdr__u64(h, &ph.size) != sizeof(ph))
		return perf_data__err(data, "bad pipe header size %llu",
				      (unsigned long long)hdr__u64(h, &ph.size));
	h->is_pipe = true;
	return 0;
}

static int header__read_attrs(struct perf_header *h, struct evlist *evlist,
			      struct perf_data *data, const struct perf_file_header *fh)
{
	u64 nr, i;
	const u8 *attrs;

	if (fh->attr_size < PERF_ATTR_SIZE_VER0_BYTES + sizeof(struct perf_file_section) ||
	    fh->attr_size > MAX_ATTR_SIZE)
		return perf_data__err(data, "bad attr_size %llu in the file header",
				      (unsigned long long)fh->attr_size);
	if (fh->attrs.size % fh->attr_size)
		return perf_data__err(data, "attrs section size %llu is not a multiple of "
				      "attr_size %llu", (unsigned long long)fh->attrs.size,
				      (unsigned long long)fh->attr_size);
	attrs = perf_data__slice(data, fh->attrs.offset, fh->attrs.size);
	if (!attrs)
		return perf_data__err(data, "attrs section (offset %llu, size %llu) is beyond "
				      "the end of the file", (unsigned long long)fh->attrs.offset,
				      (unsigned long long)fh->attrs.size);
	nr = fh->attrs.size / fh->attr_size;
	for (i = 0; i < nr; i++) {
		const u8 *raw = attrs + i * fh->attr_size;
		u64 attr_bytes = fh->attr_size - sizeof(struct perf_file_section);
		struct perf_event_attr attr;
		struct perf_file_section ids;
		const u8 *idp;
		u32 size_read;
		int err;

		err = header__read_attr(h, data, raw, attr_bytes, &attr, &size_read);
		if (err)
			return err;
		ids.offset = hdr__u64(h, raw + attr_bytes);
		ids.size = hdr__u64(h, raw + attr_bytes + 8);
		if (ids.size % sizeof(u64))
			return perf_data__err(data, "event %llu: ids size %llu is not a multiple "
					      "of 8", (unsigned long long)i,
					      (unsigned long long)ids.size);
		idp = perf_data__slice(data, ids.offset, ids.size);
		if (!idp)
			return perf_data__err(data, "event %llu: ids (offset %llu, size %llu) are "
					      "beyond the end of the file", (unsigned long long)i,
					      (unsigned long long)ids.offset,
					      (unsigned long long)ids.size);
		err = header__add_evsel(evlist, &attr, size_read, idp, ids.size / 8,
					h->needs_swap);
		if (err)
			return err;
	}
	return 0;
}

static int header__read_features(struct perf_header *h, struct perf_data *data)
{
	u64 start = h->data_offset + h->data_size;
	const u8 *table;
	int feat, nr = 0, i = 0;

	for (feat = 0; feat < HEADER_FEAT_BITS; feat++)
		nr += perf_header__has_feat(h, feat);
	if (!nr)
		return 0;
	table = perf_data__slice(data, start, (u64)nr * sizeof(struct perf_file_section));
	if (!table)
		return perf_data__err(data, "feature table (%d entries at %llu) is beyond the end "
				      "of the file", nr, (unsigned long long)start);
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		const u8 *e = table + (size_t)i * sizeof(struct perf_file_section);
		const char *name = perf_feature__name(feat);
		u64 off, size;
		const void *sec;
		int err;

		if (!perf_header__has_feat(h, feat))
			continue;
		i++;
		off = hdr__u64(h, e);
		size = hdr__u64(h, e + 8);
		sec = perf_data__slice(data, off, size);
		if (!sec)
			return perf_data__err(data, "feature %s (%d): section (offset %llu, size "
					      "%llu) is beyond the end of the file",
					      name ? name : "unknown", feat,
					      (unsigned long long)off, (unsigned long long)size);
		if (feat == HEADER_RESERVED)
			continue;
		err = perf_feature__parse(h, feat, sec, size);
		if (err == -ENOMEM)
			return perf_data__err(data, "out of memory reading feature %s",
					      name ? name : "unknown");
		if (err)
			return perf_data__err(data, "%s", h->err);
	}
	perf_header__clear_feat(h, HEADER_RESERVED);
	return 0;
}

int perf_header__read(struct perf_header *h, struct evlist *evlist, struct perf_data *data)
{
	struct perf_file_header fh;
	const u8 *p;
	struct stat st;
	int err, i;

	h->evlist = evlist;
	if (data->fd >= 0 && !fstat(data->fd, &st)) {
		h->mtime = st.st_mtime;
		h->has_mtime = true;
	}
	if (data->is_pipe)
		return header__read_pipe(h, data);

	p = perf_data__slice(data, 0, sizeof(struct perf_pipe_file_header));
	if (!p)
		return perf_data__err(data, "file too small (%llu bytes) for a perf.data header",
				      (unsigned long long)data->size);
	memcpy(&fh.magic, p, sizeof(fh.magic));
	err = header__check_magic(h, data, fh.magic);
	if (err)
		return err;
	fh.size = hdr__u64(h, p + 8);
	if (fh.size == sizeof(struct perf_pipe_file_header)) {
		/* a pipe-mode stream saved to a file: records follow at once */
		h->is_pipe = true;
		h->data_offset = fh.size;
		h->data_size = data->size - fh.size;
		return 0;
	}
	if (fh.size < sizeof(fh))
		return perf_data__err(data, "bad file header size %llu",
				      (unsigned long long)fh.size);
	p = perf_data__slice(data, 0, sizeof(fh));
	if (!p)
		return perf_data__err(data, "file too small (%llu bytes) for a perf.data header",
				      (unsigned long long)data->size);
	memcpy(&fh, p, sizeof(fh));
	if (h->needs_swap) {
		u64 *w = (u64 *)&fh;

		for (i = 0; i < (int)(sizeof(fh) / sizeof(u64)); i++)
			w[i] = bswap_64(w[i]);
	}
	h->attr_size = fh.attr_size;
	h->data_offset = fh.data.offset;
	h->data_size = fh.data.size;
	if (fh.data.offset > data->size || fh.data.size > data->size - fh.data.offset)
		return perf_data__err(data, "data section (offset %llu, size %llu) is beyond the "
				      "end of the file (%llu bytes)",
				      (unsigned long long)fh.data.offset,
				      (unsigned long long)fh.data.size,
				      (unsigned long long)data->size);
	err = header__read_attrs(h, evlist, data, &fh);
	if (err)
		return err;
	memcpy(h->features, fh.adds_features, sizeof(h->features));
	/*
	 * A record killed before it finished leaves data.size 0 and feature
	 * bits without sections: ignore the bits when their table is not there.
	 */
	if (!fh.data.size) {
		u64 nr = 0;

		for (i = 0; i < HEADER_FEAT_BITS; i++)
			nr += perf_header__has_feat(h, i);
		nr *= sizeof(struct perf_file_section);
		if (!perf_data__slice(data, fh.data.offset, nr)) {
			memset(h->features, 0, sizeof(h->features));
			return 0;
		}
	}
	return header__read_features(h, data);
}

int perf_header__process_attr_record(struct perf_header *h, struct evlist *evlist,
				     const void *record, size_t size, struct perf_data *data)
{
	const size_t hdr = sizeof(struct perf_event_header);
	const u8 *p = (const u8 *)record + hdr;
	struct perf_event_attr attr;
	u32 size_read;
	int err;

	if (size < hdr + PERF_ATTR_SIZE_VER0_BYTES)
		return perf_data__err(data, "HEADER_ATTR record of %zu bytes is too short", size);
	err = header__read_attr(h, data, p, size - hdr, &attr, &size_read);
	if (err)
		return err;
	/* the ids were made native with the record (perf_event__swap) */
	err = header__add_evsel(evlist, &attr, size_read, p + attr.size,
				(size - hdr - attr.size) / 8, false);
	if (err == -ENOMEM)
		return perf_data__err(data, "out of memory reading HEADER_ATTR");
	return err;
}

int perf_header__process_feature(struct perf_header *h, int feat, const void *payload,
				 size_t size, struct perf_data *data)
{
	int err;

	if (feat == HEADER_LAST_FEATURE)
		return 0;	/* end of the features in pipe mode */
	if (feat <= HEADER_RESERVED || feat >= HEADER_FEAT_BITS)
		return perf_data__err(data, "HEADER_FEATURE with bad feature id %d", feat);
	if (!perf_header__has_feat(h, feat) && h->nr_feat_order < HEADER_FEAT_BITS)
		h->feat_order[h->nr_feat_order++] = (u8)feat;
	err = perf_feature__parse(h, feat, payload, size);
	if (err == -ENOMEM)
		return perf_data__err(data, "out of memory reading feature %d", feat);
	if (err)
		return perf_data__err(data, "%s", h->err);
	return 0;
}

/* Writing */

u64 perf_header__attrs_size(const struct evlist *evlist)
{
	u64 size = 0;
	int i;

	for (i = 0; i < evlist->nr_entries; i++)
		size += (u64)evlist->entries[i]->nr_ids * sizeof(u64) +
			sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	return size;
}

/* EVENT_DESC from the evlist when nothing filled it (record). */
static int header__event_desc_from_evlist(struct perf_header *h, struct evlist *evlist)
{
	int i, err;

	if (h->env.nr_events || !perf_header__has_feat(h, HEADER_EVENT_DESC))
		return 0;
	for (i = 0; i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];

		err = perf_env__add_event(&h->env, &evsel->attr, evsel__name(evsel),
					  evsel->ids, evsel->nr_ids);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Encode every feature that is set: the payloads back to back in sb, and
 * their {offset (from the start of sb), size} in secs.  Features with
 * nothing to write are cleared from features[].
 */
static int header__encode_features(struct perf_header *h, u64 *features, struct strbuf *sb,
				   struct perf_file_section *secs, int *nr)
{
	int feat, err;

	*nr = 0;
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		size_t start = sb->len;

		if (!(features[feat / 64] & (1ULL << (feat % 64))))
			continue;
		err = perf_feature__write(h, feat, sb);
		if (err == -ENOENT) {
			features[feat / 64] &= ~(1ULL << (feat % 64));
			sb->len = start;
			continue;
		}
		if (err)
			return err;
		secs[*nr].offset = start;
		secs[*nr].size = sb->len - start;
		(*nr)++;
	}
	return 0;
}

int perf_header__write(struct perf_header *h, struct evlist *evlist, struct perf_data *data,
		       u64 data_offset, u64 data_size)
{
	struct perf_file_section secs[HEADER_FEAT_BITS];
	struct perf_file_header fh;
	struct strbuf feats = STRBUF_INIT, attrs = STRBUF_INIT, ids = STRBUF_INIT;
	u64 feat_start = data_offset + data_size, attrs_start, ids_start, pos;
	int nr, i, err;

	memset(&fh, 0, sizeof(fh));
	memcpy(fh.adds_features, h->features, sizeof(fh.adds_features));
	err = header__event_desc_from_evlist(h, evlist);
	if (!err)
		err = header__encode_features(h, fh.adds_features, &feats, secs, &nr);
	if (err)
		goto out;
	for (i = 0; i < nr; i++)
		secs[i].offset += feat_start + (u64)nr * sizeof(secs[0]);

	/* ids then attrs: before data when there is room, else after the features */
	ids_start = sizeof(fh);
	if (data_offset < sizeof(fh) + perf_header__attrs_size(evlist))
		ids_start = PERF_ALIGN(feat_start + (u64)nr * sizeof(secs[0]) + feats.len, 8ULL);
	for (i = 0; !err && i < evlist->nr_entries; i++)
		err = strbuf__add(&ids, evlist->entries[i]->ids,
				  (size_t)evlist->entries[i]->nr_ids * sizeof(u64));
	attrs_start = ids_start + ids.len;
	for (i = 0, pos = ids_start; !err && i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];
		struct perf_file_section sec = {
			.offset = pos,
			.size = (u64)evsel->nr_ids * sizeof(u64),
		};

		pos += sec.size;
		err = strbuf__add(&attrs, &evsel->attr, sizeof(evsel->attr));
		if (!err)
			err = strbuf__add(&attrs, &sec, sizeof(sec));
	}
	if (err)
		goto out;

	fh.magic = PERF_MAGIC2;
	fh.size = sizeof(fh);
	fh.attr_size = sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	fh.attrs.offset = attrs_start;
	fh.attrs.size = attrs.len;
	fh.data.offset = data_offset;
	fh.data.size = data_size;

	err = perf_data__pwrite(data, secs, (size_t)nr * sizeof(secs[0]), feat_start);
	if (!err)
		err = perf_data__pwrite(data, feats.buf, feats.len,
					feat_start + (u64)nr * sizeof(secs[0]));
	if (!err)
		err = perf_data__pwrite(data, ids.buf, ids.len, ids_start);
	if (!err)
		err = perf_data__pwrite(data, attrs.buf, attrs.len, attrs_start);
	if (!err)
		err = perf_data__pwrite(data, &fh, sizeof(fh), 0);
	if (!err) {
		memcpy(h->features, fh.adds_features, sizeof(h->features));
		h->data_offset = data_offset;
		h->data_size = data_size;
	}
out:
	strbuf__release(&feats);
	strbuf__release(&attrs);
	strbuf__release(&ids);
	if (err && !data->err[0])
		perf_data__err(data, "cannot write the header: %s", strerror(-err));
	return err;
}

#define RECORD_MAX	0xffffU

int perf_header__write_pipe(struct perf_header *h, struct evlist *evlist,
			    struct perf_data *data)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	struct strbuf sb = STRBUF_INIT;
	struct perf_event_header rh;
	int feat, i, err;

	err = header__event_desc_from_evlist(h, evlist);
	if (!err)
		err = perf_data__write(data, &ph, sizeof(ph));
	for (i = 0; !err && i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];
		struct perf_event_attr attr = evsel->attr;
		size_t size = sizeof(rh) + sizeof(attr) + (size_t)evsel->nr_ids * sizeof(u64);

		if (size > RECORD_MAX) {
			err = perf_data__err(data, "event %d has too many ids (%u) for a "
					     "HEADER_ATTR record", i, evsel->nr_ids);
			goto out;
		}
		attr.size = sizeof(attr);
		rh = (struct perf_event_header){ .type = PERF_RECORD_HEADER_ATTR,
						 .size = (u16)size };
		strbuf__reset(&sb);
		err = strbuf__add(&sb, &rh, sizeof(rh));
		if (!err)
			err = strbuf__add(&sb, &attr, sizeof(attr));
		if (!err)
			err = strbuf__add(&sb, evsel->ids, (size_t)evsel->nr_ids * sizeof(u64));
		if (!err)
			err = perf_data__write(data, sb.buf, sb.len);
	}
	for (i = HEADER_RESERVED + 1; !err && i <= HEADER_LAST_FEATURE; i++) {
		size_t start = sizeof(rh) + sizeof(u64);

		/* BPF_BTF first, so readers can name BPF_PROG_INFO's functions */
		feat = i == HEADER_BPF_PROG_INFO ? HEADER_BPF_BTF :
		       i == HEADER_BPF_BTF ? HEADER_BPF_PROG_INFO : i;

		strbuf__reset(&sb);
		err = strbuf__add_zero(&sb, start);
		if (err)
			break;
		if (feat < HEADER_LAST_FEATURE) {
			err = perf_feature__write(h, feat, &sb);
			if (err == -ENOENT) {
				err = 0;
				continue;
			}
			if (err)
				break;
			/* too big for one record: left out, as nothing can carry it */
			if (sb.len > RECORD_MAX)
				continue;
		}
		rh = (struct perf_event_header){ .type = PERF_RECORD_HEADER_FEATURE,
						 .size = (u16)sb.len };
		memcpy(sb.buf, &rh, sizeof(rh));
		memcpy(sb.buf + sizeof(rh), &(u64){ (u64)feat }, sizeof(u64));
		err = perf_data__write(data, sb.buf, sb.len);
	}
out:
	strbuf__release(&sb);
	if (err && !data->err[0])
		perf_data__err(data, "cannot write the pipe header: %s", strerror(-err));
	return err;
}
