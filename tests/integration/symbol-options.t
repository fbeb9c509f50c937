#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Where report, script, annotate and top take symbols from (issue 20),
# against upstream on the fixtures:
#
#  - --symfs DIR: the objects at DIR/<path> (a tree made of the fixtures'
#    binaries), their debug files under DIR/usr/lib/debug, the build-id
#    cache at DIR/.debug, and nothing from $HOME/.debug (an empty DIR: no
#    user names at all, as upstream).
#  - -k/--vmlinux FILE: the kernel's names from an ELF image, here one
#    made from the fixtures' kallsyms with the recorded kernel's build id
#    (one function renamed to a C++ name); --kallsyms wins over it;
#    --ignore-vmlinux checks the file, then leaves it; a missing file is
#    refused.
#  - --demangle-kernel: the image's C++ name demangled; kallsyms names
#    never are (upstream's too).  -m: module symbols are always read.
#  - --demangle/--no-demangle: a C++ function recorded by upstream here
#    (root and g++).
#  - top (live): --kallsyms names the kernel from the file given, -k and
#    --ignore-vmlinux as above.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/annotate-lib.sh"
need_upstream
need_fixtures up-late.data up-late-g.data
command -v as >/dev/null && command -v ld >/dev/null || skip_all "no as/ld (binutils)"

# out up|our CMD FIXTURE ARGS...: stdout of perf CMD on the fixture (report:
# --stdio, no tip, --no-children: in children mode rows of equal share can
# come in another order than upstream's, see NOTES-issue20.md)
out() {
	local who=$1 cmd=$2 f=$3 perf=$PERF; shift 3
	[ "$who" = up ] && perf=$UPERF
	[ "$cmd" = report ] && set -- --stdio --no-children "$@"
	"$perf" "$cmd" -i "$f" "$@" 2>/dev/null | grep -v '^# (Tip: '
}

# same CMD FIXTURE ARGS...: ours equal upstream's, and not empty; the output in $TMPD/our
same() {
	local cmd=$1 f=$2; shift 2
	out up "$cmd" "$(fixture "$f")" "$@" >"$TMPD/up"
	out our "$cmd" "$(fixture "$f")" "$@" >"$TMPD/our"
	[ -s "$TMPD/up" ] || diag "upstream printed nothing for $cmd $*"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: $cmd $* as upstream's ($(wc -l <"$TMPD/up") lines)"
}

# --- --symfs: a tree of the fixtures' binaries (from the build-id cache need_fixtures made)
SYMFS=$TMPD/symfs
for d in "$HOME"/.debug/usr/bin/* "$HOME"/.debug/usr/lib/x86_64-linux-gnu/*; do
	p=${d#"$HOME/.debug"}
	mkdir -p "$SYMFS$(dirname "$p")"
	cp "$d"/*/elf "$SYMFS$p"
done
[ -s "$SYMFS/usr/bin/dash" ] && [ -s "$SYMFS/usr/lib/x86_64-linux-gnu/libc.so.6" ]
ok $? "--symfs: a tree of the fixtures' binaries"
mkdir -p "$TMPD/empty" "$TMPD/cache-only"
ln -s "$HOME/.debug" "$TMPD/cache-only/.debug"

for f in up-late.data up-late-g.data; do
	same report $f --kallsyms "$KALLSYMS" --symfs "$SYMFS" --sort dso,sym
	grep -q 'dash  *\[\.\] strcmp@plt' "$TMPD/our"
	ok $? "$f: --symfs: dash's PLT named from the tree's copy"
	same script $f --kallsyms "$KALLSYMS" --symfs "$SYMFS"
	same report $f --kallsyms "$KALLSYMS" --symfs "$TMPD/empty" --sort dso,sym
	! grep -q 'strcmp@plt\|\[\.\] malloc' "$TMPD/our"
	ok $? "$f: --symfs of an empty directory: no user names (\$HOME/.debug not read)"
	same script $f --kallsyms "$KALLSYMS" --symfs "$TMPD/empty"
	same report $f --kallsyms "$KALLSYMS" --symfs "$TMPD/cache-only" --sort dso,sym
	grep -q 'dash  *\[\.\] strcmp@plt' "$TMPD/our"
	ok $? "$f: --symfs: the build-id cache under it (DIR/.debug)"
done
# relative, with a trailing slash
(cd "$TMPD" && out up report "$(fixture up-late.data)" --kallsyms "$KALLSYMS" \
	--symfs symfs/ >"$TMPD/up.rel" && out our report "$(fixture up-late.data)" \
	--kallsyms "$KALLSYMS" --symfs symfs/ >"$TMPD/our.rel")
is_same_file "$TMPD/our.rel" "$TMPD/up.rel" "--symfs symfs/ (relative) as upstream's"

