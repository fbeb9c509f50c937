#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# mixload.sh SECONDS: what a user's machine runs, for the benchmark corpus
# (bench/corpus.sh records it system-wide).  All at once, for SECONDS:
#   - Debian's own frameless binaries: a gzip | xz pipeline over the
#     system's libraries, sort, and perl: under -g their chains are the
#     garbage frame-pointer walks users' files are full of
#   - many threads, short- and long-lived, each named (python3 threads
#     and perl processes, hundreds of tids and comms)
#   - deep kernel stacks: find over the file system, a TCP ping-pong on
#     127.0.0.1
#   - BPF: hot programs with subprograms (bpfload -n 2 --hot) and a
#     program loaded and unloaded 200 times a second (bpfload --churn)
# WORKLOADS: where bpfload is (the top-level `make workloads`).
secs=${1:?usage: mixload.sh SECONDS}
W=${WORKLOADS:-$(cd "$(dirname "$0")/.." && pwd)/build/workloads}
pids=() hot= churn= py=
# job SCRIPT: a loop of its own process group, killed whole at the end
job() { setsid bash -c "$1" & pids+=($!); }
# stopped early (the recorder was): everything goes with us
stop() {
	for p in "${pids[@]}"; do kill -TERM -- -"$p" 2>/dev/null; done
	# shellcheck disable=SC2086
	kill -INT $hot $churn 2>/dev/null
	# shellcheck disable=SC2086
	kill -TERM $py 2>/dev/null
}
trap 'stop; wait; exit 1' TERM INT HUP

"$W/bpfload" -n 2 --hot "$secs" -j 1 >/dev/null 2>&1 &
hot=$!
"$W/bpfload" --churn 200 --duration "$secs" >/dev/null 2>&1 &
churn=$!

# compressors: each round a new gzip and xz; sort of a file list
job 'while :; do
	tar cf - /usr/lib/x86_64-linux-gnu 2>/dev/null | head -c 64M | gzip -6 | xz -0 -T1 >/dev/null
done'
job 'while :; do
	find /usr/share -xdev 2>/dev/null | sort -r | sort -t/ -k3 | gzip -1 >/dev/null
done'
# find: path walks and stat, deep in the kernel
job 'while :; do
	find / -xdev -newer /etc/hostname -size +1k 2>/dev/null | head -c 1M >/dev/null
done'
# perl: short-lived named processes (perl sets comm from $0)
job 'i=0; while :; do
	i=$(((i + 1) % 300))
	perl -e "\$0 = \"pl-$i\"; my %h; \$h{\$_ % 977} .= \"x\$_\" for 1 .. 40000;" 2>/dev/null
done'

# python3: named threads, short and long lived; a loopback ping-pong
python3 - "$secs" <<'EOF' &
import ctypes, socket, sys, threading, time

end = time.time() + float(sys.argv[1])
libc = ctypes.CDLL(None)


def name(s):
    libc.prctl(15, s.encode()[:15], 0, 0, 0)


def burn(n):
    s = 0
    for i in range(n):
        s += i * i % 7
    return s


def short(k):
    name("py-short-%d" % (k % 400))
    burn(3000)


def long_lived(k):
    name("py-long-%d" % k)
    while time.time() < end:
        burn(20000)
        time.sleep(0.002)


def pong(srv):
    name("py-pong")
    c, _ = srv.accept()
    while True:
        d = c.recv(64)
        if not d:
            break
        c.sendall(d)


def ping(addr):
    name("py-ping")
    c = socket.create_connection(addr)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    while time.time() < end:
        c.sendall(b"x" * 32)
        c.recv(64)
    c.close()


srv = socket.socket()
srv.bind(("127.0.0.1", 0))
srv.listen(1)
threading.Thread(target=pong, args=(srv,), daemon=True).start()
ts = [threading.Thread(target=long_lived, args=(k,)) for k in range(6)]
ts.append(threading.Thread(target=ping, args=(srv.getsockname(),)))
for t in ts:
    t.start()
k = 0
while time.time() < end:
    batch = [threading.Thread(target=short, args=(k + j,)) for j in range(8)]
    k += 8
    for t in batch:
        t.start()
    for t in batch:
        t.join()
for t in ts:
    t.join()
EOF
py=$!
sleep "$secs" &
wait $!
for p in "${pids[@]}"; do kill -TERM -- -"$p" 2>/dev/null; done
wait $hot $churn $py
wait
