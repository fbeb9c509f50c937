// SPDX-License-Identifier: GPL-2.0
/*
 * Output files of the exports: a temporary file renamed into place.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "export-file.h"

int export_file__open(struct export_file *f, const char *path)
{
	size_t n;

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	if (!strcmp(path, "-")) {
		f->fd = STDOUT_FILENO;
		return 0;
	}
	n = strlen(path);
	f->path = strdup(path);
	f->tmp = malloc(n + 16);
	if (!f->path || !f->tmp) {
		export_file__abort(f);
		return -ENOMEM;
	}
	snprintf(f->tmp, n + 16, "%s.tmp.XXXXXX", path);
	f->fd = mkstemp(f->tmp);
	if (f->fd < 0) {
		int err = -errno;

		free(f->tmp);
		f->tmp = NULL;
		export_file__abort(f);
		return err;
	}
	/* mkstemp's 0600: a plain file's mode, as the umask says */
	{
		mode_t um = umask(0);

		umask(um);
		fchmod(f->fd, 0666 & ~um);
	}
	return 0;
}

int export_file__commit(struct export_file *f)
{
	int err = 0;

	if (!f->path) {
		f->fd = -1;
		return 0;
	}
	if (close(f->fd))
		err = -errno;
	f->fd = -1;
	if (!err && rename(f->tmp, f->path))
		err = -errno;
	if (err)
		unlink(f->tmp);
	free(f->tmp);
	free(f->path);
	f->tmp = NULL;
	f->path = NULL;
	return err;
}

void export_file__abort(struct export_file *f)
{
	if (f->path && f->fd >= 0)
		close(f->fd);
	if (f->tmp)
		unlink(f->tmp);
	free(f->tmp);
	free(f->path);
	f->tmp = NULL;
	f->path = NULL;
	f->fd = -1;
}
