#!/usr/bin/env bash
# weka_trace (workloads-and-endpoints.md §3.9) against the mock: the reference's example trace
# with two --model names. The subagent is spawned after parent turn 0 and joined before turn 1;
# turn 1 waits its recorded think time (--use-think-time-only, 1.2 s); the models are rewritten
# (big-model -> first --model, small-model -> second); each request's ISL is the recorded `in`
# (within 2 tokens: a token may merge across a block cut).
source "$(dirname "$0")/lib/common.bash"

cat >"$WORK/trace.json" <<'JSON'
{"id": "trace_demo", "models": ["big-model", "small-model"], "block_size": 64,
 "hash_id_scope": "local", "tool_tokens": 0, "system_tokens": 0,
 "requests": [
  {"t": 0.0, "type": "n", "model": "big-model", "in": 192, "out": 40,
   "hash_ids": [1, 2, 3], "stop": "tool_use", "think_time": 0.0},
  {"t": 3.0, "type": "subagent", "agent_id": "agent_1", "subagent_type": "Explore",
   "status": "completed", "models": ["small-model"],
   "requests": [{"t": 3.0, "type": "s", "model": "small-model", "in": 128, "out": 30,
                 "hash_ids": [50, 51]}]},
  {"t": 9.5, "type": "n", "model": "big-model", "in": 320, "out": 25,
   "hash_ids": [1, 2, 3, 4, 5], "input_types": ["tool_result"], "think_time": 1.2}
 ]}
JSON

start_mock --itl-ms 1 --output-tokens 5 --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
# No --custom-dataset-type (recognised) and no stop condition (the tree runs once).
"$AIPERF" profile -m main-model -m helper-model --tokenizer builtin -u "$MOCK_URL" --streaming \
  --input-file "$WORK/trace.json" --use-think-time-only --export-level raw --artifact-dir "$ART" \
  --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true

TIMING="$WORK/timing.jsonl" py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
raw = {(json.loads(l)["metadata"]["conversation_id"], json.loads(l)["metadata"]["turn_index"]): json.loads(l)
       for l in open(f"{art}/profile_export_raw.jsonl")}
assert len(recs) == 3 and not [r for r in recs if "error" in r], recs
meta = {(r["metadata"]["conversation_id"], r["metadata"]["turn_index"]): r for r in recs}
assert sorted(meta) == [("trace_demo", 0), ("trace_demo", 1), ("trace_demo::sa:agent_1", 0)], sorted(meta)
root0, root1, sub = meta[("trace_demo", 0)], meta[("trace_demo", 1)], meta[("trace_demo::sa:agent_1", 0)]
assert sub["metadata"]["agent_depth"] == 1
assert sub["metadata"]["parent_correlation_id"] == root0["metadata"]["x_correlation_id"]
# The client counts (nearly) what the loader built from the hash blocks: block texts are cut at
# token positions, but a token may merge across a cut when they are joined.
assert abs(root0["metrics"]["input_sequence_length"]["value"] - 192) <= 2, root0["metrics"]
assert abs(sub["metrics"]["input_sequence_length"]["value"] - 128) <= 2, sub["metrics"]
# Models rewritten, max tokens = recorded out.
p0, p1, ps = (raw[k]["payload"] for k in [("trace_demo", 0), ("trace_demo", 1), ("trace_demo::sa:agent_1", 0)])
assert p0["model"] == "main-model" and p1["model"] == "main-model" and ps["model"] == "helper-model", (p0["model"], p1["model"], ps["model"])
assert p0["max_completion_tokens"] == 40 and p1["max_completion_tokens"] == 25 and ps["max_completion_tokens"] == 30
# Turn 1 carries turn 0 and the recorded (not the live) reply, then the new user text.
assert [m["role"] for m in p1["messages"]] == ["user", "assistant", "user"], p1["messages"]
assert p1["messages"][0] == p0["messages"][0]

# Server side: the subagent finished before turn 1 was read, and turn 1 came >= 1.2 s after
# the later of turn 0 and the subagent.
log = {e["correlation_id"]: [] for e in map(json.loads, open(os.environ["TIMING"]))}
for e in map(json.loads, open(os.environ["TIMING"])):
    log[e["correlation_id"]].append(e)
root = sorted(log[root0["metadata"]["x_correlation_id"]], key=lambda e: e["read_ns"])
subagent = log[sub["metadata"]["x_correlation_id"]][0]
assert subagent["read_ns"] > root[0]["last_write_ns"], "subagent started before its launching turn ended"
assert subagent["last_write_ns"] < root[1]["read_ns"], "turn 1 did not wait for the subagent"
gap = root[1]["read_ns"] - max(root[0]["last_write_ns"], subagent["last_write_ns"])
assert 1.2e9 <= gap < 1.2e9 + 0.5e9, gap
'
echo "PASS"
