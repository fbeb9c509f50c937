// SPDX-License-Identifier: GPL-2.0
/*
 * perf top: a live profile, system-wide by default, with BPF programs
 * named from the moment they load.  --stdio prints one screen per
 * refresh; on a terminal the TUI (ui/tui-top.c) shows a list to browse.
 * The session itself is util/top.c.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "target-options.h"
#include "util/annotate-opts.h"
#include "util/live-session.h"
#include "util/na-options.h"
#include "util/parse-options.h"
#include "util/symbol-opts.h"
#include "util/top.h"
#include "util/top-print.h"
#include "ui/tui-top.h"

#define FIRST_SCREEN_MS	300

static volatile sig_atomic_t done;

static void top__sig_done(int sig)
{
	done = 1;
}

static const char *const top_usage[] = {
	"perf top [<options>]",
	NULL
};

static int top__parse_event(const struct option *opt, const char *arg, int unset)
{
	struct top_opts *opts = opt->value;

	if (event_args__add(&opts->events, arg, false)) {
		fprintf(stderr, "perf top: -e: too many events\n");
		return -1;
	}
	return 0;
}

static int top__parse_filter(const struct option *opt, const char *arg, int unset)
{
	struct top_opts *opts = opt->value;

	/* one before any -e is said by parse_events__add_args() */
	if (event_args__add(&opts->events, arg, true)) {
		fprintf(stderr, "perf top: --filter: too many options\n");
		return -1;
	}
	return 0;
}

static int top__parse_cgroup(const struct option *opt, const char *arg, int unset)
{
	struct top_opts *opts = opt->value;

	if (event_args__add_cgroup(&opts->events, arg)) {
		fprintf(stderr, "perf top: -G: too many options\n");
		return -1;
	}
	return 0;
}

static int top__parse_g(const struct option *opt, const char *arg, int unset)
{
	struct top_opts *opts = opt->value;

	opts->children = !unset;
	return 0;
}

/*
 * --call-graph [fp,]PRINT...: as upstream's top, the record mode (fp
 * only, as our record's) and then report's -g words, checked; it enables
 * the chains as -g does.
 */
static int top__callgraph(struct top_opts *opts, const char *arg)
{
	struct callchain_param cg = { 0 };
	size_t n = strcspn(arg, ",");

	if ((n == 5 && !strncmp(arg, "dwarf", 5)) || (n == 3 && !strncmp(arg, "lbr", 3))) {
		fprintf(stderr, "perf top: --call-graph %s: only fp is supported\n", arg);
		return -1;
	}
	if (n == 2 && !strncmp(arg, "fp", 2))
		arg += arg[n] ? n + 1 : n;
	if (*arg && callchain_param__parse(&cg, arg)) {
		fprintf(stderr, "perf top: unknown --call-graph value: %s\n", arg);
		return -1;
	}
	opts->children = !cg.none;
	return 0;
}

static double now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * --stdio: stdin is only read for 'q'; at end of file (or an error) it is
 * no longer polled, so nothing spins.
 */
static int top__run_stdio(struct perf_top *top, double delay, int entries)
{
	struct pollfd *pfd = calloc(top->live.nr_maps + 1, sizeof(*pfd));
	bool tty = isatty(STDOUT_FILENO), use_stdin = true;
	double start = now_sec(), last = start, next = start + FIRST_SCREEN_MS / 1000.0;
	struct winsize ws;
	int width = 0, err = 0;

	if (!pfd)
		return -ENOMEM;
	while (!done) {
		double now;
		int n, timeout;

		err = top__read(top);
		if (err)
			break;
		now = now_sec();
		if (now >= next) {
			if (tty && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col) {
				width = ws.ws_col;
				if (entries <= 0 && ws.ws_row > 4)
					entries = ws.ws_row - 4;
			}
			top__print_stdio(top, now - last, entries, width, tty, stdout);
			if (ferror(stdout)) {
				err = -EIO;
				break;
			}
			top__decay(top);
			last = now;
			next = now + delay;
		}
		n = live_session__pollfds(&top->live, pfd);
		if (use_stdin) {
			pfd[n].fd = STDIN_FILENO;
			pfd[n].events = POLLIN;
			pfd[n].revents = 0;
			n++;
		}
		timeout = (int)((next - now) * 1000.0);
		timeout = timeout < 0 || top__backlog(top) ? 0 : timeout > 100 ? 100 : timeout;
		if (poll(pfd, n, timeout) < 0 && errno != EINTR) {
			err = -errno;
			break;
		}
		if (use_stdin && pfd[n - 1].revents) {
			char c[64];
			ssize_t r = read(STDIN_FILENO, c, sizeof(c));

			if (r <= 0)
				use_stdin = false;
			else if (memchr(c, 'q', r) || memchr(c, 'Q', r))
				break;
		}
	}
	free(pfd);
	return err;
}

