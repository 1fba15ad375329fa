#!/usr/bin/env bash
# --public-dataset fetched by name from a stand-in hub (lib/fake_hf_hub.py on 127.0.0.1, the hub's
# API and resolve routes, CDN redirects, a gated repo): only the split's files are downloaded into
# HF_HUB_CACHE in huggingface_hub's layout, HF_TOKEN goes to the hub but never to the CDN and never
# into logs or artifacts, a second run (and an offline one) does not touch the network, the
# Parquet branch stands in for a repo without data files, ShareGPT's JSON comes the same way, and
# each failure (offline miss, 401, corrupt download, corrupt Parquet) is one line and exit 1.
# Skips (77) only when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"

need_duckdb

TOKEN="hf_e2eSecretToken4242"
HUBROOT="$WORK/hubroot"
export HF_HUB_CACHE="$WORK/cache" HOME="$WORK/home"
unset HF_HOME HF_HUB_OFFLINE TRANSFORMERS_OFFLINE HF_TOKEN HUGGING_FACE_HUB_TOKEN AIPERF_DATASET_CACHE_DIR
cd "$WORK"

# The repos the stand-in hub serves.
parquet() {  # parquet <file> <select>
  mkdir -p "$(dirname "$1")"
  query "COPY ($2) TO '$1' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write $1"
}
AIMO="$HUBROOT/AI-MO/NuminaMath-TIR/main"
parquet "$AIMO/data/train-00000-of-00002.parquet" "SELECT 'aimo ' || i AS problem, 's' AS solution FROM range(3) t(i)"
parquet "$AIMO/data/train-00001-of-00002.parquet" "SELECT 'aimo ' || (3 + i) AS problem, 's' AS solution FROM range(2) t(i)"
parquet "$AIMO/data/test-00000-of-00001.parquet" "SELECT 'held out' AS problem"
echo "# NuminaMath-TIR" >"$AIMO/README.md"
GSM="$HUBROOT/openai/gsm8k/main"
parquet "$GSM/main/test-00000-of-00001.parquet" "SELECT 'gsm main' AS question"
parquet "$GSM/socratic/test-00000-of-00001.parquet" "SELECT 'gsm socratic ' || i AS question FROM range(2) t(i)"
parquet "$GSM/socratic/train-00000-of-00001.parquet" "SELECT 'gsm train' AS question"
# MATH-500 here has no data file on main, only HF's Parquet conversion.
mkdir -p "$HUBROOT/HuggingFaceH4/MATH-500/main"
echo "print('loading script')" >"$HUBROOT/HuggingFaceH4/MATH-500/main/math500.py"
parquet "$HUBROOT/HuggingFaceH4/MATH-500/parquet/default/test/0000.parquet" "SELECT 'math ' || i AS problem FROM range(2) t(i)"
# Gated, corrupt Parquet, truncated download.
parquet "$HUBROOT/likaixin/InstructCoder/main/train.parquet" "SELECT 'code ' || i AS instruction FROM range(2) t(i)"
mkdir -p "$HUBROOT/AI-MO/aimo-validation-aime/main/data"
printf 'PAR1 this is not a parquet file PAR1' >"$HUBROOT/AI-MO/aimo-validation-aime/main/data/train-00000-of-00001.parquet"
parquet "$HUBROOT/AI-MO/NuminaMath-CoT/main/data/train-00000-of-00001.parquet" "SELECT 'cot' AS problem"
SHAREGPT="$HUBROOT/anon8231489123/ShareGPT_Vicuna_unfiltered/main"
mkdir -p "$SHAREGPT"
py '
import json, sys
words = lambda n: " ".join(["hello"] * n)
data = [{"id": str(i), "conversations": [{"from": "human", "value": words(6 + i)}, {"from": "gpt", "value": words(5)}]}
        for i in range(3)]
json.dump(data, open(sys.argv[1] + "/ShareGPT_V3_unfiltered_cleaned_split.json", "w"))
' "$SHAREGPT"

HUBLOG="$WORK/hub.jsonl"
: >"$HUBLOG"
python3 "$E2E_LIB/fake_hf_hub.py" --root "$HUBROOT" --log "$HUBLOG" --token "$TOKEN" --gated likaixin/InstructCoder \
  --truncate AI-MO/NuminaMath-CoT >"$WORK/hub.out" 2>&1 &
MOCK_PIDS+=($!)
await_listening "$WORK/hub.out" "fake hub"
export HF_ENDPOINT="$LISTEN_URL"
start_mock --itl-ms 1

