#!/usr/bin/env bash
# --public-dataset mmstar / vision_arena / llava_onevision from Parquet shards in the HF hub-cache
# layout (written here by DuckDB, images as HF's struct<bytes, path>): every request the mock
# receives carries the row's text and one image, re-encoded as a JPEG data URL of the source's
# size; mmvu from its JSON rows with a video URL. Then --image-source <dir>: images of the sampled size, resized from the directory's files.
# Skips (77) only when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"

need_duckdb

# Source images: PNGs written here, and a JPEG made by aiperf's own encoder (a synthetic image).
py '
import struct, sys, zlib
def png(path, w, h, rgb):
    raw = b"".join(b"\0" + bytes(rgb) * w for _ in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
png(sys.argv[1] + "/a.png", 31, 17, (255, 0, 0))
png(sys.argv[1] + "/b.png", 20, 40, (0, 0, 255))
' "$WORK"
start_mock --timing-log "$WORK/timing0.jsonl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 --image-width-mean 24 --image-height-mean 16 \
  --image-format jpeg --artifact-dir "$WORK/synth" --ui none >"$WORK/synth.txt" 2>&1 || { cat "$WORK/synth.txt"; fail "synthetic JPEG run"; }
py '
import base64, json, sys
url = json.load(open(sys.argv[1]))["data"][0]["payloads"][0]["messages"][-1]["content"][1]["image_url"]["url"]
open(sys.argv[2], "wb").write(base64.b64decode(url.split(",", 1)[1]))
' "$WORK/synth/inputs.json" "$WORK/c.jpg"
hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }
A="from_hex('$(hex "$WORK/a.png")')" B="from_hex('$(hex "$WORK/b.png")')" C="from_hex('$(hex "$WORK/c.jpg")')"

export HF_HUB_CACHE="$WORK/hub"
unset HF_HOME
snapshot() {  # snapshot org--name -> prints the snapshot folder
  local repo="$HF_HUB_CACHE/datasets--$1"
  mkdir -p "$repo/refs" "$repo/snapshots/0123abcd"
  printf '0123abcd' >"$repo/refs/main"
  echo "$repo/snapshots/0123abcd"
}
MMSTAR="$(snapshot Lin-Chen--MMStar)"
query "COPY (SELECT * FROM (VALUES ('Which colour is the square?', {'bytes': $A, 'path': 'a.png'}),
                                   ('Is it tall?', {'bytes': $B, 'path': NULL::VARCHAR})) t(question, image))
       TO '$MMSTAR/mmstar.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write mmstar"
ARENA="$(snapshot lmarena-ai--VisionArena-Chat)"
mkdir -p "$ARENA/data"
query "COPY (SELECT [{'role': 'user', 'content': 'What is in this photo?'}, {'role': 'assistant', 'content': 'red'}]
                      AS conversation, [{'bytes': $C, 'path': 'c.jpg'}, {'bytes': $A, 'path': 'a.png'}] AS images)
       TO '$ARENA/data/train-00000-of-00001.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write vision_arena"
LLAVA="$(snapshot lmms-lab--LLaVA-OneVision-Data)"
mkdir -p "$LLAVA/sharegpt4o"
query "COPY (SELECT 'id1' AS id, [{'from': 'human', 'value': '<image>' || chr(10) || 'Describe the picture.'},
                                  {'from': 'gpt', 'value': 'blue'}] AS conversations, {'bytes': $B, 'path': 'b.png'} AS image)
       TO '$LLAVA/sharegpt4o/train-00000-of-00001.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write llava"

# check_run <dataset> <requests> <expected JSON: [[text, width, height], ...] in row order>
check_run() {
  local name="$1" n="$2" want="$3" mock_pid
  start_mock --timing-log "$WORK/$name.timing.jsonl"
  mock_pid="${MOCK_PIDS[-1]}"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset "$name" --request-count "$n" --concurrency 1 \
    --artifact-dir "$WORK/$name" --ui none >"$WORK/$name.txt" 2>&1 || { cat "$WORK/$name.txt"; fail "$name run failed"; }
  kill -INT "$mock_pid"
  wait "$mock_pid" || true
  py '
import base64, json, sys
name, n, want = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
def jpeg_size(b):
    assert b[:3] == b"\xff\xd8\xff", b[:8]
    i = 2
    while i < len(b):
        marker, length = b[i + 1], int.from_bytes(b[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return int.from_bytes(b[i + 7:i + 9], "big"), int.from_bytes(b[i + 5:i + 7], "big")
        i += 2 + length
    raise AssertionError("no SOF marker")
log = [json.loads(l) for l in open(sys.argv[4])]
assert len(log) == n and all(t["image_parts"] == 1 for t in log), log
recs = [json.loads(l) for l in open(sys.argv[5] + "/profile_export.jsonl")]
assert len(recs) == n and not [r for r in recs if "error" in r], recs
got = []
for s in json.load(open(sys.argv[5] + "/inputs.json"))["data"]:
    parts = s["payloads"][0]["messages"][-1]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url"], parts
    url = parts[1]["image_url"]["url"]
    assert url.startswith("data:image/jpeg;base64,"), url[:40]
    got.append([parts[0]["text"], *jpeg_size(base64.b64decode(url.split(",", 1)[1]))])
assert got == want, (got, want)
' "$name" "$n" "$want" "$WORK/$name.timing.jsonl" "$WORK/$name"
  echo "ok: $name"
}
check_run mmstar 2 '[["Which colour is the square?", 31, 17], ["Is it tall?", 20, 40]]'
check_run vision_arena 1 '[["What is in this photo?", 24, 16]]'
check_run llava_onevision 1 '[["Describe the picture.", 20, 40]]'

# mmvu (JSON rows, as the repo ships validation.json): question + choices, the video URL passed
# through as a video_url part.
MMVU="$(snapshot yale-nlp--MMVU)"
printf '%s' '[{"question": "Which style?", "choices": {"A": "Baroque", "B": "Cubism"},
  "video": "https://huggingface.co/datasets/yale-nlp/MMVU/resolve/main/videos/Art/1.mp4"}]' >"$MMVU/validation.json"
