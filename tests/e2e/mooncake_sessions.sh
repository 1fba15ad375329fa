#!/usr/bin/env bash
# mooncake_trace rows sharing a session_id replay as one multi-turn conversation: the first
# row's timestamp schedules it (auto-promoted fixed schedule), later rows follow in file order
# after their delay (from the previous reply) or at their timestamp, each resending the
# history with the replies really received; rows without a session_id stay single requests.
source "$(dirname "$0")/lib/common.bash"

TRACE="$WORK/trace.jsonl"
cat >"$TRACE" <<'JSONL'
{"session_id": "s1", "timestamp": 0, "input_length": 20, "output_length": 2, "hash_ids": [1]}
{"timestamp": 10, "input_length": 8, "output_length": 2}
{"session_id": "s2", "timestamp": 20, "input_length": 12, "output_length": 2, "hash_ids": [1]}
{"session_id": "s1", "delay": 150, "input_length": 6, "output_length": 2}
{"session_id": "s2", "timestamp": 400, "input_length": 5, "output_length": 2}
{"session_id": "s1", "delay": 150, "input_length": 7, "output_length": 3}
JSONL

start_mock --itl-ms 1
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$TRACE" \
  --custom-dataset-type mooncake_trace --isl-block-size 16 --export-level raw --artifact-dir "$ART" --random-seed 7 \
  --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
py '
import json, os, collections
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
assert len(recs) == 6, len(recs)  # every row sent once
assert not [r for r in recs if "error" in r], "error records"
by_conv = collections.defaultdict(list)
for r in recs:
    by_conv[r["metadata"]["conversation_id"]].append(r)
assert sorted(len(v) for v in by_conv.values()) == [1, 2, 3], {k: len(v) for k, v in by_conv.items()}
t0 = min(r["metadata"]["request_start_ns"] for r in recs)
for sid in ("s1", "s2"):
    turns = sorted(by_conv[sid], key=lambda r: r["metadata"]["request_start_ns"])
    assert [t["metadata"]["turn_index"] for t in turns] == list(range(len(turns))), sid
    isl = [t["metrics"]["input_sequence_length"]["value"] for t in turns]
    assert isl == sorted(isl) and len(set(isl)) == len(isl), (sid, isl)  # history counted
for a, b in zip(*[sorted(by_conv["s1"], key=lambda r: r["metadata"]["request_start_ns"])[i:] for i in (0, 1)]):
    gap_ms = (b["metadata"]["request_start_ns"] - a["metadata"]["request_end_ns"]) / 1e6
    assert 149 <= gap_ms < 2000, gap_ms  # the delay counts from the previous reply
s2 = sorted(by_conv["s2"], key=lambda r: r["metadata"]["request_start_ns"])
# t0 is the first send, which a loaded machine makes a few ms after the schedule starts, so the
# 400 ms are not exact from it; sent on its delay instead, this turn would go at about 50 ms.
assert (s2[1]["metadata"]["request_start_ns"] - t0) / 1e6 >= 350, "s2 turn 2 before its timestamp"

# What was sent: each turn carries the earlier turns and the replies really received.
raw_by = collections.defaultdict(list)
for line in raw:
    raw_by[line["request_headers"]["X-Correlation-ID"]].append(line)
lengths = sorted(tuple(len(l["payload"]["messages"]) for l in sorted(v, key=lambda l: l["metadata"]["turn_index"]))
                 for v in raw_by.values())
assert lengths == [(1,), (1, 3), (1, 3, 5)], lengths
for v in raw_by.values():
    v.sort(key=lambda l: l["metadata"]["turn_index"])
    for prev, cur in zip(v, v[1:]):
        assert cur["payload"]["messages"][:len(prev["payload"]["messages"])] == prev["payload"]["messages"]
        assert cur["payload"]["messages"][len(prev["payload"]["messages"])]["role"] == "assistant"

# Hash-block prompts are recipes until sent (docs/datasets.md): the body built at send time is
# byte for byte what inputs.json shows, each first turn is input_length tokens, and the rows
# sharing hash id 1 share its text (the 12-token row is a prefix of the 20-token one).
inputs = {s["session_id"]: s["payloads"] for s in json.load(open(f"{art}/inputs.json"))["data"]}
assert sorted(len(p) for p in inputs.values()) == [1, 2, 3], {k: len(p) for k, p in inputs.items()}
first = {}
for line in raw:
    if line["metadata"]["turn_index"] == 0:
        cid = line["metadata"]["conversation_id"]
        assert line["payload"] == inputs[cid][0], cid
        first[cid] = line["payload"]["messages"][0]["content"]
assert first["s1"].startswith(first["s2"]) and len(first["s1"]) > len(first["s2"]), (first["s1"], first["s2"])
isl0 = {r["metadata"]["conversation_id"]: r["metrics"]["input_sequence_length"]["value"]
        for r in recs if r["metadata"]["turn_index"] == 0}
assert isl0["s1"] == 20 and isl0["s2"] == 12 and sorted(isl0.values()) == [8, 12, 20], isl0
'
# A session on an endpoint that cannot carry history is refused before anything is sent.
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions --input-file "$TRACE" \
  --custom-dataset-type mooncake_trace --isl-block-size 16 --artifact-dir "$WORK/art2" --ui none \
  >"$WORK/bad.txt" 2>&1; then fail "completions with sessions accepted"; fi
grep -q "line 1: a multi-turn conversation needs a chat endpoint" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "error text"; }
echo "ok"
