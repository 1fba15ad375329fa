#!/usr/bin/env bash
# --show-trace-timing (http_req_* metrics, their console table) and --export-http-trace
# (trace_data in profile_export.jsonl) against the mock: phases tile the exchange, keep-alive
# reuse shows up, nothing appears without the flags.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 2 --itl-ms 1 --output-tokens 5
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 20 \
  --workers-max 1 --show-trace-timing --export-http-trace --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -q "NVIDIA AIPerf | HTTP Trace Timing" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no trace table"; }
grep -q "HTTP Waiting (TTFB) (ms)" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no waiting row"; }
ART="$ART" py '
import csv, json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
tags = ["http_req_blocked", "http_req_dns_lookup", "http_req_connecting", "http_req_sending",
        "http_req_waiting", "http_req_receiving", "http_req_duration", "http_req_connection_overhead",
        "http_req_total", "http_req_data_sent", "http_req_data_received", "http_req_connection_reused",
        "http_req_chunks_sent", "http_req_chunks_received"]
for t in tags:
    assert t in s, t
assert s["http_req_connection_reused"]["unit"] == "ratio"
# 20 requests over 2 connections: at least 18 reused.
assert s["http_req_connection_reused"]["avg"] >= 0.85, s["http_req_connection_reused"]
assert s["http_req_blocked"]["max"] == 0 and s["http_req_dns_lookup"]["max"] == 0
assert s["http_req_chunks_received"]["min"] >= 1 and s["http_req_data_received"]["min"] > 0
with open(f"{art}/profile_export_aiperf.csv") as f:
    assert "HTTP Total Time" in f.read()
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 20, len(recs)
eps = 1e-6  # ms: the JSONL rounds nothing, but summing doubles may
reused = 0
for r in recs:
    m = {k: v["value"] for k, v in r["metrics"].items()}
    phases = ["http_req_blocked", "http_req_dns_lookup", "http_req_connecting", "http_req_sending",
              "http_req_waiting", "http_req_receiving"]
    assert abs(m["http_req_total"] - sum(m[p] for p in phases)) < eps, m
    assert abs(m["http_req_duration"] - (m["http_req_sending"] + m["http_req_waiting"] + m["http_req_receiving"])) < eps, m
    # The last content chunk comes before [DONE]: duration (to the last byte) >= latency.
    assert m["http_req_duration"] >= m["request_latency"] - eps, m
    md = r["metadata"]
    t = r["trace_data"]
    assert abs(m["http_req_duration"] - (t["response_receive_end_perf_ns"] - t["request_send_start_perf_ns"]) / 1e6) < eps
    assert t["request_send_start_perf_ns"] <= t["request_send_end_perf_ns"] <= t["response_receive_start_perf_ns"] <= t["response_receive_end_perf_ns"], t
    wall_start = t["reference_time_ns"] + t["request_send_start_perf_ns"] - t["reference_perf_ns"]
    assert wall_start == md["request_start_ns"], (wall_start, md)
    assert t["response_chunks_count"] == m["http_req_chunks_received"]
    assert t["response_bytes_total"] == m["http_req_data_received"]
    if t["connection_reused"]:
        reused += 1
        assert m["http_req_connecting"] == 0 and "tcp_connect_start_perf_ns" not in t, (m, t)
    else:
        assert t["tcp_connect_start_perf_ns"] <= t["tcp_connect_end_perf_ns"] <= t["request_send_start_perf_ns"], t
assert reused >= 18, reused
print("ok traced")
'

# Non-streaming: the one response is stamped when the body is complete, so the HTTP duration
# is the request latency.
ART="$WORK/nonstream"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 1 --request-count 3 --workers-max 1 \
  --show-trace-timing --artifact-dir "$ART" >"$WORK/ns.txt" 2>&1 || { cat "$WORK/ns.txt"; fail "aiperf failed"; }
ART="$ART" py '
import json, os
for l in open(os.environ["ART"] + "/profile_export.jsonl"):
    m = {k: v["value"] for k, v in json.loads(l)["metrics"].items()}
    assert abs(m["http_req_duration"] - m["request_latency"]) < 1e-6, m
print("ok non-streaming")
'

# Without the flags: no trace table, no http_req_* anywhere, no trace_data.
ART="$WORK/plain"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 4 \
  --workers-max 1 --artifact-dir "$ART" >"$WORK/plain.txt" 2>&1 || { cat "$WORK/plain.txt"; fail "aiperf failed"; }
if grep -q "HTTP" "$WORK/plain.txt"; then cat "$WORK/plain.txt"; fail "trace rows without --show-trace-timing"; fi
ART="$ART" py '
import json, os
art = os.environ["ART"]
assert not any(k.startswith("http_req_") for k in json.load(open(f"{art}/profile_export_aiperf.json")))
for l in open(f"{art}/profile_export.jsonl"):
    r = json.loads(l)
    assert "trace_data" not in r and not any(k.startswith("http_req_") for k in r["metrics"]), r
print("ok plain")
'
