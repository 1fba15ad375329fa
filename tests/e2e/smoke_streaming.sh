#!/usr/bin/env bash
# Quick end-to-end run without timing assertions (also run under TSan), with a warm-up
# phase (excluded from the profiling results) and the raw export.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 1 --itl-ms 1 --output-tokens 6
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 6 --request-count 60 \
  --warmup-request-count 10 --workers-max 2 --export-level raw --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
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
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
assert len(raw) == len(recs), (len(raw), len(recs))
for r in raw:
    assert r["status"] == 200 and r["error"] is None
    values = [p["value"] for resp in r["responses"] for p in resp["packets"]]
    assert values[-1] == "[DONE]", values[-3:]
    assert r["payload"]["stream"] is True
    assert r["request_headers"]["Accept"] == "text/event-stream"
print("ok")
'
