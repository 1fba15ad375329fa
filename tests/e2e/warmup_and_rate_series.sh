#!/usr/bin/env bash
# Warm-up by duration (inheriting the profiling load), a rate that follows --request-rate-series,
# and a concurrency ceiling that ramps in rate mode.
source "$(dirname "$0")/lib/common.bash"

mock_total() { curl -s "$MOCK_URL/metrics" | awk '$1 == "aiperf_mock_requests_total" {print $2}'; }

# 1. A 1 s warm-up at concurrency 2 runs before the 20 profiled requests; its requests reach the
#    server but none of them is in the results.
start_mock --ttft-ms 20
ART="$WORK/warm"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 20 \
  --warmup-duration 1 --artifact-dir "$ART" --ui none >"$WORK/warm.txt" 2>&1 \
  || { cat "$WORK/warm.txt"; fail "warm-up run failed"; }
total="$(mock_total)"
py '
import json, os, sys
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
total = int(sys.argv[1])
assert s["request_count"]["avg"] == 20, s["request_count"]
profiled = [r for r in recs if r["metadata"]["benchmark_phase"] == "profiling"]
warm = [r for r in recs if r["metadata"]["benchmark_phase"] == "warmup"]
assert len(profiled) == 20, len(profiled)
assert len(warm) == total - 20, (len(warm), total)   # every warm-up request is in the JSONL, tagged
assert s["warmup_metrics"]["request_count"]["avg"] == len(warm), s["warmup_metrics"]["request_count"]
assert s["input_config"]["loadgen"]["warmup_duration"] == 1
# 2 in flight with a ~20 ms TTFT for 1 s: dozens of warm-up requests, certainly more than 10.
assert total - 20 > 10, total
print("ok warm-up sent %d requests in 1 s before the 20 profiled ones" % (total - 20))
' "$total"

# 2. Rate series: 20 -> 100 req/s over 2 s, then held at 100 until the 3 s duration ends.
#    Expected arrivals: 2 s at a mean of 60 req/s + 1 s at 100 = 220.
start_mock
SERIES="$WORK/series.json"
echo '{"points": [{"time_s": 0, "qps": 20}, {"time_s": 2, "qps": 100}]}' >"$SERIES"
ART="$WORK/series"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-rate-series "$SERIES" --arrival-pattern constant \
  --benchmark-duration 3 --artifact-dir "$ART" --ui none >"$WORK/series.txt" 2>&1 \
  || { cat "$WORK/series.txt"; fail "rate series run failed"; }
py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
starts = sorted(r["metadata"]["request_start_ns"] for r in recs)
t0 = starts[0]
first = sum(1 for t in starts if t - t0 < 1e9)
last = sum(1 for t in starts if t - t0 >= 2e9)
assert 190 <= len(recs) <= 250, len(recs)
assert first < last / 2, (first, last)   # about 30 in the first second, about 100 in the last
print("ok rate series: %d requests, %d in the first second, %d in the last" % (len(recs), first, last))
'

# 3. Rate 400 req/s with a --concurrency 6 ceiling ramped over 1.5 s against a 100 ms TTFT:
#    the mock sees 1 request in flight at first and 6 at the end, never more.
start_mock --ttft-ms 100
ART="$WORK/ramp"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --request-rate 400 --arrival-pattern constant \
  --concurrency 6 --concurrency-ramp-duration 1.5 --benchmark-duration 2.5 --artifact-dir "$ART" --ui none \
  >"$WORK/ramp.txt" 2>&1 || { cat "$WORK/ramp.txt"; fail "ramped ceiling run failed"; }
peak="$(curl -s "$MOCK_URL/metrics" | awk '$1 == "aiperf_mock_in_flight_peak" {print $2}')"
[ "$peak" = "6" ] || fail "peak in flight '$peak', expected the ceiling 6"
py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
starts = sorted(r["metadata"]["request_start_ns"] for r in recs)
t0 = starts[0]
early = sum(1 for t in starts if t - t0 < 0.25e9)
late = sum(1 for t in starts if 1.75e9 <= t - t0 < 2.0e9)
# ~100 ms per request: 1 slot gives ~3 sends in the first 0.25 s, 6 slots ~15 in a late 0.25 s.
assert early <= 5, early
assert late >= 9, late
print("ok ceiling ramp: %d sends in the first 0.25 s, %d in 0.25 s at full ceiling" % (early, late))
'
