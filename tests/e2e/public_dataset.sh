#!/usr/bin/env bash
# --public-dataset sharegpt from a local file (workloads-and-endpoints.md §4): each kept
# conversation runs as a session whose later turns carry the history with the live replies,
# max_tokens is the recorded completion's token count, dropped entries are counted; a missing
# file is one error line naming the directories searched, and nothing is sent.
source "$(dirname "$0")/lib/common.bash"

export HOME="$WORK/home" HF_HUB_CACHE="$WORK/hub"
unset HF_HOME AIPERF_DATASET_CACHE_DIR
cd "$WORK"
start_mock --itl-ms 1 --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"

# Offline, so the missing file is an error rather than a download (public_dataset_download.sh).
HF_HUB_OFFLINE=1 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset sharegpt --ui none >"$WORK/missing.txt" 2>&1 \
  && fail "a missing ShareGPT file did not fail the run"
grep -q "ShareGPT_V3_unfiltered_cleaned_split.json not found; searched .cache/aiperf/datasets, $HOME/.cache/aiperf/datasets" \
  "$WORK/missing.txt" || { cat "$WORK/missing.txt"; fail "missing-file message"; }

mkdir -p "$HOME/.cache/aiperf/datasets"
py '
import json, os
def words(n): return " ".join(["hello"] * n)
conv = lambda *m: {"id": "x", "conversations": [{"from": f, "value": words(n)} for f, n in m]}
data = [conv(("human", 6), ("gpt", 5), ("human", 7), ("gpt", 6), ("human", 8), ("gpt", 7)),
        conv(("human", 1), ("gpt", 5)),              # prompt < 4 tokens: dropped
        conv(("human", 9), ("gpt", 8), ("human", 5), ("gpt", 4))]
json.dump(data, open(os.environ["HOME"] + "/.cache/aiperf/datasets/ShareGPT_V3_unfiltered_cleaned_split.json", "w"))
'
[ ! -s "$WORK/timing.jsonl" ] || fail "the failed run sent requests"
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --public-dataset sharegpt --tokenizer builtin \
  --conversation-num 2 --concurrency 2 --random-seed 3 --export-level raw --artifact-dir "$ART" --ui none \
  >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -q "3 entries, kept 2 conversations (5 turns); skipped 0 with fewer than 2 messages; dropped 1 (1 prompt < 4 tokens)" \
  "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "drop counts not printed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
TIMING="$WORK/timing.jsonl" py '
import json, os, collections
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 5, len(recs)
assert not [r for r in recs if "error" in r], "error records"
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
by_sid = collections.defaultdict(list)
for line in raw:
    by_sid[line["request_headers"]["X-Correlation-ID"]].append(line)
assert sorted(len(v) for v in by_sid.values()) == [2, 3], by_sid
for turns in by_sid.values():
    turns.sort(key=lambda l: l["metadata"]["turn_index"])
    for k, line in enumerate(turns):
        msgs = line["payload"]["messages"]
        assert [m["role"] for m in msgs] == ["user", "assistant"] * k + ["user"], msgs
        cap = line["payload"].get("max_completion_tokens")
        assert cap is not None and cap >= 1, line["payload"]
log = [json.loads(l) for l in open(os.environ["TIMING"])]
hist = collections.defaultdict(list)
for e in sorted(log, key=lambda e: e["read_ns"]):
    hist[e["correlation_id"]].append((e["messages"], e["assistant_messages"]))
assert sorted(hist.values()) == [[(1, 0), (3, 1)], [(1, 0), (3, 1), (5, 2)]], hist
print("ok: ShareGPT conversations sent with their history; drops counted; missing file refused")
'
