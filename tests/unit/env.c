// SPDX-License-Identifier: GPL-2.0
/*
 * util/env.c: setters, and perf_env__read_local() against what
 * /usr/bin/perf record writes on this machine (skipped without it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/data.h"
#include "util/env.h"
#include "util/evlist.h"
#include "util/header.h"

static void test_setters(void)
{
	static const char * const argv[] = { "perf", "record", "-a" };
	struct perf_event_attr attr = { .type = 1, .size = sizeof(attr) };
	struct perf_env env;
	u64 ids[2] = { 7, 8 };

	perf_env__init(&env);
	is_int(perf_env__set_string(&env.hostname, "h1"), 0, "set_string");
	is_int(perf_env__set_string(&env.hostname, "h2"), 0, "set_string again");
	is_str(env.hostname, "h2", "replaced");
	is_int(perf_env__set_cmdline(&env, 3, argv), 0, "set_cmdline");
	ok(env.nr_cmdline == 3 && !strcmp(env.cmdline_argv[2], "-a"), "cmdline copied");
	is_int(perf_env__add_event(&env, &attr, "cpu-clock", ids, 2), 0, "add_event");
	is_int(perf_env__add_event(&env, &attr, NULL, NULL, 0), 0, "add_event without ids");
	ok(env.nr_events == 2 && env.events[0].ids[1] == 8 && !strcmp(env.events[1].name, ""),
	   "events copied");
	perf_env__clear_events(&env);
	is_int(env.nr_events, 0, "clear_events");
	perf_env__exit(&env);
	ok(env.hostname == NULL && env.nr_cmdline == 0, "exit frees and resets");
}

static void test_groups(void)
{
	struct perf_env env;

	perf_env__init(&env);
	ok(perf_env__group_of(&env, 0) == NULL, "no GROUP_DESC: no group");
	env.groups = calloc(2, sizeof(*env.groups));
	env.nr_groups = 2;
	env.groups[0] = (struct perf_env_group){ strdup("{anon_group}"), 1, 2 };
	env.groups[1] = (struct perf_env_group){ strdup("g"), 4, 3 };
	ok(perf_env__group_of(&env, 0) == NULL, "event 0 before the first group: none");
	ok(perf_env__group_of(&env, 1) == &env.groups[0] &&
	   perf_env__group_of(&env, 2) == &env.groups[0], "events 1 and 2: the first group");
	ok(perf_env__group_of(&env, 3) == NULL, "event 3 between the groups: none");
	ok(perf_env__group_of(&env, 6) == &env.groups[1], "event 6: the last of the second");
	ok(perf_env__group_of(&env, 7) == NULL && perf_env__group_of(&env, ~0U) == NULL,
	   "past the last member, and a huge index: none");
	perf_env__exit(&env);
	ok(env.groups == NULL && env.nr_groups == 0, "exit frees the groups");
}

static bool strings_equal(char **a, u32 na, char **b, u32 nb)
{
	u32 i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return true;
}

static void test_local(void)
{
	char dir[] = "/tmp/perf-unit-env.XXXXXX", path[300], cmd[600];
	struct perf_env local;
	struct perf_header h;
	struct perf_data data;
	struct evlist *evlist;
	u32 i;
	bool ids_ok = true, pmus_ok;

	perf_env__init(&local);
	is_int(perf_env__read_local(&local), 0, "read_local");
	ok(local.hostname && local.os_release && local.arch, "uname fields");
	ok(local.nr_cpus_avail >= 1 && local.nr_cpus_online >= 1, "cpu counts");
	ok(local.total_mem > 0, "total memory");

	if (access("/usr/bin/perf", X_OK) || !mkdtemp(dir)) {
		ok(1, "# SKIP /usr/bin/perf not installed");
		perf_env__exit(&local);
		return;
	}
	snprintf(path, sizeof(path), "%s/local.data", dir);
	snprintf(cmd, sizeof(cmd), "/usr/bin/perf record -q -e cpu-clock -o %s -- true "
		 ">/dev/null 2>&1", path);
	if (system(cmd) || perf_data__open_read(&data, path)) {
		ok(1, "# SKIP /usr/bin/perf record failed here");
		perf_env__exit(&local);
		return;
	}
	perf_header__init(&h);
	evlist = evlist__new();
	is_int(perf_header__read(&h, evlist, &data), 0, "read upstream's file");
	is_str(local.hostname, h.env.hostname, "hostname as upstream");
	is_str(local.os_release, h.env.os_release, "os release as upstream");
	is_str(local.arch, h.env.arch, "arch as upstream");
	is_int(local.nr_cpus_avail, h.env.nr_cpus_avail, "nrcpus avail as upstream");
	is_int(local.nr_cpus_online, h.env.nr_cpus_online, "nrcpus online as upstream");
	is_str(local.cpu_desc, h.env.cpu_desc, "cpudesc as upstream");
	if (h.env.cpuid && strchr(h.env.cpuid, ','))
		is_str(local.cpuid, h.env.cpuid, "cpuid as upstream");
	else
		ok(1, "# SKIP cpuid is not x86's here");
	is_int(local.total_mem, h.env.total_mem, "total memory as upstream");
	ok(strings_equal(local.sibling_cores, local.nr_sibling_cores, h.env.sibling_cores,
			 h.env.nr_sibling_cores) &&
	   strings_equal(local.sibling_threads, local.nr_sibling_threads, h.env.sibling_threads,
			 h.env.nr_sibling_threads) &&
	   strings_equal(local.sibling_dies, local.nr_sibling_dies, h.env.sibling_dies,
			 h.env.nr_sibling_dies), "sibling lists as upstream");
	if (local.nr_cpu_ids != h.env.nr_cpu_ids)
		ids_ok = false;
	for (i = 0; ids_ok && i < local.nr_cpu_ids; i++)
		ids_ok = !memcmp(&local.cpu[i], &h.env.cpu[i], sizeof(local.cpu[i]));
	ok(ids_ok, "core/die/socket ids as upstream");
	pmus_ok = local.nr_pmu_mappings == h.env.nr_pmu_mappings;
	for (i = 0; pmus_ok && i < local.nr_pmu_mappings; i++)
		pmus_ok = local.pmu_mappings[i].type == h.env.pmu_mappings[i].type &&
			  !strcmp(local.pmu_mappings[i].name, h.env.pmu_mappings[i].name);
	ok(pmus_ok, "pmu mappings (and their order) as upstream");
	perf_header__exit(&h);
	evlist__delete(evlist);
	perf_data__close(&data);
	perf_env__exit(&local);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		diag("cannot remove %s", dir);
}

int main(void)
{
	test_setters();
	test_groups();
	test_local();
	return done_testing();
}
