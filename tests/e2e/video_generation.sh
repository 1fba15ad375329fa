#!/usr/bin/env bash
# video_generation against the mock's job API: the exact bodies the mock received (form and
# JSON), one record
# per job from submit to completion (latency >= the job's run time), polls spaced by
# AIPERF_HTTP_VIDEO_POLL_INTERVAL, --download-video-content timing the download (through a 302,
# and to another origin without credentials), the video metrics equal to what the mock reported,
# failed jobs and timeouts as error records while the run goes on.
source "$(dirname "$0")/lib/common.bash"


# video_run NAME "MOCK FLAGS" AIPERF FLAGS...: runs aiperf, saves /mock/video_jobs, stops the mock.
video_run() {
  local name="$1" mock_flags="$2"
  shift 2
  # shellcheck disable=SC2086
  start_mock $mock_flags
  local pid="${MOCK_PIDS[-1]}"
  AIPERF_HTTP_VIDEO_POLL_INTERVAL="${POLL:-0.05}" "$AIPERF" profile -m wan --tokenizer builtin -u "$MOCK_URL" --endpoint-type video_generation \
    --artifact-dir "$WORK/art-$name" --ui none --isl 8 --api-key s3cret "$@" >"$WORK/$name.out" 2>&1 \
    || echo "exit $?" >>"$WORK/$name.out"
  python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1] + "/mock/video_jobs").read().decode())' \
    "$MOCK_URL" >"$WORK/$name.jobs.json"
  kill -INT "$pid"
  wait "$pid" || true
}

POLL=0.05 video_run basic "--video-job-ms 300 --video-peak-memory-mb 777.25" \
  --request-count 4 --concurrency 2 --extra-inputs size:640x360 --extra-inputs 'seconds:"2"' --extra-inputs seed:7 --streaming
video_run json "--video-job-ms 100" --request-count 2 --request-content-type application/json \
  --extra-inputs size:640x360 --extra-inputs 'seconds:"2"' --extra-inputs seed:7
video_run dl "--video-job-ms 200 --video-content-delay-ms 150 --video-content-redirect --video-content-bytes 100000" \
  --request-count 3 --concurrency 3 --download-video-content
port="$(free_port)"
video_run foreign "--port $port --video-job-ms 100 --video-url-in-job --video-url-host localhost:$port" \
  --request-count 2 --download-video-content
video_run failing "--video-job-ms 100 --video-fail-rate 0.5" --request-count 4 --concurrency 1
video_run slow "--video-job-ms 5000" --request-count 2 --concurrency 2 --request-timeout-seconds 0.5

WORK="$WORK" py '
import json, os
work = os.environ["WORK"]
def load(name):
    summary = json.load(open(f"{work}/art-{name}/profile_export_aiperf.json"))
    recs = [json.loads(l) for l in open(f"{work}/art-{name}/profile_export.jsonl")]
    jobs = json.load(open(f"{work}/{name}.jobs.json"))["jobs"]
    return summary, recs, jobs

def form_fields(body, content_type):
    boundary = content_type.split("boundary=", 1)[1].strip(chr(34))
    fields = []
    for part in body.split("--" + boundary)[1:-1]:
        head, _, value = part[2:].partition("\r\n\r\n")
        name = head.split("name=" + chr(34), 1)[1].split(chr(34), 1)[0]
        fields.append((name, value[:-2]))
    return fields

# basic: multipart/form-data by default, the fields exactly as inputs.json shows them, in the
# body order prompt, model, then the extras; --streaming silently off; one record per job.
s, recs, jobs = load("basic")
payloads = [d["payloads"][0] for d in json.load(open(f"{work}/art-basic/inputs.json"))["data"]]
assert all(list(p.items()) == [("prompt", p["prompt"]), ("model", "wan"), ("size", "640x360"), ("seconds", "2"),
                               ("seed", "7")] for p in payloads), payloads
assert len(jobs) == 4 and all(j["content_type"].startswith("multipart/form-data; boundary=") for j in jobs), jobs
sent = [dict(form_fields(j["request_body"], j["content_type"])) for j in jobs]
assert all(list(b) == ["prompt", "model", "size", "seconds", "seed"] and b in payloads for b in sent), (sent, payloads)
assert len(recs) == 4 and all("error" not in r or r["error"] is None for r in recs), recs
assert s["request_count"]["avg"] == 4
# The job runs 300 ms, polled every 50 ms: each poll follows a 50 ms wait, so a record of L ms
# holds at most L / 50 polls, and a 300 ms job needs at least 3 even on a slow machine.
latencies = [r["metrics"]["request_latency"]["value"] for r in recs]
for j in jobs:
    assert 3 <= j["polls"] <= max(latencies) / 50 + 1, (j, latencies)
    assert j["authorized_polls"] == j["polls"], j  # same origin: the credentials go along
    assert j["downloads"] == 0, j
