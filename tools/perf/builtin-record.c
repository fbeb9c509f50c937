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
#include "util/bpf-event.h"
#include "util/cpumap.h"
#include "util/data.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evlist-fds.h"
#include "util/header.h"
#include "util/live-session.h"
#include "util/mmap.h"
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

#define DEFAULT_FREQ		4000
#define DEFAULT_PAGES		128	/* 512 KiB with 4 KiB pages, as upstream */

struct record_opts {
	const char	*output;
	struct event_args events;	/* -e and --filter */
	const char	*cpu_list;
	const char	*pids;
	const char	*tids;
	const char	*mmap_pages;
	const char	*call_graph;
	bool		system_wide;
	bool		no_inherit;
	bool		no_bpf_event;
	bool		no_buildid_cache;
	bool		callchain;
	bool		quiet;
	bool		period_given;
	int		freq;
	u64		period;
	int		comp_level;	/* -z: 0 is off */
};

struct record {
	struct record_opts	opts;
	struct perf_data	data;
	struct perf_header	header;
	struct evlist		*evlist;
	int			nr_sampling;	/* evsels before the tracking dummy */
	int			nr_tracepoints;
	struct live_session	live;		/* target, fds, ring buffers */
	pthread_mutex_t		write_lock;
	pthread_mutex_t		env_lock;
	int			write_err;
	u64			data_offset;
	u64			bytes_written;
	bool			size_updates;	/* keep the header's data size current */
	u64			size_updated;	/* when it was last, CLOCK_MONOTONIC ns */
	u64			samples;
	u64			first_time;
	u64			last_time;
	int			time_pos;	/* of TIME in a sample, -1 when absent */
	u64			lost_records;	/* LOST records' counts */
	u64			lost_samples;	/* sampling events' read() lost counts */
	u64			lost_sideband;	/* the tracking event's */
	unsigned long		wakeups;
	bool			rescan;		/* the tracking event lost records */
	u64			nr_rescan_requests;
	/* the command after -- */
	pid_t			child;
	int			child_status;
	int			go_pipe[2];
	struct bpf_capture	cap;
	struct bpf_sideband	sb;
	bool			sb_on;
	struct sb_dedup		sb_dedup;	/* per-thread: the side-band's copies */
	struct perf_synth	synth;
	struct record_buildid	*bids;		/* pipe mode: DSOs with samples */
	struct record_compress	zc;		/* -z */
	bool			zc_on;
	bool			bids_err;
};

static volatile sig_atomic_t done;
/* The command is the target: no -a, -C, -p or -t (with them it only runs). */
static bool record__profiles_child(const struct record *rec)
{
	return rec->child > 0 && rec->live.per_thread && !rec->opts.pids && !rec->opts.tids;
}

static volatile sig_atomic_t child_done;

static void sig_handler(int sig)
{
	if (sig == SIGCHLD)
		child_done = 1;
	done = 1;
}

static const char *const record_usage[] = {
	"perf record [<options>] [<command>]",
	"perf record [<options>] -- <command> [<options>]",
	NULL
};

/* Recursive: the ring reader holds it across the writes of one ring. */
static void record__init_write_lock(struct record *rec)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&rec->write_lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

/* Output: every byte goes through here, from either thread. */
static int record__write(struct record *rec, const void *buf, size_t len)
{
	int err;

	pthread_mutex_lock(&rec->write_lock);
	err = rec->write_err;
	if (!err) {
		err = perf_data__write(&rec->data, buf, len);
		if (err)
			rec->write_err = err;
		else
			rec->bytes_written += len;
	}
	pthread_mutex_unlock(&rec->write_lock);
	return err;
}

/*
 * Pipe mode: the records that matter for BUILD_ID (MMAP, FORK, samples)
 * come from this thread only (side-band threads emit KSYMBOL/BPF_EVENT).
 */
static void record__track_buildid(struct record *rec, const union perf_event *ev)
{
	if (rec->bids && record_buildid__event(rec->bids, ev, rec->synth.sample_type))
		rec->bids_err = true;
}

static int record__emit(void *priv, const union perf_event *ev)
{
	record__track_buildid(priv, ev);
	return record__write(priv, ev, ev->header.size);
}

static int record__finished_round(struct record *rec)
{
	struct perf_event_header fr = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(fr) };

	return record__write(rec, &fr, sizeof(fr));
}

/* Options */

static int record__parse_event(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	if (event_args__add(&opts->events, arg, false)) {
		fprintf(stderr, "perf record: -e: too many events (max %d)\n", EVENT_ARGS_MAX);
		return -1;
	}
	return 0;
}

static int record__parse_filter(const struct option *opt, const char *arg, int unset)
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

static int record__parse_callgraph(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->callchain = !unset;
	if (arg && strcmp(arg, "fp")) {
		fprintf(stderr, "perf record: --call-graph %s: only fp is supported\n", arg);
		return -1;
	}
	return 0;
}

