#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf record fills the build-id cache ($HOME/.debug) with the binaries
# that got samples, as upstream's does, so a binary rebuilt after the
# recording keeps its names in our report and in upstream's; -N leaves
# the cache alone.  The binary: a copy of our perf, made to work.
. "$(dirname "$0")/lib.sh"
need_root

# (a directory of its own, kept or removed with $TMPD)
scratch_dir bindir buildid-cache.XXXXXX
bin=$bindir/work
mkdir -p "$TMPD/home" "$TMPD/home-n" "$TMPD/home-in"
# (a cache of its own: a sample of our perf here would put the copy's
# build id in the cache the checks below look at)
HOME=$TMPD/home-in "$PERF" record -q -a -F 5000 -o "$TMPD/in.data" -- sleep 1 >/dev/null 2>&1
load="for i in \$(seq 30); do $bin report --stdio -i $TMPD/in.data >/dev/null; done"

rows() {	# home file: our rows of the copy's samples
	HOME=$1 "$PERF" report --stdio -q -n --no-children --sort sym --dsos work -i "$2" 2>/dev/null |
		grep -v '^$'
}

plan 9
cp "$PERF" "$bin"
# a build id of its own: perf itself (the recorder's child before it
# runs the command) may get samples, and with the same id the cache's
# .build-id link would be whichever of the two came last
id=$(readelf -n "$bin" | awk '/Build ID/ { print $3 }')
perl -0777 -i -pe 'BEGIN { $o = pack("H*", shift); ($n = $o) =~ s/.$/chr(ord($&) ^ 0xff)/se }
		   s/\Q$o\E/$n/' "$id" "$bin"
id=$(readelf -n "$bin" | awk '/Build ID/ { print $3 }')
HOME=$TMPD/home "$PERF" record -q -F 4000 -o "$TMPD/c.data" -- sh -c "$load" >/dev/null 2>&1
ok $? "record the copy at work"
HOME=$TMPD/home-n "$PERF" record -N -q -F 4000 -o "$TMPD/n.data" -- sh -c "$load" >/dev/null 2>&1
ok $? "record it again with -N"
cmp -s "$bin" "$TMPD/home/.debug$bin/$id/elf"
ok $? "the cache holds the binary's copy under its build-id"
[ "$(readlink "$TMPD/home/.debug/.build-id/${id:0:2}/${id:2}")" = "../..$bin/$id" ]
ok $? "and .build-id/${id:0:2}/${id:2} points at it"
[ ! -e "$TMPD/home-n/.debug" ]
ok $? "-N: no cache"

rows "$TMPD/home" "$TMPD/c.data" >"$TMPD/before"
grep -q 'session__' "$TMPD/before"
ok $? "the copy's samples are named ($(wc -l <"$TMPD/before") rows)"
# rebuilt: another binary in its place
cp /bin/true "$bin.new" && mv "$bin.new" "$bin"
rows "$TMPD/home" "$TMPD/c.data" >"$TMPD/after"
is_same_file "$TMPD/after" "$TMPD/before" "rebuilt binary: the same rows, from the cache"
# the named rows: samples at addresses no symbol holds are one row per
# address in ours, and in upstream's sometimes two (its rows of one
# unresolved address from several processes), which says nothing of
# the cache
HOME=$TMPD/home "$UPERF" report --stdio -q -n --no-children --sort sym --dsos work \
	-i "$TMPD/c.data" 2>/dev/null | grep -v '^$' | grep -v '\[\.\] 0x' |
	LC_ALL=C sort >"$TMPD/after.up"
grep -v '\[\.\] 0x' "$TMPD/after" | LC_ALL=C sort >"$TMPD/after.sorted"
is_same_file "$TMPD/after.sorted" "$TMPD/after.up" "upstream's report names them from our cache too"
rows "$TMPD/home-n" "$TMPD/n.data" | grep -q 'session__'
[ $? -ne 0 ]
ok $? "-N and rebuilt: the names are gone (as upstream's would be)"
