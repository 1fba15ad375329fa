#!/usr/bin/env bash
# --benchmark-duration stops issuing; requests still running when the grace period ends are
# cancelled and reported, not dropped, under one constant message (one error-summary row, not
# one per measured millisecond).
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 10 --itl-ms 100 --output-tokens 10   # ~1 s per request
ART="$WORK/art"
start=$(date +%s.%N)
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 3 \
  --benchmark-duration 1.5 --benchmark-grace-period 0.2 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
end=$(date +%s.%N)
ART="$ART" START="$start" END="$end" py '
import json, os
art = os.environ["ART"]
elapsed = float(os.environ["END"]) - float(os.environ["START"])
s = json.load(open(f"{art}/profile_export_aiperf.json"))
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
ok = [r for r in recs if "error" not in r]
cancelled = [r for r in recs if r.get("error", {}).get("code") == 499]
assert len(ok) == 3, len(ok)            # the first wave completes inside the duration
assert len(cancelled) == 3, len(cancelled)   # the second wave is cut off by the grace period
assert elapsed < 6, elapsed
message = ("Request was cancelled: the benchmark stopped before its response was complete "
           "(grace period over, or the run was interrupted)")
assert all(r["error"] == {"code": 499, "type": "RequestCancellationError", "message": message}
           for r in cancelled), [r["error"] for r in cancelled]
rows = [e for e in s["error_summary"] if e["error_details"]["code"] == 499]
assert len(rows) == 1 and rows[0]["count"] == 3, s["error_summary"]
assert all(r["metadata"]["cancellation_time_ns"] > r["metadata"]["request_start_ns"] for r in cancelled)
print("ok", len(ok), len(cancelled), round(elapsed, 2))
'