static int record__parse_comp(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;
	char *end;
	long level = arg ? strtol(arg, &end, 10) : 1;

	if (unset) {
		opts->comp_level = 0;
		return 0;
	}
	if (arg && (end == arg || *end || level < 1 || level > 22)) {
		fprintf(stderr, "perf record: -z %s: the compression level is 1 to 22\n", arg);
		return -1;
	}
	opts->comp_level = (int)level;
	return 0;
}

static int record__parse_g(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *opts = opt->value;

	opts->callchain = !unset;
	return 0;
}

/* Events */

static void record__set_tracking(struct record *rec, struct perf_event_attr *attr)
{
	attr->mmap = 1;
	attr->comm = 1;
	attr->task = 1;
	attr->mmap2 = 1;
	attr->comm_exec = 1;
	attr->ksymbol = 1;
	attr->bpf_event = !rec->opts.no_bpf_event;
}

/*
 * With tracepoints, as upstream: one event has no id, several of one
 * sample type an ID, of different sample types an IDENTIFIER (first, so
 * that any record names its event).
 */
static void record__config_ids(struct record *rec)
{
	struct evlist *evlist = rec->evlist;
	u64 first = evlist->entries[0]->attr.sample_type, bit = 0;
	struct evsel *evsel;
	int i;

	if (evlist->nr_entries > 1) {
		bit = PERF_SAMPLE_ID;
		evlist__for_each(evlist, evsel, i)
			if (evsel->attr.sample_type != first)
				bit = PERF_SAMPLE_IDENTIFIER;
	}
	evlist__for_each(evlist, evsel, i)
		evsel->attr.sample_type |= bit;
}

/* The attrs as upstream lays them out (see `perf evlist -v` of its files). */
static int record__config_evlist(struct record *rec)
{
	struct record_opts *opts = &rec->opts;
	struct evsel *evsel;
	u64 sample_type;
	int i;

	rec->nr_sampling = rec->evlist->nr_entries;
	if (!rec->live.per_thread) {
		struct perf_event_attr dummy;

		parse_events__event("dummy", &dummy, NULL, 0);
		evsel = evsel__new(&dummy, 0);
		if (!evsel || evsel__set_name(evsel, "dummy:HG") || evlist__add(rec->evlist, evsel)) {
			evsel__delete(evsel);
			return -ENOMEM;
		}
	}

	evlist__for_each(rec->evlist, evsel, i)
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			rec->nr_tracepoints++;
	/* only tracepoints: every hit, no frequency (the dummy too) */
	if (rec->nr_tracepoints == rec->nr_sampling && !opts->period_given) {
		opts->freq = 0;
		opts->period = 1;
	}
	sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
	if (opts->freq)
		sample_type |= PERF_SAMPLE_PERIOD;
	if (opts->callchain)
		sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (!rec->nr_tracepoints && rec->evlist->nr_entries > 1)
		sample_type |= PERF_SAMPLE_ID;
	if (!rec->live.per_thread)
		sample_type |= PERF_SAMPLE_CPU;

	evlist__for_each(rec->evlist, evsel, i) {
		struct perf_event_attr *attr = &evsel->attr;
		bool tracking = evsel__is_sideband(evsel) && !rec->live.per_thread;

		attr->size = sizeof(*attr);
		attr->sample_type = sample_type;
		attr->read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST;
		attr->sample_id_all = 1;
		attr->inherit = !opts->no_inherit;
		if (attr->type == PERF_TYPE_TRACEPOINT) {
			/* every hit, unless -c says otherwise; the cpu per-thread too */
			attr->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CPU;
			attr->sample_period = opts->period_given ? opts->period : 1;
		} else if (opts->freq) {
			attr->freq = 1;
			attr->sample_freq = opts->freq;
		} else {
			attr->sample_period = opts->period;
		}
		if (tracking) {
			record__set_tracking(rec, attr);
			continue;
		}
		attr->disabled = 1;
		if (!attr->exclude_guest && !attr->exclude_host)
			attr->exclude_guest = 1;
		if (record__profiles_child(rec))
			attr->enable_on_exec = 1;
		if (rec->live.per_thread && i == 0)
			record__set_tracking(rec, attr);
	}

	if (rec->nr_tracepoints)
		record__config_ids(rec);

	/* where TIME sits in a sample, for SAMPLE_TIME */
	rec->time_pos = sizeof(struct perf_event_header);
	if (evlist__first(rec->evlist)->attr.sample_type & PERF_SAMPLE_IDENTIFIER)
		rec->time_pos += 8;
	rec->time_pos += 8 + 8;	/* IP, TID */
	return 0;
}

