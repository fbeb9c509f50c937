// SPDX-License-Identifier: GPL-2.0
/* perf record's header and features, file and pipe mode (see record.h). */
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
#include "err-sink.h"
#include "record.h"
#include "synth-cgroup.h"

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

/*
 * -k: the clock's resolution (CLOCKID) and, in CLOCK_DATA, one instant on
 * both the time of day and that clock, for readers to convert.
 */
static int record__clock_data(struct record *rec)
{
	struct perf_env *env = &rec->header.env;
	clockid_t id = rec->opts.clockid;
	struct timespec res, tod, clk;

	if (clock_getres(id, &res) || clock_gettime(CLOCK_REALTIME, &tod) ||
	    clock_gettime(id, &clk)) {
		pr_err("-k %d: the kernel has no such clock", (int)id);
		return -EINVAL;
	}
	env->clockid_res_ns = (u64)res.tv_sec * 1000000000ULL + res.tv_nsec;
	env->clock_version = 1;
	env->clockid = (u32)id;
	env->clock_tod_ns = (u64)tod.tv_sec * 1000000000ULL + tod.tv_nsec;
	env->clock_clockid_ns = (u64)clk.tv_sec * 1000000000ULL + clk.tv_nsec;
	perf_header__set_feat(&rec->header, HEADER_CLOCK_DATA);
	return 0;
}

/* --group: GROUP_DESC, one anonymous group of every event (none of one). */
static int record__group_desc(struct record *rec)
{
	struct perf_env *env = &rec->header.env;
	u32 nr = rec->evlist->nr_entries;

	perf_env__clear_groups(env);
	if (nr > 1) {
		env->groups = calloc(1, sizeof(*env->groups));
		if (!env->groups)
			return -ENOMEM;
		env->groups[0].name = strdup("{anon_group}");
		if (!env->groups[0].name)
			return -ENOMEM;
		env->groups[0].leader_idx = 0;
		env->groups[0].nr_members = nr;
		env->nr_groups = 1;
	}
	perf_header__set_feat(&rec->header, HEADER_GROUP_DESC);
	return 0;
}

int record__init_header(struct record *rec, int argc, const char **argv, const char *version)
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
		err = perf_env__set_string(&h->env.version, version);
	if (!err)
		err = record__set_cmdline(rec, argc, argv);
	if (err)
		return err;
	if (rec->opts.use_clockid) {
		err = record__clock_data(rec);
		if (err)
			return err;
	} else if (!clock_getres(CLOCK_MONOTONIC, &res)) {
		h->env.clockid_res_ns = (u64)res.tv_sec * 1000000000ULL + res.tv_nsec;
	}
	for (i = 0; i < ARRAY_SIZE(feats); i++)
		perf_header__set_feat(h, feats[i]);
	if (rec->opts.group) {
		err = record__group_desc(rec);
		if (err)
			return err;
	}
	if (!rec->opts.no_bpf_event) {
		perf_header__set_feat(h, HEADER_BPF_PROG_INFO);
		perf_header__set_feat(h, HEADER_BPF_BTF);
	}
	return 0;
}

