#!/usr/bin/env bash
# The row-shaped public datasets end to end: spec_al_mtbench from a Parquet shard whose `prompt`
# column is a list (written by DuckDB in the hub cache layout) runs two-turn conversations with
# the live reply in turn 2's history; a semianalysis weka dataset (JSONL of traces) runs each
# trace once; SPEED-Bench placeholder rows stop the run. Skips (77) only when DuckDB cannot be
# had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"

need_duckdb

export HF_HUB_CACHE="$WORK/hub"
unset HF_HOME
snapshot() {  # snapshot <folder> -> prints the snapshot directory
  local repo="$HF_HUB_CACHE/$1"
  mkdir -p "$repo/snapshots/c0ffee" "$repo/refs"
  printf 'c0ffee' >"$repo/refs/main"
  echo "$repo/snapshots/c0ffee"
}

SNAP="$(snapshot datasets--HuggingFaceH4--mt_bench_prompts)"
mkdir -p "$SNAP/data"
query "COPY (SELECT ['first question ' || i, 'follow-up ' || i] AS prompt, i AS prompt_id FROM range(3) t(i))
       TO '$SNAP/data/train-00000-of-00001.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write"

start_mock --itl-ms 1
ART="$WORK/mt"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset spec_al_mtbench --conversation-num 3 --concurrency 1 --streaming \
  --osl 8 --export-level raw --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -q "spec_al_mtbench: 3 conversations (6 turns)" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no load line"; }
py '
import collections, json, os
raw = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export_raw.jsonl")]
assert len(raw) == 6, len(raw)
def reply_text(line):
    out = ""
    for resp in line["responses"]:
        for p in resp["packets"]:
            if p["name"] == "data" and p["value"] != "[DONE]":
                for ch in json.loads(p["value"]).get("choices", []):
                    out += ch.get("delta", {}).get("content") or ""
    return out
by = collections.defaultdict(list)
for l in raw: by[l["request_headers"]["X-Correlation-ID"]].append(l)
firsts = set()
for turns in by.values():
    turns.sort(key=lambda l: l["metadata"]["turn_index"])
    a, b = (t["payload"]["messages"] for t in turns)
    i = a[0]["content"].split()[-1]
    firsts.add(i)
    assert a == [{"role": "user", "content": "first question " + i}], a
    assert [m["role"] for m in b] == ["user", "assistant", "user"], b
    assert b[1]["content"] == reply_text(turns[0]) and b[1]["content"], b
    assert b[2]["content"] == "follow-up " + i, b
assert firsts == {"0", "1", "2"}, firsts
'
echo "ok: spec_al_mtbench from Parquet, live replies in turn 2"

WEKA="$(snapshot datasets--semianalysisai--cc-traces-weka-062126)"
for id in a b; do
  printf '{"id": "%s", "models": ["big"], "block_size": 4, "hash_id_scope": "local", "requests": [{"t": 0, "type": "n", "model": "big", "in": 8, "out": 3, "hash_ids": [1, 2]}, {"t": 0.1, "type": "n", "model": "big", "in": 14, "out": 2, "hash_ids": [1, 2, 3, 4]}]}\n' "$id"
done >"$WEKA/traces.jsonl"
ART="$WORK/weka"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset semianalysis_cc_traces_weka_062126 --concurrency 2 \
  --export-level raw --artifact-dir "$ART" --ui none >"$WORK/weka.txt" 2>&1 || { cat "$WORK/weka.txt"; fail "weka run failed"; }
py '
import json, os
raw = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export_raw.jsonl")]
assert len(raw) == 4, len(raw)  # two traces of two turns, each run once
assert sorted(l["payload"]["max_completion_tokens"] if "max_completion_tokens" in l["payload"] else l["payload"]["max_tokens"] for l in raw) == [2, 2, 3, 3]
'
echo "ok: semianalysis weka traces run once each"

SPEED="$(snapshot datasets--nvidia--SPEED-Bench)"
mkdir -p "$SPEED/qualitative"
printf '{"category": "qa", "turns": ["[placeholder] rebuild from src_id"]}\n{"category": "qa", "turns": ["Who wrote Hamlet?"]}\n' \
  >"$SPEED/qualitative/test.jsonl"
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset speed_bench_qa --request-count 1 \
  --artifact-dir "$WORK/speed" --ui none >"$WORK/speed.txt" 2>&1; then fail "placeholder rows were accepted"; fi
grep -qF "speed_bench_qa: 1 of 2 rows hold placeholder text" "$WORK/speed.txt" || { cat "$WORK/speed.txt"; fail "error text"; }
echo "ok: SPEED-Bench placeholders refused"
