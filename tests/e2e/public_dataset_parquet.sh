#!/usr/bin/env bash
# --public-dataset from HuggingFace's usual Parquet shards (written here by DuckDB in the hub
# cache layout): the named column of every shard of the split becomes the prompts, in shard
# order; other splits' shards are left alone. Skips (77) only when DuckDB cannot be had and
# AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"

need_duckdb

export HF_HUB_CACHE="$WORK/hub"
unset HF_HOME
REPO="$HF_HUB_CACHE/datasets--AI-MO--NuminaMath-TIR"
SNAP="$REPO/snapshots/0123abcd"
mkdir -p "$SNAP/data" "$REPO/refs"
printf '0123abcd' >"$REPO/refs/main"
for shard in 0 1; do
  query "COPY (SELECT 'problem ' || ($shard * 3 + i) || ': what is ' || i || '+1?' AS problem,
                CASE WHEN i = 1 THEN NULL ELSE 'solution' END AS solution
              FROM range(3) t(i))
         TO '$SNAP/data/train-0000$shard-of-00002.parquet' (FORMAT parquet, COMPRESSION snappy)" >/dev/null \
    || fail "DuckDB could not write shard $shard"
done
query "COPY (SELECT 'held out' AS problem) TO '$SNAP/data/test-00000-of-00001.parquet' (FORMAT parquet)" >/dev/null

start_mock --itl-ms 1
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset aimo --request-count 6 --concurrency 1 \
  --export-level raw --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -q "6 prompts from column 'problem'" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no prompt count note"; }
py '
import json, os
raw = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export_raw.jsonl")]
sent = sorted(l["payload"]["messages"][0]["content"] for l in raw)
want = sorted(f"problem {n}: what is {n % 3}+1?" for n in range(6))
assert sent == want, sent
'
echo "ok: Parquet shards of the split read"

# A shard without the column is one error line naming the file.
query "COPY (SELECT 'x' AS question) TO '$SNAP/data/train-00001-of-00002.parquet' (FORMAT parquet)" >/dev/null
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --public-dataset aimo --request-count 1 --artifact-dir "$WORK/bad" \
  --ui none >"$WORK/bad.txt" 2>&1; then fail "a shard without the column was accepted"; fi
grep -qF "train-00001-of-00002.parquet: no 'problem' column" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "error text"; }
echo "ok: missing column refused"