/* TRACING_DATA: the formats of the tracepoints recorded. */
int record__tracing_data(struct record *rec)
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
int record__pipe_tracing_data(struct record *rec)
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
int record__write_initial_header(struct record *rec)
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
int record__write_pipe_bpf_features(struct record *rec)
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
int record__build_ids(struct record *rec)
{
	struct perf_header *h = &rec->header;
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	int err;

	/* --buildid-mmap: the MMAP2s carry them, as upstream's */
	if (rec->opts.no_buildid || rec->opts.buildid_mmap)
		return 0;
	err = record_buildid__collect(perf_data__write_path(&rec->data), rec->opts.buildid_all,
				      &sb);
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
int record__comp_feature(struct record *rec)
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
int record__pipe_build_ids(struct record *rec)
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

int record__synthesize(struct record *rec)
{
	struct perf_event_header fi = { .type = PERF_RECORD_FINISHED_INIT, .size = sizeof(fi) };
	struct perf_synth *s = &rec->synth;
	struct perf_thread_map *only;
	int err;

	err = perf_synth__kernel_mmap(s);
	if (!err)
		err = perf_synth__modules(s);
	/*
	 * The command's maps before exec are ours, not its: exec brings its
	 * own (a file after a rotation takes them as they are now).
	 * Without task synthesis (--synth no, cgroup) the command still
	 * gets its COMM, as upstream's.
	 */
	s->no_mmaps = (record__profiles_child(rec) && !rec->rotated) ||
		      !(rec->opts.synth & RECORD_SYNTH_MMAP);
	if (!(rec->opts.synth & (RECORD_SYNTH_TASK | RECORD_SYNTH_MMAP))) {
		s->no_mmaps = true;
		only = rec->child > 0 ? thread_map__new_one(rec->child) : NULL;
		if (!err && only)
			err = perf_synth__threads(s, only);
		thread_map__delete(only);
	} else if (!err) {
		err = perf_synth__threads(s, rec->live.per_thread ? rec->live.threads : NULL);
	}
	s->no_mmaps = false;
	if (err)
		return err;
	err = live_session__synth_bpf(&rec->live, &rec->synth, &rec->cap, !rec->opts.no_bpf_event);
	if (err < 0)
		return err;
	/* --all-cgroups: the cgroups that exist (with --synth all or cgroup) */
	if (rec->opts.all_cgroups && (rec->opts.synth & RECORD_SYNTH_CGROUP)) {
		char mnt[PATH_MAX];

		err = synth_cgroup__mount("/proc/mounts", mnt, sizeof(mnt));
		err = err ? 0 : synth_cgroup__walk(s, mnt);
		if (err)
			return err;
	}
	return record__write(rec, &fi, sizeof(fi));
}

/*
 * The header before any record: collected (features, TRACING_DATA), then
 * written: in pipe mode at once, with its TRACING_DATA record; in file
 * mode without features and with data size 0, and the file put under its
 * name.  Problems are said to the error sink.
 */
int record__start_header(struct record *rec, int argc, const char **argv, const char *version)
{
	int err;

	err = record__init_header(rec, argc, argv, version);
	if (!err)
		err = record__tracing_data(rec);
	if (err) {
		pr_err("cannot collect the header: %s", strerror(-err));
		return err;
	}
	if (!rec->live.sideband_bits || rec->opts.no_bpf_event) {
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
		pr_err("%s: %s", rec->data.path,
		       rec->data.err[0] ? rec->data.err : strerror(-err));
		return err;
	}
	if (rec->data.is_pipe) {
		/* the header went straight out, not through record__write */
		rec->data_offset = 0;
		if (!rec->opts.no_buildid && !rec->opts.buildid_mmap)
			rec->bids = record_buildid__new(rec->opts.buildid_all);
	}
	return 0;
}

/* The features at the end (in pipe mode, their records) and the file committed. */
int record__finish_header(struct record *rec)
{
	int err = 0;

	/* -B: no walk of the samples, no times either, as upstream's */
	rec->header.env.first_sample_time = rec->opts.no_buildid ? 0 : rec->first_time;
	rec->header.env.last_sample_time = rec->opts.no_buildid ? 0 : rec->last_time;
	if (rec->data.is_pipe) {
		if (!rec->opts.no_bpf_event && rec->live.sideband_bits)
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
		pr_err("%s: %s", rec->data.path,
		       rec->data.err[0] ? rec->data.err : strerror(-err));
		return err;
	}
	return 0;
}

int record__switch_output(struct record *rec, const char *newname, bool at_exit)
{
	int err;

	pthread_mutex_lock(&rec->write_lock);
	/* --overwrite: what the rings hold goes into the file being finished */
	rec->drain = rec->opts.overwrite;
	err = rec->drain && !at_exit ? record__read_all(rec) : 0;
	rec->drain = false;
	if (!err)
		err = record__finish_header(rec);
	if (!err && rename(rec->data.path, newname) < 0) {
		err = -errno;
		pr_err("%s: cannot rename to %s: %s", rec->data.path, newname, strerror(errno));
	}
	if (err || at_exit)
		goto out;
	perf_data__close(&rec->data);
	rec->bytes_written = 0;
	rec->samples = 0;
	rec->first_time = 0;
	rec->last_time = 0;
	rec->lost_records = 0;
	rec->wakeups = 0;
	rec->rotated = true;
	err = perf_data__open_write(&rec->data, rec->data.path);
	if (!err)
		err = record__write_initial_header(rec);
	if (!err)
		err = perf_data__publish(&rec->data);
	if (err)
		rec->write_err = err;
out:
	pthread_mutex_unlock(&rec->write_lock);
	if (!err && !at_exit)
		err = record__synthesize(rec);
	return err;
}
