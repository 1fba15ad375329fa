#!/usr/bin/env bash
# audio_transcription against the mock: each request is a multipart/form-data upload whose
# fields and file bytes the mock echoes back (x_mock_received); the form is exactly file, model,
# --extra-inputs in order (a list as repeated fields, `file` not overridable); the WAV sent is the
# synthetic clip; transcripts parse from JSON and from srt; no token metrics, ISL or TTFT;
# audio_duration and rtfx per record. Bad input: no audio, JSON for an upload, SigV4.
source "$(dirname "$0")/lib/common.bash"

run_asr() {
  local name="$1"
  shift
  start_mock --ttft-ms 20
  local pid="${MOCK_PIDS[-1]}"
  "$AIPERF" profile -m whisper-mock -u "$MOCK_URL" --endpoint-type audio_transcription --ui none \
    --artifact-dir "$WORK/art-$name" --export-level raw --request-count 4 --num-dataset-entries 2 \
    --random-seed 11 --audio-length-mean 1.5 --audio-sample-rates 16 "$@" >"$WORK/$name.out" 2>&1 \
    || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
  kill -INT "$pid"
  wait "$pid" || true
}

run_asr json --extra-inputs response_format:json --extra-inputs language:en \
  --extra-inputs '{"timestamp_granularities[]": ["word", "segment"], "temperature": 0, "prompt": null}' \
  --extra-inputs file:not-a-file
[ "$(grep -c "extra input 'file' is set by the endpoint itself" "$WORK/json.out")" = 1 ] \
  || { cat "$WORK/json.out"; fail "expected one warning about the reserved 'file' key"; }

WORK="$WORK" py '
import base64, hashlib, io, json, os, wave
work = os.environ["WORK"]
art = work + "/art-json"
forms = {s["session_id"]: s["payloads"][0] for s in json.load(open(art + "/inputs.json"))["data"]}
assert len(forms) == 2, forms.keys()
for form in forms.values():
    # inputs.json shows the form read back from the bytes sent, in field order.
    assert list(form) == ["file", "model", "response_format", "language", "timestamp_granularities[]",
                          "temperature"], list(form)
    assert form["file"]["filename"] == "audio.wav" and form["file"]["content_type"] == "audio/wav", form["file"]
    wav = wave.open(io.BytesIO(base64.b64decode(form["file"]["b64_data"])))
    assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth(), wav.getnframes()) == (16000, 1, 2, 24000)
raw = [json.loads(l) for l in open(art + "/profile_export_raw.jsonl")]
assert len(raw) == 4, len(raw)
for r in raw:
    ct = r["request_headers"]["Content-Type"]
    assert ct.startswith("multipart/form-data; boundary=aiperf-boundary-") and len(ct) == 78, ct
    echo = json.loads(r["responses"][0]["text"])["x_mock_received"]
    # The exact fields the server parsed, in order, repeated names repeated.
    assert echo["fields"] == [["model", "whisper-mock"], ["response_format", "json"], ["language", "en"],
                              ["timestamp_granularities[]", "word"], ["timestamp_granularities[]", "segment"],
                              ["temperature", "0"]], echo["fields"]
    sent = base64.b64decode(forms[r["metadata"]["conversation_id"]]["file"]["b64_data"])
    f = echo["file"]
    assert f["sha256"] == hashlib.sha256(sent).hexdigest() and f["bytes"] == len(sent), f
    assert (f["filename"], f["content_type"], f["sample_rate"], f["channels"], f["bits"], f["duration"]) == \
        ("audio.wav", "audio/wav", 16000, 1, 16, 1.5), f
    assert r["payload"] == forms[r["metadata"]["conversation_id"]], "raw payload is the form as in inputs.json"
