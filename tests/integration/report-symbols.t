#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Symbol sources beyond the object's own .symtab, against upstream on the
# same files (recorded by /usr/bin/perf, and by ours when it records):
#
#  - JIT code: jitload copies code into anonymous executable memory and
#    names two of three copies in /tmp/perf-<pid>.map; samples get the
#    "[JIT] tid <pid>" dso and the map's names, the unnamed copy one
#    0x<addr> row per address; without the map file, every address.
#  - debug files of a real package: libc6-dbg's build-id debug file names
#    libc's static functions (qsort's msort_with_tmp); PERF_DEBUG_DIR
#    pointed elsewhere shows it is that file that names them.
#  - a binary stripped here: its debug file found by .gnu_debuglink
#    beside it, in its .debug/ directory, or by build id under the debug
#    directory (--symfs, and ours: PERF_DEBUG_DIR too).  Not under
#    /tmp/perf-*: upstream takes any object whose path starts with
#    "/tmp/perf-" for a JIT map file and reads no symbols from it (an
#    upstream bug we do not copy).
#  - kernel modules: "[name]" rows equal upstream's; skipped on a kernel
#    without modules (no /proc/modules), as here.
#  - guest samples cannot be produced here (no KVM): not tested.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads
JITLOAD=$WORKLOADS/jitload
[ -x "$JITLOAD" ] || skip_all "no $JITLOAD (make workloads)"

# A build-id cache of the test's own for each recording (upstream's
# record copies debug files into it too)
fresh_home() { export HOME=$TMPD/home-$1; mkdir -p "$HOME"; }

# recorders: the workload's output in $TMPD/rec.out
up_rec() { local o=$1; shift; "$UPERF" record -q -o "$o" "$@" >"$TMPD/rec.out" 2>"$TMPD/rec.err"; }
our_rec() { local o=$1; shift; "$PERF" record -q -o "$o" "$@" >"$TMPD/rec.out" 2>"$TMPD/rec.err"; }
recorders=up_rec
"$PERF" 2>&1 | grep -qw record && recorders="up_rec our_rec"

rows() {	# perf file [options]: the report rows, sorted
	local perf=$1 file=$2; shift 2
	"$perf" report --stdio -n -q "$@" -i "$file" 2>/dev/null | grep -v -e '^$' -e '^#' |
		LC_ALL=C sort
}

# same_rows NAME FILE [options]: ours equal upstream's
same_rows() {
	local name=$1 file=$2; shift 2
	rows "$UPERF" "$file" "$@" >"$TMPD/$name.up"
	rows "$PERF" "$file" "$@" >"$TMPD/$name.our"
	[ -s "$TMPD/$name.up" ]
	ok $? "$name: upstream printed rows"
	is_same_file "$TMPD/$name.our" "$TMPD/$name.up" \
		"$name: rows equal upstream's ($(wc -l <"$TMPD/$name.up") rows)"
}

same_script() {	# NAME FILE [options]
	local name=$1 file=$2; shift 2
	"$UPERF" script -i "$file" "$@" >"$TMPD/$name.sup" 2>/dev/null
	"$PERF" script -i "$file" "$@" >"$TMPD/$name.sour" 2>/dev/null
	[ -s "$TMPD/$name.sup" ] && cmp -s "$TMPD/$name.sup" "$TMPD/$name.sour"
	ok $? "$name: script lines equal upstream's ($(wc -l <"$TMPD/$name.sup") lines)"
	diff "$TMPD/$name.sup" "$TMPD/$name.sour" | head -4 | sed 's/^/#   /'
}

