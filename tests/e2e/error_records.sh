#!/usr/bin/env bash
# Server errors: a partly failing run exits 0 and reports its errors; a run where every
# request failed exits non-zero and still writes its summary.
source "$(dirname "$0")/lib/common.bash"

start_mock --error-rate 0.5 --seed 3
ART="$WORK/half"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 100 \
  --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "partial failure must exit 0"; }
grep -q "Error Summary" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no error summary table"; }
ART="$ART" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
errors, ok = s["error_request_count"]["avg"], s["request_count"]["avg"]
assert errors + ok == 100 and 20 < errors < 80, (errors, ok)
assert sum(e["count"] for e in s["error_summary"]) == errors
assert s["error_summary"][0]["error_details"]["code"] == 500
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 100 and sum("error" in r for r in recs) == errors
print("ok", ok, errors)
'

start_mock --error-rate 1.0
ART="$WORK/all"
set +e
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 10 \
  --artifact-dir "$ART" >"$WORK/out2.txt" 2>"$WORK/err2.txt"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "all-failed run must exit non-zero"
[ -f "$ART/profile_export_aiperf.json" ] || fail "all-failed run must still write its summary"
grep -q "failed" "$WORK/err2.txt" || { cat "$WORK/err2.txt"; fail "no error line"; }
echo "ok all-failed rc=$rc: $(cat "$WORK/err2.txt")"
