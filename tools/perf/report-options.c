// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's output options (report-options.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "report-options.h"
#include "util/annotate.h"
#include "util/data.h"
#include "util/report.h"

/* "N", "Nns", "Nus", "Nms", "Ns": nanoseconds; -EINVAL for anything else */
static int time_quantum__parse(const char *s, u64 *ns)
{
	static const struct { const char *unit; u64 mul; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	};
	char *end;
	u64 v;
	size_t i;

	v = strtoull(s, &end, 10);
	if (end == s)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		if (!strcmp(end, units[i].unit)) {
			*ns = v * units[i].mul;
			return 0;
		}
	}
	return -EINVAL;
}

/* a word of upstream's booleans: 1 true, 0 false, -1 none */
static int bool_word(const char *s)
{
	static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };
	char *end;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(s, yes[i]))
			return 1;
		if (!strcasecmp(s, no[i]))
			return 0;
	}
	if (!*s)
		return 0;
	i = strtol(s, &end, 0) != 0;
	return *end ? -1 : (int)i;
}

/*
 * --stdio-color as upstream's color.ui: always, never, auto (on a
 * terminal) or a boolean (true: auto); another word is warned about and
 * taken as auto.
 */
static bool stdio_color(const char *mode)
{
	int b;

	if (!mode || !strcasecmp(mode, "auto"))
		return isatty(STDOUT_FILENO);
	if (!strcasecmp(mode, "always"))
		return true;
	if (!strcasecmp(mode, "never"))
		return false;
	b = bool_word(mode);
	if (b < 0)
		fprintf(stderr, "bad config value for 'color.ui', ignoring...\n");
	return b && isatty(STDOUT_FILENO);
}

int report_out__apply(struct report_out *ro, struct report_opts *o)
{
	enum annotate_percent_type pt;

	if (o->field_sep && !strcmp(o->field_sep, ".")) {
		/* upstream says so and prints no report (exit status 0) */
		fprintf(stderr, "'.' is the only non valid --field-separator argument\n");
		return -EINVAL;
	}
	if (o->field_sep && !*o->field_sep)
		o->field_sep = NULL;
	if (ro->percentage && strcmp(ro->percentage, "absolute")) {
		if (strcmp(ro->percentage, "relative")) {
			fprintf(stderr, "perf report: --percentage: relative or absolute, not '%s'\n",
				ro->percentage);
			return -EINVAL;
		}
		o->relative = true;
	}

	/* annotation's: "local-period", "period-local" and the like */
	if (ro->percent_type && annotate_percent_type__parse(ro->percent_type, &pt)) {
		fprintf(stderr, "perf report: --percent-type: local-period, global-period, "
			"local-hits or global-hits, not '%s'\n", ro->percent_type);
		return -EINVAL;
	}
	if (ro->time_quantum) {
		if (time_quantum__parse(ro->time_quantum, &ro->quantum_ns)) {
			fprintf(stderr, "Cannot parse time quantum `%s'\n", ro->time_quantum);
			return -EINVAL;
		}
		if (!ro->quantum_ns) {
			fprintf(stderr, "time quantum cannot be 0\n");
			return -EINVAL;
		}
	}
	/* upstream: -G wins over the order -g gives, before or after it */
	if (ro->inverted) {
		o->cg.order_set = true;
		o->cg.caller = true;
	}
	o->show_empty = !ro->skip_empty;
	o->raw_trace = ro->raw_trace;
	o->show_cpu_util = ro->cpu_util;
	o->has_socket = ro->socket >= 0;
	o->ignore_callees = ro->ignore_callees;
	o->switch_on = ro->switch_on;
	o->switch_off = ro->switch_off;
	o->show_on_off = ro->show_on_off;
	o->socket = o->has_socket ? (u32)ro->socket : 0;
	o->color = stdio_color(ro->stdio_color);
	o->show_threads = ro->threads;
	o->threads_raw = ro->pretty && !strcmp(ro->pretty, "raw");
	return 0;
}

int report_out__fields(struct report_out *ro, struct report_opts *o, char *keys, size_t size)
{
	char bad[256];
	int err;

	if (!ro->fields && !ro->widths)
		return 0;
	err = hist_fields__parse(&ro->hf, ro->fields, o->sort_order, "comm,dso,sym",
				 o->parent_pattern != NULL, keys, size, bad, sizeof(bad));
	if (err == -EINVAL && !strcmp(bad, "+"))
		fprintf(stderr, "Invalid --fields key: `+'\n");
	else if (err == -EINVAL)
		fprintf(stderr, "Unknown --fields key: `%s'\n", bad);
	else if (err == -ENOENT)
		fprintf(stderr, "perf report: unknown --sort key: %s\n", bad);
	else if (err)
		fprintf(stderr, "perf report: -F, --sort: too many keys\n");
	if (err)
		return err;
	ro->hf.show_nr_samples = o->show_nr_samples;
	ro->hf.show_total_period = o->show_total_period;
	ro->hf.show_cpu_util = o->show_cpu_util;
	hist_fields__set_widths(&ro->hf, ro->widths);
	o->fields = &ro->hf;
	return 1;
}