# run NAME [flags...]: profiles the mock with 2 requests into $WORK/art-NAME (output NAME.txt); the exit status is aiperf's.
run() {
  local name="$1"
  shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 2 --concurrency 1 --export-level raw \
    --artifact-dir "$WORK/art-$name" --ui none "$@" >"$WORK/$name.txt" 2>&1
}
# sent NAME: the first message texts the mock was sent, sorted, one per line
sent() {
  py 'import json, sys
print("\n".join(sorted(json.loads(l)["payload"]["messages"][0]["content"] for l in open(sys.argv[1]))))' \
    "$WORK/art-$1/profile_export_raw.jsonl"
}
hub_requests() { wc -l <"$HUBLOG"; }
expect_error() {  # expect_error NAME TEXT [flags...]
  local name="$1" text="$2"
  shift 2
  if run "$name" "$@"; then cat "$WORK/$name.txt"; fail "$name: the run did not fail"; fi
  grep -qF -- "$text" "$WORK/$name.txt" || { cat "$WORK/$name.txt"; fail "$name: no '$text'"; }
  [ ! -d "$WORK/art-$name" ] || [ ! -s "$WORK/art-$name/profile_export_raw.jsonl" ] || fail "$name: requests were sent"
}

# 1. aimo: the train split's two shards (not the test shard) with the token, then bounded rows.
HF_TOKEN="$TOKEN" run aimo --public-dataset aimo --num-dataset-entries 4 || { cat "$WORK/aimo.txt"; fail "aimo download run"; }
grep -qF "downloading the HuggingFace dataset AI-MO/NuminaMath-TIR (split 'train': 2 files, 0.0 MB) from $HF_ENDPOINT into $HF_HUB_CACHE" \
  "$WORK/aimo.txt" || { cat "$WORK/aimo.txt"; fail "no download note"; }
grep -qF "4 prompts from column 'problem'" "$WORK/aimo.txt" || { cat "$WORK/aimo.txt"; fail "--num-dataset-entries 4 not applied"; }
[ "$(sent aimo)" = "$(printf 'aimo 0\naimo 1')" ] || fail "aimo prompts: $(sent aimo)"
py '
import json, os, sys
cache, log = sys.argv[1], [json.loads(l) for l in open(sys.argv[2])]
repo = os.path.join(cache, "datasets--AI-MO--NuminaMath-TIR")
commit = open(os.path.join(repo, "refs", "main")).read()
assert len(commit) == 40, commit
snap = os.path.join(repo, "snapshots", commit)
files = sorted(os.path.relpath(os.path.join(d, f), snap) for d, _, fs in os.walk(snap) for f in fs)
assert files == ["data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"], files
for f in files:
    link = os.readlink(os.path.join(snap, f))
    assert link.startswith("../../../blobs/") and len(os.path.basename(link)) == 64, link
assert len(os.listdir(os.path.join(repo, "blobs"))) == 2
assert not [p for d, _, fs in os.walk(repo) for p in fs if ".incomplete" in p]
hub = [e for e in log if not e["path"].startswith("/cdn/")]
cdn = [e for e in log if e["path"].startswith("/cdn/")]
assert [e["path"] for e in hub][0] == "/api/datasets/AI-MO/NuminaMath-TIR/revision/main?blobs=true", hub
assert all(e["auth"] == "ok" for e in hub), hub
assert len(cdn) == 2 and all(e["auth"] == "none" and e["host"].startswith("localhost") for e in cdn), cdn
' "$HF_HUB_CACHE" "$HUBLOG"
if grep -rqF "$TOKEN" "$WORK/aimo.txt" "$WORK/art-aimo" "$HF_HUB_CACHE" "$HUBLOG"; then fail "HF_TOKEN leaked into logs, artifacts or the cache"; fi
echo "ok: downloaded the split into the hub cache layout, token to the hub only"

# 2. Cached now: online or offline, no request reaches the hub.
before="$(hub_requests)"
run aimo2 --public-dataset aimo || { cat "$WORK/aimo2.txt"; fail "cached aimo run"; }
HF_HUB_OFFLINE=1 run aimo3 --public-dataset aimo || { cat "$WORK/aimo3.txt"; fail "offline cached aimo run"; }
[ "$(hub_requests)" = "$before" ] || fail "a cached dataset was fetched again"
grep -q "downloading" "$WORK/aimo2.txt" "$WORK/aimo3.txt" && fail "a cached dataset was announced as a download"
grep -qF "5 prompts from column 'problem'" "$WORK/aimo2.txt" || { cat "$WORK/aimo2.txt"; fail "cached rows"; }
echo "ok: second and offline runs read the cache"

