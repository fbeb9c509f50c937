// SPDX-License-Identifier: GPL-2.0
/*
 * env.c - what a perf.data file says about where it was recorded.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
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
