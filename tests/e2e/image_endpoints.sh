#!/usr/bin/env bash
# image_generation (whole and streamed with previews), image_edit, image_retrieval and chat with images
# against the mock: the exact bodies the mock read, what came back, the image metrics
# (num_images, image_throughput, image_latency) and no token metrics; bad input is refused
# before anything is sent, and a body the server rejects is a per-request error record.
source "$(dirname "$0")/lib/common.bash"

mock_run() {  # mock_run NAME "MOCK FLAGS" [aiperf flags...]
  profile_own_mock "$1" "$2" --request-count 4 --num-dataset-entries 2 --isl 8 --random-seed 5 "${@:3}"
}

mock_run gen "--ttft-ms 20" --endpoint-type image_generation --extra-inputs size:256x256
mock_run stream "--ttft-ms 20 --itl-ms 15" --endpoint-type image_generation --streaming \
  --extra-inputs partial_images:2
mock_run infer "--ttft-ms 10" --endpoint-type image_retrieval --image-width-mean 24 --image-height-mean 12 \
  --image-batch-size 2
mock_run edit "--ttft-ms 5" --endpoint-type image_edit --image-width-mean 16 --image-height-mean 8 \
  --extra-inputs size:512x512 --extra-inputs mask:ignored
mock_run chat "--ttft-ms 5" --endpoint-type chat --image-width-mean 8 --image-height-mean 8 --osl 4

WORK="$WORK" py '
import base64, json, os, struct
from e2e_checks import body_hash, fnv
work = os.environ["WORK"]
def load(name):
    sent = [json.loads(l) for l in open(f"{work}/{name}.jsonl")]
    payloads = [p for s in json.load(open(f"{work}/art-{name}/inputs.json"))["data"] for p in s["payloads"]]
    wire = {body_hash(p): p for p in payloads}
    assert len(sent) == 4 and {e["body_fnv1a"] for e in sent} <= set(wire), f"{name}: mock read bodies not in inputs.json"
    recs = [json.loads(l) for l in open(f"{work}/art-{name}/profile_export.jsonl")]
    assert len(recs) == 4 and not [r for r in recs if "error" in r], recs
    summary = json.load(open(f"{work}/art-{name}/profile_export_aiperf.json"))
    return sent, payloads, recs, summary
def metric(r, tag):
    return r["metrics"][tag]["value"]
TOKEN_TAGS = ("time_to_first_token", "inter_token_latency", "output_sequence_length", "output_token_throughput",
              "output_token_count", "e2e_output_token_throughput", "time_to_second_token")
def no_token_metrics(name, recs, summary):
    for tag in TOKEN_TAGS:
        assert tag not in summary, (name, tag)
        assert all(tag not in r["metrics"] for r in recs), (name, tag)
def image_metrics(name, recs, images):
    for r in recs:
        lat = metric(r, "request_latency")
        assert metric(r, "num_images") == images, (name, r["metrics"])
        assert abs(metric(r, "image_latency") - lat / images) < 1e-6 * lat, (name, r["metrics"])
        assert abs(metric(r, "image_throughput") - images / (lat / 1000)) < 1e-6 * images / (lat / 1000), r["metrics"]

# Whole-body generation: the exact body (key order too), one image each.
sent, payloads, recs, s = load("gen")
for p in payloads:
    assert list(p) == ["prompt", "model", "response_format", "n", "size"], p
    assert (p["model"], p["response_format"], p["n"], p["size"]) == ("mock-model", "b64_json", 1, "256x256"), p
    assert isinstance(p["prompt"], str) and p["prompt"], p
golden = "{\"prompt\":%s,\"model\":\"mock-model\",\"response_format\":\"b64_json\",\"n\":1,\"size\":\"256x256\"}"
goldens = {fnv((golden % json.dumps(p["prompt"], ensure_ascii=False)).encode()) for p in payloads}
assert {e["body_fnv1a"] for e in sent} <= goldens, "gen: the bytes the mock read are not the golden body"
assert all(not e["stream"] and e["chunks"] == 1 for e in sent), sent
no_token_metrics("gen", recs, s)
image_metrics("gen", recs, 1)
for r in recs:
    assert metric(r, "request_latency") >= 19, r
    assert 6 <= metric(r, "input_sequence_length") <= 10, r  # the prompt is tokenized for ISL
assert s["image_throughput"]["unit"] == "images/sec" and s["image_latency"]["unit"] == "ms/image", s["image_latency"]
assert s["num_images"]["avg"] == 1, s["num_images"]

# Streamed: two previews and the final image per request; only the final one is an image result.
sent, payloads, recs, s = load("stream")
for p in payloads:
    assert list(p) == ["prompt", "model", "response_format", "n", "stream", "partial_images"], p
    assert p["stream"] is True and p["partial_images"] == 2 and "stream_options" not in p, p
