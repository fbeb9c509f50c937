#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script's side-band lines and switches (issue 20) against
# upstream's on the fixtures, line for line: --show-switch-events
# (SWITCH, SWITCH_CPU_WIDE), --show-namespace-events, --show-cgroup-events,
# --show-text-poke-events (its KSYMBOL records),
# --show-lost-events, --show-round-events (records in file order then,
# as upstream's), and --switch-on/--switch-off/--show-on-off-events.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-switch.data up-switch-cpu.data up-lost.data up-late.data up-late-g.data \
	up-pipe.data up-tracepoints.data up-bpf-btf.data

# standard output only: upstream warns of up-lost.data's losses on stderr
compare() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf script -i "$(fixture "$f")" "$@" >"$TMPD/up" 2>/dev/null
	our_perf script --no-bpf-prog-info -i "$(fixture "$f")" "$@" >"$TMPD/our" 2>/dev/null
	is_same_file "$TMPD/our" "$TMPD/up" "$f: script $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
}

compare up-switch.data --show-switch-events
compare up-switch.data --show-namespace-events
compare up-switch.data --show-cgroup-events --show-task-events
compare up-switch.data --show-switch-events --show-namespace-events --show-cgroup-events \
	--show-mmap-events --show-round-events
compare up-switch.data --show-switch-events --show-namespace-events -F comm,tid,time,event
compare up-switch-cpu.data --show-switch-events
compare up-switch-cpu.data --show-switch-events --show-namespace-events --show-cgroup-events \
	--show-task-events --reltime
compare up-switch-cpu.data --show-switch-events --show-round-events
compare up-lost.data --show-lost-events
compare up-late.data --show-round-events
compare up-late-g.data --show-round-events --show-task-events
compare up-pipe.data --show-round-events
# KSYMBOL records (no file here has TEXT_POKE ones)
compare up-bpf-btf.data --show-text-poke-events
compare up-bpf-btf.data --show-text-poke-events --show-bpf-events

tp=sched:sched_wakeup
compare up-tracepoints.data --switch-on $tp
compare up-tracepoints.data --switch-on $tp --show-on-off-events
compare up-tracepoints.data --switch-off $tp
compare up-tracepoints.data --switch-off $tp --show-on-off-events
compare up-tracepoints.data --switch-on $tp --switch-off sched:sched_switch
compare up-tracepoints.data --switch-on $tp --switch-off sched:sched_switch --show-on-off-events
compare up-tracepoints.data --switch-on $tp --switch-off $tp --show-on-off-events
compare up-tracepoints.data --switch-on cpu-clock
compare up-tracepoints.data --show-on-off-events

# an event the file does not have: upstream's words, one line
for o in --switch-on --switch-off; do
	refused "${o#--} event not found (foo:bar)" "script $o foo:bar" \
		"$PERF" script -i "$(fixture up-tracepoints.data)" $o foo:bar
done
# a pipe's events come later: upstream refuses too
refused "switch-on event not found (cpu-clock:pppH)" "script -i PIPE --switch-on" \
	"$PERF" script -i "$(fixture up-pipe.data)" --switch-on cpu-clock:pppH
done_testing
