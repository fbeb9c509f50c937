// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse-options.h"

/*
 * Upstream's order of the help: by short name, case folded (options
 * without one last), then by long name; each group on its own.
 */
static int option__order(const void *pa, const void *pb)
{
	const struct option *a = *(const struct option *const *)pa;
	const struct option *b = *(const struct option *const *)pb;
	int ka = a->short_name ? tolower((unsigned char)a->short_name) : 256;
	int kb = b->short_name ? tolower((unsigned char)b->short_name) : 256;

	if (ka != kb)
		return ka - kb;
	return strcmp(a->long_name ? a->long_name : "", b->long_name ? b->long_name : "");
}

static void option__fprintf(FILE *fp, const struct option *o)
{
	char left[64];
	int n = 0;

	if (o->short_name)
		n += snprintf(left + n, sizeof(left) - n, "-%c", o->short_name);
	else
		n += snprintf(left + n, sizeof(left) - n, "  ");
	if (o->long_name)
		n += snprintf(left + n, sizeof(left) - n, "%s--%s",
			      o->short_name ? ", " : "  ", o->long_name);
	if (o->argh && n < (int)sizeof(left))
		snprintf(left + n, sizeof(left) - n,
			 (o->flags & PARSE_OPT_OPTARG) ? "[=<%s>]" : " <%s>", o->argh);
	fprintf(fp, "    %-24s  %s\n", left, o->help ? o->help : "");
}

static void print_usage(FILE *fp, const char *const usage[], const struct option *opts)
{
	const struct option **sorted;
	int i, n, start;

	fprintf(fp, "\n Usage: %s\n", usage[0]);
	for (i = 1; usage[i]; i++)
		fprintf(fp, "    or: %s\n", usage[i]);
	fprintf(fp, "\n");

	for (n = 0; opts[n].type != OPTION_END; n++)
		;
	sorted = calloc(n ? n : 1, sizeof(*sorted));
	for (i = 0; i < n; i++) {
		if (sorted)
			sorted[i] = &opts[i];
		else if (opts[i].type == OPTION_GROUP)	/* no memory: the table's order */
			fprintf(fp, "\n%s\n", opts[i].help);
		else
			option__fprintf(fp, &opts[i]);
	}
	for (start = 0; sorted && start < n; start = i + 1) {
		for (i = start; i < n && sorted[i]->type != OPTION_GROUP; i++)
			;
		qsort(sorted + start, i - start, sizeof(*sorted), option__order);
		for (int j = start; j < i; j++)
			option__fprintf(fp, sorted[j]);
		if (i < n)
			fprintf(fp, "\n%s\n", sorted[i]->help);
	}
	free(sorted);
	fprintf(fp, "\n");
}

void usage_with_options(const char *const usage[], const struct option *options)
{
	print_usage(stdout, usage, options);
}

void usage_error(const char *const usage[], const struct option *options, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "  Error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	print_usage(stderr, usage, options);
}

static bool takes_arg(const struct option *o)
{
	switch (o->type) {
	case OPTION_STRING:
	case OPTION_INTEGER:
	case OPTION_U64:
	case OPTION_DOUBLE:
		return true;
	case OPTION_CALLBACK:
		return !(o->flags & PARSE_OPT_NOARG);
	default:
		return false;
	}
}

static int set_value(const struct option *o, const char *arg, int unset, const char *shown)
{
	char *end;

	switch (o->type) {
	case OPTION_BOOLEAN:
		*(bool *)o->value = !unset;
		return 0;
	case OPTION_INCR:
		*(int *)o->value = unset ? 0 : *(int *)o->value + 1;
		return 0;
	case OPTION_STRING:
		*(const char **)o->value = unset ? NULL : arg;
		return 0;
	case OPTION_INTEGER: {
		long v;

		errno = 0;
		v = strtol(arg, &end, 0);
		if (errno || *end || end == arg || v < -2147483647L || v > 2147483647L) {
			fprintf(stderr, "  Error: option `%s' expects a numerical value\n", shown);
			return -1;
		}
		*(int *)o->value = (int)v;
		return 0;
	}
	case OPTION_U64: {
		unsigned long long v;

		errno = 0;
		v = strtoull(arg, &end, 0);
		if (errno || *end || end == arg || arg[0] == '-') {
			fprintf(stderr, "  Error: option `%s' expects an unsigned numerical value\n",
				shown);
			return -1;
		}
		*(u64 *)o->value = v;
		return 0;
	}
	case OPTION_DOUBLE: {
		double v;

		errno = 0;
		v = strtod(arg, &end);
		if (errno || *end || end == arg) {
			fprintf(stderr, "  Error: option `%s' expects a numerical value\n", shown);
			return -1;
		}
		*(double *)o->value = v;
		return 0;
	}
	case OPTION_CALLBACK:
		if (o->callback(o, arg, unset)) {
			if (arg)
				fprintf(stderr, "  Error: invalid argument for option `%s': %s\n",
					shown, arg);
			return -1;
		}
		return 0;
	default:
		return -1;
	}
}