# --- JIT code and /tmp/perf-<pid>.map
for rec in $recorders; do
	f=$TMPD/jit-$rec.data
	fresh_home "jit-$rec"
	$rec "$f" -- "$JITLOAD" --jit 0.5
	pid=$(sed -n 's/^jit pid=\([0-9]*\) .*/\1/p' "$TMPD/rec.out")
	map=/tmp/perf-$pid.map
	[ -n "$pid" ] && [ -s "$map" ]
	ok $? "jit-$rec: jitload ran and wrote $map"
	same_rows "jit-$rec" "$f" --sort comm,dso,sym
	for s in jit_hot_a jit_hot_b; do
		grep -q "^ *[0-9.]*% *[0-9]*  jitload  *\[JIT\] tid $pid  *\[\.\] $s\$" \
			"$TMPD/jit-$rec.our"
		ok $? "jit-$rec: samples in $s named from the map file, dso [JIT] tid $pid"
	done
	anon=$(sed -n 's/.* anon=0x\([0-9a-f]*\) .*/\1/p' "$TMPD/rec.out")
	grep -q "\[JIT\] tid $pid  *\[\.\] 0x0*${anon%??}[0-9a-f][0-9a-f]\$" "$TMPD/jit-$rec.our"
	ok $? "jit-$rec: the unnamed copy: one row per address"
	same_script "jit-$rec" "$f"
	grep -q " jit_hot_a+0x[0-9a-f]* (/tmp/perf-$pid.map)\$" "$TMPD/jit-$rec.sour"
	ok $? "jit-$rec: script: sym+off (/tmp/perf-$pid.map)"

	# the runtime gone, its map file with it: addresses only, as upstream
	rm -f "$map"
	same_rows "jit-$rec-no-map" "$f" --sort comm,dso,sym
	! grep -q jit_hot "$TMPD/jit-$rec-no-map.our" &&
		grep -q "\[JIT\] tid $pid  *\[\.\] 0x" "$TMPD/jit-$rec-no-map.our"
	ok $? "jit-$rec-no-map: no names without the map file"
done

# JIT frames in call graphs
f=$TMPD/jit-g.data
fresh_home jit-g
up_rec "$f" -g -- "$JITLOAD" --jit 0.3
pid=$(sed -n 's/^jit pid=\([0-9]*\) .*/\1/p' "$TMPD/rec.out")
same_script jit-g "$f"
grep -q "^	 *[0-9a-f]* jit_hot_b+0x[0-9a-f]* (/tmp/perf-$pid.map)\$" "$TMPD/jit-g.sour"
ok $? "jit-g: script -g: JIT frames by name"
"$UPERF" report --stdio --no-children -i "$f" 2>/dev/null | grep -v '^# (Tip' >"$TMPD/jit-g.up"
"$PERF" report --stdio --no-children -i "$f" 2>/dev/null | grep -v '^# (Tip' >"$TMPD/jit-g.our"
is_same_file "$TMPD/jit-g.our" "$TMPD/jit-g.up" "jit-g: --no-children graphs equal upstream's"
rm -f "/tmp/perf-$pid.map"

