// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzz targets' common part: the input as a file, the mode hash, and
 * the replay driver of the plain (ASan+UBSan) build.  See fuzz.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "fuzz.h"

FILE *fuzz__devnull(void)
{
	static FILE *fp;

	/* FUZZ_SHOW=1: the output on stdout, to look at what an input prints */
	if (!fp)
		fp = getenv("FUZZ_SHOW") ? stdout : fopen("/dev/null", "w");
	return fp;
}

int fuzz__devnull_fd(void)
{
	FILE *fp = fuzz__devnull();

	return fp ? fileno(fp) : -1;
}

u64 fuzz__mode(const u8 *buf, size_t size)
{
	u64 h = 0xcbf29ce484222325ULL ^ size;
	size_t i;

	/* a word at a time: a 64 KiB input costs a few microseconds */
	for (i = 0; i + 8 <= size; i += 8) {
		u64 w;

		memcpy(&w, buf + i, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < size; i++)
		h = (h ^ buf[i]) * 0x100000001b3ULL;
	h ^= h >> 32;
	return h * 0x9e3779b97f4a7c15ULL;
}

void fuzz__check_error(int err, const struct perf_data *data)
{
	/* out of memory has nothing to say about the file */
	if (!err || err == -ENOMEM)
		return;
	if (!data->err[0] || strchr(data->err, '\n')) {
		fprintf(stderr, "fuzz: error %d without a one-line message: '%s'\n", err,
			data->err);
		abort();
	}
}

static int write_all(int fd, const u8 *buf, size_t size)
{
	while (size) {
		ssize_t n = write(fd, buf, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -EIO;
		buf += n;
		size -= (size_t)n;
	}
	return 0;
}

/*
 * Seven inputs in eight find objects by their paths only: no build-id
 * cache ($HOME/.debug), no debug files.  Loading libc's debug symbols
 * costs more than the rest of a run, and none of it is the input's bytes.
 */
static void pick_objects(u64 mode)
{
	static char *home, *debug;
	static bool saved;
	bool by_path = mode >> 61;

	if (!saved) {
		home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
		debug = getenv("PERF_DEBUG_DIR") ? strdup(getenv("PERF_DEBUG_DIR")) : NULL;
		saved = true;
	}
	if (by_path) {
		setenv("HOME", "/nonexistent", 1);
		setenv("PERF_DEBUG_DIR", "/nonexistent", 1);
		return;
	}
	if (home)
		setenv("HOME", home, 1);
	else
		unsetenv("HOME");
	if (debug)
		setenv("PERF_DEBUG_DIR", debug, 1);
	else
		unsetenv("PERF_DEBUG_DIR");
}

int fuzz__open(const u8 *buf, size_t size, struct perf_tool *tool, struct perf_data *data,
	       struct perf_session **session)
{
	static char path[64];
	int fd, err;

	*session = NULL;
	pick_objects(fuzz__mode(buf, size));
	if (!path[0])
		snprintf(path, sizeof(path), "%s/perf-fuzz.%d", getenv("TMPDIR") ?: "/tmp",
			 getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	err = write_all(fd, buf, size);
	close(fd);
	if (err)
		return err;
	err = perf_data__open_read(data, path);
	if (err) {
		fuzz__check_error(err, data);
		return err;
	}
	/* as the commands: an empty file is not read */
	if (!data->is_pipe && !data->size) {
		perf_data__close(data);
		return -EINVAL;
	}
	err = perf_session__new(session, data, tool);
	fuzz__check_error(err, data);
	if (err) {
		perf_session__delete(*session);
		*session = NULL;
		perf_data__close(data);
	}
	return err;
}

static u8 *load(const char *path, size_t *size)
{
	struct stat st;
	u8 *buf;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return NULL;
	}
	buf = malloc(st.st_size ? st.st_size : 1);
	n = buf ? read(fd, buf, st.st_size) : -1;
	close(fd);
	if (n != st.st_size) {
		free(buf);
		return NULL;
	}
	*size = (size_t)n;
	return buf;
}

/* An input taking longer than this in the ASan build is a hang in the making. */
#define REPLAY_SLOW_MS	10000

static int nr_run, nr_failed;

static void replay_file(const char *path)
{
	struct timespec t0, t1;
	size_t size = 0;
	long ms;
	u8 *buf = load(path, &size);

	nr_run++;
	if (!buf) {
		printf("not ok %d - %s: cannot read it\n", nr_run, path);
		nr_failed++;
		return;
	}
	/* a crash kills the driver: the last line names its input */
	printf("# %s\n", path);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	LLVMFuzzerTestOneInput(buf, size);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
	if (ms > REPLAY_SLOW_MS)
		nr_failed++;
	printf("%sok %d - %s (%zu bytes, mode %#llx, %ld ms)\n", ms > REPLAY_SLOW_MS ? "not " : "",
	       nr_run, path, size, (unsigned long long)(fuzz__mode(buf, size) & 0xffff), ms);
	fflush(stdout);
	free(buf);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* Every regular file of dir, in name order. */
static void replay_dir(const char *dir)
{
	char **names = NULL, path[4096];
	size_t nr = 0, i;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		char **n;

		if (de->d_name[0] == '.')
			continue;
		n = realloc(names, (nr + 1) * sizeof(*names));
		if (!n)
			break;
		names = n;
		names[nr] = strdup(de->d_name);
		if (names[nr])
			nr++;
	}
	closedir(d);
	qsort(names, nr, sizeof(*names), name_cmp);
	for (i = 0; i < nr; i++) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			replay_file(path);
		free(names[i]);
	}
	free(names);
}

int fuzz__replay_main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		struct stat st;

		if (!stat(argv[i], &st) && S_ISDIR(st.st_mode))
			replay_dir(argv[i]);
		else
			replay_file(argv[i]);
	}
	printf("1..%d\n", nr_run);
	return nr_failed ? 1 : 0;
}
