// SPDX-License-Identifier: GPL-2.0
/*
 * The feature sections: one table of every feature upstream defines, with
 * how each is parsed into the perf_env, written back, printed (-I) or,
 * kept raw, converted to native order.
 */
#include <byteswap.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "header-internal.h"
#include "attr.h"
#include "event.h"
#include "evlist.h"
#include "strbuf.h"

/* Strings in features are padded to this. */
#define FEAT_STR_ALIGN		64

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
	if (ret == -EINVAL && h->lenient_bpf_info) {
		snprintf(h->bpf_info_err, sizeof(h->bpf_info_err), "%s", err);
		return 0;
	}
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

	ret = perf_env_bpf__parse_btf(&h->env.bpf, c->cur.p, c->cur.size, c->cur.swap, err,
				      sizeof(err));
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

typedef int (*feat_parse_f)(struct perf_header *h, struct fcur *c, int feat);
typedef int (*feat_write_f)(struct perf_header *h, struct strbuf *sb, int feat);
typedef void (*feat_print_f)(struct perf_header *h, FILE *fp, int feat);

struct feature_ops {
	const char	*name;
	feat_parse_f	parse;
	feat_write_f	write;
	feat_print_f	print;
	bool		full_only;	/* "info available, use -I" unless -I */
	/*
	 * Kept raw: converted to native order in place when the file is of
	 * the other one (NULL: parsed ones are read swapped, the rest stay)
	 */
	feat_native_f	to_native;
};

#define FEAT(id, nm, p, w, pr, full) \
	[id] = { .name = nm, .parse = p, .write = w, .print = pr, .full_only = full }
#define FEAT_RAW(id, nm, pr, full, native) \
	[id] = { .name = nm, .print = pr, .full_only = full, .to_native = native }

static const struct feature_ops feature_ops[HEADER_LAST_FEATURE] = {
	FEAT(HEADER_TRACING_DATA, "TRACING_DATA", NULL, NULL, NULL, false),
	FEAT_RAW(HEADER_BUILD_ID, "BUILD_ID", NULL, false, raw_native_build_id),
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
	FEAT_RAW(HEADER_NUMA_TOPOLOGY, "NUMA_TOPOLOGY", raw_print_numa_topology, true,
		 raw_native_numa_topology),
	FEAT_RAW(HEADER_BRANCH_STACK, "BRANCH_STACK", raw_print_branch_stack, false,
		 raw_native_none),
	FEAT(HEADER_PMU_MAPPINGS, "PMU_MAPPINGS", parse_pmu_mappings, write_pmu_mappings,
	     print_pmu_mappings, false),
	FEAT(HEADER_GROUP_DESC, "GROUP_DESC", parse_group_desc, write_group_desc,
	     print_group_desc, false),
	FEAT_RAW(HEADER_AUXTRACE, "AUXTRACE", NULL, false, raw_native_u64s),
	FEAT_RAW(HEADER_STAT, "STAT", raw_print_stat, false, raw_native_none),
	FEAT_RAW(HEADER_CACHE, "CACHE", raw_print_cache, true, raw_native_cache),
	FEAT(HEADER_SAMPLE_TIME, "SAMPLE_TIME", parse_sample_time, write_sample_time,
	     print_sample_time, false),
	FEAT_RAW(HEADER_MEM_TOPOLOGY, "MEM_TOPOLOGY", raw_print_mem_topology, true,
		 raw_native_u64s),
	FEAT(HEADER_CLOCKID, "CLOCKID", parse_clockid, write_clockid, print_clockid, false),
	FEAT_RAW(HEADER_DIR_FORMAT, "DIR_FORMAT", raw_print_dir_format, false, raw_native_u64s),
	FEAT(HEADER_BPF_PROG_INFO, "BPF_PROG_INFO", parse_bpf_prog_info, write_bpf_prog_info,
	     print_bpf_prog_info, false),
	FEAT(HEADER_BPF_BTF, "BPF_BTF", parse_bpf_btf, write_bpf_btf, print_bpf_btf, false),
	FEAT_RAW(HEADER_COMPRESSED, "COMPRESSED", raw_print_compressed, false, raw_native_u32s),
	FEAT_RAW(HEADER_CPU_PMU_CAPS, "CPU_PMU_CAPS", NULL, false, raw_native_str_pairs),
	FEAT(HEADER_CLOCK_DATA, "CLOCK_DATA", parse_clock_data, write_clock_data,
	     print_clock_data, false),
	FEAT_RAW(HEADER_HYBRID_TOPOLOGY, "HYBRID_TOPOLOGY", NULL, true, raw_native_str_pairs),
	FEAT_RAW(HEADER_PMU_CAPS, "PMU_CAPS", NULL, false, raw_native_pmu_caps),
};

/* A raw section of the other byte order in native order, whole, or left as it was. */
static int raw__to_native(const struct feature_ops *ops, void *buf, size_t size)
{
	struct cursor c = CURSOR(buf, size, true);
	u8 *copy;
	int err;

	if (!ops || !ops->to_native)
		return -ENOENT;
	copy = malloc(size ? size : 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, buf, size);
	err = ops->to_native(&c);
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
	raw->swapped = h->needs_swap && raw__to_native(ops, raw->buf, size) != 0;
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
