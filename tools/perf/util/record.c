// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's recorder: output, the attrs, the ring buffers read into
 * the file, the command after --, the BPF side-band (see record.h).
 */
#include "bpf-event.h"
#include "buildid-cache.h"
#include "cpumap.h"
#include "data.h"
#include "event.h"
#include "evlist-fds.h"
#include "evlist.h"
#include "header.h"
#include "live-session.h"
#include "mmap.h"
#include "parse-events.h"
#include "parse-options.h"
#include "perf-clock.h"
#include "record-buildid.h"
#include "record-compress.h"
#include "record-tracing.h"
#include "sideband-dedup.h"
#include "strbuf.h"
#include "synthesize.h"
#include "thread-map.h"
#include "tracefs.h"
#include <ctype.h>
#include <dirent.h>
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
#include "err-sink.h"
#include "record.h"

/* Recursive: the ring reader holds it across the writes of one ring. */
void record__init_write_lock(struct record *rec)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&rec->write_lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

/* Output: every byte goes through here, from either thread. */
int record__write(struct record *rec, const void *buf, size_t len)
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

int record__emit(void *priv, const union perf_event *ev)
{
	record__track_buildid(priv, ev);
	return record__write(priv, ev, ev->header.size);
}

int record__finished_round(struct record *rec)
{
	struct perf_event_header fr = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(fr) };

	return record__write(rec, &fr, sizeof(fr));
}

/* Events */

static void record__set_tracking(struct record *rec, struct perf_event_attr *attr)
{
	const struct record_opts *opts = &rec->opts;

	perf_event_attr__set_sideband(attr, !opts->no_bpf_event);
	if (opts->switch_events)
		attr->context_switch = 1;
	if (opts->namespaces)
		attr->namespaces = 1;
	if (opts->sample_addr)
		attr->mmap_data = 1;
	if (opts->buildid_mmap)
		attr->build_id = 1;
	if (opts->all_cgroups)
		attr->cgroup = 1;
}

/* The tracking dummy's name says where it counts, as upstream's modifiers. */
static const char *record__dummy_name(const struct record_opts *opts)
{
	if (opts->all_user)
		return "dummy:uh";
	if (opts->all_kernel)
		return "dummy:kh";
	return "dummy:HG";
}

/*
 * As upstream: one event has no id, several of one sample type an ID, of
 * different sample types an IDENTIFIER (first, so that any record names
 * its event); --sample-identifier asks for an IDENTIFIER in any case.
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
	if (rec->opts.sample_identifier)
		bit = PERF_SAMPLE_IDENTIFIER;
	evlist__for_each(evlist, evsel, i)
		evsel->attr.sample_type |= bit;
}

/* -I and --user-regs: on the sampling events, not on the tracking dummy */
static void record__set_regs(const struct record_opts *opts, struct perf_event_attr *attr)
{
	if (opts->sample_regs_intr) {
		attr->sample_type |= PERF_SAMPLE_REGS_INTR;
		attr->sample_regs_intr = opts->sample_regs_intr;
	}
	if (opts->sample_regs_user) {
		attr->sample_type |= PERF_SAMPLE_REGS_USER;
		attr->sample_regs_user = opts->sample_regs_user;
	}
}

/* The sample fields every event asks for (the tracking dummy too). */
static u64 record__sample_type(const struct record *rec)
{
	const struct record_opts *opts = &rec->opts;
	u64 sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;

	/*
	 * -R asks for the time too, even with --no-timestamp; --per-thread
	 * only when -T is given, as upstream's
	 */
	if ((opts->sample_time && (!opts->per_thread || opts->sample_time_set)) ||
	    opts->raw_samples)
		sample_type |= PERF_SAMPLE_TIME;
	if ((opts->freq && opts->period_bit >= 0) || opts->period_bit > 0)
		sample_type |= PERF_SAMPLE_PERIOD;
	if (opts->callchain)
		sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (!rec->live.per_thread || opts->sample_cpu || opts->raw_samples)
		sample_type |= PERF_SAMPLE_CPU;
	if (opts->raw_samples)
		sample_type |= PERF_SAMPLE_RAW;
	if (opts->sample_addr)
		sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
	if (opts->all_cgroups)
		sample_type |= PERF_SAMPLE_CGROUP;
	return sample_type | opts->na_sample_type;
}

/*
 * --group: every event one group led by the first, as upstream's (the
 * tracking dummy too); only the leader is disabled and enabled at exec.
 */
static void record__config_group(struct record *rec)
{
	struct evsel *evsel, *leader = evlist__first(rec->evlist);
	int i;

	evlist__for_each(rec->evlist, evsel, i) {
		if (evsel == leader)
			continue;
		evsel->leader = leader;
		evsel->attr.disabled = 0;
		evsel->attr.enable_on_exec = 0;
	}
}

