// SPDX-License-Identifier: GPL-2.0
/*
 * perf inject: copy a perf.data stream through our reader and writer.
 * File or pipe in, file or pipe out; records keep their order, the header
 * (attrs and features) is rewritten in native byte order.  Compressed
 * records are written decompressed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "input.h"
#include "util/data.h"
#include "util/header.h"
#include "util/parse-options.h"
#include "util/session.h"

struct inject {
	struct perf_tool	tool;
	struct perf_data	out;
	u64			data_offset;	/* file output: where records start */
	u64			bytes_written;
};

static const char *const inject_usage[] = {
	"perf inject [<options>]",
	NULL
};

static int inject__write_record(struct perf_tool *tool, struct perf_session *session,
				const union perf_event *ev, u64 file_offset)
{
	struct inject *inj = (struct inject *)tool;
	u32 type = ev->header.type;
	int err;

	if (type == PERF_RECORD_COMPRESSED)
		return 0;	/* its records follow, decompressed */
	if (!inj->out.is_pipe &&
	    (type == PERF_RECORD_HEADER_ATTR || type == PERF_RECORD_HEADER_FEATURE))
		return 0;	/* they go to the file header */
	err = perf_data__write(&inj->out, ev, ev->header.size);
	if (!err)
		inj->bytes_written += ev->header.size;
	return err;
}

static int inject__start_output(struct inject *inj, struct perf_session *session)
{
	if (!inj->out.is_pipe) {
		/*
		 * Records start after room for the attrs when they are known
		 * (upstream's layout); a pipe's arrive with the records, so
		 * then they are written after the features.
		 */
		inj->data_offset = sizeof(struct perf_file_header);
		if (!session->header.is_pipe)
			inj->data_offset += perf_header__attrs_size(session->evlist);
		if (lseek(inj->out.fd, inj->data_offset, SEEK_SET) < 0)
			return -errno;
		return 0;
	}
	if (!session->header.is_pipe)
		return perf_header__write_pipe(&session->header, session->evlist, &inj->out);

	/* pipe to pipe: attrs and features pass through as records */
	{
		struct perf_pipe_file_header ph = {
			.magic = PERF_MAGIC2,
			.size = sizeof(ph),
		};

		return perf_data__write(&inj->out, &ph, sizeof(ph));
	}
}

int cmd_inject(int argc, const char **argv)
{
	struct inject inj = { .tool = { .raw = inject__write_record } };
	const char *input = "-", *output = "-";
	struct perf_session *session = NULL;
	struct perf_data in;
	bool force = false;
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &force, "read another user's file too"),
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_STRING('o', "output", &output, "file", "output file name"),
		OPT_END()
	};
	const char *what = NULL;
	int err;

	argc = parse_options(argc, argv, options, inject_usage, 0);
	if (argc == -2)
		return 0;
	if (argc < 0)
		return 1;
	if (argc > 0) {
		usage_error(inject_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}

	err = input__open(&(struct input){ "inject", input, force }, &in, &inj.tool, &session);
	if (err)
		return err;
	err = perf_data__open_write(&inj.out, output);
	if (err) {
		fprintf(stderr, "perf inject: %s: %s\n", output, inj.out.err);
		goto out;
	}

	err = inject__start_output(&inj, session);
	if (err) {
		what = output;
		goto out_err;
	}
	err = perf_session__process(session);
	if (err) {
		what = input;
		goto out_err;
	}
	if (!inj.out.is_pipe) {
		perf_header__clear_feat(&session->header, HEADER_COMPRESSED);
		err = perf_header__write(&session->header, session->evlist, &inj.out,
					 inj.data_offset, inj.bytes_written);
		if (!err)
			err = perf_data__commit(&inj.out);
		if (err) {
			what = output;
			goto out_err;
		}
	}
	goto out;

out_err:
	fprintf(stderr, "perf inject: %s: %s\n", what,
		what == input ? in.err : (inj.out.err[0] ? inj.out.err : strerror(-err)));
out:
	perf_data__close(&inj.out);
	perf_session__delete(session);
	perf_data__close(&in);
	return err;
}
