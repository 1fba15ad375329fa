#!/usr/bin/env bash
# Media, role, extra and several texts in a single_turn --input-file row (docs/datasets.md,
# "Media in rows"): the exact chat body the mock received (local PNG and WAV embedded as
# base64, the image URL passed through, both texts, the row's role, `extra` winning over
# --extra-inputs), the image metrics, and the errors for a missing file and for completions.
source "$(dirname "$0")/lib/common.bash"

mkdir -p "$WORK/data/img"
py '
import struct, sys, wave, zlib
d = sys.argv[1]
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
raw = b"".join(b"\0" + b"\xff\x00\x00" * 2 for _ in range(2))  # 2x2 red, RGB
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)) + \
      chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
open(f"{d}/img/dot.png", "wb").write(png)
with wave.open(f"{d}/clip.wav", "wb") as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000); w.writeframes(b"\0\0" * 4000)
' "$WORK/data"
cat >"$WORK/data/rows.jsonl" <<'ROWS'
{"texts": ["Describe the picture.", "Then name its colours."], "images": ["img/dot.png", "https://img.example/cat.jpg"], "audio": "clip.wav", "role": "developer", "extra": {"temperature": 0, "seed": 9}, "output_length": 5}
ROWS

start_mock --record-requests "$WORK/requests.jsonl"
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --concurrency 1 --request-count 1 \
  --input-file "$WORK/data/rows.jsonl" --custom-dataset-type single_turn --extra-inputs seed:1 --extra-inputs top_k:4 \
  --artifact-dir "$ART" --ui none --no-server-metrics >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }

DATA="$WORK/data" REQ="$WORK/requests.jsonl" py '
import base64, json, os
d = os.environ["DATA"]
b64 = lambda p: base64.b64encode(open(f"{d}/{p}", "rb").read()).decode()
reqs = [json.loads(l) for l in open(os.environ["REQ"])]
chat = [r for r in reqs if r["target"] == "/v1/chat/completions"]
assert len(chat) == 1, reqs
expected = {
    "messages": [{"role": "developer", "content": [
        {"type": "text", "text": "Describe the picture."},
        {"type": "text", "text": "Then name its colours."},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64," + b64("img/dot.png")}},
        {"type": "image_url", "image_url": {"url": "https://img.example/cat.jpg"}},
        {"type": "input_audio", "input_audio": {"data": b64("clip.wav"), "format": "wav"}},
    ]}],
    "model": "mock-model", "stream": False, "max_completion_tokens": 5,
    "seed": 9, "top_k": 4, "temperature": 0,
}
body = chat[0]["body"]
assert body == expected, json.dumps(body)[:2000]
assert list(body)[:4] == ["messages", "model", "stream", "max_completion_tokens"], list(body)
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 1 and "error" not in recs[0], recs
summary = json.load(open(f"{art}/profile_export_aiperf.json"))
for m in ("image_throughput", "image_latency"):
    assert m in summary and summary[m]["avg"] > 0, (m, sorted(summary))
'

# multi_turn: a later turn's texts and image go in that turn's message, after the history.
printf '%s\n' '{"turns": [{"text": "first"}, {"texts": ["second", "more"], "image": "img/dot.png", "extra": {"seed": 3}}]}' \
  >"$WORK/data/conv.jsonl"
start_mock --record-requests "$WORK/conv_requests.jsonl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --concurrency 1 --request-count 2 \
  --input-file "$WORK/data/conv.jsonl" --custom-dataset-type multi_turn --artifact-dir "$WORK/art-conv" --ui none --no-server-metrics \
  >"$WORK/conv.txt" 2>&1 || { cat "$WORK/conv.txt"; fail "aiperf multi_turn failed"; }
DATA="$WORK/data" REQ="$WORK/conv_requests.jsonl" py '
import base64, json, os
png = base64.b64encode(open(os.environ["DATA"] + "/img/dot.png", "rb").read()).decode()
chat = [json.loads(l)["body"] for l in open(os.environ["REQ"])]
chat = [b for b in chat if isinstance(b, dict) and "messages" in b]
assert len(chat) == 2, chat
assert chat[0]["messages"] == [{"role": "user", "content": "first"}] and "seed" not in chat[0], chat[0]
m = chat[1]["messages"]
assert [x["role"] for x in m] == ["user", "assistant", "user"], m
assert m[2]["content"] == [{"type": "text", "text": "second"}, {"type": "text", "text": "more"},
                           {"type": "image_url", "image_url": {"url": "data:image/png;base64," + png}}], m[2]
assert chat[1]["seed"] == 3, chat[1]
'

# audio_transcription uploads a row's WAV; its length (from the header) feeds audio_duration.
printf '%s\n' '{"audio": "clip.wav"}' >"$WORK/data/asr.jsonl"
ART="$WORK/art-asr"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type audio_transcription --request-count 1 --ui none --no-server-metrics \
  --input-file "$WORK/data/asr.jsonl" --custom-dataset-type single_turn --artifact-dir "$ART" >"$WORK/asr.txt" 2>&1 \
  || { cat "$WORK/asr.txt"; fail "aiperf audio_transcription failed"; }
py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert s["audio_duration"]["avg"] == 0.5, s.get("audio_duration")
'

# A missing file names the file and the line; media on completions is refused, not dropped.
printf '%s\n' '{"text": "ok"}' '{"text": "a", "image": "img/none.png"}' >"$WORK/data/missing.jsonl"
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --request-count 1 --ui none --no-server-metrics \
    --input-file "$WORK/data/missing.jsonl" --custom-dataset-type single_turn --artifact-dir "$WORK/a2" >"$WORK/e1.txt" 2>&1; then
  fail "a missing image file was accepted"
fi
grep -qF "missing.jsonl, line 2: image file 'img/none.png' not found" "$WORK/e1.txt" || { cat "$WORK/e1.txt"; fail "missing-file error"; }
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions --request-count 1 --ui none --no-server-metrics \
    --input-file "$WORK/data/rows.jsonl" --custom-dataset-type single_turn --artifact-dir "$WORK/a3" >"$WORK/e2.txt" 2>&1; then
  fail "a media row was accepted on completions"
fi
grep -qF "rows.jsonl, line 1: the row has images, which --endpoint-type completions cannot carry" "$WORK/e2.txt" \
  || { cat "$WORK/e2.txt"; fail "completions media error"; }
echo "file_dataset_media: ok"
