// SPDX-License-Identifier: GPL-2.0
/*
 * env.c - what a perf.data file says about where it was recorded.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "env.h"

void perf_env__init(struct perf_env *env)
{
	memset(env, 0, sizeof(*env));
	perf_env_bpf__init(&env->bpf);
}

void perf_env__free_strings(char **strs, u32 n)
{
	u32 i;

	if (!strs)
		return;
	for (i = 0; i < n; i++)
		free(strs[i]);
	free(strs);
}

void perf_env__clear_events(struct perf_env *env)
{
	u32 i;

	for (i = 0; i < env->nr_events; i++) {
		free(env->events[i].name);
		free(env->events[i].ids);
	}
	free(env->events);
	env->events = NULL;
	env->nr_events = 0;
}

void perf_env__clear_groups(struct perf_env *env)
{
	u32 i;

	for (i = 0; i < env->nr_groups; i++)
		free(env->groups[i].name);
	free(env->groups);
	env->groups = NULL;
	env->nr_groups = 0;
}

const struct perf_env_group *perf_env__group_of(const struct perf_env *env, u32 idx)
{
	u32 i;

	for (i = 0; i < env->nr_groups; i++) {
		const struct perf_env_group *g = &env->groups[i];

		if (idx >= g->leader_idx && idx - g->leader_idx < g->nr_members)
			return g;
	}
	return NULL;
}

void perf_env__exit(struct perf_env *env)
{
	u32 i;

	free(env->hostname);
	free(env->os_release);
	free(env->version);
	free(env->arch);
	free(env->cpu_desc);
	free(env->cpuid);
	perf_env__free_strings(env->cmdline_argv, env->nr_cmdline);
	perf_env__clear_events(env);
	perf_env__clear_groups(env);
	perf_env__free_strings(env->sibling_cores, env->nr_sibling_cores);
	perf_env__free_strings(env->sibling_threads, env->nr_sibling_threads);
	perf_env__free_strings(env->sibling_dies, env->nr_sibling_dies);
	free(env->cpu);
	for (i = 0; i < env->nr_pmu_mappings; i++)
		free(env->pmu_mappings[i].name);
	free(env->pmu_mappings);
	perf_env_bpf__exit(&env->bpf);
	perf_env__init(env);
}

int perf_env__set_string(char **field, const char *s)
{
	char *copy = s ? strdup(s) : NULL;

	if (s && !copy)
		return -ENOMEM;
	free(*field);
	*field = copy;
	return 0;
}

int perf_env__set_cmdline(struct perf_env *env, int argc, const char * const *argv)
{
	char **v;
	int i;

	if (argc < 0)
		return -EINVAL;
	v = calloc((size_t)argc + 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < argc; i++) {
		v[i] = strdup(argv[i]);
		if (!v[i]) {
			perf_env__free_strings(v, (u32)i);
			return -ENOMEM;
		}
	}
	perf_env__free_strings(env->cmdline_argv, env->nr_cmdline);
	env->cmdline_argv = v;
	env->nr_cmdline = (u32)argc;
	return 0;
}

int perf_env__add_event(struct perf_env *env, const struct perf_event_attr *attr,
			const char *name, const u64 *ids, u32 nr_ids)
{
	struct perf_env_event *ev, *events;

	if (env->nr_events == UINT32_MAX)
		return -ENOMEM;
	events = realloc(env->events, ((size_t)env->nr_events + 1) * sizeof(*events));
	if (!events)
		return -ENOMEM;
	env->events = events;
	ev = &events[env->nr_events];
	memset(ev, 0, sizeof(*ev));
	ev->attr = *attr;
	ev->attr_size = sizeof(*attr);
	ev->name = strdup(name ? name : "");
	ev->ids = malloc(nr_ids ? (size_t)nr_ids * sizeof(u64) : 1);
	if (!ev->name || !ev->ids) {
		free(ev->name);
		free(ev->ids);
		return -ENOMEM;
	}
	if (nr_ids)
		memcpy(ev->ids, ids, (size_t)nr_ids * sizeof(u64));
	ev->nr_ids = nr_ids;
	env->nr_events++;
	return 0;
}

/* Reading the local machine */

