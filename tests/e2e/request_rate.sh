#!/usr/bin/env bash
# --request-rate 200 --arrival-pattern constant against a zero-latency mock: arrivals land on
# the 5 ms grid, the achieved rate is the target, and every request is accounted for, each
# with its send lag.
source "$(dirname "$0")/lib/common.bash"

start_mock
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-rate 200 --arrival-pattern constant \
  --request-count 400 --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 400, len(recs)
assert not [r for r in recs if "error" in r], "error records"
assert s["request_count"]["avg"] == 400, s["request_count"]
assert s["input_config"]["loadgen"]["request_rate"] == 200, s["input_config"]["loadgen"]
starts = sorted(r["metadata"]["request_start_ns"] for r in recs)
achieved = (len(starts) - 1) / ((starts[-1] - starts[0]) / 1e9)
assert abs(achieved - 200) / 200 < 0.03, achieved
lags = [r["metrics"]["send_lag"]["value"] for r in recs]
assert all(r["metrics"]["send_lag"]["unit"] == "ms" for r in recs)
assert s["send_lag"]["count"] == 400, s["send_lag"]
assert min(lags) >= 0, min(lags)
print("ok achieved %.2f req/s, send lag mean %.1f us p99 %.1f us" % (
    achieved, s["send_lag"]["avg"] * 1000, s["send_lag"]["p99"] * 1000))
'
# Bad input is refused before anything is sent, naming the flag.
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-rate 0 >"$WORK/bad.txt" 2>&1; then
  fail "--request-rate 0 was accepted"
fi
grep -q -- "--request-rate must be > 0" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error"; }

# Rate with a concurrency cap: the mock (TTFT 50 ms) sees at most 2 requests at once, however
# many arrivals the 200 req/s schedule makes; the ones that found no slot are reported.
start_mock --ttft-ms 50
CAP_ART="$WORK/cap"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --request-rate 200 --arrival-pattern constant \
  --concurrency 2 --request-count 20 --artifact-dir "$CAP_ART" --ui none >"$WORK/cap.txt" 2>&1 \
  || { cat "$WORK/cap.txt"; fail "capped run failed"; }
peak="$(curl -s "$MOCK_URL/metrics" | awk '$1 == "aiperf_mock_in_flight_peak" {print $2}')"
[ "$peak" = "2" ] || fail "mock saw a peak of '$peak' requests in flight under --concurrency 2"
grep -q "scheduled arrivals were skipped" "$WORK/cap.txt" || { cat "$WORK/cap.txt"; fail "skipped arrivals not reported"; }
echo "ok cap held: peak in flight $peak"
