#!/usr/bin/env bash
# The coordinated-omission latencies, sessions and dev-mode metrics end to end: a multi-turn
# closed loop reports every session and anchors effective_latency at credit issue; a rate run
# anchors it at the schedule (credit_issued_ns = scheduled send time); dev mode adds the
# EXPERIMENTAL/INTERNAL metrics, which are absent otherwise.
source "$(dirname "$0")/lib/common.bash"

start_mock --itl-ms 1
MT="$WORK/multi_turn"
AIPERF_DEV_MODE=1 AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS=1 AIPERF_DEV_SHOW_INTERNAL_METRICS=1 \
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --conversation-num 4 \
  --conversation-turn-mean 3 --isl 16 --osl 4 --random-seed 7 --artifact-dir "$MT" --ui none \
  >"$WORK/mt.txt" 2>&1 || { cat "$WORK/mt.txt"; fail "multi-turn run failed"; }
RATE="$WORK/rate"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --request-rate 100 --arrival-pattern constant \
  --request-count 50 --osl 4 --artifact-dir "$RATE" --ui none >"$WORK/rate.txt" 2>&1 \
  || { cat "$WORK/rate.txt"; fail "rate run failed"; }
WORK="$WORK" py '
import json, os
work = os.environ["WORK"]
def load(d):
    return (json.load(open(f"{work}/{d}/profile_export_aiperf.json")),
            [json.loads(l) for l in open(f"{work}/{d}/profile_export.jsonl")])
def close(a, b):
    return abs(a - b) < 1e-6 + 1e-9 * abs(b)

s, recs = load("multi_turn")
assert len(recs) == 12 and not [r for r in recs if "error" in r], len(recs)
assert s["session_count"]["avg"] == 4, s["session_count"]
hours = s["benchmark_duration"]["avg"] / 3600
assert abs(s["session_throughput"]["avg"] - 4 / hours) < 1e-6 * s["session_throughput"]["avg"], s["session_throughput"]
for r in recs:
    md, m = r["metadata"], r["metrics"]
    assert close(m["effective_latency"]["value"], (md["request_end_ns"] - md["credit_issued_ns"]) / 1e6), r
    assert close(m["credit_to_start_latency"]["value"], max(md["request_start_ns"] - md["credit_issued_ns"], 0) / 1e6), r
    assert m["effective_latency"]["value"] >= m["request_latency"]["value"], r
    assert close(m["stream_prefill_latency"]["value"] + m["stream_setup_latency"]["value"], m["time_to_first_token"]["value"]), r
    assert m["requested_osl"]["value"] == 4, r
assert s["effective_latency"]["count"] == 12 and s["stream_setup_latency"]["count"] == 12, s["effective_latency"]
out = open(f"{work}/mt.txt").read()
assert "Effective Latency (CO-aware)" in out and "Session Throughput" in out, out
assert "Stream Setup Latency" not in out  # hidden from the console even in dev mode

s, recs = load("rate")
assert len(recs) == 50, len(recs)
for key in ("session_count", "session_throughput", "stream_setup_latency", "requested_osl"):
    assert key not in s, key
for r in recs:
    md, m = r["metadata"], r["metrics"]
    assert "stream_setup_latency" not in m and "requested_osl" not in m, m
    # Anchored at the schedule: the time to send is the send lag (negative lag clamps to 0).
    assert close(m["credit_to_start_latency"]["value"], max(m["send_lag"]["value"], 0)), r
    assert m["effective_latency"]["value"] >= m["request_latency_from_schedule"]["value"], r
print("ok sessions/hr %.0f, rate effective latency p99 %.2f ms, credit-to-start p99 %.3f ms" % (
    json.load(open(f"{work}/multi_turn/profile_export_aiperf.json"))["session_throughput"]["avg"],
    s["effective_latency"]["p99"], s["credit_to_start_latency"]["p99"]))
'