assert all(e["stream"] and e["chunks"] == 3 for e in sent), sent
no_token_metrics("stream", recs, s)
image_metrics("stream", recs, 1)
for r in recs:
    assert metric(r, "request_latency") >= 20 + 2 * 15 - 1, r  # the completed event is the last content

# Retrieval: every synthetic image as one image_url entry; no ISL (tokenizes_input false).
sent, payloads, recs, s = load("infer")
for p in payloads:
    assert list(p) == ["input"] and len(p["input"]) == 2, p
    for item in p["input"]:
        assert list(item) == ["type", "url"] and item["type"] == "image_url", item
        png = base64.b64decode(item["url"].split(",", 1)[1])
        assert item["url"].startswith("data:image/png;base64,") and struct.unpack(">II", png[16:24]) == (24, 12)
assert all(e["image_parts"] == 2 for e in sent), sent
no_token_metrics("infer", recs, s)
assert "input_sequence_length" not in s, s["input_sequence_length"]
image_metrics("infer", recs, 2)

# Edits: a form with the fields, the extras (mask refused) and the image as a PNG file part.
sent = [json.loads(l) for l in open(f"{work}/edit.jsonl")]
assert len(sent) == 4 and all(e["image_parts"] == 1 and not e["stream"] for e in sent), sent
recs = [json.loads(l) for l in open(f"{work}/art-edit/profile_export.jsonl")]
assert len(recs) == 4 and not [r for r in recs if "error" in r], recs
for p in [p for s in json.load(open(f"{work}/art-edit/inputs.json"))["data"] for p in s["payloads"]]:
    assert list(p) == ["prompt", "model", "response_format", "n", "size", "image"], p
    assert (p["model"], p["response_format"], p["n"], p["size"]) == ("mock-model", "b64_json", "1", "512x512"), p
    img = p["image"]
    assert (img["filename"], img["content_type"]) == ("image.png", "image/png"), img
    png = base64.b64decode(img["b64_data"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (16, 8)
s = json.load(open(f"{work}/art-edit/profile_export_aiperf.json"))
no_token_metrics("edit", recs, s)
image_metrics("edit", recs, 1)
for r in recs:
    assert 6 <= metric(r, "input_sequence_length") <= 10, r  # the form'"'"'s prompt field is tokenized
out = open(f"{work}/edit.out").read()
assert out.count("extra input " + chr(39) + "mask" + chr(39) + " is set by the endpoint itself") == 1, out

# Chat with one image per request: the image metrics beside the token ones.
sent, payloads, recs, s = load("chat")
image_metrics("chat", recs, 1)
assert "output_sequence_length" in s
print("ok: image bodies, responses and metrics")
'

# No image in an image_retrieval turn: refused before anything is sent (nothing listens on :9).
out="$("$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --endpoint-type image_retrieval --request-count 1 --ui none \
  --artifact-dir "$WORK/art-bad" 2>&1)" && fail "image_retrieval without images accepted"
grep -q "image_retrieval needs at least one image per turn, but conversation '.*' turn 0 has none" <<<"$out" \
  || fail "message: $out"
grep -q "probe\|connect" <<<"$out" && fail "the run went on to the network: $out"
out="$("$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --endpoint-type image_edit --request-count 1 --ui none \
  --artifact-dir "$WORK/art-bad2" 2>&1)" && fail "image_edit without images accepted"
grep -q "image_edit: conversation '.*' turn 0: has no image to edit" <<<"$out" || fail "message: $out"
out="$("$AIPERF" profile -m m --endpoint-type image_generation --audio-length-mean 1 2>&1)" && fail "audio accepted"
grep -q -e "--audio-length-mean needs --endpoint-type chat, chat_embeddings, responses" <<<"$out" || fail "message: $out"

# A body the server rejects (n out of range): every request is a 400 error record; the run finishes
# (exit 1 only because every request failed).
start_mock
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type image_generation --extra-inputs n:0 \
  --request-count 3 --isl 8 --ui none --artifact-dir "$WORK/art-400" >"$WORK/400.out" 2>&1 \
  && fail "a run whose every request failed exited 0"
grep -q "all 3 requests failed; first error: 400 Bad Request" "$WORK/400.out" || { cat "$WORK/400.out"; fail "summary"; }
WORK="$WORK" py '
import json, os
recs = [json.loads(l) for l in open(os.environ["WORK"] + "/art-400/profile_export.jsonl")]
assert len(recs) == 3 and all(r["error"]["code"] == 400 for r in recs), recs
assert all("from 1 to 10" in r["error"]["message"] for r in recs), recs
print("ok: rejected bodies are error records")
'
echo "image_endpoints: ok"