static const struct option *find_long(const struct option *opts, const char *name, size_t len,
				      bool *negated)
{
	const struct option *o;

	*negated = false;
	for (o = opts; o->type != OPTION_END; o++)
		if (o->long_name && strlen(o->long_name) == len &&
		    !strncmp(o->long_name, name, len))
			return o;
	if (len > 3 && !strncmp(name, "no-", 3)) {
		for (o = opts; o->type != OPTION_END; o++)
			if (o->long_name && strlen(o->long_name) == len - 3 &&
			    !strncmp(o->long_name, name + 3, len - 3) && !takes_arg(o)) {
				*negated = true;
				return o;
			}
		/* options named no-foo already matched above */
	}
	return NULL;
}

int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const usage[], int flags)
{
	int i, nr_left = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] != '-' || !a[1]) {
			if (flags & PARSE_OPT_STOP_AT_NON_OPTION) {
				while (i < argc)
					argv[nr_left++] = argv[i++];
				break;
			}
			argv[nr_left++] = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			if (flags & PARSE_OPT_KEEP_DASHDASH)
				argv[nr_left++] = a;
			i++;
			while (i < argc)
				argv[nr_left++] = argv[i++];
			break;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage_with_options(usage, options);
			return -2;
		}
		if (a[1] == '-') {
			const char *name = a + 2, *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			const struct option *o;
			const char *arg = NULL;
			char shown[80];
			bool neg;

			o = find_long(options, name, len, &neg);
			if (!o) {
				usage_error(usage, options, "unknown option `%.*s'", (int)len, name);
				return -1;
			}
			snprintf(shown, sizeof(shown), "%s", o->long_name);
			if (neg) {
				if (eq) {
					usage_error(usage, options, "option `no-%s' takes no value",
						    o->long_name);
					return -1;
				}
				if (set_value(o, NULL, 1, shown))
					return -1;
				continue;
			}
			if (takes_arg(o)) {
				if (eq)
					arg = eq + 1;
				else if (o->flags & PARSE_OPT_OPTARG)
					arg = NULL;
				else if (i + 1 < argc)
					arg = argv[++i];
				else {
					usage_error(usage, options, "option `%s' requires a value",
						    o->long_name);
					return -1;
				}
			} else if (eq) {
				usage_error(usage, options, "option `%s' takes no value",
					    o->long_name);
				return -1;
			}
			if (set_value(o, arg, 0, shown))
				return -1;
			continue;
		}
		/* one or more short options */
		for (a = a + 1; *a; a++) {
			const struct option *o;
			char shown[4] = { *a, 0 };

			for (o = options; o->type != OPTION_END; o++)
				if (o->short_name == *a)
					break;
			if (o->type == OPTION_END) {
				usage_error(usage, options, "unknown switch `%c'", *a);
				return -1;
			}
			if (takes_arg(o)) {
				const char *arg;

				if (a[1])
					arg = a + 1;
				else if (o->flags & PARSE_OPT_OPTARG)
					arg = NULL;
				else if (i + 1 < argc)
					arg = argv[++i];
				else {
					usage_error(usage, options, "switch `%c' requires a value", *a);
					return -1;
				}
				if (set_value(o, arg, 0, shown))
					return -1;
				break;
			}
			if (set_value(o, NULL, 0, shown))
				return -1;
		}
	}
	argv[nr_left] = NULL;
	return nr_left;
}
