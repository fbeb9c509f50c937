# SPDX-License-Identifier: GPL-2.0
# Shared by the export tests (flame graph, pprof, gecko): headless
# Chromium and the expected shares, from perf report at test time.
# Source it after lib.sh.

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}

need_chromium() {
	[ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ] ||
		skip_all "no headless Chromium (scripts/install-deps: apt-get install chromium)"
}

# chromium_run ARGS... URL: a headless Chromium of the test's own profile
chromium_run() {
	"$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-extensions --disable-background-networking \
		--user-data-dir="$TMPD/chromium" --window-size=1400,900 "$@" 2>>"$TMPD/chromium.log"
}

# dom_of FILE [FRAGMENT]: the page's DOM after its script ran
dom_of() {
	chromium_run --dump-dom "file://$1${2:+#$2}"
}

# children_shares FILE: "share name" of every symbol, as perf report
# --children --sort sym prints them (upstream's, on the fixture)
children_shares() {
	up_perf report -i "$1" --children --stdio --sort sym -g none -q 2>/dev/null |
		awk '$1 ~ /%$/ { s = $1; sub(/%/, "", s); print s, $4 }'
}

# our_report / up_report NAME ARGS...: perf script report NAME on a fixture
our_report() { local n=$1; shift; "$PERF" script report "$n" --kallsyms "$KALLSYMS" "$@"; }
up_report() { local n=$1; shift; "$UPERF" script report "$n" --kallsyms "$KALLSYMS" "$@"; }
