#!/usr/bin/env bash
# --failed-request-threshold: a run whose failed fraction passes the threshold (after
# max(concurrency, 10) records) stops early, writes what it measured marked incomplete, and
# exits 1; one that stays below it runs to the end.
source "$(dirname "$0")/lib/common.bash"

start_mock --error-rate 0.5 --ttft-ms 2
ART="$WORK/trip"
set +e
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 4 --request-count 5000 \
  --failed-request-threshold 0.2 --artifact-dir "$ART" --ui none >"$WORK/trip.txt" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || { cat "$WORK/trip.txt"; fail "tripped threshold should exit 1, got $rc"; }
grep -q "failed request threshold exceeded" "$WORK/trip.txt" || { cat "$WORK/trip.txt"; fail "no reason printed"; }
py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert s["was_cancelled"] is True
assert 10 <= len(recs) < 5000, len(recs)
assert s["input_config"]["loadgen"]["failed_request_threshold"] == 0.2
print("ok stopped after %d records" % len(recs))
'

start_mock --error-rate 0.1 --seed 3
ART="$WORK/below"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 4 --request-count 200 \
  --failed-request-threshold 0.5 --artifact-dir "$ART" --ui none >"$WORK/below.txt" 2>&1 \
  || { cat "$WORK/below.txt"; fail "run below the threshold failed"; }
py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert s["was_cancelled"] is False
assert s["request_count"]["avg"] + s["error_request_count"]["avg"] == 200
print("ok ran to the end")
'
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --failed-request-threshold 1.5 >"$WORK/bad.txt" 2>&1; then
  fail "threshold 1.5 accepted"
fi
grep -q -- "--failed-request-threshold must be <= 1 (got 1.5)" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error"; }
