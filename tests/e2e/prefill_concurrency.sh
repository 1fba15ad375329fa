#!/usr/bin/env bash
# --prefill-concurrency: the mock (TTFT 100 ms) never sees more requests awaiting their first
# token than the cap, while --concurrency still keeps more requests in flight (decoding);
# the prefill ramp reaches its target; bad combinations are refused.
source "$(dirname "$0")/lib/common.bash"

mock_metric() {  # mock_metric NAME -> value from the mock's GET /metrics
  curl -s "$MOCK_URL/metrics" | awk -v n="$1" '$1 == n {print $2}'
}

start_mock --ttft-ms 100 --itl-ms 5
ART="$WORK/cap"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 8 --prefill-concurrency 2 \
  --request-count 24 --osl 40 --artifact-dir "$ART" --ui none >"$WORK/cap.txt" 2>&1 \
  || { cat "$WORK/cap.txt"; fail "aiperf failed"; }
prefill_peak="$(mock_metric aiperf_mock_awaiting_first_token_peak)"
inflight_peak="$(mock_metric aiperf_mock_in_flight_peak)"
[ "$prefill_peak" = "2" ] || fail "mock saw $prefill_peak requests awaiting a first token under --prefill-concurrency 2"
[ "$inflight_peak" -gt 2 ] || fail "in-flight peak $inflight_peak: decoding requests should not hold a prefill slot"
py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 24, len(recs)
assert not [r for r in recs if "error" in r], "error records"
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["input_config"]["loadgen"]["prefill_concurrency"] == 2, s["input_config"]["loadgen"]
'
echo "ok prefill cap held: awaiting-first-token peak $prefill_peak, in-flight peak $inflight_peak"

# Ramp 1 -> 4 over 0.3 s in a 1 s run: the limit reaches 4 and never passes it.
start_mock --ttft-ms 100 --itl-ms 5
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 8 --prefill-concurrency 4 \
  --prefill-concurrency-ramp-duration 0.3 --benchmark-duration 1 --osl 20 --artifact-dir "$WORK/ramp" \
  --ui none >"$WORK/ramp.txt" 2>&1 || { cat "$WORK/ramp.txt"; fail "ramped run failed"; }
ramp_peak="$(mock_metric aiperf_mock_awaiting_first_token_peak)"
[ "$ramp_peak" = "4" ] || fail "prefill ramp peak $ramp_peak, expected its target 4"
echo "ok prefill ramp reached $ramp_peak"

# Rate mode: an arrival that finds no prefill slot is skipped and reported (our choice, §4.6).
start_mock --ttft-ms 100 --itl-ms 5
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --request-rate 50 --arrival-pattern constant \
  --prefill-concurrency 1 --request-count 6 --osl 4 --artifact-dir "$WORK/rate" --ui none >"$WORK/rate.txt" 2>&1 \
  || { cat "$WORK/rate.txt"; fail "rate run failed"; }
[ "$(mock_metric aiperf_mock_awaiting_first_token_peak)" = "1" ] || fail "prefill cap not held in rate mode"
grep -q "skipped because all --prefill-concurrency slots were busy" "$WORK/rate.txt" \
  || { cat "$WORK/rate.txt"; fail "prefill skips not reported"; }
echo "ok rate mode: prefill cap held, skipped arrivals reported"

# Validation (cli-and-load.md §4.12).
expect_error() {  # expect_error MESSAGE ARGS...
  local message="$1"
  shift
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" "$@" >"$WORK/bad.txt" 2>&1; then
    fail "accepted: $*"
  fi
  grep -qF -- "$message" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error for: $*"; }
}
expect_error "--prefill-concurrency requires --streaming" --prefill-concurrency 2
expect_error "--prefill-concurrency 4 must be <= --concurrency 2" --streaming --concurrency 2 --prefill-concurrency 4
expect_error "--warmup-prefill-concurrency 3 must be <= --concurrency 2" --streaming --concurrency 2 \
  --warmup-request-count 2 --warmup-prefill-concurrency 3
echo "ok validation"