# --- libc6-dbg: a real package's build-id debug file
libc=$(ldd "$JITLOAD" | sed -n 's/.*libc\.so\.6 => \([^ ]*\).*/\1/p')
id=$(readelf -n "$libc" 2>/dev/null | awk '/Build ID/ { print $3 }')
if [ -n "$id" ] && [ -r "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] &&
   ! readelf -S "$libc" | grep -q '\.symtab'; then
	f=$TMPD/qsort.data
	fresh_home qsort
	up_rec "$f" -- "$JITLOAD" --qsort 0.5
	same_rows qsort "$f" --comms jitload --sort dso,sym
	grep -q 'libc\.so\.6  *\[\.\] msort_with_tmp' "$TMPD/qsort.our"
	ok $? "qsort: libc's static msort_with_tmp named from libc6-dbg's debug file"
	mkdir -p "$TMPD/empty"
	HOME=$TMPD/empty PERF_DEBUG_DIR=$TMPD/empty rows "$PERF" "$f" --comms jitload --sort dso,sym \
		>"$TMPD/qsort-nodebug.our"
	! grep -q msort_with_tmp "$TMPD/qsort-nodebug.our" &&
		grep -q 'libc\.so\.6  *\[\.\] 0x' "$TMPD/qsort-nodebug.our"
	ok $? "qsort: PERF_DEBUG_DIR elsewhere, no build-id cache: libc's static functions unnamed"
else
	ok 0 "# SKIP libc6-dbg's debug file for $libc not installed"
fi

# --- a binary stripped here, its debug file found three ways
scratch_dir bin report-symbols.XXXXXX
mkdir -p "$bin/.debug" "$TMPD/symfs/usr/lib/debug"
objcopy --only-keep-debug "$JITLOAD" "$TMPD/spin.debug"
strip_as() {	# NAME [DEBUGLINK]: a stripped copy of jitload
	objcopy --strip-all "$JITLOAD" "$bin/$1"
	if [ -n "${2:-}" ]; then
		cp "$TMPD/spin.debug" "$2"
		objcopy --add-gnu-debuglink="$2" "$bin/$1" "$bin/$1.tmp" && mv "$bin/$1.tmp" "$bin/$1"
		mv "$2" "$3"
	fi
	chmod +x "$bin/$1"
}
strip_as spin-beside "$TMPD/spin-beside.debug" "$bin/spin-beside.debug"
strip_as spin-dotdebug "$TMPD/spin-dotdebug.debug" "$bin/.debug/spin-dotdebug.debug"
strip_as spin-buildid
id=$(readelf -n "$bin/spin-buildid" | awk '/Build ID/ { print $3 }')
mkdir -p "$TMPD/symfs/usr/lib/debug/.build-id/${id:0:2}" "$TMPD/symfs$bin"
cp "$TMPD/spin.debug" "$TMPD/symfs/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
ln "$bin/spin-buildid" "$TMPD/symfs$bin/spin-buildid"
! readelf -S "$bin/spin-buildid" | grep -q '\.symtab'
ok $? "stripped copies have no .symtab"

for name in spin-beside spin-dotdebug spin-buildid; do
	f=$TMPD/$name.data
	fresh_home "$name"
	up_rec "$f" -- "$bin/$name" --spin 0.5
	opts=(--comms "$name" --dsos "$name" --sort dso,sym)
	if [ $name = spin-buildid ]; then
		rows "$UPERF" "$f" "${opts[@]}" --symfs "$TMPD/symfs" >"$TMPD/$name.up"
		PERF_DEBUG_DIR=$TMPD/symfs/usr/lib/debug rows "$PERF" "$f" "${opts[@]}" \
			>"$TMPD/$name.our"
		is_same_file "$TMPD/$name.our" "$TMPD/$name.up" \
			"$name: rows equal upstream's --symfs ($(wc -l <"$TMPD/$name.up") rows)"
		rows "$PERF" "$f" "${opts[@]}" --symfs "$TMPD/symfs" >"$TMPD/$name.our-symfs"
		is_same_file "$TMPD/$name.our-symfs" "$TMPD/$name.up" \
			"$name: --symfs: rows equal upstream's (the debug file under DIR)"
		rows "$PERF" "$f" "${opts[@]}" >"$TMPD/$name-nodebug.our"
	else
		same_rows "$name" "$f" "${opts[@]}"
		rm -f "$bin/$name.debug" "$bin/.debug/$name.debug"
		rows "$PERF" "$f" "${opts[@]}" >"$TMPD/$name-nodebug.our"
	fi
	grep -q "\[\.\] spin_inner[.a-z0-9]*\$" "$TMPD/$name.our" &&
		grep -q "\[\.\] spin_outer[.a-z0-9]*\$" "$TMPD/$name.our"
	ok $? "$name: static functions named from the debug file"
	! grep -q spin_inner "$TMPD/$name-nodebug.our"
	ok $? "$name: not named without it"
done

# --- kernel modules
if [ -r /proc/modules ] && [ -s /proc/modules ]; then
	f=$TMPD/modules.data
	fresh_home modules
	up_rec "$f" -a -- sh -c 'find / -xdev >/dev/null 2>&1; sleep 0.3'
	same_rows modules "$f" --sort comm,dso,sym
	same_script modules "$f"
	grep -q '  *\[k\] ' "$TMPD/modules.our"
	ok $? "modules: kernel rows"
else
	ok 0 "# SKIP modules: this kernel has none (no /proc/modules)"
fi

done_testing
