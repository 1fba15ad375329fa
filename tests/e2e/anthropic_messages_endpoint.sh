#!/usr/bin/env bash
# --endpoint-type messages (Anthropic Messages API) against the mock, streaming and not: the
# bodies and headers sent (system, max_tokens, x-api-key, anthropic-version, history with the
# live reply), streamed timing metrics and the usage merged from message_start/message_delta.
source "$(dirname "$0")/lib/common.bash"

start_mock --itl-ms 1
run() {
  local art="$1"; shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type messages --concurrency 2 --isl 12 --osl 5 \
    --random-seed 3 --api-key sk-test --export-level raw --ui none --artifact-dir "$art" "$@" >"$WORK/out.txt" 2>&1 \
    || { cat "$WORK/out.txt"; fail "aiperf failed: $*"; }
}
run "$WORK/stream" --streaming --conversation-num 3 --conversation-turn-mean 2 --shared-system-prompt-length 6
run "$WORK/plain" --request-count 4 -H anthropic-version:2024-01-01

WORK="$WORK" py '
import json, os
work = os.environ["WORK"]
def load(name, file):
    return [json.loads(l) for l in open(f"{work}/{name}/{file}")]

for name, streaming, count in [("stream", True, 6), ("plain", False, 4)]:
    recs = load(name, "profile_export.jsonl")
    assert len(recs) == count, (name, len(recs))
    assert not [r for r in recs if "error" in r], [r["error"] for r in recs if "error" in r]
    for r in recs:
        m = r["metrics"]
        assert m["output_sequence_length"]["value"] == 5, m["output_sequence_length"]
        assert m["usage_completion_tokens"]["value"] == 5, m
        assert m["usage_prompt_tokens"]["value"] > 0, m  # from message_start, merged with message_delta
        if streaming:
            assert m["time_to_first_token"]["value"] > 0 and "inter_token_latency" in m, m

def header(line, name):
    hs = {k.lower(): v for k, v in line["request_headers"].items()}
    return hs.get(name.lower())

raw = load("stream", "profile_export_raw.jsonl")
for line in raw:
    body = line["payload"]
    assert body["stream"] is True and body["max_tokens"] == 5, body
    assert isinstance(body["system"], str) and body["system"], body
    assert header(line, "anthropic-version") == "2023-06-01", line["request_headers"]
    assert header(line, "x-api-key") is not None and header(line, "authorization") is None, line["request_headers"]
    roles = [m["role"] for m in body["messages"]]
    if line["metadata"]["turn_index"] == 0:
        assert roles == ["user"], roles
    else:
        assert roles == ["user", "assistant", "user"], roles
        assert len(body["messages"][1]["content"].split()) == 5, body["messages"][1]
plain = load("plain", "profile_export_raw.jsonl")
assert "stream" not in plain[0]["payload"], plain[0]["payload"]  # upstream omits it when not streaming
assert header(plain[0], "anthropic-version") == "2024-01-01"  # a user header wins
print("ok")
'