start_mock
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset mmvu --request-count 1 --artifact-dir "$WORK/mmvu" \
  --ui none >"$WORK/mmvu.txt" 2>&1 || { cat "$WORK/mmvu.txt"; fail "mmvu run failed"; }
py '
import json, sys
assert not [r for r in map(json.loads, open(sys.argv[1] + "/profile_export.jsonl")) if "error" in r]
parts = json.load(open(sys.argv[1] + "/inputs.json"))["data"][0]["payloads"][0]["messages"][-1]["content"]
assert parts == [{"type": "text", "text": "Which style? A.Baroque B.Cubism"},
                 {"type": "video_url", "video_url": {"url": "https://huggingface.co/datasets/yale-nlp/MMVU/resolve/main/videos/Art/1.mp4"}}], parts
' "$WORK/mmvu"
echo "ok: mmvu"

# A row whose image is not JPEG or PNG: one error naming the file and row.
query "COPY (SELECT 'q' AS question, {'bytes': from_hex('474946383961'), 'path': 'x.gif'} AS image)
       TO '$MMSTAR/mmstar.parquet' (FORMAT parquet)" >/dev/null
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset mmstar --request-count 1 --artifact-dir "$WORK/bad" \
  --ui none >"$WORK/bad.txt" 2>&1; then fail "a GIF image was accepted"; fi
grep -qF "mmstar.parquet, row 1 (x.gif): not a JPEG or PNG image" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "bad image error text"; }
echo "ok: undecodable image refused"

# --image-source <dir>: every image the mock receives has the sampled size.
SRC="$WORK/sources"
mkdir -p "$SRC"
cp "$WORK/a.png" "$WORK/b.png" "$WORK/c.jpg" "$SRC/"
start_mock --timing-log "$WORK/src.timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 4 --concurrency 1 --num-dataset-entries 4 --isl 8 \
  --image-width-mean 33 --image-height-mean 21 --image-batch-size 2 --image-format jpeg --image-source "$SRC" \
  --image-source-sampling sequential-cycle --artifact-dir "$WORK/src" --ui none >"$WORK/src.txt" 2>&1 \
  || { cat "$WORK/src.txt"; fail "--image-source run failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
py '
import base64, json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
assert len(log) == 4 and all(t["image_parts"] == 2 for t in log), log
n = 0
for s in json.load(open(sys.argv[2]))["data"]:
    for p in s["payloads"]:
        for part in p["messages"][-1]["content"][1:]:
            b = base64.b64decode(part["image_url"]["url"].split(",", 1)[1])
            i = 2
            while not (0xC0 <= b[i + 1] <= 0xCF and b[i + 1] not in (0xC4, 0xC8, 0xCC)):
                i += 2 + int.from_bytes(b[i + 2:i + 4], "big")
            assert (int.from_bytes(b[i + 7:i + 9], "big"), int.from_bytes(b[i + 5:i + 7], "big")) == (33, 21)
            n += 1
assert n == 8, n
' "$WORK/src.timing.jsonl" "$WORK/src/inputs.json"
echo "ok: --image-source <dir> images of the sampled size"

for bad in assets "$WORK/nope"; do
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 --image-width-mean 8 --image-height-mean 8 \
    --image-source "$bad" --artifact-dir "$WORK/bad2" --ui none >"$WORK/bad2.txt" 2>&1; then fail "--image-source $bad accepted"; fi
  grep -q -- "--image-source" "$WORK/bad2.txt" || { cat "$WORK/bad2.txt"; fail "--image-source $bad error text"; }
done
echo "vision_datasets: ok"
