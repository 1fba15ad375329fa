#!/usr/bin/env bash
# --public-dataset librispeech (and the other speech datasets, workloads-and-endpoints.md §4)
# from a HF hub cache laid out as huggingface_hub leaves it, with a Parquet shard holding real
# FLAC audio in HF's Audio struct<bytes, path>. Python writes the source samples as WAV, the
# `flac` tool encodes them, DuckDB writes the shard. The mock saves every input_audio part it
# receives (--save-audio): each must be the source's samples exactly, as 16-bit PCM WAV at the
# source's rate and channel count, beside the fixed prompt. The 31 s clip is skipped and
# counted. Bad bytes and a missing cache are clear errors.
source "$(dirname "$0")/lib/common.bash"

command -v flac >/dev/null || fail "the flac tool is required (apt-get install flac; scripts/setup.sh)"
need_duckdb

CLIPS="$WORK/clips"
mkdir -p "$CLIPS" "$WORK/got"
# name rate channels seconds: 'b' is over 30 s and must be skipped.
CLIPS="$CLIPS" py '
import math, os, random, struct, wave
random.seed(7)
d = os.environ["CLIPS"]
for name, rate, ch, secs in [("a", 16000, 1, 1.5), ("b", 8000, 1, 31.0), ("c", 22050, 2, 0.7)]:
    frames = int(rate * secs)
    data = bytearray()
    for i in range(frames):
        for c in range(ch):
            v = 0.4 * math.sin(2 * math.pi * (220 + 110 * c) * i / rate) + random.uniform(-0.1, 0.1)
            data += struct.pack("<h", max(-32768, min(32767, int(v * 32767))))
    with wave.open(f"{d}/{name}.wav", "wb") as w:
        w.setnchannels(ch); w.setsampwidth(2); w.setframerate(rate); w.writeframes(bytes(data))
'
for c in a b c; do flac -s -f -o "$CLIPS/$c.flac" "$CLIPS/$c.wav" || fail "flac could not encode $c.wav"; done

# snapshot <repo folder> -> a snapshot directory with refs/main naming it
snapshot() {
  local dir="$WORK/hub/$1"
  mkdir -p "$dir/refs" "$dir/snapshots/1a2b3c"
  printf 1a2b3c >"$dir/refs/main"
  echo "$dir/snapshots/1a2b3c"
}
LIBRI="$(snapshot datasets--openslr--librispeech_asr)"
mkdir -p "$LIBRI/clean/test" "$LIBRI/other/test"
query "COPY (SELECT 'utt-' || parse_filename(filename, true) AS id,
               {'bytes': content, 'path': parse_filename(filename)} AS audio,
               'words of ' || parse_filename(filename, true) AS text
             FROM read_blob('$CLIPS/*.flac') ORDER BY filename)
       TO '$LIBRI/clean/test/0000.parquet' (FORMAT parquet, COMPRESSION zstd)" >/dev/null \
  || fail "DuckDB could not write the librispeech shard"
# Another subset's split must not be read.
cp "$LIBRI/clean/test/0000.parquet" "$LIBRI/other/test/0000.parquet"
export HF_HUB_CACHE="$WORK/hub"

start_mock --save-audio "$WORK/got"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --public-dataset librispeech \
  --request-count 4 --concurrency 1 --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed on librispeech"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
grep -q -- "--public-dataset librispeech: 2 audio clips (2 turns) from $LIBRI/clean/test/0000.parquet" "$WORK/out.txt" \
  || { cat "$WORK/out.txt"; fail "no load line for 2 clips of clean/test"; }
grep -q -- "--public-dataset librispeech: skipped 1 clip longer than 30 s" "$WORK/out.txt" \
  || { cat "$WORK/out.txt"; fail "the skipped 31 s clip is not reported"; }

CLIPS="$CLIPS" GOT="$WORK/got" py '
import base64, json, os, wave
def pcm(path):
    with wave.open(path, "rb") as w:
        return (w.getframerate(), w.getnchannels(), w.getsampwidth(), w.readframes(w.getnframes()))
src = {n: pcm(os.path.join(os.environ["CLIPS"], n + ".wav")) for n in "ac"}
got = sorted(os.listdir(os.environ["GOT"]))
assert got == ["1-1.wav", "2-1.wav", "3-1.wav", "4-1.wav"], got
clips = [pcm(os.path.join(os.environ["GOT"], g)) for g in got]
# Sequential sampling, wrapping around: a, c, a, c.
assert clips == [src["a"], src["c"], src["a"], src["c"]], [(c[0], c[1], c[2], len(c[3])) for c in clips]
inputs = json.load(open(os.environ["ART"] + "/inputs.json"))
for s in inputs["data"]:
    for p in s["payloads"]:
        parts = p["messages"][-1]["content"]
        assert [x["type"] for x in parts] == ["text", "input_audio"], parts
        assert parts[0]["text"] == "Transcribe this audio.", parts[0]
        assert parts[1]["input_audio"]["format"] == "wav"
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
assert len(recs) == 4 and not [r for r in recs if "error" in r], recs
'
echo "librispeech: the mock got the source samples"

# --num-dataset-entries stops after the first clip.
start_mock
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --public-dataset librispeech \
  --num-dataset-entries 1 --request-count 1 --artifact-dir "$WORK/art1" --ui none >"$WORK/out1.txt" 2>&1 \
  || { cat "$WORK/out1.txt"; fail "aiperf failed with --num-dataset-entries 1"; }
grep -q -- "librispeech: 1 audio clips (1 turns)" "$WORK/out1.txt" || { cat "$WORK/out1.txt"; fail "not capped at 1"; }

# Bad bytes: an error naming the file and row, non-zero exit.
VOX="$(snapshot datasets--facebook--voxpopuli)"
mkdir -p "$VOX/en"
query "COPY (SELECT {'bytes': 'not audio at all'::BLOB, 'path': 'x.flac'} AS audio) TO '$VOX/en/test-00000.parquet' (FORMAT parquet)" >/dev/null
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --public-dataset voxpopuli \
    --request-count 1 --artifact-dir "$WORK/art2" --ui none >"$WORK/out2.txt" 2>&1; then
  fail "bad audio bytes were accepted"
fi
grep -q -- "--public-dataset voxpopuli: $VOX/en/test-00000.parquet, row 1: 'audio.bytes' is not audio libsndfile can read" "$WORK/out2.txt" \
  || { cat "$WORK/out2.txt"; fail "unclear bad-bytes error"; }

# A dataset not in the cache, offline: the usual message naming where it was looked for.
if HF_HUB_OFFLINE=1 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --public-dataset ami \
    --request-count 1 --artifact-dir "$WORK/art3" --ui none >"$WORK/out3.txt" 2>&1; then
  fail "a missing dataset was accepted"
fi
grep -q -- "--public-dataset ami: the HuggingFace dataset edinburghcstr/ami is not in the cache; searched $WORK/hub/datasets--edinburghcstr--ami/snapshots" "$WORK/out3.txt" \
  || { cat "$WORK/out3.txt"; fail "unclear missing-cache error"; }
echo "speech_datasets: ok"
