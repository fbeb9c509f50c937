// SPDX-License-Identifier: GPL-2.0
/*
 * perf record: sample the live kernel into perf.data, with every BPF
 * program named.
 *
 * Events are opened per CPU (-a, -C) or per thread (-p, -t, a command),
 * their ring buffers read by this thread with poll and written as they
 * come, a FINISHED_ROUND after each pass.  Before enabling them we write
 * what already existed (threads, maps, kernel, BPF programs: see
 * util/synthesize.c and util/bpf-event.c); a side-band thread captures
 * bpf_prog_info for every program loaded meanwhile.  The header is
 * written first with no features and data size 0, so a killed record
 * leaves a readable file, then rewritten with everything at the end.
 * The output is created under a temporary name and renamed to its own
 * once the events are open, so that setup errors leave nothing behind.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "record-options.h"
#include "record-rotate.h"
#include "target-options.h"
#include "util/bpf-event.h"
#include "util/cpumap.h"
#include "util/data.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evlist-fds.h"
#include "util/header.h"
#include "util/live-session.h"
#include "util/mmap.h"
#include "util/na-options.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/perf-clock.h"
#include "util/buildid-cache.h"
#include "util/record-buildid.h"
#include "util/record-compress.h"
#include "util/record-tracing.h"
#include "util/tracefs.h"
#include "util/sideband-dedup.h"
#include "util/strbuf.h"
#include "util/synthesize.h"
#include "util/thread-map.h"

#include "util/record.h"

static volatile sig_atomic_t done;

static volatile sig_atomic_t child_done;

static void sig_handler(int sig)
{
	if (sig == SIGCHLD)
		child_done = 1;
	done = 1;
}

static int record__setup_target(struct record *rec, int argc, const char **argv,
				const struct option *options)
{
	struct record_opts *opts = &rec->opts;
	struct live_target t = {
		.system_wide = opts->system_wide || opts->cpu_list, .cpu_list = opts->cpu_list,
		.pids = opts->pids, .tids = opts->tids,
	};
	int err = target_options__uid("record", opts->uid_str, &t, opts->quiet);

	if (err)
		return err;
	if (!t.has_uid)
		opts->uid_str = NULL;
	opts->cpu_list = t.cpu_list;
	if (!t.system_wide && !opts->pids && !opts->tids && !t.has_uid && !argc) {
		usage_error(record_usage, options,
			    "no target: give -a, -C, -p, -t or a command to run");
		return -EINVAL;
	}
	if (t.system_wide && (opts->pids || opts->tids)) {
		usage_error(record_usage, options, "-p/-t and -a/-C exclude each other");
		return -EINVAL;
	}
	opts->system_wide = t.system_wide;
	/* --per-thread: for tasks only (-a, -C win), as upstream's */
	opts->per_thread = opts->per_thread && !t.system_wide;
	opts->no_inherit = opts->no_inherit || opts->per_thread;
	t.per_thread_maps = opts->per_thread;
	err = live_session__init_target(&rec->live, &t);
	if (!err && !rec->live.cpus)
		err = -ENOMEM;
	return err;
}

static void record__summary(struct record *rec)
{
	const char *name = rec->data.is_pipe ? "-" : rec->data.path;
	bool stamped = rec->opts.sw.timestamp_filename;

	if (rec->opts.quiet)
		return;
	if (rec->lost_samples || rec->lost_sideband || rec->lost_records)
		fprintf(stderr, "[ perf record: Lost %llu samples and %llu side-band records ]\n",
			(unsigned long long)rec->lost_samples,
			(unsigned long long)rec->lost_sideband);
	if (rec->sb.nr_lost || rec->sb.nr_rescans)
		fprintf(stderr, "[ perf record: BPF side-band: %llu records lost, %llu rescans "
			"synthesized %llu programs again ]\n", (unsigned long long)rec->sb.nr_lost,
			(unsigned long long)rec->sb.nr_rescans,
			(unsigned long long)rec->sb.nr_recovered);
	/* timestamped: the name is the last Dump line's */
	fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s%s", (double)(rec->bytes_written
		+ rec->data_offset) / 1024.0 / 1024.0, name, stamped ? ".<timestamp>" : "");
	/* as upstream's: the count its build-id pass makes (none with -B, nor from a pipe) */
	if (rec->samples && !rec->opts.no_buildid && !rec->data.is_pipe)
		fprintf(stderr, " (%llu samples)", (unsigned long long)rec->samples);
	fprintf(stderr, " ]\n");
}