# 3. Offline and not cached: one line naming dataset, repo and cache; nothing sent.
HF_HUB_OFFLINE=1 expect_error offline "--public-dataset spec_al_gsm8k: the HuggingFace dataset openai/gsm8k is not in the cache; searched $HF_HUB_CACHE/datasets--openai--gsm8k/snapshots" \
  --public-dataset spec_al_gsm8k
grep -qF "(cache $HF_HUB_CACHE), and HF_HUB_OFFLINE=1 forbids downloading it" "$WORK/offline.txt" || fail "offline: no cache dir"
[ "$(grep -c '^error:' "$WORK/offline.txt")" = 1 ] || { cat "$WORK/offline.txt"; fail "offline: not one error line"; }
echo "ok: offline cache miss"

# 4. --hf-subset: only that subset's split is fetched.
run gsm --public-dataset spec_al_gsm8k --hf-subset socratic || { cat "$WORK/gsm.txt"; fail "gsm8k socratic"; }
[ "$(sent gsm)" = "$(printf 'gsm socratic 0\ngsm socratic 1')" ] || fail "gsm8k prompts: $(sent gsm)"
[ "$(cd "$HF_HUB_CACHE/datasets--openai--gsm8k/snapshots"/* && find . -name '*.parquet' | sort)" = "./socratic/test-00000-of-00001.parquet" ] \
  || fail "gsm8k: other files were downloaded"
echo "ok: --hf-subset"

# 5. A repo without data files: HF's Parquet conversion (refs/convert/parquet).
run math --public-dataset spec_al_math500 || { cat "$WORK/math.txt"; fail "MATH-500 from the Parquet branch"; }
[ "$(sent math)" = "$(printf 'math 0\nmath 1')" ] || fail "math prompts: $(sent math)"
grep -qF "HF's Parquet conversion refs/convert/parquet" "$WORK/math.txt" || { cat "$WORK/math.txt"; fail "no Parquet-branch note"; }
[ -f "$HF_HUB_CACHE/datasets--HuggingFaceH4--MATH-500/refs/refs/convert/parquet" ] || fail "no refs/convert/parquet ref"
echo "ok: Parquet branch"

# 6. ShareGPT's JSON into the hub cache, then read from there.
run sharegpt --public-dataset sharegpt --tokenizer builtin || { cat "$WORK/sharegpt.txt"; fail "ShareGPT download"; }
grep -qF "downloading the HuggingFace dataset anon8231489123/ShareGPT_Vicuna_unfiltered (1 file" "$WORK/sharegpt.txt" \
  || { cat "$WORK/sharegpt.txt"; fail "no ShareGPT download note"; }
ls "$HF_HUB_CACHE"/datasets--anon8231489123--ShareGPT_Vicuna_unfiltered/snapshots/*/ShareGPT_V3_unfiltered_cleaned_split.json \
  >/dev/null || fail "ShareGPT not in the hub cache"
echo "ok: ShareGPT"

# 7. Errors: gated without / with a wrong token, a corrupt Parquet file, a truncated download.
expect_error gated "--public-dataset instruct_coder: access to the HuggingFace dataset likaixin/InstructCoder denied by $HF_ENDPOINT (HTTP 401)" \
  --public-dataset instruct_coder
grep -qF "set HF_TOKEN" "$WORK/gated.txt" || fail "401 does not name HF_TOKEN"
HF_TOKEN=wrong expect_error gated2 "(HTTP 403); HF_TOKEN was sent but has no access" --public-dataset instruct_coder
HF_TOKEN="$TOKEN" run gated3 --public-dataset instruct_coder || { cat "$WORK/gated3.txt"; fail "gated with the token"; }
expect_error corrupt "--public-dataset aimo_aime: $HF_HUB_CACHE/datasets--AI-MO--aimo-validation-aime/snapshots/" \
  --public-dataset aimo_aime
grep -qF "data/train-00000-of-00001.parquet:" "$WORK/corrupt.txt" || fail "the corrupt Parquet error does not name the file"
expect_error truncated "--public-dataset aimo_numina_cot: the download of data/train-00000-of-00001.parquet from http://localhost:" \
  --public-dataset aimo_numina_cot
grep -qF "is corrupt:" "$WORK/truncated.txt" || fail "truncated download not called corrupt"
[ ! -d "$HF_HUB_CACHE/datasets--AI-MO--NuminaMath-CoT/snapshots" ] || fail "a truncated download was cached"
for f in "$WORK"/*.txt; do
  [ "$(basename "$f")" = hub.out ] && continue
  if grep -qF "$TOKEN" "$f"; then fail "HF_TOKEN printed in $f"; fi
done
echo "public_dataset_download: ok"
