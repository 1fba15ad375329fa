#!/usr/bin/env bash
# SageMaker data capture replay (workloads-and-endpoints.md §3.8): a capture directory (hourly
# sub-folders, JSON and BASE64 records) is auto-detected, replayed on its fixed schedule in
# time order, and each body carries the captured messages with the run's model; with
# --ignore-trace-delays the same records go back to back.
source "$(dirname "$0")/lib/common.bash"

mock_run() {  # mock_run NAME [aiperf flags...]
  profile_own_mock "$1" "" "${@:2}"
}

mkdir -p "$WORK/capture/2026/03/02/10" "$WORK/capture/2026/03/02/11"
WORK="$WORK" py '
import json, os, base64
work = os.environ["WORK"]
def rec(text, time, b64=False):
    body = json.dumps({"model": "captured", "messages": [{"role": "user", "content": text}], "max_tokens": 3})
    data = base64.b64encode(body.encode()).decode() if b64 else body
    return json.dumps({"captureData": {"endpointInput": {"mode": "INPUT", "observedContentType": "application/json",
        "data": data, "encoding": "BASE64" if b64 else "JSON"}},
        "eventMetadata": {"eventId": text, "inferenceTime": time}, "eventVersion": "0"})
with open(f"{work}/capture/2026/03/02/10/a.jsonl", "w") as f:
    f.write(rec("second", "2026-03-02T10:59:59Z") + "\n" + rec("first", "2026-03-02T10:59:58Z", True) + "\n")
with open(f"{work}/capture/2026/03/02/11/b.jsonl", "w") as f:
    f.write(rec("third", "2026-03-02T11:00:00Z") + "\n")
'
mock_run sched --input-file "$WORK/capture"
mock_run nodelay --input-file "$WORK/capture" --ignore-trace-delays --concurrency 1 --request-count 3

WORK="$WORK" py '
import json, os
from e2e_checks import body_hash
work = os.environ["WORK"]
def sent(name):  # bodies the mock read, in arrival order
    return [e["body_fnv1a"] for e in sorted((json.loads(l) for l in open(f"{work}/{name}.jsonl")), key=lambda e: e["read_ns"])]
payloads = {}
for s in json.load(open(f"{work}/art-sched/inputs.json"))["data"]:
    p = s["payloads"][0]
    assert p["model"] == "mock-model" and p["max_completion_tokens"] == 3, p
    payloads[p["messages"][0]["content"]] = body_hash(p)
assert sorted(payloads) == ["first", "second", "third"], payloads
order = [payloads[t] for t in ("first", "second", "third")]
assert sent("sched") == order, "fixed schedule did not send the captures in time order"
assert sorted(sent("nodelay")) == sorted(order)
print("ok: captures replayed in time order with their messages")
'
