#!/usr/bin/env python3
"""Runs a client command and samples its memory while its connections are open (bench section e).

Every --interval seconds: the client's VmRSS (from /proc/PID/status) and how many ESTABLISHED TCP
connections go to --port (from /proc/net/tcp{,6}: sockets whose remote port is the server's,
i.e. the client's side, since client and server share 127.0.0.1). When the client exits it prints
one JSON object: the plateau (samples where at least --expect connections were open), the median
and max VmRSS over it, the most connections ever seen, and the client's CPU seconds.

  rss_watch.py --port 8000 --expect 1000 -- aiperf profile ...
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time


def vm_rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def established_to(port):
    # /proc/net/tcp columns: sl local_address rem_address st ...; addresses are HEX_IP:HEX_PORT.
    # The tables are read in pages while sockets come and go, so a socket can be listed twice:
    # count distinct inodes.
    want = f":{port:04X}"
    seen = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    cols = line.split(None, 10)
                    if cols[3] == "01" and cols[2].endswith(want):
                        seen.add(cols[9])
        except OSError:
            pass
    return len(seen)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--expect", type=int, required=True, help="connections that make the plateau")
    p.add_argument("--interval", type=float, default=0.1)
    p.add_argument("--log", help="write every sample here (t_s rss_kb connections)")
    p.add_argument("cmd", nargs=argparse.REMAINDER)
    a = p.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    if not cmd:
        sys.exit("rss_watch: no command")
    out = open(os.devnull, "w")
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    samples = []
    while proc.poll() is None:
        rss = vm_rss_kb(proc.pid)
        conns = established_to(a.port)
        if rss is not None:
            samples.append((time.monotonic() - t0, rss, conns))
        time.sleep(a.interval)
    rc = proc.wait()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if a.log:
        with open(a.log, "w") as f:
            for t, rss, conns in samples:
                f.write(f"{t:.2f} {rss} {conns}\n")
    plateau = sorted(rss for _, rss, conns in samples if conns >= a.expect)
    print(json.dumps({
        "rc": rc,
        "samples": len(samples),
        "plateau_samples": len(plateau),
        "max_connections": max((c for _, _, c in samples), default=0),
        "rss_median_kb": plateau[len(plateau) // 2] if plateau else None,
        "rss_max_kb": plateau[-1] if plateau else None,
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
    }))


if __name__ == "__main__":
    main()
