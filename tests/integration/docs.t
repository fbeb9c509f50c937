#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Documentation/perf/architecture.rst names every object of tools/perf
# (util/ and ui/), and MAINTAINERS, in the kernel's format, lists every
# file of the tree and no file that does not exist.
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

# MAINTAINERS in the kernel's format: one path or pattern per F: line,
# each naming at least one file, and every file of the tree in an area
pats=()
bad=
while IFS= read -r line; do
	# entries' lines start in column 0; the header's examples are indented
	[[ $line == F:* ]] || continue
	read -r _ p rest <<<"$line"
	[ -z "$rest" ] || bad="$bad $p"
	pats+=("$p")
done <"$TOPDIR/MAINTAINERS"
[ -z "$bad" ]
ok $? "MAINTAINERS: one path per F: line${bad:+ (not:$bad)}"

gone=
for p in "${pats[@]}"; do
	# shellcheck disable=SC2086
	compgen -G "$TOPDIR/$p" >/dev/null || gone="$gone $p"
done
[ -z "$gone" ]
ok $? "MAINTAINERS lists only files that exist${gone:+ (gone:$gone)}"

if git -C "$TOPDIR" rev-parse --git-dir >/dev/null 2>&1; then
	tree=$(git -C "$TOPDIR" ls-files -- tools kernel scripts tests bench Documentation)
else
	tree=$(cd "$TOPDIR" && find tools kernel scripts tests bench Documentation -type f)
fi
unlisted=
for f in $tree; do
	for p in "${pats[@]}"; do
		case $p in
		*/) [[ $f == "$p"* ]] && continue 2 ;;
		*) [[ $f == $p ]] && continue 2 ;;
		esac
	done
	unlisted="$unlisted $f"
done
[ -z "$unlisted" ]
ok $? "MAINTAINERS has every file in an area${unlisted:+ (not:$unlisted)}"
done_testing
