/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_DATA_H
#define __PERF_DATA_H

#include "types.h"

/*
 * A perf.data file or pipe.  A file opened for reading is mapped whole, so
 * readers slice it with perf_data__slice(), which checks every bound; the
 * records of the data section are read with perf_data__pread().  A
 * pipe ("-") is read sequentially.  Output is written to a temporary file
 * that perf_data__commit() renames into place, so a failed run never
 * leaves a half-written perf.data behind.  A device (/dev/null) is
 * written in place.
 */
struct perf_data {
	const char	*path;		/* as the user named it; "-" is a pipe */
	bool		is_pipe;
	bool		is_write;
	int		fd;
	const u8	*base;		/* file mode read: the mapping */
	u64		size;		/* file mode read: file size */
	u64		pipe_pos;	/* pipe read: bytes consumed so far */
	char		*tmp_path;	/* write: where bytes go until commit */
	bool		published;	/* write: under its name, not yet committed */
	bool		moved_old;	/* write: the previous file is now <path>.old */
	char		err[256];	/* the last problem, for "perf x: path: err" */
};

int perf_data__open_read(struct perf_data *data, const char *path);
int perf_data__open_write(struct perf_data *data, const char *path);
void perf_data__close(struct perf_data *data);
/*
 * A file read that belongs to neither root nor the caller: upstream reads
 * such a file only when forced (-f).  Never true of a pipe.
 */
bool perf_data__foreign(const struct perf_data *data);

/* Bounded view of [off, off + len) of a mapped file, NULL when outside. */
const void *perf_data__slice(struct perf_data *data, u64 off, u64 len);
/*
 * Exactly len bytes of a file at off, by pread(): 0, -EIO when the file
 * ends first, -errno.  Copying into a small buffer the reader reuses beats
 * walking the mapping on big files (no page faults, no TLB misses).
 */
int perf_data__pread(struct perf_data *data, void *buf, size_t len, u64 off);
/* Exactly len bytes from a pipe: 0, 1 at clean EOF before any byte, -errno. */
int perf_data__read_pipe(struct perf_data *data, void *buf, size_t len);

int perf_data__write(struct perf_data *data, const void *buf, size_t len);
int perf_data__pwrite(struct perf_data *data, const void *buf, size_t len, u64 off);
u64 perf_data__tell(struct perf_data *data);
/* Output complete: rename an existing file to <path>.old, then ours into place. */
int perf_data__commit(struct perf_data *data);
/*
 * Give the output its name before it is complete, so that a process killed
 * by SIGKILL leaves a file under it (record).  Until perf_data__commit(),
 * perf_data__close() removes it again and moves <path>.old back.
 */
int perf_data__publish(struct perf_data *data);
/* Where the output's bytes are now (the temporary file or the final name). */
const char *perf_data__write_path(const struct perf_data *data);

/* Record a problem; returns -EINVAL so callers can "return perf_data__err(...)". */
int perf_data__err(struct perf_data *data, const char *fmt, ...) __printf(2, 3);

/* The input a command reads: the name given, else "-" when stdin is a pipe, else perf.data. */
const char *perf_data__input_name(const char *given);

#endif /* __PERF_DATA_H */
