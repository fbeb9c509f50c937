// SPDX-License-Identifier: GPL-2.0
/*
 * Robustness of the perf.data reader on damaged input.
 *
 * Built with libFuzzer (make fuzz) it is a fuzz target; built plainly
 * (ASan+UBSan, make check) it is a TAP test that takes a real perf.data
 * file and feeds the reader every truncation of it and random byte flips,
 * or with --replay runs the target once on each file (see fuzz.h).
 * Each input goes through the header, every record, the -D printer and
 * the header printer, and each tracepoint sample's fields through the
 * file's formats (TRACING_DATA, libtraceevent), as perf script prints
 * them.  A crash is caught by the sanitizers; a hang by the
 * caller's timeout.  Each input must either be read or fail with a
 * one-line message.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "util/dump.h"
#include "util/strbuf.h"
#include "util/tracing-data.h"

static FILE *devnull;

static int dump_any(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *ev, struct perf_sample *sample, struct evsel *evsel)
{
	struct tep_event *format;

	dump__record(devnull, session, ev, session->file_offset, evsel, sample);
	format = evsel && ev->header.type == PERF_RECORD_SAMPLE ?
		 perf_session__tp_format(session, evsel) : NULL;
	if (format && sample->raw_data) {
		struct strbuf sb = STRBUF_INIT;

		if (!tracing_data__format(session->tracing, format, (int)sample->cpu,
					  sample->raw_data, sample->raw_size, &sb))
			fwrite(sb.buf, 1, sb.len, devnull);
		strbuf__release(&sb);
	}
	return 0;
}

static int dump_user(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *ev, u64 file_offset)
{
	dump__record(devnull, session, ev, file_offset, NULL, NULL);
	return 0;
}

/* 0: read whole; 1: failed with a message in msg; -1: failed without one */
static int read_file(const char *path, char *msg, size_t len)
{
	struct perf_tool tool = {
		.sample = dump_any, .event = dump_any, .user = dump_user, .ordered = true,
	};
	struct perf_session *session = NULL;
	struct perf_data data;
	int err;

	msg[0] = 0;
	err = perf_data__open_read(&data, path);
	if (!err)
		err = perf_session__new(&session, &data, &tool);
	if (!err) {
		perf_header__fprintf(&session->header, session->evlist, devnull, true);
		err = perf_session__process(session);
	}
	if (err)
		snprintf(msg, len, "%s", data.err);
	perf_session__delete(session);
	perf_data__close(&data);
	if (!err)
		return 0;
	return msg[0] && !strchr(msg, '\n') ? 1 : -1;
}

static int write_file(const char *path, const u8 *buf, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, size);
	close(fd);
	return n == (ssize_t)size ? 0 : -EIO;
}

int LLVMFuzzerTestOneInput(const u8 *buf, size_t size)
{
	char path[64], msg[256];

	devnull = fuzz__devnull();
	snprintf(path, sizeof(path), "%s/perf-fuzz.%d", getenv("TMPDIR") ?: "/tmp", getpid());
	/* an error must say what it is on one line */
	if (write_file(path, buf, size) == 0 && read_file(path, msg, sizeof(msg)) < 0) {
		fprintf(stderr, "fuzz: an error without a one-line message: '%s'\n", msg);
		abort();
	}
	return 0;
}

#ifndef FUZZING
#include "tap.h"

/* the scratch file cannot be made: no verdict on the reader */
static void __attribute__((noreturn)) bail(const char *what, const char *path)
{
	printf("Bail out! cannot %s %s: %s\n", what, path, strerror(errno));
	exit(1);
}

static u8 *load(const char *path, size_t *size)
{
	FILE *fp = fopen(path, "rb");
	u8 *buf = NULL;
	long n;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) > 0 && fseek(fp, 0, SEEK_SET) == 0) {
		buf = malloc(n);
		if (buf && fread(buf, 1, n, fp) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*size = n;
	}
	fclose(fp);
	return buf;
}

