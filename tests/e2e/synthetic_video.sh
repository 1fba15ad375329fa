#!/usr/bin/env bash
# Synthetic video (workloads-and-endpoints.md §6.3, docs/video.md): each chat request carries
# --video-batch-size video_url parts; the clips in inputs.json are checked with ffprobe (frame
# count, size, rate, codecs, container); each bad option is one line and exit 1.
source "$(dirname "$0")/lib/common.bash"

if ! command -v ffprobe >/dev/null; then
  [ "${AIPERF_SKIP_FFPROBE:-0}" = "1" ] && { echo "SKIP: no ffprobe and AIPERF_SKIP_FFPROBE=1"; exit 77; }
  fail "ffprobe is missing: install the ffmpeg package (or set AIPERF_SKIP_FFPROBE=1 to skip)"
fi
start_mock

# profile_video NAME MIME BATCH [flags...]: 4 requests, 2 dataset entries; each request must carry
# BATCH clips of MIME, written to $WORK/NAME-<n>.
profile_video() {
  local name="$1" mime="$2" batch="$3"
  shift 3
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --concurrency 2 --request-count 4 \
    --isl 8 --osl 2 --random-seed 5 --num-dataset-entries 2 --artifact-dir "$WORK/art-$name" --ui none "$@" \
    >"$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
  ART="$WORK/art-$name" py '
import base64, json, os, sys
name, mime, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 4 and not [r for r in recs if "error" in r], recs
n = 0
for s in json.load(open(f"{art}/inputs.json"))["data"]:
    for p in s["payloads"]:
        parts = p["messages"][-1]["content"]
        assert [x["type"] for x in parts] == ["text"] + ["video_url"] * batch, [x["type"] for x in parts]
        for x in parts[1:]:
            url = x["video_url"]["url"]
            prefix = f"data:{mime};base64,"
            assert url.startswith(prefix), url[:40]
            open(f"{os.path.dirname(art)}/{name}-{n}", "wb").write(base64.b64decode(url[len(prefix):]))
            n += 1
assert n >= 2, n
' "$name" "$mime" "$batch"
}

# probe FILE STREAM FIELDS: "value,value" of ffprobe's first matching stream.
probe() {
  ffprobe -v error -count_frames -select_streams "$2" -show_entries "stream=$3" -of csv=p=0 "$1"
}

profile_video webm video/webm 2 --video-width 64 --video-height 48 --video-duration 1 --video-fps 5 \
  --video-batch-size 2 --video-synth-type grid_clock --video-audio-num-channels 2 --video-audio-sample-rate 16
for f in "$WORK"/webm-*; do
  [ "$(probe "$f" v:0 codec_name,width,height,r_frame_rate,nb_read_frames)" = "vp9,64,48,5/1,5" ] \
    || fail "$f: $(probe "$f" v:0 codec_name,width,height,r_frame_rate,nb_read_frames)"
  [ "$(probe "$f" a:0 codec_name,sample_rate,channels)" = "vorbis,16000,2" ] \
    || fail "$f audio: $(probe "$f" a:0 codec_name,sample_rate,channels)"
  ffprobe -v error -show_entries format=format_name -of csv=p=0 "$f" | grep -q webm || fail "$f is not webm"
done

MP4=(--video-width 80 --video-height 60 --video-duration 2 --video-fps 3 --video-format mp4 --video-codec libx264
  --video-synth-type noise)
profile_video mp4 video/mp4 1 "${MP4[@]}"
profile_video mp4-again video/mp4 1 "${MP4[@]}"
for f in "$WORK"/mp4-[0-9]*; do
  [ "$(probe "$f" v:0 codec_name,width,height,r_frame_rate,nb_read_frames)" = "h264,80,60,3/1,6" ] \
    || fail "$f: $(probe "$f" v:0 codec_name,width,height,r_frame_rate,nb_read_frames)"
  [ -z "$(probe "$f" a 'codec_name')" ] || fail "$f has an audio track"
done
cmp -s "$WORK/mp4-0" "$WORK/mp4-1" && fail "noise clips of one run are identical"
cmp -s "$WORK/mp4-0" "$WORK/mp4-again-0" || fail "the same --random-seed made different clips"

