// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buildid-cache.h"
#include "buildid-dir.h"
#include "event.h"
#include "record-buildid.h"

/* every directory of path, as mkdir -p */
static int mkdir_p(char *path)
{
	char *p;

	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	return mkdir(path, 0755) && errno != EEXIST ? -errno : 0;
}

/* from to a new file at to, through a temporary one beside it */
static int copy_file(const char *from, const char *to)
{
	char tmp[PATH_MAX], buf[65536];
	int in, out, err = 0;
	ssize_t n;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp%d", to, (int)getpid()) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -errno;
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
	if (out < 0) {
		err = -errno;
		close(in);
		return err;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			err = -EIO;
			break;
		}
	if (n < 0)
		err = -errno;
	close(in);
	if (close(out) && !err)
		err = -errno;
	if (!err && rename(tmp, to))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

int buildid_cache__add(const char *path, const u8 *id, size_t len)
{
	char dir[PATH_MAX], elf[PATH_MAX], link_name[PATH_MAX], target[PATH_MAX];
	char *slash;
	int err;

	if (path[0] != '/' || !len || len > BUILD_ID_MAX)
		return -EINVAL;
	err = buildid_dir__copy(path, id, len, NULL, dir, sizeof(dir));
	if (!err)
		err = buildid_dir__copy(path, id, len, "elf", elf, sizeof(elf));
	if (!err)
		err = buildid_dir__entry(id, len, NULL, link_name, sizeof(link_name));
	if (!err)
		err = buildid_dir__target(path, id, len, target, sizeof(target));
	if (err)
		return err;
	if (access(elf, F_OK)) {
		u8 got[BUILD_ID_MAX];
		size_t got_len;

		err = mkdir_p(dir);
		if (err)
			return err;
		/* another file system, or not ours to link: a copy */
		if (link(path, elf) && errno != EEXIST) {
			err = copy_file(path, elf);
			if (err)
				return err;
		}
		/* the file rebuilt since its id was read: not that id's copy */
		if (build_id__read_elf(elf, got, &got_len) || got_len != len ||
		    memcmp(got, id, len)) {
			unlink(elf);
			rmdir(dir);
			return -ESTALE;
		}
	}
	/* .build-id/<2 hex>, then the link in it */
	slash = strrchr(link_name, '/');
	*slash = '\0';
	err = mkdir_p(link_name);
	*slash = '/';
	if (err)
		return err;
	if (symlink(target, link_name) && errno != EEXIST)
		return -errno;
	return 0;
}

int buildid_cache__add_payload(const void *buf, size_t size)
{
	const size_t fixed = sizeof(struct perf_record_header_build_id);
	const u8 *p = buf, *end = p + size;
	int err = 0;

	while ((size_t)(end - p) >= fixed) {
		struct perf_record_header_build_id b;
		char name[PATH_MAX];
		size_t n, len;

		memcpy(&b, p, fixed);
		if (b.header.size < fixed || b.header.size > (size_t)(end - p))
			return -EINVAL;
		n = strnlen((const char *)p + fixed, b.header.size - fixed);
		if ((b.header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_USER &&
		    n < sizeof(name)) {
			memcpy(name, p + fixed, n);
			name[n] = '\0';
			len = (b.header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) ? b.size : 20;
			/* a copy that cannot be made costs only that file's names */
			if (buildid_cache__add(name, b.data, len) && !err)
				err = -EIO;
		}
		p += b.header.size;
	}
	return err;
}
