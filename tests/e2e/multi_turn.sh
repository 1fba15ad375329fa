#!/usr/bin/env bash
# Multi-turn conversations in a closed loop: each turn resends the whole history with the
# replies really received, the server sees it grow, think time is honoured from the previous
# reply, a session's turns stay in order on one X-Correlation-ID, and --concurrency counts
# conversations.
source "$(dirname "$0")/lib/common.bash"

start_mock --itl-ms 1 --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --conversation-num 4 \
  --conversation-turn-mean 3 --conversation-turn-delay-mean 150 --isl 16 --osl 4 --random-seed 7 \
  --export-level raw --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
TIMING="$WORK/timing.jsonl" py '
import json, os, collections
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
assert len(recs) == 12, len(recs)  # 4 conversations x 3 turns: --conversation-num counts sessions
assert not [r for r in recs if "error" in r], "error records"

# Client side: per conversation, turns in order, think time >= 150 ms after the previous reply.
by_session = collections.defaultdict(list)
for r in recs:
    by_session[r["metadata"]["x_correlation_id"]].append(r)
assert len(by_session) == 4, by_session.keys()
for sid, turns in by_session.items():
    turns.sort(key=lambda r: r["metadata"]["request_start_ns"])
    assert [t["metadata"]["turn_index"] for t in turns] == [0, 1, 2], sid
    assert len({t["metadata"]["conversation_id"] for t in turns}) == 1
    isl = [t["metrics"]["input_sequence_length"]["value"] for t in turns]
    assert isl[0] < isl[1] < isl[2], isl  # the history is counted in the ISL
    for a, b in zip(turns, turns[1:]):
        gap_ms = (b["metadata"]["request_start_ns"] - a["metadata"]["request_end_ns"]) / 1e6
        assert 149 <= gap_ms < 1500, gap_ms

# Concurrency 2 counts conversations: never more than two alive at once.
spans = [(t[0]["metadata"]["request_start_ns"], t[-1]["metadata"]["request_end_ns"]) for t in by_session.values()]
for s, _ in spans:
    assert sum(1 for a, b in spans if a <= s <= b) <= 2, spans

# What was sent: the exact history, with the replies the server really gave.
def reply_text(line):
    out = ""
    for resp in line["responses"]:
        for p in resp["packets"]:
            if p["name"] == "data" and p["value"] != "[DONE]":
                for ch in json.loads(p["value"]).get("choices", []):
                    out += ch.get("delta", {}).get("content") or ""
    return out
raw_by_session = collections.defaultdict(list)
for line in raw:
    raw_by_session[line["request_headers"]["X-Correlation-ID"]].append(line)
for sid, turns in raw_by_session.items():
    turns.sort(key=lambda l: l["metadata"]["turn_index"])
    for k, line in enumerate(turns):
        msgs = line["payload"]["messages"]
        assert [m["role"] for m in msgs] == ["user", "assistant"] * k + ["user"], msgs
        for j in range(k):
            assert msgs[2 * j + 1]["content"] == reply_text(turns[j]), (msgs[2 * j + 1], reply_text(turns[j]))
            assert msgs[2 * j]["content"] == turns[j]["payload"]["messages"][-1]["content"]

# Server side: each conversation arrives with one correlation id and a growing history.
log = [json.loads(l) for l in open(os.environ["TIMING"])]
assert len(log) == 12, len(log)
seen = collections.defaultdict(list)
for e in sorted(log, key=lambda e: e["read_ns"]):
    seen[e["correlation_id"]].append((e["messages"], e["assistant_messages"]))
assert set(seen) == set(by_session), (seen.keys(), by_session.keys())
for sid, hist in seen.items():
    assert hist == [(1, 0), (3, 1), (5, 2)], hist

# inputs.json: every turn of every conversation (later turns without the live replies).
inputs = json.load(open(f"{art}/inputs.json"))["data"]
assert len(inputs) == 4 and all(len(s["payloads"]) == 3 for s in inputs), inputs
print("ok: 4 conversations x 3 turns, history and think time as sent")
'

# Rate mode: --request-count counts turns; continuations share the ticks.
start_mock
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-rate 200 --arrival-pattern constant \
  --conversation-turn-mean 2 --request-count 20 --isl 8 --osl 2 --artifact-dir "$WORK/rate" --ui none \
  >"$WORK/rate.txt" 2>&1 || { cat "$WORK/rate.txt"; fail "rate-mode multi-turn run failed"; }
ART="$WORK/rate" py '
import json, os
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
assert len(recs) == 20, len(recs)
assert sum(r["metadata"]["turn_index"] == 1 for r in recs) >= 5
print("ok: rate mode, 20 turns")
'