s = json.load(open(art + "/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == 4, s["request_count"]
assert s.get("error_request_count", {"avg": 0})["avg"] == 0, s["error_request_count"]
for tag in ("time_to_first_token", "inter_token_latency", "output_sequence_length", "input_sequence_length",
            "output_token_throughput", "output_token_count", "e2e_output_token_throughput", "total_isl"):
    assert tag not in s, tag
assert s["audio_duration"]["avg"] == 1.5 and s["audio_duration"]["unit"] == "sec", s["audio_duration"]
assert s["usage_prompt_tokens"]["avg"] == 15, s["usage_prompt_tokens"]
recs = [json.loads(l) for l in open(art + "/profile_export.jsonl")]
assert len(recs) == 4 and not [r for r in recs if "error" in r], recs
for r in recs:
    m = r["metrics"]
    latency_s = m["request_latency"]["value"] / 1000
    assert latency_s >= 0.02, m
    assert m["audio_duration"]["value"] == 1.5, m
    assert abs(m["rtfx"]["value"] - 1.5 / latency_s) <= 1e-3 * m["rtfx"]["value"], m
    assert "input_sequence_length" not in m and "output_sequence_length" not in m, m
assert abs(s["rtfx"]["avg"] - sum(r["metrics"]["rtfx"]["value"] for r in recs) / 4) < 1e-6 * s["rtfx"]["avg"], s["rtfx"]
outs = json.load(open(art + "/outputs.json"))["data"]
for o in outs:
    assert len(o["response_text"].split()) == 4, o  # 1.5 s at the mock 2.5 words/s
print("ok: audio_transcription form, upload and metrics")
'
grep -q "RTFx" "$WORK/json.out" || { cat "$WORK/json.out"; fail "rtfx not on the console"; }
grep -q "Audio Duration" "$WORK/json.out" && fail "audio_duration must stay off the console"

# srt: the body itself is the transcript.
run_asr srt --extra-inputs response_format:srt
WORK="$WORK" py '
import json, os, re
outs = json.load(open(os.environ["WORK"] + "/art-srt/outputs.json"))["data"]
assert len(outs) == 4
for o in outs:
    assert re.fullmatch(r"1\n00:00:00,000 --> 00:00:01,500\n(\S+ ){3}\S+\n\n", o["response_text"]), o
    assert "error" not in o, o
print("ok: srt transcripts")
'

# --audio-format mp3: an MPEG Layer III upload (audio/mpeg) the mock reads frame by frame; the
# client's audio_duration is the clip's own length, the mock's includes the encoder's padding.
run_asr mp3 --audio-format mp3 --audio-num-channels 2 \
  --extra-inputs response_format:verbose_json
WORK="$WORK" py '
import base64, json, os
art = os.environ["WORK"] + "/art-mp3"
forms = [s["payloads"][0] for s in json.load(open(art + "/inputs.json"))["data"]]
for form in forms:
    assert form["file"]["filename"] == "audio.mp3" and form["file"]["content_type"] == "audio/mpeg", form["file"]
    data = base64.b64decode(form["file"]["b64_data"])
    assert data[:3] == b"ID3" or (data[0] == 0xFF and data[1] & 0xE0 == 0xE0), data[:4]
raw = [json.loads(l) for l in open(art + "/profile_export_raw.jsonl")]
assert len(raw) == 4 and not [r for r in raw if r.get("error")], [r.get("error") for r in raw]
for r in raw:
    reply = json.loads(r["responses"][0]["text"])
    f = reply["x_mock_received"]["file"]
    assert (f["sample_rate"], f["channels"], f["bits"]) == (16000, 2, 0), f
    assert 1.5 <= reply["duration"] <= 1.5 + 0.2, reply["duration"]
recs = [json.loads(l) for l in open(art + "/profile_export.jsonl")]
assert all(abs(r["metrics"]["audio_duration"]["value"] - 1.5) < 1e-9 for r in recs), recs
print("ok: mp3 uploads")
'
out="$("$AIPERF" profile -m m --endpoint-type audio_transcription --audio-length-mean 1 --audio-format mp3 \
  --audio-sample-rates 44 2>&1)" && fail "an mp3 rate of 44 kHz accepted"
grep -q "^error: --audio-sample-rates: 44 cannot be written as --audio-format mp3" <<<"$out" || fail "message: $out"

# Bad input: refused before anything is sent, naming the flag.
start_mock
out="$("$AIPERF" profile -m m -u "$MOCK_URL" --endpoint-type audio_transcription --ui none \
  --artifact-dir "$WORK/art-bad" 2>&1)" && fail "no audio accepted"
grep -q "^error: --endpoint-type audio_transcription needs --audio-length-mean > 0" <<<"$out" || fail "message: $out"
out="$("$AIPERF" profile -m m -u "$MOCK_URL" --endpoint-type audio_transcription --audio-length-mean 1 --ui none \
  --request-content-type application/json --artifact-dir "$WORK/art-bad" 2>&1)" && fail "JSON upload accepted"
grep -q "needs multipart/form-data" <<<"$out" || fail "message: $out"
out="$(AWS_ACCESS_KEY_ID=AKID AWS_SECRET_ACCESS_KEY=secret "$AIPERF" profile -m m -u "$MOCK_URL" \
  --endpoint-type audio_transcription --audio-length-mean 1 --auth-type sigv4 --aws-region us-east-1 \
  --aws-service execute-api --ui none --artifact-dir "$WORK/art-bad" 2>&1)" && fail "sigv4 multipart accepted"
grep -q "^error: --auth-type sigv4: SigV4 signing of multipart/form-data bodies is not supported" <<<"$out" \
  || fail "message: $out"
out="$("$AIPERF" profile -m m -u "$MOCK_URL" --request-content-type multipart/form-data --ui none \
  --artifact-dir "$WORK/art-bad" 2>&1)" && fail "multipart chat accepted"
grep -q "endpoint-type chat has no form body" <<<"$out" || fail "message: $out"
requests="$(curl -s "$MOCK_URL/metrics" | awk '/^aiperf_mock_requests_total/ {print $2}')"
[ "$requests" = 0 ] || fail "the mock saw $requests requests from refused runs"
[ ! -e "$WORK/art-bad" ] || fail "a refused run left an artifact directory"
echo "ok"
