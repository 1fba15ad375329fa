#!/usr/bin/env bash
# File datasets beyond single_turn/mooncake (workloads-and-endpoints.md §3.2, §3.3, §3.5, §3.7):
# a multi_turn file runs as sessions whose every turn carries the full history, in order, on one
# correlation id; a bailian_trace replays its sessions on the fixed schedule, each turn sent on
# its own and never before its timestamp; a burst_gpt_trace gives byte-identical inputs.json for
# the same --random-seed whatever the worker count.
source "$(dirname "$0")/lib/common.bash"

cat >"$WORK/conversations.jsonl" <<'JSONL'
{"session_id": "c1", "turns": [{"role": "system", "text": "Answer tersely."}, {"text": "What is a mutex?", "output_length": 3}, {"text": "Give a C++ example.", "delay": 100, "output_length": 3}, {"text": "Shorter.", "output_length": 2}]}
{"session_id": "c2", "turns": [{"text": "one two", "output_length": 2}, {"text": "three", "delay": 50, "output_length": 2}]}
{"session_id": "c3", "turns": [{"text": "alone", "output_length": 2}]}
JSONL
start_mock --itl-ms 1 --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/mt"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$WORK/conversations.jsonl" \
  --concurrency 2 --conversation-num 3 --export-level raw --artifact-dir "$ART" --ui none >"$WORK/mt.txt" 2>&1 \
  || { cat "$WORK/mt.txt"; fail "multi_turn run failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
TIMING="$WORK/timing.jsonl" py '
import json, os, collections
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 6, len(recs)  # 3 + 2 + 1 turns (the system turn is the system message)
assert not [r for r in recs if "error" in r], "error records"
by_conv = collections.defaultdict(list)
for r in recs:
    by_conv[r["metadata"]["conversation_id"]].append(r)
for cid, turns in by_conv.items():
    turns.sort(key=lambda r: r["metadata"]["request_start_ns"])
    assert [t["metadata"]["turn_index"] for t in turns] == list(range(len(turns))), cid
    assert len({t["metadata"]["x_correlation_id"] for t in turns}) == 1, cid
c1 = by_conv["c1"]
gap_ms = (c1[1]["metadata"]["request_start_ns"] - c1[0]["metadata"]["request_end_ns"]) / 1e6
assert gap_ms >= 99, gap_ms  # the file delay, from the previous reply
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
c1_raw = sorted((l for l in raw if l["metadata"]["conversation_id"] == "c1"), key=lambda l: l["metadata"]["turn_index"])
roles = [m["role"] for m in c1_raw[2]["payload"]["messages"]]
assert roles == ["system", "user", "assistant", "user", "assistant", "user"], roles
assert c1_raw[2]["payload"]["max_completion_tokens"] == 2
# Server side: each session on one correlation id, history growing by two messages a turn.
log = sorted((json.loads(l) for l in open(os.environ["TIMING"])), key=lambda e: e["read_ns"])
seen = collections.defaultdict(list)
for e in log:
    seen[e["correlation_id"]].append((e["messages"], e["assistant_messages"]))
want = {"c1": [(2, 0), (4, 1), (6, 2)], "c2": [(1, 0), (3, 1)], "c3": [(1, 0)]}
corr = {cid: turns[0]["metadata"]["x_correlation_id"] for cid, turns in by_conv.items()}
for cid, hist in want.items():
    assert seen[corr[cid]] == hist, (cid, seen[corr[cid]])
print("ok: multi_turn file, history and order as sent")
'

# bailian_trace: two sessions of two turns, auto-promoted to a fixed schedule.
cat >"$WORK/bailian.jsonl" <<'JSONL'
{"chat_id": 1, "parent_chat_id": -1, "timestamp": 10.0, "input_length": 40, "output_length": 2, "type": "text", "turn": 1, "hash_ids": [1, 2, 3]}
{"chat_id": 5, "parent_chat_id": -1, "timestamp": 10.1, "input_length": 20, "output_length": 2, "type": "text", "turn": 1, "hash_ids": [9, 10]}
{"chat_id": 2, "parent_chat_id": 1, "timestamp": 10.4, "input_length": 60, "output_length": 2, "type": "text", "turn": 2, "hash_ids": [1, 2, 3, 4]}
{"chat_id": 6, "parent_chat_id": 5, "timestamp": 10.15, "input_length": 30, "output_length": 2, "type": "text", "turn": 2, "hash_ids": [9, 10]}
JSONL
start_mock --timing-log "$WORK/bl_timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/bl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --input-file "$WORK/bailian.jsonl" --tokenizer builtin \
  --artifact-dir "$ART" --ui none >"$WORK/bl.txt" 2>&1 || { cat "$WORK/bl.txt"; fail "bailian run failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
grep -q "fixed schedule of 2 requests" "$WORK/bl.txt" || { cat "$WORK/bl.txt"; fail "not a fixed schedule"; }
TIMING="$WORK/bl_timing.jsonl" py '
import json, os
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
assert len(recs) == 4 and not [r for r in recs if "error" in r], recs
recs.sort(key=lambda r: r["metadata"]["request_start_ns"])
t0 = recs[0]["metadata"]["request_start_ns"] - recs[0]["metrics"]["send_lag"]["value"] * 1e6
start = {(r["metadata"]["conversation_id"], r["metadata"]["turn_index"]): (r["metadata"]["request_start_ns"] - t0) / 1e6 for r in recs}
assert start[("1", 1)] >= 399, start  # turn 2 of session 1 waits for its timestamp (10.4 s)
assert start[("5", 1)] >= 149, start
for r in recs:
    assert r["metrics"]["input_sequence_length"]["value"] in (20, 30, 40, 60), r["metrics"]["input_sequence_length"]
log = [json.loads(l) for l in open(os.environ["TIMING"])]
assert [e["messages"] for e in log] == [1, 1, 1, 1], log  # every turn on its own, no history
print("ok: bailian sessions on the fixed schedule")
'

# burst_gpt_trace: same seed, same inputs.json, 1 or 3 workers.
python3 - "$WORK/burst.csv" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n")
    for i in range(30):
        f.write(f"{i * 0.01:.2f},ChatGPT,{5 + i},{1 + i % 3},0,Conversation log\n")
    f.write("0.31,ChatGPT,7,0,7,Conversation log\n")  # failed request: skipped, reported
PY
start_mock
for w in 1 3; do
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --input-file "$WORK/burst.csv" --tokenizer builtin \
    --random-seed 11 --workers-max "$w" --artifact-dir "$WORK/bg$w" --ui none >"$WORK/bg$w.txt" 2>&1 \
    || { cat "$WORK/bg$w.txt"; fail "burst_gpt run ($w workers) failed"; }
done
grep -q "skipped 1 row" "$WORK/bg1.txt" || { cat "$WORK/bg1.txt"; fail "skipped row not reported"; }
cmp "$WORK/bg1/inputs.json" "$WORK/bg3/inputs.json" || fail "inputs.json differs between 1 and 3 workers"
ART="$WORK/bg3" py '
import json, os
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
assert len(recs) == 30 and not [r for r in recs if "error" in r], len(recs)
print("ok: burst_gpt_trace, identical inputs.json across worker counts")
'

# Bad input fails before anything is sent, naming the file and line.
printf '{"turns": [{"text": "a"}]}\n{"turns": [{"text": "b", "timestamp": 9}, {"text": "c", "timestamp": 3}]}\n' >"$WORK/bad.jsonl"
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --input-file "$WORK/bad.jsonl" --ui none \
  --artifact-dir "$WORK/bad" >"$WORK/bad.txt" 2>&1; then fail "bad multi_turn file accepted"; fi
grep -q "bad.jsonl, line 2, turn 2: 'timestamp'" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error"; }
echo "ok: file datasets"
