#!/usr/bin/env bash
# --endpoint-type responses (OpenAI Responses API) against the mock, streaming and not: the
# bodies sent (input items, instructions, max_output_tokens, history with the live reply),
# streamed timing metrics and the usage the server reported.
source "$(dirname "$0")/lib/common.bash"

start_mock --itl-ms 1
run() {
  local art="$1"; shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type responses --concurrency 2 --isl 12 --osl 5 \
    --random-seed 3 --export-level raw --ui none --artifact-dir "$art" "$@" >"$WORK/out.txt" 2>&1 \
    || { cat "$WORK/out.txt"; fail "aiperf failed: $*"; }
}
run "$WORK/stream" --streaming --conversation-num 3 --conversation-turn-mean 2 --shared-system-prompt-length 6
run "$WORK/plain" --request-count 4

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
        assert m["usage_prompt_tokens"]["value"] > 0, m
        assert m["input_sequence_length"]["value"] > 0, m
        if streaming:
            assert m["time_to_first_token"]["value"] > 0 and "inter_token_latency" in m, m
        else:
            assert "time_to_first_token" not in m, m

raw = load("stream", "profile_export_raw.jsonl")
for line in raw:
    body = line["payload"]
    assert line["request_url"].endswith("/v1/responses") if "request_url" in line else True
    assert body["stream"] is True and body["max_output_tokens"] == 5, body
    assert isinstance(body["instructions"], str) and body["instructions"], body
    assert "stream_options" not in body and "messages" not in body, body
    items = body["input"]
    assert all(i["type"] == "message" for i in items), items
    if line["metadata"]["turn_index"] == 0:
        assert [i["role"] for i in items] == ["user"], items
    else:
        assert [i["role"] for i in items] == ["user", "assistant", "user"], items
        assert len(items[1]["content"].split()) == 5, items[1]  # the live 5-token reply
plain = load("plain", "profile_export_raw.jsonl")
assert plain[0]["payload"]["stream"] is False and "instructions" not in plain[0]["payload"]
print("ok")
'
