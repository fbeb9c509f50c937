// SPDX-License-Identifier: GPL-2.0
/* -e event names: the fixed hardware/software table, raw events, modifiers. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlist.h"
#include "evsel.h"
#include "parse-events.h"
#include "record-tracing.h"

struct event_name {
	const char	*name;
	u32		type;
	u64		config;
};

static const struct event_name event_names[] = {
	{ "cpu-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branch-instructions",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branches",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend",	PERF_TYPE_HARDWARE,
					PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend",	PERF_TYPE_HARDWARE,
					PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs",				PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
};

static int parse_modifiers(const char *mod, struct perf_event_attr *attr)
{
	bool u = false, k = false, h = false, G = false, H = false;
	int precise = 0;

	for (; *mod; mod++) {
		switch (*mod) {
		case 'u': u = true; break;
		case 'k': k = true; break;
		case 'h': h = true; break;
		case 'G': G = true; break;
		case 'H': H = true; break;
		case 'p': precise++; break;
		default:
			return -EINVAL;
		}
	}
	if (precise > 3)
		return -EINVAL;
	if (u || k || h) {
		attr->exclude_user = !u;
		attr->exclude_kernel = !k;
		attr->exclude_hv = !h;
	}
	if (G || H) {
		attr->exclude_guest = !G;
		attr->exclude_host = !H;
	}
	attr->precise_ip = precise;
	return 0;
}

static bool parse_events__known(const char *base)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(event_names); i++)
		if (!strcmp(base, event_names[i].name))
			return true;
	return base[0] == 'r' && base[1] && strspn(base + 1, "0123456789abcdefABCDEF") ==
	       strlen(base + 1);
}

/* "sys:name": a tracepoint, its id from tracefs. */
static int parse_events__tracepoint(const char *str, struct perf_event_attr *attr,
				    char *name, size_t namesz)
{
	char sys[128];
	const char *colon = strchr(str, ':');
	size_t slen = colon - str;
	u64 id;
	int err;

	if (!slen || slen >= sizeof(sys) || strchr(colon + 1, ':'))
		return -ENOENT;
	memcpy(sys, str, slen);
	sys[slen] = '\0';
	err = tracing__event_id(sys, colon + 1, &id);
	if (err)
		return err;
	attr->type = PERF_TYPE_TRACEPOINT;
	attr->config = id;
	if (name && namesz)
		snprintf(name, namesz, "%s", str);
	return 0;
}

int parse_events__event(const char *str, struct perf_event_attr *attr,
			char *name, size_t namesz)
{
	char base[64];
	const char *colon = strchr(str, ':');
	size_t len = colon ? (size_t)(colon - str) : strlen(str);
	size_t i;
	int err;

	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	if (!len || len >= sizeof(base))
		return -ENOENT;
	memcpy(base, str, len);
	base[len] = '\0';
	/* "sys:name" unless the part before ':' is an event name */
	if (colon && !parse_events__known(base))
		return parse_events__tracepoint(str, attr, name, namesz);

	for (i = 0; i < ARRAY_SIZE(event_names); i++) {
		if (!strcmp(base, event_names[i].name)) {
			attr->type = event_names[i].type;
			attr->config = event_names[i].config;
			break;
		}
	}
	if (i == ARRAY_SIZE(event_names)) {
		char *end;

		if (base[0] != 'r' || !base[1])
			return -ENOENT;
		attr->type = PERF_TYPE_RAW;
		attr->config = strtoull(base + 1, &end, 16);
		if (*end)
			return -ENOENT;
	}
	if (colon) {
		err = parse_modifiers(colon + 1, attr);
		if (err)
			return err;
	}
	if (name && namesz)
		snprintf(name, namesz, "%s", str);
	return 0;
}

int parse_events__list(const char *list,
		       int (*fn)(const char *event, void *priv), void *priv)
{
	char *copy = strdup(list), *p, *save = NULL;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	for (p = strtok_r(copy, ",", &save); p && !err; p = strtok_r(NULL, ",", &save))
		err = fn(p, priv);
	free(copy);
	return err;
}

struct add_ctx {
	struct evlist	*evlist;
	const char	*cmd;
};

static int parse_events__add_one(const char *str, void *priv)
{
	struct add_ctx *ctx = priv;
	struct perf_event_attr attr;
	struct evsel *evsel;
	char name[128];
	int err;

	err = parse_events__event(str, &attr, name, sizeof(name));
	if (err) {
		fprintf(stderr, "perf %s: -e %s: %s\n", ctx->cmd, str, err == -ENOENT ?
			"unknown event (known: cpu-clock, task-clock, cycles, instructions, "
			"dummy, ... rNNN, sys:tracepoint)" :
			err == -EACCES ? "no permission to read tracefs" : "bad event modifier");
		return err;
	}
	evsel = evsel__new(&attr, ctx->evlist->nr_entries);
	if (!evsel || evsel__set_name(evsel, name) || evlist__add(ctx->evlist, evsel)) {
		evsel__delete(evsel);
		return -ENOMEM;
	}
	return 0;
}

int parse_events__add_list(struct evlist *evlist, const char *list, const char *cmd)
{
	struct add_ctx ctx = { .evlist = evlist, .cmd = cmd };

	return parse_events__list(list, parse_events__add_one, &ctx);
}

bool parse_events__fallback_cpu_clock(struct evsel *evsel, int err, const char *cmd)
{
	struct perf_event_attr *attr = &evsel->attr;

	if ((err != -ENOENT && err != -EOPNOTSUPP && err != -ENODEV) ||
	    !parse_events__is_hw(attr))
		return false;
	if (cmd)
		fprintf(stderr, "perf %s: %s: hardware event not supported here "
			"(no PMU), falling back to cpu-clock\n", cmd, evsel__name(evsel));
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = PERF_COUNT_SW_CPU_CLOCK;
	attr->precise_ip = 0;
	evsel__set_name(evsel, "cpu-clock");
	return true;
}
