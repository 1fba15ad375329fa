#!/usr/bin/env bash
# Synthetic images and audio in chat bodies (workloads-and-endpoints.md §6): every request
# carries --image-batch-size images and --audio-batch-size clips of the requested size, the
# mock counts the parts it received, inputs.json holds the media, and ISL counts text only.
source "$(dirname "$0")/lib/common.bash"

start_mock --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 6 \
  --isl 16 --osl 4 --random-seed 3 --num-dataset-entries 3 \
  --image-width-mean 40 --image-height-mean 20 --image-batch-size 2 \
  --audio-length-mean 0.5 --audio-batch-size 1 --audio-sample-rates 8 --audio-num-channels 2 \
  --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
TIMING="$WORK/timing.jsonl" py '
import base64, json, os, struct
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 6 and not [r for r in recs if "error" in r], recs
for r in recs:
    isl = r["metrics"]["input_sequence_length"]["value"]
    assert 10 <= isl <= 24, isl  # text only: the base64 media would be thousands of tokens
log = [json.loads(l) for l in open(os.environ["TIMING"])]
assert len(log) == 6, len(log)
assert all(t["image_parts"] == 2 and t["audio_parts"] == 1 for t in log), log
inputs = json.load(open(f"{art}/inputs.json"))
sessions = inputs["data"]
assert len(sessions) >= 3, len(sessions)
for s in sessions:
    for p in s["payloads"]:
        parts = p["messages"][-1]["content"]
        assert [x["type"] for x in parts] == ["text", "image_url", "image_url", "input_audio"], parts
        for x in parts[1:3]:
            url = x["image_url"]["url"]
            assert url.startswith("data:image/png;base64,"), url[:40]
            png = base64.b64decode(url.split(",", 1)[1])
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            assert struct.unpack(">II", png[16:24]) == (40, 20)
        a = parts[3]["input_audio"]
        assert a["format"] == "wav"
        wav = base64.b64decode(a["data"])
        ch, rate = struct.unpack("<HI", wav[22:28])
        assert (wav[:4], ch, rate) == (b"RIFF", 2, 8000), (wav[:4], ch, rate)
        assert struct.unpack("<I", wav[40:44])[0] == 4000 * 2 * 2  # 0.5 s x 8 kHz x 2 ch x 16 bit
'
echo "multimodal_inputs: ok"