# The same options from a YAML file (dataset.video, docs/config.md); one of its errors names the key.
cat >"$WORK/video.yaml" <<EOF_YAML
benchmark:
  model: mock-model
  endpoint: {url: "$MOCK_URL", type: chat}
  dataset:
    entries: 2
    prompts: {isl: 8, osl: 2}
    video: {width: 48, height: 32, duration: 1, fps: 3, format: mp4, audio: {channels: 1, sample_rate: 8000}}
  phases: {type: concurrency, concurrency: 1, requests: 2}
  artifacts: {dir: "$WORK/art-yaml"}
EOF_YAML
"$AIPERF" profile -f "$WORK/video.yaml" --ui none >"$WORK/yaml.out" 2>&1 || { cat "$WORK/yaml.out"; fail "yaml run failed"; }
ART="$WORK/art-yaml" py '
import base64, json, os
s = json.load(open(os.environ["ART"] + "/inputs.json"))["data"][0]
url = s["payloads"][0]["messages"][-1]["content"][1]["video_url"]["url"]
assert url.startswith("data:video/mp4;base64,"), url[:40]
open(os.environ["ART"] + "/clip.mp4", "wb").write(base64.b64decode(url.split(",", 1)[1]))
'
[ "$(probe "$WORK/art-yaml/clip.mp4" v:0 codec_name,width,height,r_frame_rate,nb_read_frames)" = "vp9,48,32,3/1,3" ] \
  || fail "yaml clip: $(probe "$WORK/art-yaml/clip.mp4" v:0 codec_name,width,height,r_frame_rate,nb_read_frames)"
[ "$(probe "$WORK/art-yaml/clip.mp4" a:0 codec_name,sample_rate,channels)" = "aac,8000,1" ] \
  || fail "yaml clip audio: $(probe "$WORK/art-yaml/clip.mp4" a:0 codec_name,sample_rate,channels)"
sed -i 's/fps: 3/fps: 0/' "$WORK/video.yaml"
set +e
"$AIPERF" profile -f "$WORK/video.yaml" --ui none >"$WORK/yaml.out" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "video.yaml:7:.*dataset.video.fps" "$WORK/yaml.out" || { cat "$WORK/yaml.out"; fail "bad fps in YAML"; }

# Refusals: one line, exit 1.
check() {
  local expect="$1"
  shift
  set +e
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --tokenizer builtin --request-count 1 --artifact-dir "$WORK/bad" \
    --ui none \
    "$@" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  set -e
  [ "$rc" -eq 1 ] || { cat "$WORK/err"; fail "expected exit 1, got $rc for: $*"; }
  grep -qF -- "$expect" "$WORK/err" || { cat "$WORK/err"; fail "stderr does not say '$expect' for: $*"; }
  [ "$(wc -l <"$WORK/err")" -eq 1 ] || { cat "$WORK/err"; fail "more than one line of error for: $*"; }
  echo "ok: $* -> $(cat "$WORK/err")"
}
V=(--video-width 32 --video-height 32)
check "--video-width is set but --video-height is not" --video-width 32
check "--video-height is set but --video-width is not" --video-height 32
check "--video-codec nope: not an encoder in this FFmpeg" "${V[@]}" --video-codec nope
check "--video-codec libx264: h264 cannot be stored in --video-format webm" "${V[@]}" --video-codec libx264
check "--video-codec aac: not a video encoder" "${V[@]}" --video-codec aac
check "--video-audio-codec aac: aac cannot be stored in --video-format webm" "${V[@]}" --video-audio-num-channels 1 \
  --video-audio-codec aac
check "--video-audio-codec" "${V[@]}" --video-audio-codec libopus  # no track to encode
check "--video-fps" "${V[@]}" --video-fps 0
check "--video-duration" "${V[@]}" --video-duration 0
check "a clip needs at least one frame" "${V[@]}" --video-duration 0.1 --video-fps 4
check "--video-width" --video-width 0 --video-height 32
check "--video-audio-num-channels" "${V[@]}" --video-audio-num-channels 3
check "--video-audio-depth" "${V[@]}" --video-audio-depth 12
check "--video-audio-sample-rate" "${V[@]}" --video-audio-sample-rate 4000
check "--video-synth-type" "${V[@]}" --video-synth-type spirals
check "--video-format" "${V[@]}" --video-format avi
check "has no video content part" "${V[@]}" --endpoint-type responses
check "has no video content part" "${V[@]}" --endpoint-type messages
echo "synthetic_video: ok"
