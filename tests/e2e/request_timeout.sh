#!/usr/bin/env bash
# --request-timeout-seconds: a request that takes longer fails with a TimeoutError record,
# and the run (all requests timed out) exits non-zero with its summary written.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 3000 --output-tokens 2
ART="$WORK/art"
start=$(date +%s.%N)
set +e
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 4 \
  --request-timeout-seconds 0.3 --artifact-dir "$ART" >"$WORK/out.txt" 2>"$WORK/err.txt"
rc=$?
set -e
end=$(date +%s.%N)
[ "$rc" -ne 0 ] || fail "all requests timed out: exit must be non-zero"
grep -q "TimeoutError" "$WORK/err.txt" || { cat "$WORK/err.txt"; fail "no TimeoutError"; }
ART="$ART" START="$start" END="$end" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["error_request_count"]["avg"] == 4, s.get("error_request_count")
assert s["error_summary"][0]["error_details"]["type"] == "TimeoutError"
elapsed = float(os.environ["END"]) - float(os.environ["START"])
assert elapsed < 2.5, elapsed   # 2 waves of 0.3 s, not 3 s server delays
print("ok", round(elapsed, 2))
'
