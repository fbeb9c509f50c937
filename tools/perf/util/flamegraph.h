/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_FLAMEGRAPH_H
#define __PERF_FLAMEGRAPH_H

#include "calltree.h"

struct calltree_stats;

/*
 * One self-contained HTML page drawing the call tree as a flame graph:
 * the tree as JSON in the page, our own script and style sheet inline,
 * no reference to anything outside the file.  Frames are DOM elements
 * (class "f k-<kind>", the name as their text and title), with hover
 * details, click to zoom, search with the matched share, reset and an
 * icicle/flame toggle; the URL fragment "#q=TEXT" searches on load.
 *
 * Widths are periods (the share perf report shows); samples are in the
 * hover details.  With a base tree (differential), widths come from t
 * and each frame's colour from the change of its share since the base,
 * frames matched by their path of names.
 */
struct flamegraph_opts {
	const char			*title;		/* NULL: "Flame Graph" */
	const char			*input;		/* the file's name, shown */
	const struct calltree_stats	*stats;
	const struct calltree		*base;		/* NULL: not differential */
	const char			*base_input;
	const struct calltree_stats	*base_stats;
};

/* Write the page to fd: 0 or -errno. */
int flamegraph__write(const struct calltree *t, const struct flamegraph_opts *opts, int fd);

/* The page's script and style sheet (flamegraph-assets.c): NUL-terminated. */
extern const char flamegraph_js[];
extern const char flamegraph_css[];

#endif /* __PERF_FLAMEGRAPH_H */
