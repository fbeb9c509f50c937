// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "data.h"

int perf_data__err(struct perf_data *data, const char *fmt, ...)
{
	va_list ap;
	char *c;

	va_start(ap, fmt);
	vsnprintf(data->err, sizeof(data->err), fmt, ap);
	va_end(ap);
	/* names quoted from a damaged file may hold anything: one line, printable */
	for (c = data->err; *c; c++)
		if ((unsigned char)*c < ' ' || *c == 0x7f)
			*c = '?';
	return -EINVAL;
}

/* Describe the failed system call in errno; returns -errno. */
static int perf_data__sys_err(struct perf_data *data, const char *what)
{
	int err = errno;

	perf_data__err(data, "%s%s%s", what, *what ? ": " : "", strerror(err));
	return -err;
}

static void perf_data__init(struct perf_data *data, const char *path, bool write)
{
	memset(data, 0, sizeof(*data));
	data->path = path;
	data->is_write = write;
	data->is_pipe = !strcmp(path, "-");
	data->fd = -1;
}

int perf_data__open_read(struct perf_data *data, const char *path)
{
	struct stat st;
	void *base;

	perf_data__init(data, path, false);
	if (data->is_pipe) {
		data->fd = STDIN_FILENO;
		return 0;
	}

	data->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (data->fd < 0)
		return perf_data__sys_err(data, "");
	if (fstat(data->fd, &st) < 0) {
		int err = perf_data__sys_err(data, "");

		perf_data__close(data);
		return err;
	}
	if (S_ISFIFO(st.st_mode)) {
		data->is_pipe = true;
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		perf_data__close(data);
		return perf_data__err(data, "not a regular file");
	}
	data->size = st.st_size;
	if (data->size == 0)
		return 0;

	base = mmap(NULL, data->size, PROT_READ, MAP_PRIVATE, data->fd, 0);
	if (base == MAP_FAILED) {
		int err = perf_data__sys_err(data, "cannot map");

		perf_data__close(data);
		return err;
	}
	madvise(base, data->size, MADV_SEQUENTIAL);
	data->base = base;
	return 0;
}

const void *perf_data__slice(struct perf_data *data, u64 off, u64 len)
{
	if (!data->base || off > data->size || len > data->size - off)
		return NULL;
	return data->base + off;
}

int perf_data__pread(struct perf_data *data, void *buf, size_t len, u64 off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = pread(data->fd, (char *)buf + done, len - done, off + done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		done += n;
	}
	return 0;
}

int perf_data__read_pipe(struct perf_data *data, void *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = read(data->fd, (char *)buf + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return done == 0 ? 1 : -EIO;
		done += n;
	}
	data->pipe_pos += len;
	return 0;
}

bool perf_data__foreign(const struct perf_data *data)
{
	struct stat st;

	if (data->is_pipe || fstat(data->fd, &st))
		return false;
	return st.st_uid && st.st_uid != geteuid();
}

int perf_data__open_write(struct perf_data *data, const char *path)
{
	struct stat st;

	perf_data__init(data, path, true);
	if (data->is_pipe) {
		data->fd = STDOUT_FILENO;
		return 0;
	}

	/* a device such as /dev/null is written in place, never replaced */
	if (!stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		data->fd = open(path, O_WRONLY | O_CLOEXEC);
		return data->fd < 0 ? perf_data__sys_err(data, "cannot open") : 0;
	}
	if (asprintf(&data->tmp_path, "%s.tmpXXXXXX", path) < 0) {
		data->tmp_path = NULL;
		return -ENOMEM;
	}
	data->fd = mkostemp(data->tmp_path, O_CLOEXEC);
	if (data->fd < 0) {
		int err = perf_data__sys_err(data, "cannot create");

		free(data->tmp_path);
		data->tmp_path = NULL;
		return err;
	}
	/* mkostemp already gives 0600, as upstream's perf.data */
	return 0;
}

/* Write all of buf, at off or (off -1) at the file's position. */
static int data__write_all(struct perf_data *data, const void *buf, size_t len, s64 off)
{
	const char *p = buf;

	while (len) {
		ssize_t n = off < 0 ? write(data->fd, p, len) : pwrite(data->fd, p, len, off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return perf_data__sys_err(data, "write failed");
		}
		p += n;
		len -= n;
		if (off >= 0)
			off += n;
	}
	return 0;
}

int perf_data__write(struct perf_data *data, const void *buf, size_t len)
{
	return data__write_all(data, buf, len, -1);
}

int perf_data__pwrite(struct perf_data *data, const void *buf, size_t len, u64 off)
{
	return data__write_all(data, buf, len, (s64)off);
}

u64 perf_data__tell(struct perf_data *data)
{
	off_t off = lseek(data->fd, 0, SEEK_CUR);

	return off < 0 ? 0 : (u64)off;
}

/* Undo the move of the previous output to <path>.old. */
static void perf_data__restore_old(struct perf_data *data)
{
	char *old = NULL;

	if (!data->moved_old || asprintf(&old, "%s.old", data->path) < 0)
		return;
	/* best effort: the old file stays as <path>.old otherwise */
	if (rename(old, data->path) < 0)
		perf_data__sys_err(data, "cannot move the previous file back");
	free(old);
	data->moved_old = false;
}

/* Move an existing non-empty output to <path>.old, then ours into place. */
static int perf_data__rename_into_place(struct perf_data *data)
{
	char *old = NULL;
	struct stat st;

	if (stat(data->path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		if (asprintf(&old, "%s.old", data->path) < 0)
			return -ENOMEM;
		if (rename(data->path, old) < 0) {
			int err = perf_data__sys_err(data, "cannot keep the old file");

			free(old);
			return err;
		}
		free(old);
		data->moved_old = true;
	}
	if (rename(data->tmp_path, data->path) < 0) {
		int err = perf_data__sys_err(data, "cannot rename into place");

		perf_data__restore_old(data);
		return err;
	}
	free(data->tmp_path);
	data->tmp_path = NULL;
	return 0;
}

int perf_data__publish(struct perf_data *data)
{
	int err;

	if (data->is_pipe || !data->tmp_path)
		return 0;
	err = perf_data__rename_into_place(data);
	if (!err)
		data->published = true;
	return err;
}

int perf_data__commit(struct perf_data *data)
{
	if (data->is_pipe || (!data->tmp_path && !data->published))
		return 0;
	if (fsync(data->fd) < 0 && errno != EINVAL)
		return perf_data__sys_err(data, "sync failed");
	if (data->published) {
		data->published = false;
		data->moved_old = false;
		return 0;
	}
	return perf_data__rename_into_place(data);
}

const char *perf_data__write_path(const struct perf_data *data)
{
	return data->tmp_path ? data->tmp_path : data->path;
}

void perf_data__close(struct perf_data *data)
{
	if (data->base)
		munmap((void *)data->base, data->size);
	data->base = NULL;
	if (data->fd >= 0 && !(data->is_pipe && (data->fd == 0 || data->fd == 1)))
		close(data->fd);
	data->fd = -1;
	/* output never committed: remove the partial file */
	if (data->tmp_path) {
		unlink(data->tmp_path);
		free(data->tmp_path);
		data->tmp_path = NULL;
	}
	if (data->published) {
		unlink(data->path);
		perf_data__restore_old(data);
		data->published = false;
	}
}

const char *perf_data__input_name(const char *given)
{
	struct stat st;

	if (given)
		return given;
	if (!fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode))
		return "-";
	return "perf.data";
}