# the distribution's debug file of libc (libc6-dbg), under the tree
id=93ac61ec5a8eb1396f9fbd350e3169a558528a40
dbg=/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
if [ -r "$dbg" ]; then
	mkdir -p "$SYMFS$(dirname "$dbg")"
	ln -s "$dbg" "$SYMFS$dbg"
	same report up-late.data --kallsyms "$KALLSYMS" --symfs "$SYMFS" --sort dso,sym
	grep -q 'libc\.so\.6  *\[\.\] __strcmp_evex' "$TMPD/our"
	ok $? "--symfs: libc's local functions from DIR/usr/lib/debug/.build-id"
	same script up-late.data --kallsyms "$KALLSYMS" --symfs "$SYMFS"
	rm "$SYMFS$dbg"
else
	ok 0 "# SKIP --symfs with a debug file: no $dbg (libc6-dbg)"
fi

# annotate: dash's code from the tree (the instructions' spelling cut: insn_cut)
for dir in "$SYMFS" "$TMPD/empty"; do
	"$UPERF" annotate --stdio -i "$(fixture up-late.data)" -d dash --symfs "$dir" 2>/dev/null |
		insn_cut >"$TMPD/up"
	"$PERF" annotate --stdio -i "$(fixture up-late.data)" -d dash --symfs "$dir" 2>/dev/null |
		insn_cut >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" \
		"annotate -d dash --symfs ${dir##*/} as upstream's ($(grep -c 'Percent |' "$TMPD/up") blocks)"
done

# --- -k/--vmlinux: an ELF image of the recorded kernel's functions
kid=$("$UPERF" buildid-list -i "$(fixture up-late.data)" 2>/dev/null |
	awk '$2 == "[kernel.kallsyms]" { print $1 }')
perl -e '
	my ($base, $end, %seen);
	my @l = <STDIN>;
	for (@l) { my ($a, $t, $n) = split; $base = hex $a if $n eq "_text"; $end = hex $a if $n eq "_etext" }
	printf "\t.section .text,\"ax\"\nbase:\n\t.skip %d\n", $end - $base;
	for (@l) {
		my ($a, $t, $n, $m) = split;
		next if ($m // "") =~ /\[/ || $t !~ /^[tT]$/ || hex($a) < $base || hex($a) >= $end;
		$n = "_ZN3foo3barEi" if $n eq "pv_native_safe_halt";
		next if $seen{$n}++;
		print "\t.type \"$n\",\@function\n";
		print "\t.globl \"$n\"\n" if $t eq "T";
		printf "\t.set \"%s\", base + %d\n", $n, hex($a) - $base;
	}' <"$KALLSYMS" >"$TMPD/vmlinux.s"
text=$(awk '$3 == "_text" { print $1 }' "$KALLSYMS")
as -o "$TMPD/vmlinux.o" "$TMPD/vmlinux.s" &&
	ld -nostdlib -e 0 -Ttext="0x$text" --build-id="0x$kid" -o "$TMPD/vmlinux" "$TMPD/vmlinux.o" &&
	rm "$TMPD/vmlinux.s" "$TMPD/vmlinux.o"
ok $? "a vmlinux image of the fixtures' kernel (build id ${kid:-none})"
V=$TMPD/vmlinux
for f in up-late.data up-late-g.data; do
	same report $f -k "$V" --sort dso,sym
	grep -q '\[k\] _ZN3foo3barEi$' "$TMPD/our"
	ok $? "$f: -k: the image's names (its renamed function, mangled)"
	same script $f --vmlinux "$V"
	same report $f -k "$V" --demangle-kernel --sort dso,sym
	grep -q '\[k\] foo::bar$' "$TMPD/our"
	ok $? "$f: -k --demangle-kernel: the image's C++ name demangled"
	same script $f -k "$V" --demangle-kernel
	same report $f -k "$V" --kallsyms "$KALLSYMS" --sort dso,sym
	grep -q '\[k\] pv_native_safe_halt$' "$TMPD/our"
	ok $? "$f: -k with --kallsyms: kallsyms wins"
	same script $f -k "$V" --kallsyms "$KALLSYMS"
	same script $f -k "$V" --show-kernel-path
	grep -q " ($V)\$" "$TMPD/our"
	ok $? "$f: script --show-kernel-path: the kernel named by its -k file"
	same script $f -k "$V" --show-kernel-path -F ip,sym,dso
	same script $f --kallsyms "$KALLSYMS" --show-kernel-path
	same report $f -k "$V" --ignore-vmlinux --kallsyms "$KALLSYMS" --sort dso,sym
	same report $f -k "$V" --ignore-vmlinux --sort dso,sym
done
annotate_k() {
	"$1" annotate --stdio -i "$(fixture up-late.data)" -d dash -k "$V" --symfs "$SYMFS" "${@:2}" \
		2>/dev/null | insn_cut
}
annotate_k "$UPERF" >"$TMPD/up"
annotate_k "$PERF" >"$TMPD/our"
is_same_file "$TMPD/our" "$TMPD/up" "annotate -d dash -k --symfs as upstream's"
# annotate --demangle-kernel: the image's function found by the name shown
# (demangled only with the option), as upstream finds it
for a in "foo::bar" "--demangle-kernel foo::bar" "_ZN3foo3barEi" "--demangle-kernel _ZN3foo3barEi"; do
	# shellcheck disable=SC2086
	up=$("$UPERF" annotate --stdio -i "$(fixture up-late.data)" -k "$V" $a 2>/dev/null |
		grep -c 'Percent |')
	# shellcheck disable=SC2086
	our=$("$PERF" annotate --stdio -i "$(fixture up-late.data)" -k "$V" $a 2>/dev/null |
		grep -c 'Percent |')
	[ "$our" = "$up" ]
	ok $? "annotate -k $a: $our block(s), upstream's $up"
done
for cmd in report script; do
	refused "$TMPD/none" "$cmd -k with a missing file" \
		"$PERF" $cmd -i "$(fixture up-late.data)" -k "$TMPD/none"
done
refused "$TMPD/none" "report -k with a missing file and --ignore-vmlinux" \
	"$PERF" report -i "$(fixture up-late.data)" -k "$TMPD/none" --ignore-vmlinux
"$UPERF" report --stdio -i "$(fixture up-late.data)" -k "$TMPD/none" >/dev/null 2>&1
[ $? -ne 0 ]
ok $? "report -k with a missing file: upstream refuses too"

# --- kallsyms names are never demangled, -m changes nothing here
sed 's/ pv_native_safe_halt$/ _ZN3foo3barEi/' "$KALLSYMS" >"$TMPD/kallsyms.cc"
same report up-late.data --kallsyms "$TMPD/kallsyms.cc" --demangle-kernel --sort dso,sym
grep -q '\[k\] _ZN3foo3barEi$' "$TMPD/our"
ok $? "--demangle-kernel: kallsyms names stay as in the file"
same script up-late-g.data --kallsyms "$TMPD/kallsyms.cc" --demangle-kernel
same report up-late.data --kallsyms "$KALLSYMS" -m --sort dso,sym
same report up-late-g.data --kallsyms "$KALLSYMS" --modules

# --- --demangle/--no-demangle: a C++ function recorded by upstream
if [ "$(id -u)" -ne 0 ] || ! command -v g++ >/dev/null; then
	ok 0 "# SKIP --demangle: needs root and g++"
else
	hot_cc "$TMPD/hot.cc"
	g++ -O1 -o "$TMPD/hot" "$TMPD/hot.cc" &&
		upstream_record "$TMPD/hot.data" -F 2000 -- "$TMPD/hot" 100000000
	ok $? "--demangle: a C++ function recorded by upstream"
	for args in "" "--demangle" "--no-demangle"; do
		# shellcheck disable=SC2086
		out up report "$TMPD/hot.data" --kallsyms "$KALLSYMS" --comms hot --sort dso,sym \
			$args >"$TMPD/up"
		# shellcheck disable=SC2086
		out our report "$TMPD/hot.data" --kallsyms "$KALLSYMS" --comms hot --sort dso,sym \
			$args >"$TMPD/our"
		is_same_file "$TMPD/our" "$TMPD/up" "report ${args:-(default)} of C++ as upstream's"
		# shellcheck disable=SC2086
		out up script "$TMPD/hot.data" --kallsyms "$KALLSYMS" --comms hot $args >"$TMPD/up"
		# shellcheck disable=SC2086
		out our script "$TMPD/hot.data" --kallsyms "$KALLSYMS" --comms hot $args >"$TMPD/our"
		is_same_file "$TMPD/our" "$TMPD/up" "script ${args:-(default)} of C++ as upstream's"
	done
	grep -q ' _ZN2ns3hotEl+0x' "$TMPD/our"
	ok $? "script --no-demangle: the name as mangled"
fi

# --- top (live): the kernel's names from --kallsyms; -k refused when missing
if [ "$(id -u)" -ne 0 ]; then
	ok 0 "# SKIP top: needs root"
else
	sed -E 's/ ([tT]) ([A-Za-z_][A-Za-z0-9_.]*)$/ \1 K_\2/' /proc/kallsyms >"$TMPD/live-ks"
	timeout -s INT 6 "$PERF" top --stdio -a -d 1 -E 20 --kallsyms "$TMPD/live-ks" </dev/null \
		>"$TMPD/top.out" 2>"$TMPD/top.err"
	grep -q '\[k\] K_' "$TMPD/top.out" && ! grep '\[k\] ' "$TMPD/top.out" | grep -qv '\[k\] \(K_\|0x\|bpf_\)'
	ok $? "top --kallsyms: kernel rows named from the file given"
	refused "$TMPD/none" "top -k with a missing file" "$PERF" top --stdio -k "$TMPD/none"
	timeout -s INT 4 "$PERF" top --stdio -a -d 1 -E 20 -k "$V" --ignore-vmlinux </dev/null \
		>"$TMPD/top.out" 2>"$TMPD/top.err"
	grep -q '\[k\] ' "$TMPD/top.out" && ! grep -q '_ZN3foo3barEi' "$TMPD/top.out"
	ok $? "top -k --ignore-vmlinux: the image is not read"
fi

done_testing
