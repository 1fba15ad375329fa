#!/usr/bin/env bash
# Quick end-to-end run without timing assertions (also run under TSan), with a warm-up
# phase: warm-up requests are excluded from the profiling results.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 1 --itl-ms 1 --output-tokens 6
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 6 --request-count 60 \
  --warmup-request-count 10 --workers-max 2 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
ART="$ART" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == 60, s["request_count"]
assert s["output_sequence_length"]["avg"] == 6
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
prof = [r for r in recs if r["metadata"].get("benchmark_phase", "profiling") == "profiling"]
assert len(prof) == 60, len(prof)
print("ok")
'
