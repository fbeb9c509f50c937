// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "err-sink.h"

static const char *sink_cmd = "";
static err_sink_t sink_fn;
static void *sink_priv;

void err_sink__set(const char *cmd, err_sink_t sink, void *priv)
{
	sink_cmd = cmd ? cmd : "";
	sink_fn = sink;
	sink_priv = priv;
}

static void say(const char *kind, const char *fmt, va_list ap)
{
	char line[1024];
	int n = snprintf(line, sizeof(line), "perf%s%s: %s", *sink_cmd ? " " : "", sink_cmd,
			 kind);

	if (n >= 0 && (size_t)n < sizeof(line))
		vsnprintf(line + n, sizeof(line) - n, fmt, ap);
	if (sink_fn)
		sink_fn(line, sink_priv);
	else
		fprintf(stderr, "%s\n", line);
}

void pr_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
}

void pr_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("warning: ", fmt, ap);
	va_end(ap);
}
