#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Documentation/perf/architecture.rst names every object of tools/perf
# (util/ and ui/), and MAINTAINERS lists no file that does not exist.
. "$(dirname "$0")/lib.sh"

doc=$TOPDIR/Documentation/perf/architecture.rst
missing=
for f in "$TOPDIR"/tools/perf/util/*.[ch] "$TOPDIR"/tools/perf/ui/*.[ch]; do
	n=$(basename "$f")
	n=${n%.c}
	n=${n%.h}
	# an object's .c and .h share a line; header-only objects keep their .h
	grep -qE "(^|[^a-z0-9-])$n(\.h)?([^a-z0-9-]|$)" "$doc" || missing="$missing $n"
done
[ -z "$missing" ]
ok $? "architecture.rst names every object${missing:+ (not:$missing)}"

gone=
# the first path of each F: line under tools/ (globs and [ch] expanded)
for p in $(awk '$1 == "F:" && $2 ~ /^tools\// { print $2 }' "$TOPDIR/MAINTAINERS"); do
	ls -d "$TOPDIR"/$p >/dev/null 2>&1 || gone="$gone $p"
done
[ -z "$gone" ]
ok $? "MAINTAINERS lists only files that exist${gone:+ (gone:$gone)}"
done_testing