/* -D: the toggles due now; how long poll may wait for the next (ms, at most 250) */
static int record__delay_step(struct record *rec)
{
	struct record_delay *d = &rec->opts.delay;
	u64 elapsed = (perf_clock__monotonic() - rec->start_ns) / 1000000, wait;
	int on;

	while ((on = record_delay__due(d, elapsed)) >= 0) {
		record__ioctl_all(rec, on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, true);
		if (!rec->opts.quiet)
			fprintf(stderr, "Events %s\n", on ? "enabled" : "disabled");
	}
	wait = record_delay__wait(d, elapsed);
	return wait < 250 ? (int)wait : 250;
}

/* --control: the commands waiting, each acknowledged; 1 after stop */
static int record__control(struct record *rec)
{
	enum record_ctl_cmd cmd;

	while ((cmd = record_control__next(&rec->ctl)) != RECORD_CTL_NONE) {
		if (cmd == RECORD_CTL_UNKNOWN)
			continue;
		if (cmd == RECORD_CTL_ENABLE || cmd == RECORD_CTL_DISABLE) {
			record__ioctl_all(rec, cmd == RECORD_CTL_ENABLE ? PERF_EVENT_IOC_ENABLE :
					  PERF_EVENT_IOC_DISABLE, true);
			if (!rec->opts.quiet)
				fprintf(stderr, "Events %s\n",
					cmd == RECORD_CTL_ENABLE ? "enabled" : "disabled");
		}
		record_control__ack(&rec->ctl);
		if (cmd == RECORD_CTL_STOP)
			return 1;
	}
	return 0;
}

static int record__loop(struct record *rec)
{
	struct pollfd *pfd = calloc(rec->live.nr_maps + 1, sizeof(*pfd));
	int i, err = 0, nr_pfd = rec->live.nr_maps + (rec->ctl.ctl_fd >= 0);

	if (!pfd)
		return -ENOMEM;
	for (i = 0; i < rec->live.nr_maps; i++) {
		pfd[i].fd = rec->live.maps[i].fd;
		pfd[i].events = POLLIN;
	}
	/* --control: a command wakes the loop too */
	pfd[i].fd = rec->ctl.ctl_fd;
	pfd[i].events = POLLIN;
	for (;;) {	/* a rotation asked before the end is done first */
		int n, hup = 0;

		err = record__read_all(rec);
		if (err)
			break;
		if (rec->opts.max_size &&
		    rec->bytes_written + rec->data_offset >= rec->opts.max_size) {
			/* said with -q too, as upstream's */
			fprintf(stderr, "[ perf record: perf size limit reached (%llu KB), "
				"stopping session ]\n",
				(unsigned long long)rec->opts.max_size / 1024);
			break;
		}
		/* asked before the end: the file is finished and a new one begun */
		if (record_rotate__due(rec)) {
			err = record_rotate(rec, false);
			if (err)
				break;
		}
		if (done || record__control(rec))
			break;
		/* wake now and then: a killed record keeps what was read */
		n = poll(pfd, nr_pfd, record__delay_step(rec));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		for (i = 0, n = 0; i < rec->live.nr_maps; i++) {
			if (pfd[i].revents & (POLLHUP | POLLERR))
				hup++;
			if (pfd[i].revents & POLLIN)
				n++;
		}
		if (n)
			rec->wakeups++;
		/* every recorded task is gone (per-thread) */
		if (rec->live.per_thread && hup == rec->live.nr_maps)
			done = 1;	/* after a last read */
	}
	free(pfd);
	return err;
}

