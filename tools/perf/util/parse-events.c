// SPDX-License-Identifier: GPL-2.0
/*
 * -e event names: the fixed hardware/software table, raw events,
 * modifiers, and tracepoints (sys:name, with globs) from tracefs.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err-sink.h"
#include "evlist.h"
#include "evsel.h"
#include "parse-events.h"
#include "synth-cgroup.h"
#include "tracefs.h"
#include "tracepoint.h"

static const struct event_symbol event_symbols[] = {
	{ "cpu-cycles",		"cycles",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions",	NULL,		PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references",	NULL,		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses",	NULL,		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branch-instructions", "branches",	PERF_TYPE_HARDWARE,
						PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses",	NULL,		PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles",		NULL,		PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend", "idle-cycles-frontend", PERF_TYPE_HARDWARE,
						PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend", "idle-cycles-backend", PERF_TYPE_HARDWARE,
						PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles",		NULL,		PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock",		NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock",		NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults",	"faults",	PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches",	"cs",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations",	"migrations",	PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults",	NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults",	NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults",	NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults",	NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy",		NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
	{ "bpf-output",		NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
	{ "cgroup-switches",	NULL,		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CGROUP_SWITCHES },
};

const struct event_symbol *parse_events__symbols(size_t *nr)
{
	*nr = ARRAY_SIZE(event_symbols);
	return event_symbols;
}

static const struct event_symbol *symbol__find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(event_symbols); i++)
		if (!strcmp(name, event_symbols[i].name) ||
		    (event_symbols[i].alias && !strcmp(name, event_symbols[i].alias)))
			return &event_symbols[i];
	return NULL;
}

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

static bool is_raw(const char *base)
{
	return base[0] == 'r' && base[1] && strspn(base + 1, "0123456789abcdefABCDEF") ==
	       strlen(base + 1);
}

bool parse_events__is_tracepoint(const char *str)
{
	const char *colon = strchr(str, ':');
	char base[64];
	size_t len;

	if (!colon)
		return false;
	len = colon - str;
	if (!len || len >= sizeof(base))
		return true;
	memcpy(base, str, len);
	base[len] = '\0';
	/* "name:modifiers" when the part before ':' is an event name */
	return !symbol__find(base) && !is_raw(base);
}

