// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data -> upstream's JSON: a perf_tool printing each sample as it
 * comes, in time order, through one output buffer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "data.h"
#include "data-json.h"
#include "fmt-buf.h"
#include "machine.h"
#include "session.h"

struct data_json {
	struct perf_tool	tool;
	struct machine		*machine;
	struct fmt_buf		out;
	u64			nr_samples;
};

static void json_str(struct fmt_buf *b, const char *s)
{
	fmt_buf__json_str(b, s, 0);
}

static void json__frame(struct fmt_buf *b, u64 ip, const struct addr_location *al)
{
	fmt_buf__puts(b, "\n\t\t\t\t{\n\t\t\t\t\t\"ip\": \"0x");
	fmt_buf__x64(b, ip, 0, 0);
	fmt_buf__putc(b, '"');
	if (al && al->sym && al->sym->name[0]) {
		fmt_buf__puts(b, ",\n\t\t\t\t\t\"symbol\": ");
		json_str(b, al->sym->name);
		if (al->map && al->dso && al->dso->short_name[0]) {
			fmt_buf__puts(b, ",\n\t\t\t\t\t\"dso\": ");
			json_str(b, al->dso->short_name);
		}
	}
	fmt_buf__puts(b, "\n\t\t\t\t}");
}

static int json__sample(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *ev, struct perf_sample *sample,
			struct evsel *evsel)
{
	struct data_json *j = (struct data_json *)tool;
	struct fmt_buf *b = &j->out;
	struct addr_location al, fal;
	u8 cpumode = PERF_RECORD_MISC_USER;
	int err;
	u64 i;

	err = machine__resolve(j->machine, ev, sample, &al);
	if (err)
		return err;
	if (j->nr_samples++)
		fmt_buf__putc(b, ',');
	fmt_buf__puts(b, "\n\t\t{\n\t\t\t\"timestamp\": ");
	fmt_buf__s64(b, (s64)sample->time, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\t\"pid\": ");
	fmt_buf__s64(b, al.thread->pid, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\t\"tid\": ");
	fmt_buf__s64(b, al.thread->tid, 0, 0);
	if ((sample->sample_type & PERF_SAMPLE_CPU) && (s32)sample->cpu >= 0) {
		fmt_buf__puts(b, ",\n\t\t\t\"cpu\": ");
		fmt_buf__s64(b, (s32)sample->cpu, 0, 0);
	}
	fmt_buf__puts(b, ",\n\t\t\t\"comm\": ");
	json_str(b, al.thread->comm);
	fmt_buf__puts(b, ",\n\t\t\t\"callchain\": [");
	if (sample->callchain) {
		bool first = true;

		for (i = 0; i < sample->callchain_nr; i++) {
			u64 ip = sample->callchain[i];

			if (ip >= PERF_CONTEXT_MAX) {
				u8 mode = machine__context_cpumode(ip);

				/* upstream follows hv, kernel and user only */
				if (mode == PERF_RECORD_MISC_HYPERVISOR ||
				    mode == PERF_RECORD_MISC_KERNEL ||
				    mode == PERF_RECORD_MISC_USER)
					cpumode = mode;
				continue;
			}
			if (!first)
				fmt_buf__putc(b, ',');
			first = false;
			machine__resolve_ip(j->machine, al.thread, cpumode, ip, &fal);
			json__frame(b, ip, fal.map ? &fal : NULL);
		}
	} else {
		json__frame(b, sample->ip, &al);
	}
	fmt_buf__puts(b, "\n\t\t\t]\n\t\t}");
	return fmt_buf__error(b);
}

static int json__event(struct perf_tool *tool, struct perf_session *session,
		       const union perf_event *ev, struct perf_sample *sample,
		       struct evsel *evsel)
{
	struct data_json *j = (struct data_json *)tool;
	int err = machine__process_event(j->machine, ev, sample);

	return err == -ENOMEM ? err : 0;
}

