// SPDX-License-Identifier: GPL-2.0
/*
 * regular-file.c - opening the files a perf.data file names, regular ones only.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#include "regular-file.h"

int regular_file__open(const char *path)
{
	struct stat st;
	int fd, flags;

	/* O_NONBLOCK: a FIFO without a writer opens at once instead of waiting */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
}
