#!/usr/bin/env bash
# Non-streaming completions: only latency/token/throughput metrics, OSL from the requested
# max_tokens, streaming-only metrics absent, request body shape as sent.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 5 --itl-ms 1
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions \
  --concurrency 4 --request-count 40 --isl 32 --osl 12 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf exited non-zero"; }
cat "$WORK/out.txt"
ART="$ART" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
for tag in ("time_to_first_token", "inter_token_latency", "time_to_second_token"):
    assert tag not in s, tag
assert s["output_sequence_length"]["avg"] == 12, s["output_sequence_length"]
assert s["input_sequence_length"]["avg"] == 32, s["input_sequence_length"]
assert s["request_count"]["avg"] == 40
assert s["request_latency"]["min"] >= 5 + 11 * 1 - 0.5, s["request_latency"]
inputs = json.load(open(f"{art}/inputs.json"))
body = inputs["data"][0]["payloads"][0]
assert body["max_tokens"] == 12 and isinstance(body["prompt"], str) and body["stream"] is False, body
print("ok")
'
