#!/usr/bin/env bash
# Network-RTT calibration end to end (docs/telemetry.md, "Network latency"): with
# --network-latency-automatic a TCP-handshake probe runs before and during the run, each probe is
# a line of profile_export_network_latency.jsonl, network_rtt is the mean of the successful ones
# and every network_adjusted_* statistic is that of max(0, raw − rtt) over the records' raw
# values; with --network-latency-mean the given RTT is subtracted and nothing is probed.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 5 --itl-ms 1
AUTO="$WORK/auto"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --request-rate 60 --arrival-pattern constant \
  --request-count 60 --osl 6 --network-latency-automatic --network-latency-ping-interval 0.2 \
  --artifact-dir "$AUTO" --ui none >"$WORK/auto.txt" 2>&1 || { cat "$WORK/auto.txt"; fail "automatic run failed"; }
FIXED="$WORK/fixed"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 20 --osl 6 \
  --network-latency-mean 1.5 --artifact-dir "$FIXED" --ui none >"$WORK/fixed.txt" 2>&1 \
  || { cat "$WORK/fixed.txt"; fail "fixed-mean run failed"; }

WORK="$WORK" MOCK_URL="$MOCK_URL" py '
import csv, json, math, os
work, url = os.environ["WORK"], os.environ["MOCK_URL"]
port = int(url.rsplit(":", 1)[1])
PAIRS = {"request_latency": "network_adjusted_request_latency",
         "time_to_first_token": "network_adjusted_time_to_first_token",
         "time_to_first_output_token": "network_adjusted_time_to_first_output_token"}

def pct(xs, q):  # numpy linear
    h = q / 100 * (len(xs) - 1)
    lo = math.floor(h); hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (h - lo)

def check_adjusted(d, rtt):
    s = json.load(open(f"{work}/{d}/profile_export_aiperf.json"))
    recs = [json.loads(l) for l in open(f"{work}/{d}/profile_export.jsonl")]
    assert abs(s["network_rtt"]["avg"] - rtt) < 1e-9 * max(rtt, 1), (s["network_rtt"], rtt)
    assert s["network_rtt"]["unit"] == "ms", s["network_rtt"]
    for raw, adj in PAIRS.items():
        vals = sorted(max(0.0, r["metrics"][raw]["value"] - rtt) for r in recs)
        a = s[adj]
        assert a["count"] == len(vals) == s[raw]["count"], (adj, a["count"], len(vals))
        want = {"avg": sum(vals) / len(vals), "min": vals[0], "max": vals[-1],
                "p50": pct(vals, 50), "p90": pct(vals, 90), "p99": pct(vals, 99)}
        for k, v in want.items():
            assert abs(a[k] - v) < 1e-6 + 1e-9 * v, (adj, k, a[k], v)
        # Run-level only: records keep their raw values.
        assert not any(adj in r["metrics"] for r in recs), adj
    rows = {row[0] for row in csv.reader(open(f"{work}/{d}/profile_export_aiperf.csv")) if row}
    for name in ("Network-Adjusted Request Latency", "Network-Adjusted Time to First Token", "Network RTT"):
        assert any(name in r for r in rows), (name, rows)
    return s

lines = [json.loads(l) for l in open(f"{work}/auto/profile_export_network_latency.jsonl")]
assert len(lines) >= 3, len(lines)  # one before the run, then every 0.2 s of a ~1 s run
for l in lines:
    assert l["probe_type"] == "tcp_connect" and l["success"] is True and l["error"] is None, l
    assert l["target_host"] == "127.0.0.1" and l["target_port"] == port, l
    assert l["target_url"] == url and l["rtt_ns"] > 0, l
stamps = [l["timestamp_ns"] for l in lines]
assert stamps == sorted(stamps), stamps
rtt = sum(l["rtt_ns"] for l in lines) / len(lines) / 1e6
s = check_adjusted("auto", rtt)
out = open(f"{work}/auto.txt").read()
assert "Network-Adjusted Time to First Token" in out, out

assert not os.path.exists(f"{work}/fixed/profile_export_network_latency.jsonl")
f = check_adjusted("fixed", 1.5)
for raw, adj in PAIRS.items():  # every TTFT is ~5 ms: nothing clamps, so a pure shift
    assert abs(f[raw]["avg"] - f[adj]["avg"] - 1.5) < 1e-6, (raw, f[raw]["avg"], f[adj]["avg"])
    assert abs(f[raw]["std"] - f[adj]["std"]) < 1e-6, (raw, f[raw]["std"], f[adj]["std"])
print("ok %d probes, mean RTT %.4f ms, adjusted TTFT avg %.3f ms" % (
    len(lines), rtt, s["network_adjusted_time_to_first_token"]["avg"]))
'
