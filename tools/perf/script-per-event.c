// SPDX-License-Identifier: GPL-2.0
/* perf script --per-event-dump: the lines of each event in a file of its own. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "script-per-event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/script.h"

int script_per_event__open(struct script_per_event *pe, const char *input,
			   struct evlist *evlist)
{
	struct evsel *pos;
	int i, err;

	memset(pe, 0, sizeof(*pe));
	pe->evlist = evlist;
	pe->fds = calloc(evlist->nr_entries + 1, sizeof(*pe->fds));
	pe->paths = calloc(evlist->nr_entries + 1, sizeof(*pe->paths));
	pe->nr = calloc(evlist->nr_entries + 1, sizeof(*pe->nr));
	if (!pe->fds || !pe->paths || !pe->nr) {
		fprintf(stderr, "perf script: out of memory\n");
		return -ENOMEM;
	}
	evlist__for_each(evlist, pos, i) {
		pe->fds[i] = -1;
		if (asprintf(&pe->paths[i], "%s.%s.dump", input, evsel__name(pos)) < 0) {
			pe->paths[i] = NULL;
			fprintf(stderr, "perf script: out of memory\n");
			return -ENOMEM;
		}
		pe->nr_files = i + 1;
		pe->fds[i] = open(pe->paths[i], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (pe->fds[i] < 0) {
			err = -errno;
			fprintf(stderr, "perf script: %s: %s\n", pe->paths[i], strerror(-err));
			return err;
		}
	}
	return 0;
}

int script_per_event__sample(struct script_per_event *pe, struct script *s,
			     const union perf_event *ev, const struct perf_sample *sample,
			     struct evsel *evsel)
{
	u64 before = s->nr_lines;
	int err;

	if (evsel->idx < 0 || evsel->idx >= pe->nr_files)
		return script__sample(s, ev, sample, evsel);
	err = script__set_fd(s, pe->fds[evsel->idx]);
	if (!err)
		err = script__sample(s, ev, sample, evsel);
	pe->nr[evsel->idx] += s->nr_lines - before;
	return err;
}

int script_per_event__stdout(struct script_per_event *pe, struct script *s)
{
	return script__set_fd(s, STDOUT_FILENO);
}

void script_per_event__close(struct script_per_event *pe, FILE *out, bool report)
{
	struct stat st;
	int i;

	/*
	 * Upstream's size is what its 4 KiB stdio buffer had written when it
	 * asked, before the last flush: the file's size rounded down to 4 KiB
	 */
	for (i = 0; i < pe->nr_files; i++) {
		if (report && pe->fds[i] >= 0 && !fstat(pe->fds[i], &st))
			fprintf(out, "[ perf script: Wrote %.3f MB %s (%llu samples) ]\n",
				(double)(st.st_size & ~(off_t)4095) / 1048576.0, pe->paths[i],
				(unsigned long long)pe->nr[i]);
		if (pe->fds[i] >= 0)
			close(pe->fds[i]);
		free(pe->paths[i]);
	}
	free(pe->fds);
	free(pe->paths);
	free(pe->nr);
	memset(pe, 0, sizeof(*pe));
}