/* -u: the user's uid, and upstream's warnings */
static int top__set_uid(struct top_opts *opts)
{
	struct live_target t = { .cpu_list = opts->cpu_list, .pids = opts->pids,
				 .tids = opts->tids };

	if (target_options__uid("top", opts->uid_str, &t, false))
		return -1;
	opts->has_uid = t.has_uid;
	opts->uid = t.uid;
	opts->cpu_list = t.cpu_list;
	return 0;
}

int cmd_top(int argc, const char **argv)
{
	struct perf_top top_storage, *top = &top_storage;
	struct top_opts opts;
	double delay = 2.0;
	const char *mmap_pages = NULL, *percentage = NULL;
	int entries = 0, err, realtime = 0, verbose = 0;
	const char *cg_str = NULL;
	struct sched_param param;
	bool use_stdio = false, use_tui = false;
	struct sigaction sa;
	struct na_given na = { 0 };
	struct symbol_opts so = SYMBOL_OPTS_INIT;
	struct annotate_opts ao = ANNOTATE_OPTS_INIT;
	char msg[512];
	const struct option options[] = {
		OPT_CALLBACK('e', "event", &opts, "event",
			     "event selector: cpu-clock (default), task-clock, cycles, ..., "
			     "sys:name tracepoints (globs: 'sched:*'); see 'perf list'",
			     top__parse_event),
		OPT_CALLBACK('G', "cgroup", &opts, "name",
			     "the events before it counted only in these cgroups: "
			     "the n-th name to the n-th event, one name to all",
			     top__parse_cgroup),
		OPT_CALLBACK(0, "filter", &opts, "filter",
			     "event filter of the tracepoints of the -e before it, in the "
			     "kernel's syntax", top__parse_filter),
		OPT_BOOLEAN('a', "all-cpus", &(bool){ false },
			    "system-wide collection from all CPUs (the default)"),
		OPT_STRING('C', "cpu", &opts.cpu_list, "cpu", "list of cpus to monitor"),
		OPT_STRING('p', "pid", &opts.pids, "pid", "profile events on existing process id"),
		OPT_STRING('t', "tid", &opts.tids, "tid", "profile events on existing thread id"),
		OPT_STRING('u', "uid", &opts.uid_str, "user",
			   "profile the processes of this user (a name or a uid)"),
		OPT_INTEGER('F', "freq", &opts.freq, "profile at this frequency"),
		OPT_U64('c', "count", &opts.period, "event period to sample"),
		OPT_STRING('m', "mmap-pages", &mmap_pages, "pages", "number of mmap data pages"),
		OPT_DOUBLE('d', "delay", &delay, "number of seconds to delay between refreshes"),
		OPT_INTEGER('E', "entries", &entries, "display this many functions"),
		OPT_BOOLEAN('K', "hide_kernel_symbols", &opts.hide_kernel,
			    "hide kernel symbols"),
		OPT_BOOLEAN('U', "hide_user_symbols", &opts.hide_user, "hide user symbols"),
		OPT_STRING('s', "sort", &opts.sort_order, "key[,key2...]",
			   "sort by key(s): dso (default dso,sym), sym, comm, pid, tid, cpu, "
			   "bpf_prog"),
		OPT_CALLBACK_NOARG('g', NULL, &opts, "enables call-graph recording and display "
				   "(Children and Self)", top__parse_g),
		OPT_STRING(0, "call-graph", &cg_str,
			   "record_mode[,record_size],print_type,threshold[,print_limit],order,"
			   "sort_key[,branch]",
			   "the chains (fp) and report's -g words; enables them as -g"),
		OPT_BOOLEAN(0, "children", &opts.children, "accumulate callchains of children "
			    "(with -g)"),
		OPT_BOOLEAN('z', "zero", &opts.zero, "zero history across updates"),
		OPT_BOOLEAN(0, "stdio", &use_stdio, "use the stdio interface"),
		OPT_BOOLEAN(0, "tui", &use_tui, "use the TUI interface"),
		OPT_BOOLEAN(0, "no-bpf-event", &opts.no_bpf_event, "do not record bpf events"),
		OPT_VMLINUX(&so),
		OPT_KALLSYMS(&so),
		OPT_IGNORE_VMLINUX(&so),
		OPT_DEMANGLE_KERNEL(&so),
		OPT_ANNOTATE_STYLE(&ao),
		OPT_ANNOTATE_ASM_RAW(&ao),
		OPT_ANNOTATE_SOURCE(&ao),
		OPT_ANNOTATE_PREFIX(&ao),
		OPT_ANNOTATE_PREFIX_STRIP(&ao),
		OPT_ANNOTATE_OBJDUMP(&ao),
		OPT_STRING(0, "comms", &opts.filter.comms, "comm[,comm...]",
			   "only the samples of these commands"),
		OPT_STRING(0, "dsos", &opts.filter.dsos, "dso[,dso...]",
			   "only the samples in these objects"),
		OPT_STRING(0, "symbols", &opts.filter.symbols, "symbol[,symbol...]",
			   "only the samples in these functions"),
		OPT_STRING(0, "percentage", &percentage, "relative|absolute",
			   "shares of the samples the filters keep (relative) or of all "
			   "(absolute, the default)"),
		OPT_BOOLEAN('n', "show-nr-samples", &opts.show_nr_samples,
			    "a Samples column: each row's samples"),
		OPT_BOOLEAN(0, "show-total-period", &opts.show_total_period,
			    "a Period column: each row's own period"),
		{ .type = OPTION_DOUBLE, .long_name = "percent-limit", .value = &opts.percent_limit,
		  .argh = "percent", .help = "no rows under this share" },
		OPT_BOOLEAN(0, "overwrite", &opts.overwrite,
			    "rings the kernel overwrites (write_backward), paused and read "
			    "each refresh"),
		OPT_BOOLEAN('i', "no-inherit", &opts.no_inherit,
			    "with -p or -t: not the tasks they start after top did"),
		OPT_INTEGER(0, "max-stack", &opts.max_stack,
			    "frames of a call chain at most (default 127)"),
		OPT_STRING(0, "ignore-callees", &opts.ignore_callees, "regex",
			   "with -g: a chain's innermost function matching it takes the sample, "
			   "its callers left out"),
		OPT_STRING(0, "switch-on", &opts.switch_on, "event",
			   "the samples after this event's first (and after --switch-off's)"),
		OPT_STRING(0, "switch-off", &opts.switch_off, "event",
			   "no samples after this event's, until --switch-on's"),
		OPT_BOOLEAN(0, "show-on-off-events", &opts.show_on_off,
			    "the samples of the --switch-on and --switch-off events that switch too"),
		OPT_INTEGER('f', "count-filter", &(int){ 0 },
			    "accepted as upstream's, whose screens do not use it either"),
		OPT_BOOLEAN(0, "force", &(bool){ false },
			    "accepted: top reads no file of another owner"),
		OPT_BOOLEAN(0, "all-cgroups", &opts.all_cgroups,
			    "each sample's cgroup, the cgroups' paths (-s cgroup)"),
		OPT_BOOLEAN(0, "namespaces", &opts.namespaces,
			    "the tasks' namespaces too (NAMESPACES records)"),
		OPT_INTEGER('r', "realtime", &realtime, "run with this SCHED_FIFO priority"),
		OPT_INCR('v', "verbose", &verbose, "more messages (the ring buffers' size)"),
		OPT_INTEGER(0, "num-thread-synthesize", &(int){ 1 },
			    "threads synthesizing the existing tasks (accepted: one does)"),
		OPT_INTEGER(0, "proc-map-timeout", &(int){ 500 },
			    "ms to read a task's maps (accepted: /proc is read whole)"),
		OPT_STRING(0, "fields", &opts.fields, "key[,keys...]",
			   "the columns, as perf report's -F (overhead, sample, period, keys...)"),
		OPT_STRING('w', "column-widths", &opts.widths, "width[,width...]",
			   "the columns' widths, in order (0: its own); longer texts are cut"),
		OPT_NA_TOP(&na),
		OPT_END()
	};

	memset(&opts, 0, sizeof(opts));
	opts.max_stack = 127;	/* upstream's: the kernel's perf_event_max_stack */
	argc = na_options__parse(argc, argv, options, top_usage, 0, &na, &err);
	if (argc < 0)
		return err;
	if (argc > 0) {
		usage_error(top_usage, options, "unexpected argument '%s'", argv[0]);
		return 1;
	}
	if (cg_str && top__callgraph(&opts, cg_str))
		return 1;
	if (percentage && strcmp(percentage, "absolute")) {
		if (strcmp(percentage, "relative")) {
			fprintf(stderr, "perf top: --percentage: relative or absolute, not '%s'\n",
				percentage);
			return 1;
		}
		opts.relative = true;
	}
	if (opts.freq && opts.period) {
		usage_error(top_usage, options, "-F and -c exclude each other");
		return 1;
	}
	if (opts.freq < 0 || delay <= 0 || delay > 3600 || entries < 0) {
		fprintf(stderr, "perf top: %s must be positive\n",
			opts.freq < 0 ? "-F" : entries < 0 ? "-E" : "-d (at most 3600)");
		return 1;
	}
	if (top__set_uid(&opts))
		return 1;
	if ((opts.pids || opts.tids) && opts.cpu_list) {
		usage_error(top_usage, options, "-p/-t and -C exclude each other");
		return 1;
	}
	if (mmap_pages) {
		char *end;
		unsigned long v = strtoul(mmap_pages, &end, 0);

		if (*end || !v || (v & (v - 1)) || v > (1UL << 20)) {
			fprintf(stderr, "perf top: -m %s: expects a power of two number of pages\n",
				mmap_pages);
			return 1;
		}
		opts.pages = (unsigned int)v;
	}
	if (symbol_opts__resolve(&so, msg, sizeof(msg))) {
		fprintf(stderr, "perf top: %s\n", msg);
		return 1;
	}
	opts.symbols = &so;
	if (annotate_opts__resolve(&ao, msg, sizeof(msg))) {
		fprintf(stderr, "perf top: %s\n", msg);
		return 1;
	}
	opts.annotate = &ao;
	if (!use_tui && !isatty(STDOUT_FILENO))
		use_stdio = true;
	if (use_tui && use_stdio) {
		usage_error(top_usage, options, "--tui and --stdio exclude each other");
		return 1;
	}

	err = top__init(top, &opts);
	if (!err && verbose)
		fprintf(stderr, "mmap size %zuB\n", (size_t)(top->opts.pages + 1) *
			(size_t)sysconf(_SC_PAGESIZE));
	param.sched_priority = realtime;
	if (!err && realtime && sched_setscheduler(0, SCHED_FIFO, &param)) {
		fprintf(stderr, "perf top: Could not set realtime priority (-r %d): %s\n",
			realtime, strerror(errno));
		top__exit(top);
		return 1;
	}
	if (!err) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = top__sig_done;
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		signal(SIGPIPE, SIG_IGN);
		err = top__start(top);
	}
	if (!err) {
		if (use_stdio)
			err = top__run_stdio(top, delay, entries);
		else
			err = tui_top__run(top, delay, entries, &done);
		if (err && err != -EIO)
			fprintf(stderr, "perf top: %s\n", strerror(-err));
	}
	top__exit(top);
	return err ? 1 : 0;
}
