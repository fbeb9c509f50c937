// SPDX-License-Identifier: GPL-2.0
/*
 * sample-filter.c - report's and script's sample filters: by task id,
 * comm, dso and symbol.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cpumap.h"
#include "dso.h"
#include "err-sink.h"
#include "evlist.h"
#include "evsel.h"
#include "machine.h"
#include "sample-filter.h"
#include "symbol.h"
#include "thread.h"

static int commas(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == ',';
	return n;
}

int name_list__parse(struct name_list *l, const char *str)
{
	char *p, *save = NULL;

	if (!str)
		return 0;
	l->buf = strdup(str);
	l->items = calloc(commas(str) + 1, sizeof(*l->items));
	if (!l->buf || !l->items)
		return -ENOMEM;
	for (p = strtok_r(l->buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
		l->items[l->nr++] = p;
	return 0;
}

bool name_list__match(const struct name_list *l, const char *s)
{
	int i;

	if (!l->nr)
		return true;
	if (!s)
		return false;
	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

void name_list__exit(struct name_list *l)
{
	free(l->buf);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

/* "1,2,3", empty items skipped; what names the list in the error */
static int id_list__parse(struct id_list *l, const char *str, const char *what)
{
	const char *p;
	char *end;
	long v;

	if (!str)
		return 0;
	l->ids = calloc(commas(str) + 1, sizeof(*l->ids));
	if (!l->ids)
		return -ENOMEM;
	for (p = str; *p; p = *end ? end + 1 : end) {
		if (*p == ',') {
			end = (char *)p;
			continue;
		}
		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || (*end && *end != ',') || errno || v < 0 || v > INT32_MAX) {
			pr_err("problems parsing %s list: %s", what, str);
			return -EINVAL;
		}
		l->ids[l->nr++] = (s32)v;
	}
	return 0;
}

static bool id_list__match(const struct id_list *l, s32 id)
{
	int i;

	if (!l->nr)
		return true;
	for (i = 0; i < l->nr; i++)
		if (l->ids[i] == id)
			return true;
	return false;
}

/* --symbols' items that read as hex numbers move to the addresses */
static int sample_filter__take_addrs(struct sample_filter *f)
{
	struct name_list *l = &f->symbols;
	int i, n = 0;

	if (!l->nr)
		return 0;
	f->addrs = calloc(l->nr, sizeof(*f->addrs));
	if (!f->addrs)
		return -ENOMEM;
	for (i = 0; i < l->nr; i++) {
		char *end;
		unsigned long long v = strtoull(l->items[i], &end, 16);

		if (end != l->items[i] && !*end)
			f->addrs[f->nr_addrs++] = v;
		else
			l->items[n++] = l->items[i];
	}
	l->nr = n;
	return 0;
}

static bool sample_filter__symbol(const struct sample_filter *f, const struct addr_location *al)
{
	int i;

	if (!f->symbols.nr && !f->nr_addrs)
		return true;
	if (f->symbols.nr && al->sym && name_list__match(&f->symbols, al->sym->name))
		return true;
	for (i = 0; al->map && i < f->nr_addrs; i++)
		if (al->ip == f->addrs[i] ||
		    (al->ip > f->addrs[i] && al->ip - f->addrs[i] < f->addr_range))
			return true;
	return false;
}

int sample_filter__init(struct sample_filter *f, const struct sample_filter_opts *opts)
{
	int err;

	memset(f, 0, sizeof(*f));
	err = name_list__parse(&f->comms, opts->comms);
	if (!err)
		err = name_list__parse(&f->dsos, opts->dsos);
	if (!err)
		err = name_list__parse(&f->symbols, opts->symbols);
	if (!err)
		err = sample_filter__take_addrs(f);
	f->addr_range = opts->addr_range;
	if (!err)
		err = id_list__parse(&f->pids, opts->pids, "pid");
	if (!err)
		err = id_list__parse(&f->tids, opts->tids, "tid");
	return err;
}

void sample_filter__exit(struct sample_filter *f)
{
	struct name_list *names[] = { &f->comms, &f->dsos, &f->symbols };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		name_list__exit(names[i]);
	free(f->addrs);
	free(f->pids.ids);
	free(f->tids.ids);
	free(f->cpus);
	memset(f, 0, sizeof(*f));
}

