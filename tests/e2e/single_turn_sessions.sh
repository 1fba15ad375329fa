#!/usr/bin/env bash
# single_turn rows sharing a session_id (workloads-and-endpoints.md §3.1) and --uuid-and-strip
# (§6.4, docs/datasets.md "Image uuids"): a session's rows reach the mock in file order, one
# after the previous reply plus the row's delay, each without history; an image an earlier row
# of the session sent goes as `"image_url": null` with its uuid; the bodies the mock received
# are exactly inputs.json's.
source "$(dirname "$0")/lib/common.bash"

A="data:image/png;base64,AAAA"
B="data:image/png;base64,BBBB"
cat >"$WORK/rows.jsonl" <<ROWS
{"session_id": "a", "text": "a1", "image": "$A", "output_length": 3}
{"session_id": "b", "text": "b1", "image": "$A", "output_length": 3}
{"session_id": "a", "text": "a2", "images": ["$A", "$B"], "image_uuids": [null, "bee"], "delay": 300, "output_length": 3}
{"text": "solo", "output_length": 3}
{"session_id": "a", "text": "a3", "image_uuids": ["bee"], "delay": 150, "output_length": 3}
ROWS

start_mock --ttft-ms 20 --itl-ms 5 --record-requests "$WORK/requests.jsonl" --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --concurrency 3 --conversation-num 3 \
  --input-file "$WORK/rows.jsonl" --custom-dataset-type single_turn --uuid-and-strip --random-seed 5 \
  --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true

A="$A" B="$B" REQ="$WORK/requests.jsonl" TIMING="$WORK/timing.jsonl" py '
import json, os
from e2e_checks import body_hash, jsonl
A, B, art = os.environ["A"], os.environ["B"], os.environ["ART"]
ua = "c4a60ab824c912a1"  # XXH3-64 of the data URL A
bodies = [r["body"] for r in jsonl(os.environ["REQ"]) if r["target"] == "/v1/chat/completions"]
assert len(bodies) == 5, bodies
def image(url, uuid):
    return {"type": "image_url", "image_url": {"url": url} if url else None, "uuid": uuid}
def text(t):
    return {"type": "text", "text": t}
by_text = {}
for b in bodies:
    assert len(b["messages"]) == 1, b  # every row is a request of its own: no history
    content = b["messages"][0]["content"]
    by_text[content if isinstance(content, str) else content[0]["text"]] = b
expected = {
    "a1": [text("a1"), image(A, ua)],
    "b1": [text("b1"), image(A, ua)],            # another session sends the bytes again
    "a2": [text("a2"), image(None, ua), image(B, "bee")],
    "a3": [text("a3"), image(None, "bee")],
    "solo": "solo",
}
for t, content in expected.items():
    assert by_text[t]["messages"][0]["content"] == content, (t, by_text[t])

# inputs.json shows the bodies as sent, byte for byte.
inputs = json.load(open(f"{art}/inputs.json"))
sent = sorted(body_hash(b) for b in bodies)
assert sorted(body_hash(p) for s in inputs["data"] for p in s["payloads"]) == sent
timing = jsonl(os.environ["TIMING"])
assert sorted(t["body_fnv1a"] for t in timing) == sent, (timing, sent)

# Session a: file order, each row read after the previous reply ended plus its delay.
hashes = {body_hash(by_text[t]): t for t in expected}
a = sorted((t for t in timing if hashes[t["body_fnv1a"]].startswith("a")), key=lambda t: t["read_ns"])
assert [hashes[t["body_fnv1a"]] for t in a] == ["a1", "a2", "a3"], a
assert len({t["correlation_id"] for t in a}) == 1, a
for prev, nxt, delay_ms in ((a[0], a[1], 300), (a[1], a[2], 150)):
    gap_ms = (nxt["read_ns"] - prev["last_write_ns"]) / 1e6
    assert delay_ms <= gap_ms < delay_ms + 200, (delay_ms, gap_ms)
recs = jsonl(f"{art}/profile_export.jsonl")
assert len(recs) == 5 and not [r for r in recs if "error" in r], recs
'

# Bad input: the flag needs single_turn rows; ids need a chat endpoint.
printf '%s\n' '{"turns": [{"text": "a"}]}' >"$WORK/conv.jsonl"
if "$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --input-file "$WORK/conv.jsonl" --custom-dataset-type multi_turn \
    --uuid-and-strip --request-count 1 --ui none --artifact-dir "$WORK/bad1" >"$WORK/bad1.txt" 2>&1; then
  fail "--uuid-and-strip accepted for multi_turn"
fi
grep -qF -e "--uuid-and-strip applies to --input-file with --custom-dataset-type single_turn only" "$WORK/bad1.txt" \
  || { cat "$WORK/bad1.txt"; fail "multi_turn message"; }
if "$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --endpoint-type responses --input-file "$WORK/rows.jsonl" \
    --custom-dataset-type single_turn --request-count 1 --ui none --artifact-dir "$WORK/bad2" >"$WORK/bad2.txt" 2>&1; then
  fail "image_uuids accepted for responses"
fi
grep -qF "rows.jsonl, line 3: 'image_uuids' (vLLM multimodal cache ids) go in chat image parts; --endpoint-type responses has no place for them" \
  "$WORK/bad2.txt" || { cat "$WORK/bad2.txt"; fail "responses message"; }
echo "single_turn_sessions: ok"