static void record__ioctl_all(struct record *rec, unsigned long req, bool sampling_only)
{
	live_session__ioctl(&rec->live, sampling_only ? rec->nr_sampling : -1, req);
}

static int record__mmap_record(void *priv, struct perf_mmap *map, const union perf_event *ev)
{
	struct record *rec = priv;

	record__track_buildid(rec, ev);
	if (ev->header.type == PERF_RECORD_SAMPLE) {
		u64 t;

		rec->samples++;
		if (rec->time_pos >= 0 && ev->header.size >= rec->time_pos + 8) {
			memcpy(&t, (const u8 *)ev + rec->time_pos, sizeof(t));
			if (!rec->first_time || t < rec->first_time)
				rec->first_time = t;
			if (t > rec->last_time)
				rec->last_time = t;
		}
	} else if (ev->header.type == PERF_RECORD_LOST) {
		/*
		 * The id is of the event that wrote next, not of what was lost:
		 * the split comes from each event's own count at the end.  Any
		 * loss may have taken KSYMBOLs: let the side-band rescan.
		 */
		rec->lost_records += ev->lost.lost;
		if (rec->sb_on)
			rec->rescan = true;
	} else if (rec->sb_on && rec->live.per_thread) {
		sb_dedup__seen(&rec->sb_dedup, ev, perf_clock__monotonic());
	}
	return 0;
}

/*
 * The kernel grows a KSYMBOL/BPF_EVENT header.size by the trailer size of
 * every listener before us without restoring it (two system-wide
 * recorders at once): our trailer follows the body, then stale bytes.
 * Cut such records to body + trailer so readers find the trailer.
 */
static u16 record__mmap_size(void *priv, const union perf_event *ev)
{
	struct record *rec = priv;
	size_t body = perf_event__sideband_body_size(ev);

	if (!body)
		return 0;
	body += rec->synth.id_hdr_size;
	return body < ev->header.size ? (u16)body : 0;
}

static int record__write_cb(void *priv, const void *buf, size_t len)
{
	return record__write(priv, buf, len);
}

static int record__mmap_push(void *priv, struct perf_mmap *map, const void *buf, size_t len)
{
	struct record *rec = priv;

	if (rec->zc_on)
		return record_compress__push(&rec->zc, buf, len, record__write_cb, rec);
	return record__write(priv, buf, len);
}

/*
 * File mode: keep the header's data size current, at most every 100 ms,
 * so that a record killed by SIGKILL leaves a file that upstream's report
 * reads too (it refuses data size 0; ours then takes the file's size).
 * Under the write lock, bytes_written ends on a record.
 */
static int record__update_data_size(struct record *rec)
{
	u64 size, now;
	int err = 0;

	if (rec->data.is_pipe || !rec->size_updates)
		return 0;
	now = perf_clock__monotonic();
	if (now - rec->size_updated < 100000000ULL)
		return 0;
	rec->size_updated = now;
	pthread_mutex_lock(&rec->write_lock);
	size = rec->bytes_written;
	if (!rec->write_err)
		err = perf_data__pwrite(&rec->data, &size, sizeof(size),
					offsetof(struct perf_file_header, data.size));
	pthread_mutex_unlock(&rec->write_lock);
	return err;
}

/* The side-band's copies taken before the rings were read from before. */
static int record__flush_forwarded(struct record *rec, u64 before)
{
	return sb_dedup__flush(&rec->sb_dedup, before, 2000000000ULL, record__emit, rec);
}

static int record__read_all(struct record *rec)
{
	const struct perf_mmap_ops ops = {
		.record = record__mmap_record,
		.push = record__mmap_push,
		.size = record__mmap_size,
	};
	u64 total = 0, start = perf_clock__monotonic();
	int i, err;

	for (i = 0; i < rec->live.nr_maps; i++) {
		s64 n;

		/*
		 * A ring's bytes go out in up to two writes when they wrap
		 * around its end: no side-band record may land between them.
		 */
		pthread_mutex_lock(&rec->write_lock);
		n = perf_mmap__read(&rec->live.maps[i], &ops, rec);
		pthread_mutex_unlock(&rec->write_lock);
		if (n < 0)
			return (int)n;
		total += n;
	}
	if (rec->sb_on && rec->live.per_thread) {
		err = record__flush_forwarded(rec, start);
		if (err < 0)
			return err;
		total += err;
	}
	if (rec->rescan) {
		rec->rescan = false;
		rec->nr_rescan_requests++;
		bpf_sideband__request_rescan(&rec->sb);
	}
	if (!total)
		return 0;
	err = record__finished_round(rec);
	if (!err)
		err = record__update_data_size(rec);
	return err;
}

/*
 * Final per-event lost counts (read_format LOST) as LOST_SAMPLES records,
 * the tracking event's too: its id tells side-band losses apart.
 */
