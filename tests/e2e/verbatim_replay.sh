#!/usr/bin/env bash
# Verbatim replay (workloads-and-endpoints.md §3.12): a run's inputs.json replayed with
# --custom-dataset-type inputs_json sends byte-identical bodies (the mock's --timing-log hashes
# every body it reads); raw_payload files and directories are sent unchanged, turn by turn.
source "$(dirname "$0")/lib/common.bash"

# mock_run NAME [aiperf flags...]
mock_run() {  # mock_run NAME [aiperf flags...]
  profile_own_mock "$1" "" --export-level raw "${@:2}"
}

mock_run first --streaming --request-count 6 --num-dataset-entries 6 --isl 12 --osl 3 --random-seed 5 \
  --extra-inputs temperature:0.5
mock_run replay --streaming --input-file "$WORK/art-first/inputs.json" --request-count 6 --random-seed 1

# A raw_payload file (auto-detected) and directory (two conversations of 2 and 3 turns).
printf '%s\n' '{"model":"mock-model","messages":[{"role":"user","content":"ping  pong"}],"max_tokens":2,"stream":true}' \
  '{"messages":[{"role":"user","content":"caf\u00e9"}],  "temperature": 0, "max_tokens": 3}' >"$WORK/raw.jsonl"
mock_run rawfile --input-file "$WORK/raw.jsonl" --request-count 2
mkdir "$WORK/rawdir"
printf '%s\n' '{"messages":[{"role":"user","content":"a"}],"max_tokens":1}' \
  '{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"x"},{"role":"user","content":"b"}],"max_tokens":1}' \
  >"$WORK/rawdir/1.jsonl"
printf '%s\n' '{"messages":[{"role":"user","content":"c"}],"max_tokens":1}' '{"messages":[{"role":"user","content":"d"}],"max_tokens":1}' \
  '{"messages":[{"role":"user","content":"e"}],"max_tokens":1}' >"$WORK/rawdir/2.jsonl"
echo 'not a conversation' >"$WORK/rawdir/notes.txt"
mock_run rawdir --input-file "$WORK/rawdir" --custom-dataset-type raw_payload --conversation-num 2

"$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --input-file "$WORK/raw.jsonl" --extra-inputs a:1 \
  --ui none >"$WORK/bad.out" 2>&1 && fail "--extra-inputs accepted with raw_payload"
grep -q -- "--extra-inputs cannot be combined with --custom-dataset-type raw_payload" "$WORK/bad.out" \
  || { cat "$WORK/bad.out"; fail "wrong error"; }
echo '{"messages":"nope"}' >"$WORK/bad.jsonl"
"$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --input-file "$WORK/bad.jsonl" --custom-dataset-type raw_payload \
  --ui none >"$WORK/bad2.out" 2>&1 && fail "bad raw_payload row accepted"
grep -q "bad.jsonl, line 1: a raw_payload row needs a 'messages' list" "$WORK/bad2.out" || { cat "$WORK/bad2.out"; fail "wrong error"; }

WORK="$WORK" py '
import json, os, hashlib, collections
from e2e_checks import fnv
work = os.environ["WORK"]
def hashes(name):
    return sorted(json.loads(l)["body_fnv1a"] for l in open(f"{work}/{name}.jsonl"))
first, replay = hashes("first"), hashes("replay")
assert len(first) == 6 and len(set(first)) == 6, first
assert first == replay, (first, replay)
recs = [json.loads(l) for l in open(f"{work}/art-replay/profile_export.jsonl")]
ids = {s["session_id"] for s in json.load(open(f"{work}/art-first/inputs.json"))["data"]}
assert {r["metadata"]["conversation_id"] for r in recs} == ids  # session ids preserved
assert all(r["metrics"]["input_sequence_length"]["value"] > 0 for r in recs)

lines = [l.rstrip("\n").encode() for l in open(f"{work}/raw.jsonl")]
assert hashes("rawfile") == sorted(fnv(l) for l in lines), "raw_payload bodies changed"

d1 = [l.rstrip("\n").encode() for l in open(f"{work}/rawdir/1.jsonl")]
d2 = [l.rstrip("\n").encode() for l in open(f"{work}/rawdir/2.jsonl")]
log = sorted((json.loads(l) for l in open(f"{work}/rawdir.jsonl")), key=lambda e: e["read_ns"])
conv = collections.defaultdict(list)
for e in log: conv[e["correlation_id"]].append(e["body_fnv1a"])
assert sorted(conv.values()) == sorted([[fnv(l) for l in d1], [fnv(l) for l in d2]]), conv
raw = [json.loads(l) for l in open(f"{work}/art-rawdir/profile_export_raw.jsonl")]
assert len(raw) == 5
print("ok: inputs.json round trip byte-identical; raw_payload file and directory sent unchanged")
'