int main(int argc, char **argv)
{
	unsigned int seed = 1, flips = 2000, stride = 1;
	size_t size = 0, off, bad_msg = 0, read_ok = 0, errors = 0;
	char path[4096], msg[256], first_bad[256] = "";
	u8 *orig, *buf;
	size_t i;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE [FLIPS [SEED [STRIDE]]]\n"
			"       %s --replay FILE|DIR...\n", argv[0], argv[0]);
		return 2;
	}
	if (!strcmp(argv[1], "--replay"))
		return fuzz__replay_main(argc - 1, argv + 1);
	if (argc > 2)
		flips = strtoul(argv[2], NULL, 0);
	if (argc > 3)
		seed = strtoul(argv[3], NULL, 0);
	if (argc > 4 && strtoul(argv[4], NULL, 0) > 0)
		stride = strtoul(argv[4], NULL, 0);
	devnull = fuzz__devnull();
	orig = load(argv[1], &size);
	if (!orig || !devnull || size < 16)
		skip_all("cannot load the input file");
	buf = malloc(size);
	snprintf(path, sizeof(path), "%s/perf-damaged.%d", getenv("TMPDIR") ?: "/tmp", getpid());

	plan(4);
	ok(read_file(argv[1], msg, sizeof(msg)) == 0, "the intact file reads (%s)", msg);

	/*
	 * every proper prefix is an error with a message: the header promises
	 * more.  The file is written once and cut shorter and shorter, so no
	 * prefix is written again (gigabytes for a file of a few 100 KiB).
	 */
	if (write_file(path, orig, size))
		bail("write", path);
	for (off = (size - 1) / stride * stride; ; off -= stride) {
		int r;

		if (truncate(path, off))
			bail("truncate", path);
		r = read_file(path, msg, sizeof(msg));
		if (r != 1) {
			bad_msg++;
			/* the shortest one */
			snprintf(first_bad, sizeof(first_bad), "at %zu: %s", off,
				 r == 0 ? "read without error" : "no message");
		}
		if (off < stride)
			break;
	}
	ok(bad_msg == 0, "all %zu truncations (every %u bytes) fail with a one-line message %s",
	   (size + stride - 1) / stride, stride, first_bad);

	/*
	 * random byte flips: read or fail with a message, never crash.  The
	 * file is whole again, and only the flipped bytes are written (and
	 * put back after).
	 */
	srand(seed);
	bad_msg = 0;
	first_bad[0] = 0;
	if (write_file(path, orig, size))
		bail("write", path);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		bail("open", path);
	memcpy(buf, orig, size);
	for (i = 0; i < flips; i++) {
		int nflip = 1 + rand() % 4, j, r;
		size_t at[4];

		for (j = 0; j < nflip; j++) {
			int bit = rand() % 8;	/* first: the flips of a seed stay as they were */

			at[j] = rand() % size;
			buf[at[j]] ^= 1 << bit;
		}
		for (j = 0; j < nflip; j++)
			if (pwrite(fd, buf + at[j], 1, at[j]) != 1)
				bail("write", path);
		r = read_file(path, msg, sizeof(msg));
		for (j = 0; j < nflip; j++) {
			buf[at[j]] = orig[at[j]];
			if (pwrite(fd, orig + at[j], 1, at[j]) != 1)
				bail("write", path);
		}
		if (r == 0)
			read_ok++;
		else if (r == 1)
			errors++;
		else {
			bad_msg++;
			if (!first_bad[0])
				snprintf(first_bad, sizeof(first_bad), "flip run %zu", i);
		}
	}
	ok(bad_msg == 0, "%u flipped copies: %zu read, %zu errors, none without a message %s",
	   flips, read_ok, errors, first_bad);
	ok(errors > 0, "some flips are detected as errors");

	close(fd);
	unlink(path);
	free(buf);
	free(orig);
	return done_testing();
}
#endif
