#!/usr/bin/env bash
# --per-chunk-usage: the body asks for continuous_usage_stats, the mock then puts cumulative
# usage on every chunk (3 tokens each), and ITL divides by OSL − 3 instead of OSL − 1.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 1 --itl-ms 2 --output-tokens 9 --tokens-per-chunk 3
run() {  # $1 = artifact dir, rest = extra flags
  local art="$1"; shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --use-server-token-count --concurrency 2 \
    --request-count 6 --artifact-dir "$art" "$@" >"$art.txt" 2>&1 || { cat "$art.txt"; fail "aiperf failed"; }
}
run "$WORK/flag" --per-chunk-usage
run "$WORK/plain"

ART="$WORK" py '
import json, os
w = os.environ["ART"]
body = json.load(open(f"{w}/flag/inputs.json"))["data"][0]["payloads"][0]
assert body["stream_options"] == {"include_usage": True, "continuous_usage_stats": True}, body
plain = json.load(open(f"{w}/plain/inputs.json"))["data"][0]["payloads"][0]
assert "continuous_usage_stats" not in plain["stream_options"], plain
for run, divisor in (("flag", 9 - 3), ("plain", 9 - 1)):
    for line in open(f"{w}/{run}/profile_export.jsonl"):
        m = {k: v["value"] for k, v in json.loads(line)["metrics"].items()}
        assert m["output_sequence_length"] == 9, m
        expected = (m["request_latency"] - m["time_to_first_token"]) / divisor
        assert abs(m["inter_token_latency"] - expected) < 1e-9 * max(1, expected), (run, m, expected)
print("ok")
' || fail "ITL divisor"
grep -q "warning: --per-chunk-usage" "$WORK/flag.txt" && fail "fallback warning without cause"

# Validation: each requirement is named.
expect_error() {  # $1 = expected message part, rest = flags
  local want="$1"; shift
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 --artifact-dir "$WORK/bad" "$@" \
      >"$WORK/bad.txt" 2>&1; then fail "accepted: $*"; fi
  grep -q -- "$want" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "message for: $*"; }
}
expect_error "--per-chunk-usage requires --use-server-token-count" --per-chunk-usage --streaming
expect_error "--per-chunk-usage requires --streaming" --per-chunk-usage --use-server-token-count
expect_error "--per-chunk-usage requires --endpoint-type chat" --per-chunk-usage --streaming \
  --use-server-token-count --endpoint-type completions
echo ok
