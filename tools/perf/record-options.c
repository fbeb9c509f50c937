// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's option callbacks (record-options.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "record-options.h"
#include "util/live-session.h"
#include "util/mmap.h"
#include "util/parse-events.h"
#include "util/perf-clock.h"
#include "util/record.h"
#include "util/sample-regs.h"

static long long record__parse_bytes(const char *arg, bool strict);
static int record_options__check_switch(struct record_opts *opts, unsigned int pages);

int record__parse_event(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (event_args__add(&opts->events, arg, false)) {
		fprintf(stderr, "perf record: -e: too many events (max %d)\n", EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

int record__parse_filter(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	/* one before any -e is said by parse_events__add_args() */
	if (event_args__add(&opts->events, arg, true)) {
		fprintf(stderr, "perf record: --filter: too many options (max %d)\n",
			EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

int record__parse_callgraph(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->callchain = !unset;
	if (arg && strcmp(arg, "fp")) {
		fprintf(stderr, "perf record: --call-graph %s: only fp is supported\n", arg);
		return -1;
	}
	return 0;
}

/*
 * An optional argument from lo to hi (def when omitted, 0 for --no-):
 * -1 when it is out of range or not a number.
 */
static int record__optional_int(const char *arg, int unset, long lo, long hi, long def,
				int *out)
{
	char *end;
	long n = arg ? strtol(arg, &end, 10) : def;

	if (unset) {
		*out = 0;
		return 0;
	}
	if (arg && (end == arg || *end || n < lo || n > hi))
		return -1;
	*out = (int)n;
	return 0;
}

int record__parse_comp(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (record__optional_int(arg, unset, 1, 22, 1, &opts->comp_level)) {
		fprintf(stderr, "perf record: -z %s: the compression level is 1 to 22\n", arg);
		return -1;
	}
	return 0;
}

int record__parse_regs(const struct option *opt, const char *arg, int unset)
{
	struct record_regs *regs = opt->value;

	regs->given = !unset;
	regs->arg = arg;
	return 0;
}

int record__regs_mask(const struct record_regs *regs, u64 *mask)
{
	char names[256];
	const char *bad;
	size_t len;

	*mask = 0;
	if (!regs->given)
		return 0;
	if (regs->arg && !strcmp(regs->arg, "?")) {
		sample_regs__names(names, sizeof(names));
		fprintf(stderr, "available registers: %s\n", names);
		return 1;
	}
	if (sample_regs__parse(regs->arg, mask, &bad, &len)) {
		fprintf(stderr, "perf record: Unknown register \"%.*s\", check man page or run "
			"\"perf record %s\"\n", (int)len, bad, regs->hint);
		return 1;
	}
	return 0;
}

int record__parse_g(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->callchain = !unset;
	return 0;
}

int record__parse_period(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->period_bit = unset ? -1 : 1;
	return 0;
}

int record__parse_timestamp(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->sample_time = !unset;
	opts->sample_time_set = true;
	return 0;
}

int record__parse_clockid(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (unset) {
		opts->use_clockid = false;
		return 0;
	}
	/* parse_options() names the option and the argument */
	if (perf_clock__parse_id(arg, &opts->clockid))
		return -1;
	opts->use_clockid = true;
	return 0;
}

int record__parse_delay(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	/* parse_options() names the option and the argument */
	return unset ? 0 : record_delay__parse(&opts->delay, arg) ? -1 : 0;
}

int record__parse_max_size(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;
	long long n = unset ? 0 : record__parse_bytes(arg, true);

	if (n < 0)
		return -1;
	opts->max_size = (u64)n;
	return 0;
}

int record__parse_synth(const struct option *opt, const char *arg, int unset)
{
	static const struct {
		const char	*name;
		unsigned int	bits;
	} kinds[] = {
		{ "no", 0 }, { "all", RECORD_SYNTH_ALL }, { "task", RECORD_SYNTH_TASK },
		{ "mmap", RECORD_SYNTH_TASK | RECORD_SYNTH_MMAP },
		{ "cgroup", RECORD_SYNTH_CGROUP },
	};
	struct record_opts *opts = opt->value;
	const char *p = arg;
	size_t i, len;

	if (unset) {
		opts->synth = 0;
		return 0;
	}
	opts->synth = 0;
	/* a comma list, each kind adding its records */
	while (p && *p) {
		len = strcspn(p, ",");
		for (i = 0; i < ARRAY_SIZE(kinds); i++)
			if (strlen(kinds[i].name) == len && !strncmp(p, kinds[i].name, len))
				break;
		if (i == ARRAY_SIZE(kinds))
			return -1;	/* parse_options() names the option and the argument */
		opts->synth |= kinds[i].bits;
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

int record__parse_affinity(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (unset || !strcmp(arg, "sys"))
		opts->affinity = RECORD_AFFINITY_SYS;
	else if (!strcmp(arg, "node"))
		opts->affinity = RECORD_AFFINITY_NODE;
	else if (!strcmp(arg, "cpu"))
		opts->affinity = RECORD_AFFINITY_CPU;
	else
		return -1;	/* parse_options() names the option and the argument */
	return 0;
}

int record__parse_aio(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	/* parse_options() names the option and the argument */
	return record__optional_int(arg, unset, 1, 4, 1, &opts->aio);
}

int record__parse_cgroup(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (event_args__add_cgroup(&opts->events, arg)) {
		fprintf(stderr, "perf record: -G: too many options (max %d)\n", EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

int record__parse_exclude_perf(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (event_args__add_exclude_pid(&opts->events)) {
		fprintf(stderr, "perf record: --exclude-perf: too many options (max %d)\n",
			EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

const char *const record_usage[] = {
	"perf record [<options>] [<command>]",
	"perf record [<options>] -- <command> [<options>]",
	NULL
};

struct option *record_options__new(struct record_opts *opts, struct record_cli *cli)
{
	const struct option options[] = {
		OPT_CALLBACK('e', "event", opts, "event",
			     "event selector: cpu-clock (default), task-clock, ..., sys:name "
			     "tracepoints (globs: 'sched:*'); use 'perf list' to list them",
			     record__parse_event),
		OPT_CALLBACK(0, "filter", opts, "filter",
			     "event filter of the tracepoints of the -e before it, in the "
			     "kernel's syntax ('prev_pid == 1 && next_prio < 100')",
			     record__parse_filter),
		OPT_BOOLEAN('a', "all-cpus", &opts->system_wide,
			    "system-wide collection from all CPUs"),
		OPT_CALLBACK('G', "cgroup", opts, "name",
			     "the events before it counted only in these cgroups (-a): "
			     "the n-th name to the n-th event, one name to all",
			     record__parse_cgroup),
		OPT_STRING('C', "cpu", &opts->cpu_list, "cpu",
			   "list of cpus to monitor"),
		OPT_STRING('p', "pid", &opts->pids, "pid",
			   "record events on existing process id"),
		OPT_STRING('u', "uid", &opts->uid_str, "user",
			   "profile the processes of this user (a name or a uid)"),
		OPT_BOOLEAN(0, "per-thread", &opts->per_thread,
			    "a ring buffer per thread, the events not inherited "
			    "(with -p, -t, -u or a command)"),
		OPT_STRING('t', "tid", &opts->tids, "tid",
			   "record events on existing thread id"),
		OPT_INTEGER('F', "freq", &opts->freq, "profile at this frequency"),
		OPT_U64('c', "count", &opts->period, "event period to sample"),
		OPT_CALLBACK_NOARG('g', NULL, opts, "enables call-graph recording",
				   record__parse_g),
		OPT_CALLBACK(0, "call-graph", opts, "record_mode",
			     "setup and enables call-graph (stack chain/backtrace): fp",
			     record__parse_callgraph),
		OPT_STRING('m', "mmap-pages", &cli->mmap_pages, "pages",
			   "number of mmap data pages"),
		OPT_STRING('o', "output", &opts->output, "file", "output file name"),
		OPT_BOOLEAN(0, "no-inherit", &opts->no_inherit,
			    "child tasks do not inherit counters"),
		OPT_BOOLEAN(0, "no-bpf-event", &opts->no_bpf_event,
			    "do not record bpf events"),
		OPT_BOOLEAN('N', "no-buildid-cache", &opts->no_buildid_cache,
			    "do not update the buildid cache"),
		OPT_BOOLEAN('q', "quiet", &opts->quiet, "don't print any message"),
		{ .type = OPTION_CALLBACK, .short_name = 'z', .long_name = "compression-level",
		  .value = opts, .argh = "n", .flags = PARSE_OPT_OPTARG,
		  .help = "compress records using specified level (default: 1 - fastest "
			  "compression, 22 - greatest compression)",
		  .callback = record__parse_comp },
		{ .type = OPTION_CALLBACK, .short_name = 'I', .long_name = "intr-regs",
		  .value = &cli->intr_regs, .argh = "any register", .flags = PARSE_OPT_OPTARG,
		  .help = "sample these registers on interrupt (default: all); -I? lists them",
		  .callback = record__parse_regs },
		{ .type = OPTION_CALLBACK, .long_name = "user-regs",
		  .value = &cli->user_regs, .argh = "any register", .flags = PARSE_OPT_OPTARG,
		  .help = "sample these user-space registers (default: all); "
			  "--user-regs=? lists them",
		  .callback = record__parse_regs },
		OPT_BOOLEAN(0, "all-user", &opts->all_user,
			    "sample user space only (exclude_kernel on every event)"),
		OPT_BOOLEAN(0, "all-kernel", &opts->all_kernel,
			    "sample the kernel only (exclude_user on every event)"),
		OPT_BOOLEAN(0, "user-callchains", &opts->user_callchains,
			    "call chains of user space only (with -g)"),
		OPT_BOOLEAN(0, "kernel-callchains", &opts->kernel_callchains,
			    "call chains of the kernel only (with -g)"),
		OPT_CALLBACK_NOARG('P', "period", opts,
				   "put each sample's period in it (--no-period: never)",
				   record__parse_period),
		OPT_BOOLEAN(0, "sample-cpu", &opts->sample_cpu,
			    "put the CPU in each sample"),
		OPT_CALLBACK_NOARG('T', "timestamp", opts,
				   "put the time in each sample (the default but with "
				   "--per-thread; --no-timestamp: never)", record__parse_timestamp),
		OPT_BOOLEAN(0, "running-time", &opts->running_time,
			    "read the enabled and running times with the counts"),
		OPT_BOOLEAN(0, "sample-identifier", &opts->sample_identifier,
			    "put the event's id first in each sample"),
		OPT_BOOLEAN('R', "raw-samples", &opts->raw_samples,
			    "ask every event for its raw data (and the CPU)"),
		OPT_BOOLEAN('n', "no-samples", &opts->no_samples,
			    "count without sampling (period 0): side-band records only"),
		OPT_BOOLEAN(0, "switch-events", &opts->switch_events,
			    "record the context switches (SWITCH records)"),
		OPT_BOOLEAN(0, "namespaces", &opts->namespaces,
			    "record the tasks' namespaces (NAMESPACES records)"),
		OPT_BOOLEAN(0, "strict-freq", &opts->strict_freq,
			    "refuse a -F above the kernel's maximum instead of lowering it"),
		OPT_BOOLEAN(0, "group", &opts->group,
			    "open the events of the command line as one group"),
		OPT_CALLBACK('k', "clockid", opts, "clockid",
			     "the clock of the samples' times: a name (monotonic, raw, realtime, "
			     "boottime, tai) or a number, see clock_gettime(2)",
			     record__parse_clockid),
		OPT_BOOLEAN('d', "data", &opts->sample_addr,
			    "put the data address in each sample (and mmap of data)"),
		OPT_BOOLEAN(0, "no-buffering", &opts->no_buffering,
			    "wake the reader at every record"),
		OPT_INTEGER('r', "realtime", &cli->realtime,
			    "run the reader with this SCHED_FIFO priority"),
		OPT_CALLBACK_NOARG(0, "exclude-perf", opts,
				   "leave out this perf's own hits of the tracepoints of the "
				   "-e before it",
				   record__parse_exclude_perf),
		OPT_BOOLEAN('B', "no-buildid", &opts->no_buildid,
			    "write no BUILD_ID (and no sample times) and cache nothing"),
		OPT_BOOLEAN(0, "all-cgroups", &opts->all_cgroups,
			    "the cgroup of each sample, and CGROUP records of the cgroups "
			    "(those that exist and those made meanwhile)"),
		OPT_BOOLEAN(0, "buildid-mmap", &opts->buildid_mmap,
			    "build ids in the MMAP2 records (the kernel's and synthesized): "
			    "no BUILD_ID feature, no build-id cache"),
		OPT_BOOLEAN(0, "buildid-all", &opts->buildid_all,
			    "BUILD_ID of every file mapped, samples or not"),
		OPT_BOOLEAN(0, "dry-run", &opts->dry_run,
			    "check the options and stop, recording nothing"),
		OPT_BOOLEAN(0, "timestamp-boundary", &opts->timestamp_boundary,
			    "write the first and last sample times (always done)"),
		OPT_INTEGER(0, "proc-map-timeout", &opts->proc_map_timeout,
			    "ms to read a task's maps at start (accepted: read whole)"),
		OPT_INTEGER(0, "num-thread-synthesize", &opts->nr_threads_synthesize,
			    "threads to write what exists at start (accepted: one does)"),
		OPT_STRING(0, "mmap-flush", &opts->mmap_flush, "number",
			   "bytes a ring holds before it is read (accepted: read at each "
			   "wakeup); B/K/M/G suffixes"),
		OPT_STRING(0, "vmlinux", &opts->vmlinux, "file",
			   "the kernel image (accepted: build-ids come from the running kernel)"),
		OPT_INCR('v', "verbose", &opts->verbose,
			 "say more (the ring buffers' sizes)"),
		OPT_CALLBACK('D', "delay", opts, "ms",
			     "enable the sampling events after this many ms of the command's run "
			     "(-1: never), or in these ranges of ms ('10-20,30-40')",
			     record__parse_delay),
		OPT_CALLBACK(0, "max-size", opts, "size",
			     "stop once the file holds this much: a number and B, K, M or G",
			     record__parse_max_size),
		OPT_CALLBACK(0, "synth", opts, "no|all|task|mmap|cgroup",
			     "what to write of what exists at start (default: all; a comma list)",
			     record__parse_synth),
		OPT_BOOLEAN(0, "tail-synthesize", &opts->tail_synthesize,
			    "write what exists at the end, after the samples, not at the start"),
		OPT_BOOLEAN('s', "stat", &opts->stat,
			    "count per thread too: inherit_stat and the enabled/running times "
			    "(READ records at each task's exit)"),
		OPT_CALLBACK(0, "affinity", opts, "node|cpu",
			     "move the ring reader to each ring's NUMA node or CPU to read it",
			     record__parse_affinity),
		{ .type = OPTION_CALLBACK, .long_name = "aio", .value = opts, .argh = "n",
		  .flags = PARSE_OPT_OPTARG, .callback = record__parse_aio,
		  .help = "asynchronous writes with n control blocks, 1 to 4 (accepted: "
			  "the writes stay synchronous, the file is the same)" },
		{ .type = OPTION_CALLBACK, .long_name = "switch-output", .value = &opts->sw,
		  .argh = "signal or size[BKMG] or time[smhd]", .flags = PARSE_OPT_OPTARG,
		  .callback = record__parse_switch_output,
		  .help = "finish the file and start a new one on SIGUSR2 (signal), past a "
			  "size or every so long; each kept as <file>.<timestamp>" },
		OPT_STRING(0, "control", &opts->control,
			   "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			   "read commands from ctl-fd (enable, disable, snapshot, ping, stop), "
			   "one a line, and write 'ack\\n' to ack-fd after each; fifos are "
			   "opened by name"),
		OPT_BOOLEAN(0, "overwrite", &opts->overwrite,
			    "flight recorder: rings the kernel overwrites, read at the end "
			    "(or on a --switch-output rotation)"),
		OPT_CALLBACK(0, "switch-output-event", opts, "switch output event",
			     "rotate (as on SIGUSR2) each time this event fires on any CPU; "
			     "a tracepoint fires on every hit",
			     record__parse_switch_event),
		OPT_INTEGER(0, "switch-max-files", &opts->sw.max_files,
			    "keep only the n newest of the files --switch-output makes"),
		OPT_BOOLEAN(0, "timestamp-filename", &opts->sw.timestamp_filename,
			    "name the file <file>.<timestamp> when it is complete"),
		OPT_NA_RECORD(&cli->na),
		OPT_END()
	};

	struct option *copy = malloc(sizeof(options));

	if (copy)
		memcpy(copy, options, sizeof(options));
	return copy;
}

#define DEFAULT_FREQ		4000
#define DEFAULT_PAGES		128	/* 512 KiB with 4 KiB pages, as upstream */

/*
 * A size in bytes: digits and a unit B, K, M or G (--max-size: needed and
 * upper case, as upstream's; --mmap-flush: either case, or none); -1 when
 * it is not one.
 */
static long long record__parse_bytes(const char *arg, bool strict)
{
	const char *units = "BKMG", *u;
	char *end;
	long long n;

	if (*arg < '0' || *arg > '9')
		return -1;
	n = strtoll(arg, &end, 10);
	if (!*end)
		return strict ? -1 : n;
	u = strchr(units, strict ? *end : toupper((unsigned char)*end));
	if (!u || end[1])
		return -1;
	return n << (10 * (u - units));
}

int record__parse_switch_output(const struct option *opt, const char *arg, int unset)
{
	struct record_switch *sw = opt->value;

	if (unset) {
		sw->enabled = false;
		return 0;
	}
	/* signal, a size with B, K, M or G, or a time with s, m, h or d */
	if (record_switch__parse(sw, arg))
		return -1;	/* parse_options() names the option and the argument */
	return 0;
}

int record__parse_switch_event(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;
	struct perf_event_attr attr;
	char name[128];

	opts->switch_event = unset ? NULL : arg;
	if (unset)
		return 0;
	/* known before anything starts; opened with the recording */
	memset(&attr, 0, sizeof(attr));
	if (parse_events__event(arg, &attr, name, sizeof(name)))
		return -1;	/* parse_options() names the option and the argument */
	return record_switch__parse(&opts->sw, NULL);
}

int record_options__parse(struct record *rec, struct record_cli *cli, int argc,
			  const char **argv)
{
	struct record_opts *opts = &rec->opts;
	int err, max;

	opts->sample_time = true;
	opts->synth = RECORD_SYNTH_ALL;
	rec->ctl = (struct record_control)RECORD_CONTROL_INIT;
	argc = na_options__parse(argc, argv, cli->options, record_usage,
				 PARSE_OPT_STOP_AT_NON_OPTION, &cli->na, &err);
	if (argc < 0)
		return err ? -1 : -2;
	opts->na_sample_type = cli->na.sample_type;
	if (record__regs_mask(&cli->intr_regs, &opts->sample_regs_intr) ||
	    record__regs_mask(&cli->user_regs, &opts->sample_regs_user))
		return -1;
	if (event_args__has_cgroup(&opts->events) && !opts->system_wide) {
		usage_error(record_usage, cli->options,
			    "cgroup monitoring only available in system-wide mode");
		return -1;
	}
	if (opts->all_user && opts->all_kernel) {
		fprintf(stderr, "perf record: --all-user and --all-kernel exclude each other\n");
		return -1;
	}
	if (opts->freq && opts->period) {
		usage_error(record_usage, cli->options, "-F and -c exclude each other");
		return -1;
	}
	if (opts->freq < 0) {
		fprintf(stderr, "perf record: -F %d: the frequency must be positive\n",
			opts->freq);
		return -1;
	}
	if (opts->use_clockid) {
		struct timespec res;

		if (clock_getres(opts->clockid, &res)) {
			fprintf(stderr, "perf record: -k %d: no such clock here\n", opts->clockid);
			return -1;
		}
	}
	if (opts->mmap_flush && record__parse_bytes(opts->mmap_flush, false) < 0) {
		fprintf(stderr, "perf record: --mmap-flush %s: a number of bytes, with an optional "
			"B, K, M or G\n", opts->mmap_flush);
		return -1;
	}
	if (cli->realtime < 0 || cli->realtime > 99) {
		fprintf(stderr, "perf record: -r %d: a SCHED_FIFO priority is 1 to 99\n",
			cli->realtime);
		return -1;
	}
	/* the rings are read last: what exists is written after them, as upstream's */
	if (opts->overwrite)
		opts->tail_synthesize = true;
	opts->period_given = opts->period != 0;
	opts->freq_given = opts->freq != 0;
	if (!opts->freq && !opts->period)
		opts->freq = DEFAULT_FREQ;
	max = opts->freq ? live_session__max_freq() : 0;
	if (max > 0 && opts->freq > max && opts->strict_freq) {
		fprintf(stderr, "perf record: -F %d: above the maximum frequency rate (%d Hz) "
			"and --strict-freq given\n", opts->freq, max);
		return -1;
	}
	if (max > 0 && opts->freq > max) {
		fprintf(stderr, "perf record: -F %d: maximum frequency rate (%d Hz) "
			"exceeded, using %d Hz\n", opts->freq, max, max);
		opts->freq = max;
	}
	rec->live.pages = DEFAULT_PAGES;
	if (cli->mmap_pages && perf_mmap__parse_pages(cli->mmap_pages, &rec->live.pages)) {
		fprintf(stderr, "perf record: -m %s: expects a power of two number of pages "
			"or a size (512K, 2M)\n", cli->mmap_pages);
		return -1;
	}
	if (record_options__check_switch(opts, rec->live.pages))
		return -1;
	err = opts->control ? record_control__parse(&rec->ctl, opts->control) : 0;
	if (err) {
		fprintf(stderr, "perf record: --control %s: %s\n", opts->control,
			err == -EINVAL ? "expects fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]"
				       : strerror(-err));
		return -1;
	}
	return argc;
}

/* --switch-output and --timestamp-filename: files only; no build-ids by default */
static int record_options__check_switch(struct record_opts *opts, unsigned int pages)
{
	struct record_switch *sw = &opts->sw;
	/* half the ring, as upstream's wakeup size, in its units */
	u64 wake = ((u64)pages + 1) * (u64)sysconf(_SC_PAGESIZE) / 2, n = wake;
	int unit = 0;

	if ((sw->enabled || sw->timestamp_filename) && opts->output && !strcmp(opts->output, "-")) {
		fprintf(stderr, "perf record: --%s: renames the output file, not for -o -\n",
			sw->enabled ? "switch-output" : "timestamp-filename");
		return -1;
	}
	if (!sw->enabled)
		return 0;
	/* as upstream's, to keep rotations cheap */
	opts->no_buildid = true;
	opts->no_buildid_cache = true;
	while (n / 1024 > 1 && unit < 3) {
		n /= 1024;
		unit++;
	}
	if (sw->size && sw->size < wake)
		fprintf(stderr, "WARNING: switch-output data size lower than wakeup kernel "
			"buffer size (%llu%s) expect bigger perf.data sizes\n",
			(unsigned long long)n, (const char *[]){ "", "K", "M", "G" }[unit]);
	return 0;
}
