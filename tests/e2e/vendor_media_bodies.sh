#!/usr/bin/env bash
# Synthetic images and audio in Responses API and Anthropic Messages bodies (workloads-and-
# endpoints.md §6.4): the parts the mock received, the image metrics, and Anthropic refusing audio.
source "$(dirname "$0")/lib/common.bash"

for ep in responses messages; do
  start_mock --record-requests "$WORK/$ep.rec.jsonl"
  media=(--image-width-mean 8 --image-height-mean 6 --image-format jpeg)
  [ "$ep" = responses ] && media+=(--audio-length-mean 0.25)
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type "$ep" --streaming --request-count 2 \
    --isl 8 --osl 4 --random-seed 3 --ui none --no-server-metrics --artifact-dir "$WORK/$ep" "${media[@]}" >"$WORK/$ep.out" 2>&1 \
    || { cat "$WORK/$ep.out"; fail "aiperf $ep failed"; }
done

WORK="$WORK" py '
import base64, json, os
work = os.environ["WORK"]
def sent(ep):
    return [json.loads(l)["body"] for l in open(f"{work}/{ep}.rec.jsonl")]
def jpeg_size(data):
    b = base64.b64decode(data)
    assert b[:2] == b"\xff\xd8", b[:4]
    i = 2
    while True:  # walk the markers to the frame header: height, width
        marker, length = b[i + 1], int.from_bytes(b[i + 2:i + 4], "big")
        if marker in (0xC0, 0xC2):
            return int.from_bytes(b[i + 7:i + 9], "big"), int.from_bytes(b[i + 5:i + 7], "big")
        i += 2 + length

for body in sent("responses"):
    parts = body["input"][-1]["content"]
    assert [p["type"] for p in parts] == ["input_text", "input_image", "input_audio"], parts
    url = parts[1]["image_url"]
    assert isinstance(url, str) and url.startswith("data:image/jpeg;base64,"), url[:40]
    assert jpeg_size(url.split(",", 1)[1]) == (8, 6)
    assert parts[2]["input_audio"]["format"] == "wav" and base64.b64decode(parts[2]["input_audio"]["data"])[:4] == b"RIFF"
for body in sent("messages"):
    parts = body["messages"][-1]["content"]
    assert [p["type"] for p in parts] == ["text", "image"], parts
    src = parts[1]["source"]
    assert (src["type"], src["media_type"]) == ("base64", "image/jpeg"), src
    assert jpeg_size(src["data"]) == (8, 6)

for ep in ("responses", "messages"):
    recs = [json.loads(l) for l in open(f"{work}/{ep}/profile_export.jsonl")]
    assert len(recs) == 2 and not [r for r in recs if "error" in r], recs
    for r in recs:
        assert r["metrics"]["num_images"]["value"] == 1, r["metrics"]
        assert r["metrics"]["image_throughput"]["value"] > 0, r["metrics"]
print("ok: responses and messages bodies carry the media")
'

out="$("$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type messages --audio-length-mean 0.25 \
  --request-count 1 --ui none --no-server-metrics --artifact-dir "$WORK/refused" 2>&1)" && fail "audio on messages accepted"
grep -q "messages (images)" <<<"$out" || fail "message: $out"
echo "ok"