#define SYS_CPU		"/sys/devices/system/cpu"

/* First line of a small file, without its newline; NULL when unreadable. */
static char *file__read_line(const char *path)
{
	char buf[4096], *nl;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return NULL;
	if (!fgets(buf, sizeof(buf), fp)) {
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return strdup(buf);
}

static int file__read_u32(const char *path, u32 *v)
{
	char *line = file__read_line(path), *end;
	long long n;

	if (!line)
		return -ENOENT;
	n = strtoll(line, &end, 0);
	free(line);
	if (end == line)
		return -EINVAL;
	*v = (u32)n;
	return 0;
}

/* "0-3,8" -> 9: one more than the highest cpu of a sysfs list. */
static u32 cpu_list__max(const char *list)
{
	const char *p = list;
	u32 max = 0;

	while (*p) {
		char *end;
		unsigned long n = strtoul(p, &end, 10);

		if (end == p)
			break;
		if (n + 1 > max)
			max = (u32)n + 1;
		p = *end ? end + 1 : end;
	}
	return max;
}

/* Value of the first "key<spaces>: value" line of /proc/cpuinfo. */
static char *cpuinfo__get(const char *key)
{
	char line[1024], *val = NULL;
	size_t klen = strlen(key);
	FILE *fp = fopen("/proc/cpuinfo", "r");

	if (!fp)
		return NULL;
	while (fgets(line, sizeof(line), fp)) {
		char *p = line + klen, *nl;

		if (strncmp(line, key, klen) || (*p != ' ' && *p != '\t' && *p != ':'))
			continue;
		p = strchr(line, ':');
		if (!p)
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		val = strdup(p);
		break;
	}
	fclose(fp);
	return val;
}

/* Squeeze runs of blanks to one space and trim both ends, in place. */
static void str__squeeze(char *s)
{
	char *r = s, *w = s;
	bool space = true;

	for (; *r; r++) {
		if (isspace((unsigned char)*r)) {
			if (!space)
				*w++ = ' ';
			space = true;
			continue;
		}
		*w++ = *r;
		space = false;
	}
	if (w > s && w[-1] == ' ')
		w--;
	*w = '\0';
}

static int env__read_cpuid(struct perf_env *env)
{
	char *vendor = cpuinfo__get("vendor_id"), *family = cpuinfo__get("cpu family");
	char *model = cpuinfo__get("model"), *stepping = cpuinfo__get("stepping");
	int ret = 0;

	if (vendor && family && model && stepping &&
	    asprintf(&env->cpuid, "%s,%s,%s,%s", vendor, family, model, stepping) < 0) {
		env->cpuid = NULL;
		ret = -ENOMEM;
	}
	free(vendor);
	free(family);
	free(model);
	free(stepping);
	return ret;
}

/* Add s to the list unless it is there already (sibling lists repeat). */
static int strings__add_unique(char ***v, u32 *nr, char *s)
{
	char **nv;
	u32 i;

	for (i = 0; i < *nr; i++) {
		if (!strcmp((*v)[i], s)) {
			free(s);
			return 0;
		}
	}
	nv = realloc(*v, (*nr + 1) * sizeof(*nv));
	if (!nv) {
		free(s);
		return -ENOMEM;
	}
	nv[(*nr)++] = s;
	*v = nv;
	return 0;
}

static int env__read_topology(struct perf_env *env)
{
	static const char * const lists[] = {
		"core_siblings_list", "die_cpus_list", "thread_siblings_list",
	};
	char ***vs[] = { &env->sibling_cores, &env->sibling_dies, &env->sibling_threads };
	u32 *nrs[] = { &env->nr_sibling_cores, &env->nr_sibling_dies,
		       &env->nr_sibling_threads };
	char path[256];
	u32 cpu, k;
	int err;

	if (!env->nr_cpus_avail)
		return 0;
	env->cpu = calloc(env->nr_cpus_avail, sizeof(*env->cpu));
	if (!env->cpu)
		return -ENOMEM;
	env->nr_cpu_ids = env->nr_cpus_avail;
	env->has_die_ids = true;
	for (cpu = 0; cpu < env->nr_cpus_avail; cpu++) {
		struct perf_env_cpu *c = &env->cpu[cpu];

		for (k = 0; k < ARRAY_SIZE(lists); k++) {
			char *line;

			snprintf(path, sizeof(path), SYS_CPU "/cpu%u/topology/%s", cpu, lists[k]);
			line = file__read_line(path);
			if (!line)
				continue;
			err = strings__add_unique(vs[k], nrs[k], line);
			if (err)
				return err;
		}
		snprintf(path, sizeof(path), SYS_CPU "/cpu%u/topology/core_id", cpu);
		if (file__read_u32(path, &c->core_id))
			c->core_id = (u32)-1;
		snprintf(path, sizeof(path), SYS_CPU "/cpu%u/topology/physical_package_id", cpu);
		if (file__read_u32(path, &c->socket_id))
			c->socket_id = (u32)-1;
		snprintf(path, sizeof(path), SYS_CPU "/cpu%u/topology/die_id", cpu);
		if (file__read_u32(path, &c->die_id))
			c->die_id = (u32)-1;
	}
	return 0;
}

static int env__read_pmu_mappings(struct perf_env *env)
{
	DIR *dir = opendir("/sys/bus/event_source/devices");
	struct dirent *de;
	int err = 0;

	if (!dir)
		return 0;
	while ((de = readdir(dir)) != NULL) {
		struct perf_env_pmu *pmus;
		char path[512];
		u32 type;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", de->d_name);
		if (file__read_u32(path, &type))
			continue;
		pmus = realloc(env->pmu_mappings, (env->nr_pmu_mappings + 1) * sizeof(*pmus));
		if (!pmus) {
			err = -ENOMEM;
			break;
		}
		env->pmu_mappings = pmus;
		pmus[env->nr_pmu_mappings].type = type;
		pmus[env->nr_pmu_mappings].name = strdup(de->d_name);
		if (!pmus[env->nr_pmu_mappings].name) {
			err = -ENOMEM;
			break;
		}
		env->nr_pmu_mappings++;
	}
	closedir(dir);
	return err;
}

static u64 meminfo__total_kb(void)
{
	FILE *fp = fopen("/proc/meminfo", "r");
	unsigned long long kb = 0;
	char buf[256];

	while (fp && fgets(buf, sizeof(buf), fp)) {
		if (sscanf(buf, "MemTotal: %llu kB", &kb) == 1)
			break;
	}
	if (fp)
		fclose(fp);
	return kb;
}

int perf_env__read_local(struct perf_env *env)
{
	struct utsname uts;
	char *line;
	long online;
	int err = 0;

	if (!uname(&uts)) {
		err = perf_env__set_string(&env->hostname, uts.nodename);
		if (!err)
			err = perf_env__set_string(&env->os_release, uts.release);
		if (!err)
			err = perf_env__set_string(&env->arch, uts.machine);
		if (err)
			return err;
	}
	line = file__read_line(SYS_CPU "/present");
	if (line) {
		env->nr_cpus_avail = cpu_list__max(line);
		free(line);
	}
	online = sysconf(_SC_NPROCESSORS_ONLN);
	env->nr_cpus_online = online > 0 ? (u32)online : 0;

	free(env->cpu_desc);
	env->cpu_desc = cpuinfo__get("model name");
	if (env->cpu_desc)
		str__squeeze(env->cpu_desc);
	free(env->cpuid);
	env->cpuid = NULL;
	err = env__read_cpuid(env);
	if (err)
		return err;

	env->total_mem = meminfo__total_kb();

	err = env__read_topology(env);
	if (!err)
		err = env__read_pmu_mappings(env);
	return err;
}