/* "sys:name" without globs: a tracepoint, its id from tracefs. */
static int parse_events__tracepoint(const char *str, struct perf_event_attr *attr,
				    char *name, size_t namesz)
{
	char sys[256], dir[4096];
	const char *colon = strchr(str, ':');
	size_t slen = colon - str;
	u64 id;
	int err;

	if (!slen || slen >= sizeof(sys) || strchr(colon + 1, ':'))
		return -ENOENT;
	memcpy(sys, str, slen);
	sys[slen] = '\0';
	err = tracefs__dir(dir, sizeof(dir));
	if (err)
		return -ENOENT;
	err = tracepoint__id(dir, sys, colon + 1, &id);
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
	const struct event_symbol *sym;
	char base[64];
	const char *colon = strchr(str, ':');
	size_t len = colon ? (size_t)(colon - str) : strlen(str);
	int err;

	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	if (!len || len >= sizeof(base))
		return -ENOENT;
	if (parse_events__is_tracepoint(str))
		return parse_events__tracepoint(str, attr, name, namesz);
	memcpy(base, str, len);
	base[len] = '\0';

	sym = symbol__find(base);
	if (sym) {
		attr->type = sym->type;
		attr->config = sym->config;
	} else {
		char *end;

		if (!is_raw(base))
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
	char		*msg;
	size_t		msgsz;
	const char	*dir;		/* tracefs, once a tracepoint needed it */
	char		dirbuf[4096];
	int		nr_added;	/* by one glob */
};

static int add_ctx__evsel(struct add_ctx *ctx, const struct perf_event_attr *attr,
			  const char *name)
{
	struct evsel *evsel = evsel__new(attr, ctx->evlist->nr_entries);

	if (!evsel || evsel__set_name(evsel, name) || evlist__add(ctx->evlist, evsel)) {
		evsel__delete(evsel);
		snprintf(ctx->msg, ctx->msgsz, "out of memory");
		return -ENOMEM;
	}
	return 0;
}

static int add_ctx__tracepoint(const char *sys, const char *name, void *priv)
{
	struct add_ctx *ctx = priv;
	struct perf_event_attr attr;
	char full[600];
	u64 id;
	int err = tracepoint__id(ctx->dir, sys, name, &id);

	if (err == -ENOENT)	/* gone since the directory was read */
		return 0;
	if (err) {
		snprintf(ctx->msg, ctx->msgsz, "-e %s:%s: no permission to read %s/events "
			 "(needs root)", sys, name, ctx->dir);
		return err;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = id;
	snprintf(full, sizeof(full), "%s:%s", sys, name);
	ctx->nr_added++;
	return add_ctx__evsel(ctx, &attr, full);
}

/* "sys:name", globs in either part: every tracepoint it names. */
static int parse_events__add_tracepoints(struct add_ctx *ctx, const char *str)
{
	const char *colon = strchr(str, ':');
	char sys[256];
	size_t slen = colon - str;
	int err;

	if (!slen || slen >= sizeof(sys) || !colon[1] || strchr(colon + 1, ':')) {
		snprintf(ctx->msg, ctx->msgsz, "-e %s: not an event (a tracepoint is "
			 "subsystem:event)", str);
		return -ENOENT;
	}
	memcpy(sys, str, slen);
	sys[slen] = '\0';
	if (!ctx->dir) {
		err = tracefs__dir(ctx->dirbuf, sizeof(ctx->dirbuf));
		if (err) {
			snprintf(ctx->msg, ctx->msgsz, "-e %s: %s", str, tracefs__strerror(err));
			return err;
		}
		ctx->dir = ctx->dirbuf;
	}
	if (tracepoint__is_glob(str)) {
		ctx->nr_added = 0;
		err = tracepoint__for_each(ctx->dir, sys, colon + 1, false, add_ctx__tracepoint,
					   ctx);
		if (err == -EACCES)
			snprintf(ctx->msg, ctx->msgsz, "-e %s: no permission to read %s/events "
				 "(needs root)", str, ctx->dir);
		else if (!err && !ctx->nr_added)
			snprintf(ctx->msg, ctx->msgsz, "-e %s: no tracepoint matches "
				 "(see 'perf list tracepoint')", str);
		else if (err && err != -ENOMEM && !ctx->msg[0])
			snprintf(ctx->msg, ctx->msgsz, "-e %s: cannot read %s/events: %s", str,
				 ctx->dir, strerror(-err));
		return err ? err : ctx->nr_added ? 0 : -ENOENT;
	}
	ctx->nr_added = 0;
	err = add_ctx__tracepoint(sys, colon + 1, ctx);
	if (err)
		return err;
	if (ctx->nr_added)
		return 0;
	if (tracepoint__has_system(ctx->dir, sys) == -ENOENT)
		snprintf(ctx->msg, ctx->msgsz, "-e %s: unknown tracepoint: no subsystem '%s' "
			 "in %s/events", str, sys, ctx->dir);
	else
		snprintf(ctx->msg, ctx->msgsz, "-e %s: unknown tracepoint: subsystem '%s' "
			 "has no event '%s' (see 'perf list %s:*')", str, sys, colon + 1, sys);
	return -ENOENT;
}

static int parse_events__add_one(const char *str, void *priv)
{
	struct add_ctx *ctx = priv;
	struct perf_event_attr attr;
	char name[128];
	int err;

	if (parse_events__is_tracepoint(str))
		return parse_events__add_tracepoints(ctx, str);
	err = parse_events__event(str, &attr, name, sizeof(name));
	if (err) {
		snprintf(ctx->msg, ctx->msgsz, "-e %s: %s", str, err == -ENOENT ?
			 "unknown event (known: cpu-clock, task-clock, cycles, instructions, "
			 "dummy, ... rNNN, subsystem:tracepoint; see 'perf list')" :
			 "bad event modifier");
		return err;
	}
	return add_ctx__evsel(ctx, &attr, name);
}

int parse_events__add_list(struct evlist *evlist, const char *list, char *msg, size_t msgsz)
{
	struct add_ctx *ctx = calloc(1, sizeof(*ctx));
	int err;

	if (!ctx) {
		snprintf(msg, msgsz, "out of memory");
		return -ENOMEM;
	}
	ctx->evlist = evlist;
	ctx->msg = msg;
	ctx->msgsz = msgsz;
	msg[0] = '\0';
	err = parse_events__list(list, parse_events__add_one, ctx);
	if (err && !msg[0])
		snprintf(msg, msgsz, "-e %s: %s", list, strerror(-err));
	free(ctx);
	return err;
}

int parse_events__set_filter(struct evlist *evlist, int first, const char *filter,
			     char *msg, size_t msgsz)
{
	int i;

	if (first >= evlist->nr_entries) {
		snprintf(msg, msgsz, "--filter '%s': follows no -e (it filters the "
			 "tracepoints of the -e before it)", filter);
		return -EINVAL;
	}
	for (i = first; i < evlist->nr_entries; i++) {
		struct evsel *evsel = evlist->entries[i];

		if (evsel->attr.type != PERF_TYPE_TRACEPOINT) {
			snprintf(msg, msgsz, "--filter '%s': %s is not a tracepoint (a filter "
				 "follows a -e of tracepoints)", filter, evsel__name(evsel));
			return -EINVAL;
		}
	}
	for (i = first; i < evlist->nr_entries; i++) {
		if (evsel__append_filter(evlist->entries[i], filter)) {
			snprintf(msg, msgsz, "out of memory");
			return -ENOMEM;
		}
	}
	return 0;
}

int event_args__add(struct event_args *args, const char *str, bool filter)
{
	if (args->nr >= EVENT_ARGS_MAX)
		return -E2BIG;
	args->v[args->nr].str = str;
	args->v[args->nr].filter = filter;
	args->v[args->nr].exclude_self = false;
	args->v[args->nr].cgroup = false;
	args->nr++;
	args->nr_events += !filter;
	return 0;
}

int event_args__add_exclude_pid(struct event_args *args)
{
	int err = event_args__add(args, NULL, true);

	if (!err)
		args->v[args->nr - 1].exclude_self = true;
	return err;
}

int event_args__add_cgroup(struct event_args *args, const char *names)
{
	int err = event_args__add(args, names, true);

	if (!err)
		args->v[args->nr - 1].cgroup = true;
	return err;
}

bool event_args__has_cgroup(const struct event_args *args)
{
	int i;

	for (i = 0; i < args->nr; i++)
		if (args->v[i].cgroup)
			return true;
	return false;
}

/* -G NAMES: the events' cgroups from *nr_cgroups on (see event_args__add_cgroup()) */
static int parse_events__set_cgroups(struct evlist *evlist, const char *names, int *nr_cgroups,
				     char *msg, size_t msgsz)
{
	const char *p = names, *e;
	char mnt[PATH_MAX], path[PATH_MAX + 256];
	int fd, i;

	if (!evlist->nr_entries) {
		snprintf(msg, msgsz, "must define events before cgroups");
		return -EINVAL;
	}
	if (synth_cgroup__mount("/proc/mounts", mnt, sizeof(mnt))) {
		snprintf(msg, msgsz, "-G %s: no perf_event or cgroup2 hierarchy mounted", names);
		return -ENOENT;
	}
	for (;; p = e + 1) {
		e = strchrnul(p, ',');
		if (*nr_cgroups >= evlist->nr_entries) {
			snprintf(msg, msgsz, "-G %s: more cgroups than events", names);
			return -EINVAL;
		}
		if (e > p) {
			snprintf(path, sizeof(path), "%s/%.*s", mnt, (int)(e - p), p);
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0) {
				int err = -errno;

				snprintf(msg, msgsz, "no access to cgroup %s", path);
				return err;
			}
			evsel__set_cgroup(evlist->entries[*nr_cgroups], fd);
		}
		(*nr_cgroups)++;
		if (!*e)
			break;
	}
	/* one cgroup in all: every event so far in it */
	if (*nr_cgroups == 1 && evlist->entries[0]->in_cgroup) {
		for (i = 1; i < evlist->nr_entries; i++) {
			fd = fcntl(evlist->entries[0]->cgroup_fd, F_DUPFD_CLOEXEC, 0);
			if (fd < 0) {
				int err = -errno;

				snprintf(msg, msgsz, "-G %s: %s", names, strerror(-err));
				return err;
			}
			evsel__set_cgroup(evlist->entries[i], fd);
		}
	}
	return 0;
}

/* --exclude-perf: upstream's line when no -e of tracepoints comes before */
static int parse_events__exclude_self(struct evlist *evlist, int first, char *msg,
				      size_t msgsz)
{
	char filter[32];
	int i;

	for (i = first; i < evlist->nr_entries; i++)
		if (evlist->entries[i]->attr.type != PERF_TYPE_TRACEPOINT)
			break;
	if (first >= evlist->nr_entries || i < evlist->nr_entries) {
		snprintf(msg, msgsz, "--exclude-perf option should follow a -e tracepoint option");
		return -EINVAL;
	}
	snprintf(filter, sizeof(filter), "common_pid != %d", (int)getpid());
	return parse_events__set_filter(evlist, first, filter, msg, msgsz);
}

int parse_events__add_args(struct evlist *evlist, const struct event_args *args,
			   const char *def, char *msg, size_t msgsz)
{
	int i, first = evlist->nr_entries, nr_cgroups = 0, err = 0;

	msg[0] = '\0';
	for (i = 0; !err && i < args->nr; i++) {
		if (args->v[i].cgroup) {
			err = parse_events__set_cgroups(evlist, args->v[i].str, &nr_cgroups, msg, msgsz);
			continue;
		}
		if (args->v[i].exclude_self) {
			err = parse_events__exclude_self(evlist, first, msg, msgsz);
			continue;
		}
		if (args->v[i].filter) {
			/* before any -e: past the end, so said as such */
			err = parse_events__set_filter(evlist, first, args->v[i].str, msg, msgsz);
			continue;
		}
		first = evlist->nr_entries;
		err = parse_events__add_list(evlist, args->v[i].str, msg, msgsz);
	}
	if (!err && !args->nr_events && def)
		err = parse_events__add_list(evlist, def, msg, msgsz);
	return err;
}

bool parse_events__fallback_cpu_clock(struct evsel *evsel, int err)
{
	struct perf_event_attr *attr = &evsel->attr;

	if ((err != -ENOENT && err != -EOPNOTSUPP && err != -ENODEV) ||
	    !parse_events__is_hw(attr))
		return false;
	pr_err("%s: hardware event not supported here (no PMU), falling back to cpu-clock",
	       evsel__name(evsel));
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = PERF_COUNT_SW_CPU_CLOCK;
	attr->precise_ip = 0;
	evsel__set_name(evsel, "cpu-clock");
	return true;
}