static int record__lost_samples(struct record *rec)
{
	int nr = rec->live.cpus->nr * rec->live.threads->nr, i, slot, err = 0;
	struct evsel *evsel;

	evlist__for_each(rec->evlist, evsel, i) {
		u64 lost = 0;

		if (!(evsel->attr.read_format & PERF_FORMAT_LOST))
			continue;
		for (slot = 0; slot < nr; slot++) {
			u64 vals[3];

			if (read(rec->live.fds[i][slot], vals, sizeof(vals)) == sizeof(vals))
				lost += vals[2];
		}
		if (evsel__is_sideband(evsel))
			rec->lost_sideband += lost;
		else
			rec->lost_samples += lost;
		if (lost) {
			union {
				union perf_event	ev;
				u64			words[16];
			} b;
			struct perf_synth s = rec->synth;

			memset(&b, 0, sizeof(b));
			b.ev.header.type = PERF_RECORD_LOST_SAMPLES;
			b.ev.header.size = sizeof(struct perf_record_lost_samples);
			b.ev.lost_samples.lost = lost;
			s.id = evsel->nr_ids ? evsel->ids[0] : 0;
			err = perf_synth__emit(&s, &b.ev);
			if (err)
				break;
		}
	}
	return err;
}

/* The command after -- */

static int record__prepare_workload(struct record *rec, const char **argv)
{
	int ready[2];
	char c;

	if (pipe(rec->go_pipe) || pipe(ready))
		return -errno;
	rec->child = fork();
	if (rec->child < 0)
		return -errno;
	if (rec->child == 0) {
		close(rec->go_pipe[1]);
		close(ready[0]);
		if (rec->data.is_pipe)
			dup2(STDERR_FILENO, STDOUT_FILENO);	/* keep the stream clean */
		fcntl(ready[1], F_SETFD, FD_CLOEXEC);
		close(ready[1]);
		/* wait for the go: events are open by then (enable_on_exec) */
		if (read(rec->go_pipe[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "perf record: %s: cannot run the workload: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	close(rec->go_pipe[0]);
	close(ready[1]);
	close(ready[0]);
	return 0;
}

static void record__start_workload(struct record *rec)
{
	if (rec->child > 0 && rec->go_pipe[1] >= 0) {
		if (write(rec->go_pipe[1], "g", 1) != 1)
			fprintf(stderr, "perf record: cannot start the workload: %s\n",
				strerror(errno));
		close(rec->go_pipe[1]);
		rec->go_pipe[1] = -1;
	}
}

/*
 * Side-band forwarding in per-thread mode: KSYMBOL/BPF_EVENT of programs
 * loaded by tasks we do not record, so their samples are named.  Those of
 * recorded tasks come from their own events too: sb_dedup drops the
 * side-band's copies of them.
 */
static int record__sb_forward(void *priv, const union perf_event *ev)
{
	struct record *rec = priv;

	return sb_dedup__hold(&rec->sb_dedup, ev, perf_clock__monotonic());
}

static int record__start_sideband(struct record *rec)
{
	struct bpf_sideband *sb = &rec->sb;
	int err;

	memset(sb, 0, sizeof(*sb));
	sb->cap = &rec->cap;
	sb->attr = rec->evlist->entries[0]->attr;
	sb->priv = rec;
	sb->resynth = &rec->synth;
	sb->pages = 64;
	sb->realtime = true;
	if (rec->live.per_thread) {
		sb->forward = record__sb_forward;
	}
	err = bpf_sideband__open(sb);
	if (err) {
		if (!rec->opts.quiet)
			fprintf(stderr, "perf record: warning: no BPF side-band event (%s): "
				"bpf_prog_info of programs loaded while recording is not kept\n",
				strerror(-err));
		return 0;
	}
	err = bpf_sideband__start(sb);
	if (err) {
		bpf_sideband__stop(sb);
		return err;
	}
	rec->sb_on = true;
	return 0;
}

/* Header and features */

static int record__set_cmdline(struct record *rec, int argc, const char **argv)
{
	char exe[PATH_MAX];
	const char **args;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int i, err;

	if (n <= 0)
		snprintf(exe, sizeof(exe), "perf");
	else
		exe[n] = '\0';
	args = calloc(argc + 1, sizeof(*args));
	if (!args)
		return -ENOMEM;
	args[0] = exe;
	for (i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	err = perf_env__set_cmdline(&rec->header.env, argc + 1, args);
	free(args);
	return err;
}

static int record__init_header(struct record *rec, int argc, const char **argv)
{
	struct perf_header *h = &rec->header;
	static const int feats[] = {
		HEADER_HOSTNAME, HEADER_OSRELEASE, HEADER_VERSION, HEADER_ARCH, HEADER_NRCPUS,
		HEADER_CPUDESC, HEADER_CPUID, HEADER_TOTAL_MEM, HEADER_CMDLINE,
		HEADER_EVENT_DESC, HEADER_CPU_TOPOLOGY, HEADER_PMU_MAPPINGS,
		HEADER_SAMPLE_TIME, HEADER_CLOCKID,
	};
	struct timespec res;
	size_t i;
	int err;

	err = perf_env__read_local(&h->env);
	if (!err)
		err = perf_env__set_string(&h->env.version, perf_version_string);
	if (!err)
		err = record__set_cmdline(rec, argc, argv);
	if (err)
		return err;
	if (!clock_getres(CLOCK_MONOTONIC, &res))
		h->env.clockid_res_ns = (u64)res.tv_sec * 1000000000ULL + res.tv_nsec;
	for (i = 0; i < ARRAY_SIZE(feats); i++)
		perf_header__set_feat(h, feats[i]);
	if (!rec->opts.no_bpf_event) {
		perf_header__set_feat(h, HEADER_BPF_PROG_INFO);
		perf_header__set_feat(h, HEADER_BPF_BTF);
	}
	return 0;
}

/* TRACING_DATA: the formats of the tracepoints recorded. */
static int record__tracing_data(struct record *rec)
{
	struct perf_header *h = &rec->header;
	struct strbuf sb = STRBUF_INIT;
	const char **names;
	struct evsel *evsel;
	char dir[4096];
	size_t len;
	int i, n = 0, err;

	if (!rec->nr_tracepoints)
		return 0;
	/* found (or mounted) when the events were parsed */
	err = tracefs__dir(dir, sizeof(dir));
	if (err)
		return err;
	names = calloc(rec->nr_tracepoints, sizeof(*names));
	if (!names)
		return -ENOMEM;
	evlist__for_each(rec->evlist, evsel, i)
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			names[n++] = evsel__name(evsel);
	err = tracing_data__build(dir, names, n, &sb);
	free(names);
	if (err) {
		strbuf__release(&sb);
		return err;
	}
	free(h->raw[HEADER_TRACING_DATA].buf);
	h->raw[HEADER_TRACING_DATA].buf = strbuf__detach(&sb, &len);
	h->raw[HEADER_TRACING_DATA].size = len;
	perf_header__set_feat(h, HEADER_TRACING_DATA);
	return 0;
}

/* Pipe mode: HEADER_TRACING_DATA {size} followed by the payload, padded to 8. */
static int record__pipe_tracing_data(struct record *rec)
{
	const struct perf_feat_raw *raw = &rec->header.raw[HEADER_TRACING_DATA];
	struct perf_record_header_tracing_data td;
	u64 zero = 0;
	size_t pad;
	int err;

	if (!rec->nr_tracepoints || !raw->size)
		return 0;
	pad = PERF_ALIGN(raw->size, (u64)8) - raw->size;
	memset(&td, 0, sizeof(td));
	td.header.type = PERF_RECORD_HEADER_TRACING_DATA;
	td.header.size = sizeof(td);
	td.size = (u32)(raw->size + pad);
	err = perf_data__write(&rec->data, &td, sizeof(td));
	if (!err)
		err = perf_data__write(&rec->data, raw->buf, raw->size);
	if (!err && pad)
		err = perf_data__write(&rec->data, &zero, pad);
	return err;
}

/* File mode: the header without features, data size 0, before any record. */
static int record__write_initial_header(struct record *rec)
{
	struct perf_header *h = &rec->header;
	u64 saved[HEADER_FEAT_BITS / 64];
	int err;

	rec->data_offset = sizeof(struct perf_file_header) +
			   perf_header__attrs_size(rec->evlist);
	memcpy(saved, h->features, sizeof(saved));
	memset(h->features, 0, sizeof(h->features));
	err = perf_header__write(h, rec->evlist, &rec->data, rec->data_offset, 0);
	memcpy(h->features, saved, sizeof(saved));
	if (!err && lseek(rec->data.fd, rec->data_offset, SEEK_SET) < 0)
		err = -errno;
	return err;
}

/* Pipe mode: BPF_BTF then BPF_PROG_INFO again at the end, with everything. */
static int record__write_pipe_bpf_features(struct record *rec)
{
	static const int feats[] = { HEADER_BPF_BTF, HEADER_BPF_PROG_INFO };
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int err = 0;

	for (i = 0; !err && i < ARRAY_SIZE(feats); i++) {
		struct perf_event_header rh;
		size_t start = sizeof(rh) + sizeof(u64);
		u64 id = feats[i];

		strbuf__reset(&sb);
		err = strbuf__add_zero(&sb, start);
		if (!err)
			err = perf_feature__write(&rec->header, feats[i], &sb);
		if (err == -ENOENT) {
			err = 0;
			continue;
		}
		if (err || sb.len > 0xffff)
			continue;	/* a record cannot carry it */
		rh = (struct perf_event_header){ .type = PERF_RECORD_HEADER_FEATURE,
						 .size = (u16)sb.len };
		memcpy(sb.buf, &rh, sizeof(rh));
		memcpy(sb.buf + sizeof(rh), &id, sizeof(id));
		err = record__write(rec, sb.buf, sb.len);
	}
	strbuf__release(&sb);
	return err;
}

/*
 * BUILD_ID: read the file back (it is complete now) for the DSOs that got
 * samples, then write the header again with their build-ids.
 */
static int record__build_ids(struct record *rec)
{
	struct perf_header *h = &rec->header;
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	int err;

	err = record_buildid__collect(perf_data__write_path(&rec->data), &sb);
	if (err || !sb.len) {
		strbuf__release(&sb);
		return 0;	/* the profile is fine without them */
	}
	if (!rec->opts.no_buildid_cache)
		buildid_cache__add_payload(sb.buf, sb.len);
	free(h->raw[HEADER_BUILD_ID].buf);
	h->raw[HEADER_BUILD_ID].buf = strbuf__detach(&sb, &len);
	h->raw[HEADER_BUILD_ID].size = len;
	perf_header__set_feat(h, HEADER_BUILD_ID);
	return perf_header__write(h, rec->evlist, &rec->data, rec->data_offset,
				  rec->bytes_written);
}

/* -z: the COMPRESSED feature, with the ratio reached. */
static int record__comp_feature(struct record *rec)
{
	struct perf_feat_raw *raw = &rec->header.raw[HEADER_COMPRESSED];
	u32 v[5];

	record_compress__feature(&rec->zc, rec->live.pages * (u32)sysconf(_SC_PAGESIZE), v);
	free(raw->buf);
	raw->buf = malloc(sizeof(v));
	if (!raw->buf)
		return -ENOMEM;
	memcpy(raw->buf, v, sizeof(v));
	raw->size = sizeof(v);
	perf_header__set_feat(&rec->header, HEADER_COMPRESSED);
	return 0;
}

/* Pipe mode: HEADER_BUILD_ID records at the end, one per DSO with samples. */
static int record__pipe_build_ids(struct record *rec)
{
	struct strbuf sb = STRBUF_INIT;
	int err;

	if (!rec->bids || rec->bids_err)
		return 0;	/* the profile is fine without them */
	err = record_buildid__payload(rec->bids, &sb);
	if (!err && sb.len && !rec->opts.no_buildid_cache)
		buildid_cache__add_payload(sb.buf, sb.len);
	if (!err && sb.len)
		err = record__write(rec, sb.buf, sb.len);
	strbuf__release(&sb);
	return err;
}

static int record__synthesize(struct record *rec)
{
	struct perf_synth *s = &rec->synth;
	struct perf_event_header fi = { .type = PERF_RECORD_FINISHED_INIT, .size = sizeof(fi) };
	struct bpf_kallsyms ks;
	int err;

	err = perf_synth__kernel_mmap(s);
	if (!err)
		err = perf_synth__modules(s);
	if (!err)
		err = perf_synth__threads(s, rec->live.per_thread ? rec->live.threads : NULL);
	if (err)
		return err;
	if (rec->live.sideband_bits) {
		/* one read of /proc/kallsyms names programs and images */
		if (bpf_kallsyms__load(&ks))
			memset(&ks, 0, sizeof(ks));
		err = bpf_event__synthesize_all(s, &rec->cap, &ks, !rec->opts.no_bpf_event,
						false);
		if (err >= 0)
			err = perf_synth__bpf_images(s, &ks);
		bpf_kallsyms__exit(&ks);
		if (err < 0)
			return err;
	}
	err = record__write(rec, &fi, sizeof(fi));
	return err;
}

static int record__setup_target(struct record *rec, int argc, const char **argv,
				const struct option *options)
{
	struct record_opts *opts = &rec->opts;
	struct live_target t = {
		.system_wide = opts->system_wide || opts->cpu_list, .cpu_list = opts->cpu_list,
		.pids = opts->pids, .tids = opts->tids,
	};
	int err;

	if (!t.system_wide && !opts->pids && !opts->tids && !argc) {
		usage_error(record_usage, options,
			    "no target: give -a, -C, -p, -t or a command to run");
		return -EINVAL;
	}
	if (t.system_wide && (opts->pids || opts->tids)) {
		usage_error(record_usage, options, "-p/-t and -a/-C exclude each other");
		return -EINVAL;
	}
	opts->system_wide = t.system_wide;
	err = live_session__init_target(&rec->live, &t);
	if (!err && !rec->live.cpus)
		err = -ENOMEM;
	return err;
}

static void record__summary(struct record *rec)
{
	const char *name = rec->data.is_pipe ? "-" : rec->data.path;

	if (rec->opts.quiet)
		return;
	fprintf(stderr, "[ perf record: Woken up %lu times to write data ]\n", rec->wakeups);
	if (rec->lost_samples || rec->lost_sideband || rec->lost_records)
		fprintf(stderr, "[ perf record: Lost %llu samples and %llu side-band records ]\n",
			(unsigned long long)rec->lost_samples,
			(unsigned long long)rec->lost_sideband);
	if (rec->sb.nr_lost || rec->sb.nr_rescans)
		fprintf(stderr, "[ perf record: BPF side-band: %llu records lost, %llu rescans "
			"synthesized %llu programs again ]\n", (unsigned long long)rec->sb.nr_lost,
			(unsigned long long)rec->sb.nr_rescans,
			(unsigned long long)rec->sb.nr_recovered);
	fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s (%llu samples) ]\n",
		(double)(rec->bytes_written + rec->data_offset) / 1024.0 / 1024.0, name,
		(unsigned long long)rec->samples);
}

static int record__loop(struct record *rec)
{
	struct pollfd *pfd = calloc(rec->live.nr_maps, sizeof(*pfd));
	int i, err = 0;

	if (!pfd)
		return -ENOMEM;
	for (i = 0; i < rec->live.nr_maps; i++) {
		pfd[i].fd = rec->live.maps[i].fd;
		pfd[i].events = POLLIN;
	}
	while (!done) {
		int n, hup = 0;

		err = record__read_all(rec);
		if (err)
			break;
		if (done)
			break;
		/* wake now and then: a killed record keeps what was read */
		n = poll(pfd, rec->live.nr_maps, 250);
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
			break;
	}
	free(pfd);
	return err;
}

int cmd_record(int argc, const char **argv)
{
	struct record rec_storage, *rec = &rec_storage;
	struct record_opts *opts = &rec->opts;
	const char *mmap_pages = NULL;
	char msg[512];
	int orig_argc = argc, err, status = 0;
	const char **orig_argv = calloc(argc + 1, sizeof(*argv));
	struct sigaction sa;
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
		OPT_STRING('C', "cpu", &opts->cpu_list, "cpu",
			   "list of cpus to monitor"),
		OPT_STRING('p', "pid", &opts->pids, "pid",
			   "record events on existing process id"),
		OPT_STRING('t', "tid", &opts->tids, "tid",
			   "record events on existing thread id"),
		OPT_INTEGER('F', "freq", &opts->freq, "profile at this frequency"),
		OPT_U64('c', "count", &opts->period, "event period to sample"),
		OPT_CALLBACK_NOARG('g', NULL, opts, "enables call-graph recording",
				   record__parse_g),
		OPT_CALLBACK(0, "call-graph", opts, "record_mode",
			     "setup and enables call-graph (stack chain/backtrace): fp",
			     record__parse_callgraph),
		OPT_STRING('m', "mmap-pages", &mmap_pages, "pages",
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
		OPT_END()
	};

	memset(rec, 0, sizeof(*rec));
	if (!orig_argv)
		return 1;
	/* parse_options() reorders argv: keep the command line for CMDLINE */
	memcpy(orig_argv, argv, argc * sizeof(*argv));
	rec->child = -1;
	rec->go_pipe[0] = rec->go_pipe[1] = -1;
	rec->live.sideband_bits = true;
	rec->data.fd = -1;
	record__init_write_lock(rec);
	sb_dedup__init(&rec->sb_dedup);
	pthread_mutex_init(&rec->env_lock, NULL);
	perf_header__init(&rec->header);

	argc = parse_options(argc, argv, options, record_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc == -2 || argc < 0) {
		free(orig_argv);
		return argc == -2 ? 0 : 1;
	}
	err = -EINVAL;
	if (opts->freq && opts->period) {
		usage_error(record_usage, options, "-F and -c exclude each other");
		goto out;
	}
	if (opts->freq < 0) {
		fprintf(stderr, "perf record: -F %d: the frequency must be positive\n",
			opts->freq);
		goto out;
	}
	opts->period_given = opts->period != 0;
	if (!opts->freq && !opts->period)
		opts->freq = DEFAULT_FREQ;
	if (opts->freq) {
		FILE *fp = fopen("/proc/sys/kernel/perf_event_max_sample_rate", "r");
		int max = 0;

		if (fp) {
			if (fscanf(fp, "%d", &max) != 1)
				max = 0;
			fclose(fp);
		}
		if (max > 0 && opts->freq > max) {
			fprintf(stderr, "perf record: -F %d: maximum frequency rate (%d Hz) "
				"exceeded, using %d Hz\n", opts->freq, max, max);
			opts->freq = max;
		}
	}
	rec->live.pages = DEFAULT_PAGES;
	if (mmap_pages && perf_mmap__parse_pages(mmap_pages, &rec->live.pages)) {
		fprintf(stderr, "perf record: -m %s: expects a power of two number of pages "
			"or a size (512K, 2M)\n", mmap_pages);
		goto out;
	}

	err = record__setup_target(rec, argc, argv, options);
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

	rec->live.evlist = rec->evlist;
	err = record__config_evlist(rec);
	if (!err)
		err = live_session__open(&rec->live, "recording without BPF program records");
	if (!err)
		err = live_session__mmap(&rec->live);
	if (err)
		goto out;

	err = record__init_header(rec, orig_argc, orig_argv);
	if (!err)
		err = record__tracing_data(rec);
	if (err) {
		fprintf(stderr, "perf record: cannot collect the header: %s\n", strerror(-err));
		goto out;
	}
	if (!rec->live.sideband_bits || opts->no_bpf_event) {
		perf_header__clear_feat(&rec->header, HEADER_BPF_PROG_INFO);
		perf_header__clear_feat(&rec->header, HEADER_BPF_BTF);
	}
	if (rec->data.is_pipe) {
		/* pipe mode carries it as a TRACING_DATA record, as upstream */
		perf_header__clear_feat(&rec->header, HEADER_TRACING_DATA);
		err = perf_header__write_pipe(&rec->header, rec->evlist, &rec->data);
		if (!err)
			err = record__pipe_tracing_data(rec);
	} else {
		/*
		 * Every setup error is behind us: from now on the file is under
		 * its name, so that SIGKILL leaves it readable (data size 0, the
		 * readers take the file's size); error exits still remove it.
		 */
		err = record__write_initial_header(rec);
		if (!err)
			err = perf_data__publish(&rec->data);
		rec->size_updates = true;
	}
	if (err) {
		fprintf(stderr, "perf record: %s: %s\n", rec->data.path,
			rec->data.err[0] ? rec->data.err : strerror(-err));
		goto out;
	}
	if (rec->data.is_pipe) {
		/* the header went straight out, not through record__write */
		rec->data_offset = 0;
		rec->bids = record_buildid__new();
	}

	rec->synth = (struct perf_synth){
		.emit = record__emit,
		.priv = rec,
		.id_hdr_size = evsel__id_hdr_size(rec->evlist->entries[0]),
		.sample_type = rec->evlist->entries[0]->attr.sample_type,
	};
	rec->cap = (struct bpf_capture){
		.bpf = &rec->header.env.bpf,
		.lock = &rec->env_lock,
		.arrays = BPF_EVENT__ALL_ARRAYS,
		.keep_info = !opts->no_bpf_event,
	};
	if (rec->live.sideband_bits && !opts->no_bpf_event) {
		err = record__start_sideband(rec);
		if (err)
			goto out;
	}
	/*
	 * -p/-t: the sampling event carries the tracking bits, so enable it
	 * before reading /proc, or a thread created meanwhile has no FORK.
	 */
	if (rec->live.per_thread && !record__profiles_child(rec))
		record__ioctl_all(rec, PERF_EVENT_IOC_ENABLE, false);

	err = record__synthesize(rec);
	if (err) {
		fprintf(stderr, "perf record: cannot write what exists at start: %s\n",
			rec->data.err[0] ? rec->data.err : strerror(-err));
		goto out_stop;
	}

	if (record__profiles_child(rec))
		record__start_workload(rec);	/* enable_on_exec does the rest */
	else if (!rec->live.per_thread)
		record__ioctl_all(rec, PERF_EVENT_IOC_ENABLE, false);
	/* with a target (-a, -C, -p, -t) the command only sets the duration */
	if (!record__profiles_child(rec) && rec->child > 0)
		record__start_workload(rec);

	err = record__loop(rec);
	record__ioctl_all(rec, PERF_EVENT_IOC_DISABLE, false);
	if (!err)
		err = record__read_all(rec);

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

	rec->header.env.first_sample_time = rec->first_time;
	rec->header.env.last_sample_time = rec->last_time;
	if (rec->data.is_pipe) {
		if (!opts->no_bpf_event && rec->live.sideband_bits)
			err = record__write_pipe_bpf_features(rec);
		if (!err)
			err = record__pipe_build_ids(rec);
	} else {
		if (rec->zc_on)
			err = record__comp_feature(rec);
		if (!err)
			err = perf_header__write(&rec->header, rec->evlist, &rec->data,
						 rec->data_offset, rec->bytes_written);
		if (!err)
			err = record__build_ids(rec);
		if (!err)
			err = perf_data__commit(&rec->data);
	}
	if (err) {
		fprintf(stderr, "perf record: %s: %s\n", rec->data.path,
			rec->data.err[0] ? rec->data.err : strerror(-err));
		goto out;
	}
	record__summary(rec);
	(void)status;

out:
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
	free(orig_argv);
	return err ? 1 : 0;
}
