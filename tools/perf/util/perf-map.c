// SPDX-License-Identifier: GPL-2.0
/*
 * JIT symbol maps: /tmp/perf-<pid>.map.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perf-map.h"
#include "regular-file.h"

/* one hex field and the one separator character after it */
static const char *hex_field(const char *p, u64 *val)
{
	char *end;

	errno = 0;
	*val = strtoull(p, &end, 16);
	if (errno || end == p || !*end)
		return NULL;
	return end + 1;
}

int perf_map__parse_line(const char *line, u64 *start, u64 *size, const char **name)
{
	const char *p = hex_field(line, start);

	if (!p || !*p)
		return -EINVAL;
	p = hex_field(p, size);
	/* upstream wants more than two characters of name */
	if (!p || strnlen(p, 3) < 3)
		return -EINVAL;
	*name = p;
	return 0;
}

int perf_map__load(const char *path, struct symbols *syms)
{
	int fd = regular_file__open(path);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int err = 0;
	FILE *fp;

	if (fd < 0)
		return fd;
	fp = fdopen(fd, "re");
	if (!fp) {
		err = -errno;
		close(fd);
		return err;
	}
	while (!err && (n = getline(&line, &cap, fp)) >= 0) {
		const char *name;
		u64 start, size;

		if (n && line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (perf_map__parse_line(line, &start, &size, &name))
			continue;
		err = symbols__add(syms, symbol__new(start, size ? size : 1, SYMBOL_GLOBAL, name));
	}
	free(line);
	fclose(fp);
	return err;
}
