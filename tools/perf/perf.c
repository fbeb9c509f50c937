// SPDX-License-Identifier: GPL-2.0
/*
 * perf: the command table and the options that come before the command.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "util/err-sink.h"

const char perf_version_string[] = "6.1.0-ksym";

struct cmd_struct {
	const char	*name;
	int		(*fn)(int argc, const char **argv);
	const char	*help;
};

static const struct cmd_struct commands[] = {
	{ "annotate",	cmd_annotate,	"Read perf.data (created by perf record) and display annotated code" },
	{ "data",	cmd_data,	"Data file related processing" },
	{ "evlist",	cmd_evlist,	"List the event names in a perf.data file" },
	{ "help",	cmd_help,	"Display help information about perf" },
	{ "inject",	cmd_inject,	"Filter to augment the events stream" },
	{ "list",	cmd_list,	"List all symbolic event types" },
	{ "record",	cmd_record,	"Run a command and record its profile into perf.data" },
	{ "report",	cmd_report,	"Read perf.data and display the profile" },
	{ "script",	cmd_script,	"Read perf.data (created by perf record) and display trace output" },
	{ "top",	cmd_top,	"System profiling tool." },
	{ "version",	cmd_version,	"display the version of perf binary" },
};

static const char perf_usage[] =
	"usage: perf [--version] [--help] COMMAND [ARGS]";

static void list_commands(FILE *fp)
{
	size_t i;

	fprintf(fp, "\n %s\n\n The most commonly used perf commands are:\n", perf_usage);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(fp, "   %-12s %s\n", commands[i].name, commands[i].help);
	fprintf(fp, "\n See 'perf help COMMAND' for more information on a specific command.\n\n");
}

static const struct cmd_struct *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

int cmd_version(int argc, const char **argv)
{
	(void)argc;
	(void)argv;
	printf("perf version %s\n", perf_version_string);
	return 0;
}

int cmd_help(int argc, const char **argv)
{
	const struct cmd_struct *cmd;
	const char *help_argv[] = { NULL, "-h", NULL };

	if (argc < 2) {
		list_commands(stdout);
		return 0;
	}
	cmd = find_command(argv[1]);
	if (!cmd) {
		fprintf(stderr, "perf help: '%s' is not a perf command. See 'perf --help'.\n",
			argv[1]);
		return 1;
	}
	help_argv[0] = cmd->name;
	cmd->fn(2, help_argv);
	return 0;
}

int main(int argc, const char **argv)
{
	const struct cmd_struct *cmd;

	argc--;
	argv++;
	if (argc < 1) {
		list_commands(stdout);
		return 1;
	}
	if (!strcmp(argv[0], "--version") || !strcmp(argv[0], "-v"))
		return cmd_version(argc, argv);
	if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
		list_commands(stdout);
		return 0;
	}
	if (argv[0][0] == '-') {
		fprintf(stderr, "perf: unknown option: %s\n%s\n", argv[0], perf_usage);
		return 1;
	}
	cmd = find_command(argv[0]);
	if (!cmd) {
		fprintf(stderr, "perf: '%s' is not a perf command. See 'perf --help'.\n",
			argv[0]);
		return 1;
	}
	/* util's messages say which command: "perf record: ..." */
	err_sink__set(cmd->name, NULL, NULL);
	/* builtins return 0 on success, a negative or positive error otherwise */
	return cmd->fn(argc, argv) ? 1 : 0;
}
