#!/usr/bin/env bash
# dag_jsonl (workloads-and-endpoints.md §5.2) against the mock: the example's planner spawns a
# critic it joins before its second turn, then forks two drafts that continue its history.
# The server must see the critic finish before plan's turn 1 arrives, both drafts start with
# plan's whole history including its second reply, and exactly 5 requests.
source "$(dirname "$0")/lib/common.bash"

cat >"$WORK/dag.jsonl" <<'JSONL'
{"session_id": "plan", "turns": [{"messages": [{"role": "system", "content": "You plan."}, {"role": "user", "content": "Plan a blog post."}], "max_tokens": 64, "spawns": [{"children": ["critic"], "join_at": 1}]}, {"messages": [{"role": "user", "content": "Revise using the critique."}], "max_tokens": 64, "forks": ["draft-a", "draft-b"]}]}
{"session_id": "critic", "turns": [{"messages": [{"role": "system", "content": "You critique."}, {"role": "user", "content": "Critique a generic blog plan."}], "max_tokens": 48, "extra": {"temperature": 0}}]}
{"session_id": "draft-a", "turns": [{"messages": [{"role": "user", "content": "Write section 1."}], "max_tokens": 96}]}
{"session_id": "draft-b", "turns": [{"messages": [{"role": "user", "content": "Write section 2."}], "max_tokens": 96, "delay": 500}]}
JSONL

start_mock --itl-ms 2 --output-tokens 4 --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
# No --custom-dataset-type: the file is recognised; no stop condition: each root tree runs once.
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$WORK/dag.jsonl" --workers-max 2 \
  --export-level raw --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true

TIMING="$WORK/timing.jsonl" py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
assert len(recs) == 5 and len(raw) == 5, (len(recs), len(raw))
assert not [r for r in recs if "error" in r], "error records"
meta = {(r["metadata"]["conversation_id"], r["metadata"]["turn_index"]): r["metadata"] for r in recs}
assert sorted(meta) == [("critic", 0), ("draft-a", 0), ("draft-b", 0), ("plan", 0), ("plan", 1)], sorted(meta)
plan_cid = meta[("plan", 0)]["x_correlation_id"]
assert meta[("plan", 1)]["x_correlation_id"] == plan_cid
assert "agent_depth" not in meta[("plan", 0)] and "parent_correlation_id" not in meta[("plan", 0)]
for child in ("critic", "draft-a", "draft-b"):
    m = meta[(child, 0)]
    assert m["agent_depth"] == 1 and m["parent_correlation_id"] == plan_cid, m
    assert m["x_correlation_id"] != plan_cid

# What was sent (client side).
def reply_text(line):
    out = ""
    for resp in line["responses"]:
        for p in resp["packets"]:
            if p["name"] == "data" and p["value"] != "[DONE]":
                for ch in json.loads(p["value"]).get("choices", []):
                    out += ch.get("delta", {}).get("content") or ""
    return out
sent = {(l["metadata"]["conversation_id"], l["metadata"]["turn_index"]): l for l in raw}
plan0, plan1 = sent[("plan", 0)], sent[("plan", 1)]
history = plan1["payload"]["messages"] + [{"role": "assistant", "content": reply_text(plan1)}]
assert plan1["payload"]["messages"][2] == {"role": "assistant", "content": reply_text(plan0)}, plan1["payload"]
assert reply_text(plan1), "plan turn 1 got no reply text"
for child, text in (("draft-a", "Write section 1."), ("draft-b", "Write section 2.")):
    msgs = sent[(child, 0)]["payload"]["messages"]
    assert msgs == history + [{"role": "user", "content": text}], (child, msgs)
critic = sent[("critic", 0)]["payload"]
assert critic["temperature"] == 0 and critic["max_completion_tokens"] == 48 and len(critic["messages"]) == 2, critic

# Server side: the critic finished before plan turn 1 was read; draft-b waited out its 500 ms.
log = [json.loads(l) for l in open(os.environ["TIMING"])]
assert len(log) == 5, len(log)
by_cid = {}
for e in log:
    by_cid.setdefault(e["correlation_id"], []).append(e)
plan_server = sorted(by_cid[plan_cid], key=lambda e: e["read_ns"])
assert len(plan_server) == 2
critic_server = by_cid[meta[("critic", 0)]["x_correlation_id"]][0]
assert critic_server["last_write_ns"] < plan_server[1]["read_ns"], (critic_server, plan_server[1])
draft_b = by_cid[meta[("draft-b", 0)]["x_correlation_id"]][0]
assert draft_b["read_ns"] - plan_server[1]["last_write_ns"] >= 499e6, draft_b
for child in ("draft-a", "draft-b"):
    e = by_cid[meta[(child, 0)]["x_correlation_id"]][0]
    assert e["messages"] == 6 and e["assistant_messages"] == 2, e

# inputs.json: one entry per conversation, deterministic previews.
inputs = json.load(open(f"{art}/inputs.json"))["data"]
assert [s["session_id"] for s in inputs] == ["plan", "critic", "draft-a", "draft-b"], inputs
assert len(inputs[0]["payloads"]) == 2
print("ok: 5 requests, join before plan turn 1, forks carry plan history")
'