assert sum(j["polls"] for j in jobs) <= sum(latencies) / 50 + 1, (jobs, latencies)
assert s["request_latency"]["min"] >= 300, s["request_latency"]
assert s["video_inference_time"]["avg"] == 300 and s["video_inference_time"]["unit"] == "ms", s["video_inference_time"]
assert s["video_peak_memory"]["avg"] == 777.25 and s["video_peak_memory"]["unit"] == "MB", s["video_peak_memory"]
assert s["input_sequence_length"]["avg"] == 8, s["input_sequence_length"]
for tag in ("time_to_first_token", "inter_token_latency", "output_sequence_length", "output_token_throughput"):
    assert tag not in s, tag
for r in recs:
    m = r["metrics"]
    assert m["video_inference_time"]["value"] == 300 and m["video_peak_memory"]["value"] == 777.25, m
print("ok: form bodies, polling, one record per job, video metrics")

# --request-content-type application/json: the JSON body, byte for byte as inputs.json has it.
s, recs, jobs = load("json")
payloads = [d["payloads"][0] for d in json.load(open(f"{work}/art-json/inputs.json"))["data"]]
assert all(list(p) == ["prompt", "model", "size", "seconds", "seed"] and p["seed"] == 7 for p in payloads), payloads
compact = {json.dumps(p, separators=(",", ":"), ensure_ascii=False) for p in payloads}
assert len(jobs) == 2 and all(j["content_type"] == "application/json" and j["request_body"] in compact for j in jobs), jobs
assert s["request_count"]["avg"] == 2 and s["video_inference_time"]["avg"] == 100
print("ok: JSON bodies with --request-content-type application/json")

# --download-video-content through a 302: the 150 ms download is inside request_latency.
s, recs, jobs = load("dl")
assert len(recs) == 3 and s["request_count"]["avg"] == 3, s["request_count"]
for j in jobs:
    assert j["redirects"] == 1 and j["downloads"] == 1 and j["authorized_downloads"] == 2, j
assert s["request_latency"]["min"] >= 200 + 150, s["request_latency"]
print("ok: download through a redirect timed in request_latency")

# The job names its url on another origin (localhost vs 127.0.0.1): fetched without credentials.
s, recs, jobs = load("foreign")
assert s["request_count"]["avg"] == 2
for j in jobs:
    assert j["downloads"] == 1 and j["authorized_downloads"] == 0 and j["authorized_polls"] == j["polls"] > 0, j
print("ok: no credentials to a foreign origin")

# Half the jobs fail: error records with the server message and code 500; the rest succeed.
s, recs, jobs = load("failing")
errors = [r for r in recs if r.get("error")]
assert len(recs) == 4 and len(errors) == 2, recs
for r in errors:
    e = r["error"]
    assert e["code"] == 500 and e["type"] == "VideoGenerationError", e
    assert e["message"].startswith("injected video failure (--video-fail-rate) for video_"), e
assert s["request_count"]["avg"] == 2 and s["error_request_count"]["avg"] == 2, (s["request_count"], s["error_request_count"])
print("ok: failed jobs are error records, the run goes on")

# Jobs that outlive --request-timeout-seconds: 504 error records, cut off at the timeout.
s, recs, jobs = load("slow")
assert len(recs) == 2 and all(r["error"]["code"] == 504 and r["error"]["type"] == "TimeoutError" for r in recs), recs
for r in recs:
    took = (r["metadata"]["request_end_ns"] - r["metadata"]["request_start_ns"]) / 1e6
    assert 490 <= took < 1000, took
assert all(3 <= j["polls"] <= 11 for j in jobs), jobs
print("ok: timeouts are 504 error records")
'

# Bad input: the download flag belongs to video_generation.
if "$AIPERF" profile -m wan --tokenizer builtin -u http://127.0.0.1:9 --endpoint-type chat --download-video-content --ui none \
    --request-count 1 --artifact-dir "$WORK/bad" >"$WORK/bad.out" 2>&1; then
  fail "--download-video-content with chat was accepted"
fi
grep -q -- "--download-video-content requires --endpoint-type video_generation" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "message"; }
AIPERF_HTTP_VIDEO_POLL_INTERVAL=soon "$AIPERF" profile -m wan --tokenizer builtin -u http://127.0.0.1:9 --endpoint-type video_generation \
  --ui none --request-count 1 --artifact-dir "$WORK/bad2" >"$WORK/bad2.out" 2>&1 && fail "bad poll interval accepted"
grep -q "AIPERF_HTTP_VIDEO_POLL_INTERVAL" "$WORK/bad2.out" || { cat "$WORK/bad2.out"; fail "message 2"; }
echo "ok: bad input refused"
