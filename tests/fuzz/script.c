// SPDX-License-Identifier: GPL-2.0
/*
 * perf script on damaged input: every sample's line with its call chain
 * resolved through the machine, and the side-band records' lines.  The
 * mode picks the fields (the default or one of several -F lists, checked
 * as the command checks them), --show-{task,mmap,bpf}-events, -G and
 * --max-stack.  See fuzz.h.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "util/script.h"

struct fuzz_script {
	struct perf_tool	tool;
	struct script		s;
};

static int fs__sample(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	return script__sample(&((struct fuzz_script *)tool)->s, ev, sample, evsel);
}

static int fs__event(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	return script__event(&((struct fuzz_script *)tool)->s, ev, sample, evsel);
}

static const char * const field_lists[] = {
	NULL, NULL, NULL, NULL,
	"comm,tid,time,ip,sym,symoff,dso",
	"pid,tid,cpu,event,period,bpf_prog,ip,sym",
	"trace:comm,ip,dso,addr",
	"comm,pid,tid,time,cpu,event,ip,sym,symoff,dso,period",
};

int LLVMFuzzerTestOneInput(const u8 *buf, size_t size)
{
	struct fuzz_script fs = {
		.tool = { .sample = fs__sample, .event = fs__event, .ordered = true },
	};
	struct script *s = &fs.s;
	u64 mode = fuzz__mode(buf, size);
	const char *fields = field_lists[mode & 7];
	struct perf_session *session;
	struct perf_data data;
	char bad[512], msg[512];

	if (script__init(s, fuzz__devnull_fd(), FUZZ_KALLSYMS) ||
	    (fields && script__parse_fields(s, fields, bad, sizeof(bad))))
		goto out;
	s->show_task = (mode >> 3) & 1;
	s->show_mmap = (mode >> 4) & 1;
	s->show_bpf = (mode >> 5) & 1;
	s->no_callchain = (mode >> 6 & 3) == 0;
	s->max_stack = (mode >> 8) & 1 ? 3 : 127;
	if (fuzz__open(buf, size, &fs.tool, &data, &session))
		goto out;
	if (script__use_session(s, session))
		goto out_session;
	/* as the command: fields the events do not have end it */
	if (session->header.is_pipe ||
	    !script__check_fields(s, session->evlist, msg, sizeof(msg))) {
		int err;

		script__use_header(s, &session->header, (mode >> 9) & 1);
		err = perf_session__process(session);
		/* (a pipe's fields checked at its first record: the message is s->err) */
		if (!(err == -EINVAL && s->err[0] && !strchr(s->err, '\n')))
			fuzz__check_error(err, &data);
	}
out_session:
	perf_session__delete(session);
	perf_data__close(&data);
out:
	script__exit(s);
	return 0;
}

#ifndef FUZZING
int main(int argc, char **argv)
{
	return fuzz__replay_main(argc, argv);
}
#endif