/* upstream looks at the first event of each type it knows */
static bool evlist__samples_have_cpu(const struct evlist *evlist)
{
	u32 seen = 0;
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i) {
		u32 type = evsel->attr.type;

		if (type >= PERF_TYPE_MAX || (seen & (1u << type)))
			continue;
		seen |= 1u << type;
		if (!(evsel->attr.sample_type & PERF_SAMPLE_CPU))
			return false;
	}
	return true;
}

/* upstream's bitmap holds this many */
#define SAMPLE_FILTER_MAX_CPUS	2048

int sample_filter__set_cpus(struct sample_filter *f, const char *list,
			    const struct evlist *evlist, u32 nr_cpus)
{
	struct cpu_range *r;
	int nr, i, err;
	u32 cpu;

	if (!list)
		return 0;
	if (!evlist__samples_have_cpu(evlist)) {
		pr_err("File does not contain CPU events. Remove -C option to proceed.");
		return -EINVAL;
	}
	err = cpu_ranges__parse(list, &r, &nr);
	if (err) {
		if (err == -EINVAL)
			pr_err("Invalid cpu_list");
		return err;
	}
	if (nr_cpus > SAMPLE_FILTER_MAX_CPUS)
		nr_cpus = SAMPLE_FILTER_MAX_CPUS;
	/* sorted: the first range that goes past holds the lowest CPU too large */
	for (i = 0; i < nr; i++) {
		if (r[i].last >= nr_cpus) {
			pr_err("Requested CPU %u too large. Consider raising MAX_NR_CPUS",
			       r[i].first > nr_cpus ? r[i].first : nr_cpus);
			free(r);
			return -EINVAL;
		}
	}
	free(f->cpus);
	/* one entry at least: "" selects no CPU, yet filters */
	f->cpus = calloc(nr_cpus + 1, sizeof(*f->cpus));
	f->nr_cpus = nr_cpus;
	if (!f->cpus) {
		free(r);
		return -ENOMEM;
	}
	for (i = 0; i < nr; i++)
		for (cpu = r[i].first; cpu <= r[i].last; cpu++)
			f->cpus[cpu] = true;
	free(r);
	return 0;
}

bool sample_filter__task(const struct sample_filter *f, const struct thread *t)
{
	return id_list__match(&f->pids, t->pid) && id_list__match(&f->tids, t->tid);
}

bool sample_filter__location(const struct sample_filter *f, const struct addr_location *al)
{
	return name_list__match(&f->comms, al->thread ? al->thread->comm : NULL) &&
	       name_list__match(&f->dsos, al->dso ? al->dso->short_name : NULL) &&
	       sample_filter__symbol(f, al);
}

bool sample_filter__has_location(const struct sample_filter *f)
{
	return f->comms.nr || f->dsos.nr || f->symbols.nr || f->nr_addrs;
}

void evswitch__init(struct evswitch *sw)
{
	sw->on = sw->off = NULL;
	sw->discarding = sw->on_name != NULL;
}

int evswitch__check(struct evswitch *sw, const struct evlist *evlist)
{
	const char *name[2] = { sw->on_name, sw->off_name };
	struct evsel *evsel;
	int i, k;

	for (k = 0; k < 2; k++) {
		bool found = false;

		if (!name[k])
			continue;
		evlist__for_each(evlist, evsel, i)
			found |= !strcmp(evsel__name(evsel), name[k]);
		if (!found) {
			pr_err("ERROR: switch-%s event not found (%s)", k ? "off" : "on", name[k]);
			return -ENOENT;
		}
	}
	return 0;
}

/* evsel is the event named name (the first seen of that name) */
static bool evswitch__is(struct evsel **cached, const char *name, struct evsel *evsel)
{
	if (!name)
		return false;
	if (!*cached && !strcmp(evsel__name(evsel), name))
		*cached = evsel;
	return *cached == evsel;
}

bool evswitch__discard_named(struct evswitch *sw, struct evsel *evsel)
{
	if (sw->discarding && evswitch__is(&sw->on, sw->on_name, evsel)) {
		sw->discarding = false;
		return !sw->show;
	}
	if (!sw->discarding && evswitch__is(&sw->off, sw->off_name, evsel)) {
		sw->discarding = true;
		return !sw->show;
	}
	/* upstream: without an on event nothing ends, so nothing is discarded */
	return sw->discarding && sw->on_name;
}