static void json__headers(struct fmt_buf *b, struct perf_session *session,
			  const struct perf_data *data)
{
	const struct perf_header *h = &session->header;
	const struct perf_env *env = &h->env;
	struct stat st;
	u32 i;

	fmt_buf__puts(b, "\n\t\t\"header-version\": 1");
	if (!fstat(data->fd, &st)) {
		time_t t = st.st_mtime;
		struct tm tm;
		char buf[64];

		strftime(buf, sizeof(buf), "%FT%TZ", gmtime_r(&t, &tm));
		fmt_buf__puts(b, ",\n\t\t\"captured-on\": \"");
		fmt_buf__puts(b, buf);
		fmt_buf__putc(b, '"');
	}
	fmt_buf__puts(b, ",\n\t\t\"data-offset\": ");
	fmt_buf__u64(b, h->data_offset, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\"data-size\": ");
	fmt_buf__u64(b, h->data_size, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\"feat-offset\": ");
	fmt_buf__u64(b, h->data_offset + h->data_size, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\"hostname\": ");
	json_str(b, env->hostname);
	fmt_buf__puts(b, ",\n\t\t\"os-release\": ");
	json_str(b, env->os_release);
	fmt_buf__puts(b, ",\n\t\t\"arch\": ");
	json_str(b, env->arch);
	fmt_buf__puts(b, ",\n\t\t\"cpu-desc\": ");
	json_str(b, env->cpu_desc);
	fmt_buf__puts(b, ",\n\t\t\"cpuid\": ");
	json_str(b, env->cpuid);
	fmt_buf__puts(b, ",\n\t\t\"nrcpus-online\": ");
	fmt_buf__u64(b, env->nr_cpus_online, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\"nrcpus-avail\": ");
	fmt_buf__u64(b, env->nr_cpus_avail, 0, 0);
	fmt_buf__puts(b, ",\n\t\t\"perf-version\": ");
	json_str(b, env->version);
	fmt_buf__puts(b, ",\n\t\t\"cmdline\": [");
	for (i = 0; i < env->nr_cmdline; i++) {
		if (i)
			fmt_buf__putc(b, ',');
		fmt_buf__puts(b, "\n\t\t\t");
		json_str(b, env->cmdline_argv[i]);
	}
	fmt_buf__puts(b, "\n\t\t]");
}

int data_json__convert(const char *path, const struct data_json_opts *opts, int fd,
		       struct data_json_stats *st, char *err, size_t errsz)
{
	struct data_json j = { 0 };
	struct perf_session *session = NULL;
	struct perf_data data;
	bool data_open = false;
	int ret;

	j.tool.sample = json__sample;
	j.tool.event = json__event;
	j.tool.ordered = true;
	j.machine = machine__new(opts->kallsyms);
	if (!j.machine || fmt_buf__init(&j.out, fd, 1 << 20)) {
		snprintf(err, errsz, "out of memory");
		machine__delete(j.machine);
		return -ENOMEM;
	}
	ret = perf_data__open_read(&data, path);
	if (ret) {
		snprintf(err, errsz, "%s%s", data.err,
			 ret == -ENOENT ? " (try 'perf record' first)" : "");
		goto out;
	}
	data_open = true;
	if (!data.is_pipe && data.size == 0) {
		snprintf(err, errsz, "zero-sized data, nothing to do");
		ret = -EINVAL;
		goto out;
	}
	ret = perf_session__new(&session, &data, &j.tool);
	if (ret) {
		snprintf(err, errsz, "%s", data.err);
		goto out;
	}
	{
		const struct perf_feat_raw *bid = &session->header.raw[HEADER_BUILD_ID];

		if (!bid->swapped && bid->buf)
			machine__set_build_ids(j.machine, bid->buf, bid->size);
	}
	if (!opts->no_bpf_prog_info)
		machine__set_bpf_info(j.machine, &session->header.env.bpf);
	fmt_buf__puts(&j.out, "{\n\t\"linux-perf-json-version\": 1,\n\t\"headers\": {");
	json__headers(&j.out, session, &data);
	fmt_buf__puts(&j.out, "\n\t},\n\t\"samples\": [");
	ret = perf_session__process(session);
	if (ret) {
		snprintf(err, errsz, "%s", ret == -ENOMEM ? "out of memory" :
			 data.err[0] ? data.err : strerror(-ret));
		goto out;
	}
	fmt_buf__puts(&j.out, "\n\t]\n}\n");
	st->nr_samples = j.nr_samples;
out:
	if (fmt_buf__exit(&j.out) && !ret) {
		ret = j.out.err;
		snprintf(err, errsz, "%s", strerror(-ret));
	}
	{
		off_t pos = lseek(fd, 0, SEEK_CUR);

		st->bytes = pos > 0 ? (u64)pos : 0;
	}
	perf_session__delete(session);
	if (data_open)
		perf_data__close(&data);
	machine__delete(j.machine);
	return ret;
}