int cmd_record(int argc, const char **argv)
{
	struct record rec_storage, *rec = &rec_storage;
	struct record_opts *opts = &rec->opts;
	char msg[512];
	int orig_argc = argc, err, status = 0, i;
	bool delayed;
	const char **orig_argv = calloc(argc + 1, sizeof(*argv));
	struct sigaction sa;
	struct record_cli cli = { .intr_regs.hint = "-I?", .user_regs.hint = "--user-regs=?" };

	memset(rec, 0, sizeof(*rec));
	if (!orig_argv)
		return 1;
	/* parse_options() reorders argv: keep the command line for CMDLINE */
	memcpy(orig_argv, argv, argc * sizeof(*argv));
	rec->child = -1;
	rec->affinity_cpu = -1;
	rec->go_pipe[0] = rec->go_pipe[1] = -1;
	rec->live.sideband_bits = true;
	rec->data.fd = -1;
	record__init_write_lock(rec);
	sb_dedup__init(&rec->sb_dedup);
	pthread_mutex_init(&rec->env_lock, NULL);
	perf_header__init(&rec->header);

	cli.options = record_options__new(opts, &cli);
	if (!cli.options) {
		free(orig_argv);
		return 1;
	}
	argc = record_options__parse(rec, &cli, argc, argv);
	if (argc < 0 || opts->dry_run) {
		err = argc == -1 ? -EINVAL : 0;
		goto out;
	}

	err = record__setup_target(rec, argc, argv, cli.options);
	if (err)
		goto out;
	if (opts->comp_level && opts->output && !strcmp(opts->output, "-")) {
		fprintf(stderr, "perf record: -z: compression is for file output, not -o -\n");
		err = -EINVAL;
		goto out;
	}
	if (opts->comp_level) {
		err = record_compress__init(&rec->zc, opts->comp_level);
		if (err) {
			fprintf(stderr, "perf record: -z: cannot set up zstd: %s\n",
				strerror(-err));
			goto out;
		}
		rec->zc_on = true;
	}

	rec->evlist = evlist__new();
	if (!rec->evlist) {
		err = -ENOMEM;
		goto out;
	}
	err = parse_events__add_args(rec->evlist, &opts->events, "cpu-clock", msg, sizeof(msg));
	if (err) {
		fprintf(stderr, "perf record: %s\n", msg);
		goto out;
	}

	err = perf_data__open_write(&rec->data, opts->output ? opts->output : "perf.data");
	if (err) {
		fprintf(stderr, "perf record: %s: %s\n", opts->output ? opts->output : "perf.data",
			rec->data.err[0] ? rec->data.err : strerror(-err));
		goto out;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sig_handler;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	err = record_rotate__setup(rec);
	if (err)
		goto out;

	if (argc) {
		err = record__prepare_workload(rec, argv);
		if (err) {
			fprintf(stderr, "perf record: cannot start the workload: %s\n",
				strerror(-err));
			goto out;
		}
		if (record__profiles_child(rec)) {
			thread_map__delete(rec->live.threads);
			rec->live.threads = thread_map__new_one(rec->child);
			if (!rec->live.threads) {
				err = -ENOMEM;
				goto out;
			}
		}
	}

	if (cli.realtime) {
		struct sched_param param = { .sched_priority = cli.realtime };

		if (sched_setscheduler(0, SCHED_FIFO, &param)) {
			err = -errno;
			fprintf(stderr, "perf record: -r %d: cannot run with this SCHED_FIFO "
				"priority: %s\n", cli.realtime, strerror(errno));
			goto out;
		}
	}
	delayed = record_delay__given(&opts->delay);
	rec->live.evlist = rec->evlist;
	rec->live.backward = opts->overwrite;
	err = record__config_evlist(rec);
	if (!err)
		err = live_session__open(&rec->live, "recording without BPF program records");
	if (!err)
		err = live_session__mmap(&rec->live);
	if (err)
		goto out;
	for (i = 0; opts->verbose && !opts->quiet && i < rec->live.nr_maps; i++)
		fprintf(stderr, "mmap size %zuB\n", rec->live.maps[i].len);

	err = record__start_header(rec, orig_argc, orig_argv, perf_version_string);
	if (err)
		goto out;

	err = record__start_capture(rec);
	if (err)
		goto out;
	/*
	 * -p/-t: the sampling event carries the tracking bits, so enable it
	 * before reading /proc, or a thread created meanwhile has no FORK.
	 */
	if (rec->live.per_thread && !record__profiles_child(rec) && !delayed)
		record__ioctl_all(rec, PERF_EVENT_IOC_ENABLE, false);

	err = opts->tail_synthesize ? 0 : record__synthesize(rec);
	if (err) {
		fprintf(stderr, "perf record: cannot write what exists at start: %s\n",
			rec->data.err[0] ? rec->data.err : strerror(-err));
		goto out_stop;
	}

	if (delayed && !opts->quiet)
		fprintf(stderr, "Events disabled\n");
	rec->start_ns = perf_clock__monotonic();
	if (record__profiles_child(rec))
		record__start_workload(rec);	/* enable_on_exec does the rest */
	else if (!rec->live.per_thread && !delayed)
		record__ioctl_all(rec, PERF_EVENT_IOC_ENABLE, false);
	/* with a target (-a, -C, -p, -t) the command only sets the duration */
	if (!record__profiles_child(rec) && rec->child > 0)
		record__start_workload(rec);

	err = record__loop(rec);
	record__ioctl_all(rec, PERF_EVENT_IOC_DISABLE, false);
	rec->drain = true;	/* --overwrite: now the rings are read */
	if (!err)
		err = record__read_all(rec);
	/* --tail-synthesize: what exists now, after the samples (time 0 all the same) */
	if (!err && opts->tail_synthesize)
		err = record__synthesize(rec);

out_stop:
	if (rec->sb_on) {
		bpf_sideband__stop(&rec->sb);
		rec->sb_on = false;
		/* records it forwarded after the last round */
		if (!err && rec->live.per_thread) {
			err = record__flush_forwarded(rec, ~0ULL);
			if (err >= 0)
				err = record__finished_round(rec);
		}
	}
	if (!err)
		err = record__lost_samples(rec);
	if (rec->child > 0) {
		if (!child_done)
			kill(rec->child, SIGTERM);
		if (waitpid(rec->child, &rec->child_status, 0) == rec->child &&
		    WIFEXITED(rec->child_status))
			status = WEXITSTATUS(rec->child_status);
		rec->child = -1;
	}
	if (err) {
		if (!rec->data.err[0] || err != rec->write_err)
			fprintf(stderr, "perf record: %s\n", strerror(-err));
		else
			fprintf(stderr, "perf record: %s: %s\n", rec->data.path, rec->data.err);
		goto out;
	}

	if (!opts->quiet)
		fprintf(stderr, "[ perf record: Woken up %lu times to write data ]\n",
			rec->wakeups);
	err = opts->sw.timestamp_filename ? record_rotate(rec, true) : record__finish_header(rec);
	if (err)
		goto out;
	record__summary(rec);
	(void)status;

out:
	record_rotate__exit();
	record_control__close(&rec->ctl);
	if (rec->sb_on)
		bpf_sideband__stop(&rec->sb);
	if (rec->child > 0) {
		kill(rec->child, SIGKILL);
		waitpid(rec->child, NULL, 0);
	}
	if (rec->go_pipe[1] >= 0)
		close(rec->go_pipe[1]);
	live_session__exit(&rec->live);
	perf_data__close(&rec->data);
	perf_header__exit(&rec->header);
	bpf_capture__exit(&rec->cap);
	sb_dedup__exit(&rec->sb_dedup);
	evlist__delete(rec->evlist);
	record_buildid__delete(rec->bids);
	if (rec->zc_on)
		record_compress__exit(&rec->zc);
	record_switch__exit(&opts->sw);
	free(orig_argv);
	free(cli.options);
	return err ? 1 : 0;
}