/* What the options set in every attr, the tracking dummy's too. */
static void record__config_common(const struct record_opts *opts, struct perf_event_attr *attr)
{
	if (opts->running_time)
		attr->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED |
				     PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (opts->all_user)
		attr->exclude_kernel = 1;
	if (opts->all_kernel)
		attr->exclude_user = 1;
	/* both given: both excluded, as upstream */
	if (opts->callchain && opts->user_callchains)
		attr->exclude_callchain_kernel = 1;
	if (opts->callchain && opts->kernel_callchains)
		attr->exclude_callchain_user = 1;
	if (opts->no_buffering)
		attr->wakeup_events = 1;
	if (opts->stat) {
		attr->inherit_stat = 1;
		attr->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED |
				     PERF_FORMAT_TOTAL_TIME_RUNNING;
	}
	if (opts->no_samples) {
		attr->sample_period = 0;
		attr->sample_freq = 0;
	}
	if (opts->use_clockid) {
		attr->use_clockid = 1;
		attr->clockid = opts->clockid;
	}
	if (opts->overwrite)
		attr->write_backward = 1;
}

/* The attrs as upstream lays them out (see `perf evlist -v` of its files). */
int record__config_evlist(struct record *rec)
{
	struct record_opts *opts = &rec->opts;
	struct evsel *evsel;
	u64 sample_type;
	int i;

	rec->nr_sampling = rec->evlist->nr_entries;
	/* per thread with -D too: the sampling events start disabled, not it */
	rec->has_dummy = !rec->live.per_thread || record_delay__given(&opts->delay);
	if (rec->has_dummy) {
		struct perf_event_attr dummy;

		parse_events__event("dummy", &dummy, NULL, 0);
		evsel = evsel__new(&dummy, 0);
		if (!evsel || evsel__set_name(evsel, record__dummy_name(opts)) ||
		    evlist__add(rec->evlist, evsel)) {
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
	sample_type = record__sample_type(rec);

	evlist__for_each(rec->evlist, evsel, i) {
		struct perf_event_attr *attr = &evsel->attr;
		bool tracking = rec->has_dummy && i >= rec->nr_sampling;

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
		if (tracking && !opts->freq_given && !opts->period_given) {
			/* upstream's dummy follows -F and -c only when they are given */
			attr->freq = 0;
			attr->sample_period = 1;
			if (opts->period_bit <= 0)
				attr->sample_type &= ~(u64)PERF_SAMPLE_PERIOD;
		}
		record__config_common(opts, attr);
		if (tracking) {
			record__set_tracking(rec, attr);
			/* per thread (-D): with the command, from its exec */
			if (rec->live.per_thread && record__profiles_child(rec))
				attr->disabled = attr->enable_on_exec = 1;
			continue;
		}
		record__set_regs(opts, attr);
		attr->disabled = 1;
		if (!attr->exclude_guest && !attr->exclude_host)
			attr->exclude_guest = 1;
		if (record__profiles_child(rec) && !record_delay__given(&opts->delay))
			attr->enable_on_exec = 1;
		if (!rec->has_dummy && i == 0)
			record__set_tracking(rec, attr);
	}

	record__config_ids(rec);
	if (opts->group)
		record__config_group(rec);

	/* where TIME sits in a sample, for SAMPLE_TIME */
	sample_type = evlist__first(rec->evlist)->attr.sample_type;
	rec->time_pos = sizeof(struct perf_event_header);
	if (sample_type & PERF_SAMPLE_IDENTIFIER)
		rec->time_pos += 8;
	rec->time_pos += 8 + 8;	/* IP, TID */
	if (!(sample_type & PERF_SAMPLE_TIME))
		rec->time_pos = -1;
	return 0;
}

void record__ioctl_all(struct record *rec, unsigned long req, bool sampling_only)
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
int record__flush_forwarded(struct record *rec, u64 before)
{
	return sb_dedup__flush(&rec->sb_dedup, before, 2000000000ULL, record__emit, rec);
}

/* The CPUs of cpu's NUMA node, from sysfs; NULL when it has none. */
static struct perf_cpu_map *record__node_cpus(int cpu)
{
	struct perf_cpu_map *map = NULL;
	char path[128], list[1024];
	struct dirent *de;
	FILE *fp;
	DIR *dir;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	dir = opendir(path);
	if (!dir)
		return NULL;
	while ((de = readdir(dir)) && !map) {
		if (strncmp(de->d_name, "node", 4) || !isdigit((unsigned char)de->d_name[4]))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/node/%.32s/cpulist", de->d_name);
		fp = fopen(path, "r");
		if (fp && fgets(list, sizeof(list), fp)) {
			list[strcspn(list, "\n")] = '\0';
			if (perf_cpu_map__parse_option(&map, list))
				map = NULL;
		}
		if (fp)
			fclose(fp);
	}
	closedir(dir);
	return map;
}

/* --affinity: the reader moves to the ring's CPU (or its node) before reading it */
static void record__affinity(struct record *rec, int cpu)
{
	struct perf_cpu_map *node;
	cpu_set_t set;
	int i;

	if (rec->opts.affinity == RECORD_AFFINITY_SYS || cpu < 0 || cpu == rec->affinity_cpu)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	node = rec->opts.affinity == RECORD_AFFINITY_NODE ? record__node_cpus(cpu) : NULL;
	for (i = 0; node && i < node->nr; i++)
		if (node->cpus[i] >= 0 && node->cpus[i] < CPU_SETSIZE)
			CPU_SET(node->cpus[i], &set);
	perf_cpu_map__delete(node);
	/* not fatal: the data is the same wherever it is read */
	if (!sched_setaffinity(0, sizeof(set), &set))
		rec->affinity_cpu = cpu;
}

int record__read_all(struct record *rec)
{
	const struct perf_mmap_ops ops = {
		.record = record__mmap_record,
		.push = record__mmap_push,
		.size = record__mmap_size,
	};
	u64 total = 0, start = perf_clock__monotonic();
	int i, err;

	for (i = 0; i < rec->live.nr_maps; i++) {
		struct perf_mmap *map = &rec->live.maps[i];
		s64 n;

		/* --overwrite: the rings keep the latest, read only when asked */
		if (map->backward && !rec->drain)
			continue;
		/*
		 * A ring's bytes go out in up to two writes when they wrap
		 * around its end: no side-band record may land between them.
		 */
		record__affinity(rec, map->cpu);
		pthread_mutex_lock(&rec->write_lock);
		n = perf_mmap__read_any(map, &ops, rec);
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
int record__lost_samples(struct record *rec)
{
	int nr = rec->live.cpus->nr * rec->live.threads->nr, i, slot, err = 0;
	struct evsel *evsel;

	evlist__for_each(rec->evlist, evsel, i) {
		u64 lost = 0;

		if (!(evsel->attr.read_format & PERF_FORMAT_LOST))
			continue;
		for (slot = 0; slot < nr; slot++) {
			/* value, [enabled], [running], id, lost */
			int n = 3 + !!(evsel->attr.read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) +
				!!(evsel->attr.read_format & PERF_FORMAT_TOTAL_TIME_RUNNING);
			u64 vals[5];

			if (read(rec->live.fds[i][slot], vals, n * sizeof(u64)) ==
			    (ssize_t)(n * sizeof(u64)))
				lost += vals[n - 1];
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

int record__prepare_workload(struct record *rec, const char **argv)
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
		pr_err("%s: cannot run the workload: %s", argv[0],
		       strerror(errno));
		_exit(127);
	}
	close(rec->go_pipe[0]);
	close(ready[1]);
	close(ready[0]);
	return 0;
}

void record__start_workload(struct record *rec)
{
	if (rec->child > 0 && rec->go_pipe[1] >= 0) {
		if (write(rec->go_pipe[1], "g", 1) != 1)
			pr_err("cannot start the workload: %s",
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
	int err, open_err;

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
	err = live_session__start_sideband(sb, &open_err);
	if (open_err && !rec->opts.quiet)
		pr_warning("no BPF side-band event (%s): "
			   "bpf_prog_info of programs loaded while recording is not kept",
			   strerror(-open_err));
	rec->sb_on = !err && !open_err;
	return err;
}

/*
 * What synthesis writes through (the file, build ids tracked) and what
 * the BPF side-band keeps; the side-band thread started when the kernel
 * takes the bits.
 */
int record__start_capture(struct record *rec)
{
	int err;

	rec->synth = (struct perf_synth){
		.emit = record__emit,
		.priv = rec,
		.id_hdr_size = evsel__id_hdr_size(rec->evlist->entries[0]),
		.sample_type = rec->evlist->entries[0]->attr.sample_type,
		.namespaces = rec->opts.namespaces,
		.mmap_build_id = rec->opts.buildid_mmap,
	};
	rec->cap = (struct bpf_capture){
		.bpf = &rec->header.env.bpf,
		.lock = &rec->env_lock,
		.arrays = BPF_EVENT__ALL_ARRAYS,
		.keep_info = !rec->opts.no_bpf_event,
	};
	if (rec->live.sideband_bits && !rec->opts.no_bpf_event) {
		err = record__start_sideband(rec);
		if (err)
			return err;
	}
	return 0;
}
