#!/usr/bin/env bash
# --public-dataset h_cua_perf from local files (workloads-and-endpoints.md §3.11): each kept
# trajectory runs as one session whose turns send the recorded requests as they are (messages
# with their image part and uuid, tools, tool_choice, output_length as the cap), in order, each
# after the recorded delay; --dataset-filter and --num-dataset-entries pick the trajectories.
source "$(dirname "$0")/lib/common.bash"

export AIPERF_DATASET_CACHE_DIR="$WORK/data" HF_HUB_CACHE="$WORK/hub"
unset HF_HOME
cd "$WORK"
start_mock --itl-ms 1

# Offline, so the missing files are an error rather than a 2.5 GB download (public_dataset_download.sh).
HF_HUB_OFFLINE=1 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset h_cua_perf --ui none >"$WORK/missing.txt" 2>&1 \
  && fail "missing h_cua files did not fail the run"
grep -q "neither h_cua.jsonl.zst nor h_cua.jsonl found; searched $WORK/data, $WORK/hub/datasets--Hcompany--h_cua_perf" \
  "$WORK/missing.txt" || { cat "$WORK/missing.txt"; fail "missing-file message"; }

mkdir -p "$WORK/data"
py '
import json, os
def rec(sid, k, delay, out):
    return {"session_id": sid, "delay": delay, "output_length": out, "extra": {"tool_choice": "auto"},
            "messages": [{"role": "system", "content": "You control a desktop."},
                         {"role": "user", "content": [{"type": "text", "text": f"{sid} step {k}"},
                          {"type": "image_url", "image_url": {"url": f"data:image/png;base64,iVBOR{sid}{k}"}, "uuid": f"u{sid}{k}"}]}],
            "tools": [{"type": "function", "function": {"name": "click", "parameters": {"type": "object",
                       "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}}}}}]}
rows = [rec("task-1", 0, 0, 5), rec("task-1", 1, 300, 6), rec("task-1", 2, 150, 7),
        rec("task-2", 0, 0, 4),                                   # one request: below min_trace_length
        rec("task-3", 0, 0, 3), rec("task-3", 1, 200, 8),
        rec("task-4", 0, 0, 3), rec("task-4", 1, 0, 3)]           # past --num-dataset-entries
d = os.environ["AIPERF_DATASET_CACHE_DIR"]
open(f"{d}/h_cua.jsonl", "w").write("".join(json.dumps(r) + "\n" for r in rows))
json.dump({"session_turns": {"task-1": 3, "task-2": 1, "task-3": 2, "task-4": 2}}, open(f"{d}/h_cua.meta.json", "w"))
'
# The published file is zstd-compressed; a plain h_cua.jsonl is read the same way.
if command -v zstd >/dev/null; then
  zstd -q --rm "$WORK/data/h_cua.jsonl" -o "$WORK/data/h_cua.jsonl.zst"
fi

"$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset h_cua_perf --dataset-filter nope=1 --ui none \
  >"$WORK/badfilter.txt" 2>&1 && fail "an undeclared filter was accepted"
grep -q "has no filter 'nope'" "$WORK/badfilter.txt" || { cat "$WORK/badfilter.txt"; fail "bad filter message"; }

ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --public-dataset h_cua_perf --tokenizer builtin \
  --dataset-filter min_trace_length=2 --num-dataset-entries 2 --conversation-num 2 --concurrency 2 \
  --export-level raw --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -q "kept 2 trajectories (5 requests) of 3 read (4 in the manifest); skipped 1 shorter than min_trace_length; stopped at --num-dataset-entries 2" \
  "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "selection not reported"; }
py '
import json, os, collections
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 5, len(recs)
assert not [r for r in recs if "error" in r], "error records"
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
by_conv = collections.defaultdict(list)
for line in raw:
    by_conv[line["metadata"]["conversation_id"]].append(line)
assert sorted(by_conv) == ["task-1", "task-3"], sorted(by_conv)
caps = {"task-1": [5, 6, 7], "task-3": [3, 8]}
delays = {"task-1": [300, 150], "task-3": [200]}
for sid, turns in by_conv.items():
    turns.sort(key=lambda l: l["metadata"]["request_start_ns"])
    assert [t["metadata"]["turn_index"] for t in turns] == list(range(len(turns))), "turns out of order"
    for k, t in enumerate(turns):
        p = t["payload"]
        assert p["model"] == "mock-model" and p["stream"] is True, p
        assert p["max_completion_tokens"] == caps[sid][k], p
        assert p["tool_choice"] == "auto", p
        assert p["tools"][0]["function"]["name"] == "click", p
        msgs = p["messages"]
        assert len(msgs) == 2 and msgs[0]["content"] == "You control a desktop.", msgs   # nothing accumulated
        part = msgs[1]["content"][1]
        assert part == {"type": "image_url", "image_url": {"url": f"data:image/png;base64,iVBOR{sid}{k}"}, "uuid": f"u{sid}{k}"}, part
        if k:
            gap_ms = (t["metadata"]["request_start_ns"] - turns[k - 1]["metadata"]["request_end_ns"]) / 1e6
            assert gap_ms >= delays[sid][k - 1] - 1, (sid, k, gap_ms)  # the recorded wait after the reply
            assert gap_ms < delays[sid][k - 1] + 5000, (sid, k, gap_ms)
print("ok: h_cua_perf trajectories replayed verbatim, in order, with their delays")
'
