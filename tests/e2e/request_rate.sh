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
