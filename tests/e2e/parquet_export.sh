#!/usr/bin/env bash
# profile_export.parquet: written beside profile_export.jsonl, read back with DuckDB (npm,
# scripts/duckdb-npm.sh) and compared value by value with the JSONL; absent at --export-level
# summary. Skips (77) only when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"
HERE="$(cd "$(dirname "$0")" && pwd)"

need_duckdb

# Errors and streaming, so error columns, NULL metrics and every timestamp are exercised.
start_mock --error-rate 0.25 --seed 5
ART="$WORK/run"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 80 \
  --warmup-request-count 5 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "run failed"; }
[ -f "$ART/profile_export.parquet" ] || fail "no profile_export.parquet"
node "$HERE/lib/parquet_matches_jsonl.mjs" "$NPM_DIR" "$ART/profile_export.parquet" "$ART/profile_export.jsonl" \
  >"$WORK/check.txt" 2>&1 || { cat "$WORK/check.txt"; fail "parquet differs from the JSONL"; }
tail -1 "$WORK/check.txt"
grep -q "^ok: 85 rows" "$WORK/check.txt" || { cat "$WORK/check.txt"; fail "expected 85 rows (80 + 5 warm-up)"; }
grep -Eq "^error_code BIGINT: [1-9]" "$WORK/check.txt" || { cat "$WORK/check.txt"; fail "no error rows compared"; }
grep -Eq "^time_to_first_token DOUBLE: [1-9]" "$WORK/check.txt" || { cat "$WORK/check.txt"; fail "no TTFT compared"; }

# Label-like text columns are dictionary-encoded (a dictionary page, then RLE_DICTIONARY
# indices); request ids stay PLAIN.
query "SELECT path_in_schema AS col, encodings, dictionary_page_offset AS dict
       FROM parquet_metadata('$ART/profile_export.parquet') WHERE row_group_id = 0" >"$WORK/meta.txt" \
  || { cat "$WORK/meta.txt"; fail "parquet_metadata() failed"; }
for col in benchmark_phase worker_id error_type error_message; do
  grep "\"col\":\"$col\"" "$WORK/meta.txt" | grep -q RLE_DICTIONARY \
    || { cat "$WORK/meta.txt"; fail "$col is not dictionary-encoded"; }
done
grep '"col":"x_request_id"' "$WORK/meta.txt" | grep -q RLE_DICTIONARY \
  && { cat "$WORK/meta.txt"; fail "x_request_id must stay PLAIN"; }

# A dictionary that hits its limit mid row group falls back to PLAIN for the rest of it: a
# file written by our writer with a 4-entry limit (tests/tools/parquet_tool.cpp,
# fallback-sample) must read back exactly.
PARQUET_TOOL="$(dirname "$AIPERF")/tests/parquet_tool"
[ -x "$PARQUET_TOOL" ] || fail "$PARQUET_TOOL is not built (ninja parquet_tool)"
"$PARQUET_TOOL" fallback-sample "$WORK/fallback.parquet" >"$WORK/sample.txt" 2>&1 \
  || { cat "$WORK/sample.txt"; fail "writing the fallback sample failed"; }
query "SELECT count(*) AS n, count(*) FILTER (WHERE label IS DISTINCT FROM
         CASE WHEN id % 5 = 0 THEN NULL ELSE 'v' || (id % 7) END) AS bad
       FROM '$WORK/fallback.parquet'" >"$WORK/fallback.txt" 2>&1 || { cat "$WORK/fallback.txt"; fail "fallback sample unreadable"; }
grep -q '"n":"30","bad":"0"' "$WORK/fallback.txt" || { cat "$WORK/fallback.txt"; fail "fallback sample reads back wrong"; }
query "SELECT encodings FROM parquet_metadata('$WORK/fallback.parquet') WHERE path_in_schema = 'label'" \
  | grep -q 'PLAIN.*RLE_DICTIONARY\|RLE_DICTIONARY.*PLAIN' || fail "fallback sample lacks PLAIN + RLE_DICTIONARY pages"
echo "dictionary fallback sample: ok"

# Cancelled requests: was_cancelled and cancellation_time_ns.
start_mock --ttft-ms 100
ART="$WORK/cancel"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 10 --request-count 30 --osl 4 \
  --request-cancellation-rate 50 --request-cancellation-delay 0.02 --random-seed 7 \
  --artifact-dir "$ART" >"$WORK/out3.txt" 2>&1 || { cat "$WORK/out3.txt"; fail "cancellation run failed"; }
node "$HERE/lib/parquet_matches_jsonl.mjs" "$NPM_DIR" "$ART/profile_export.parquet" "$ART/profile_export.jsonl" \
  >"$WORK/check3.txt" 2>&1 || { cat "$WORK/check3.txt"; fail "parquet differs from the JSONL (cancellation run)"; }
grep -Eq "^cancellation_time_ns BIGINT: [1-9]" "$WORK/check3.txt" || { cat "$WORK/check3.txt"; fail "no cancelled rows compared"; }
tail -1 "$WORK/check3.txt"

ART="$WORK/summary"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 5 --export-level summary \
  --artifact-dir "$ART" >"$WORK/out2.txt" 2>&1 || true
[ -f "$ART/profile_export_aiperf.json" ] || { cat "$WORK/out2.txt"; fail "summary run wrote no summary"; }
[ ! -e "$ART/profile_export.parquet" ] || fail "--export-level summary must not write profile_export.parquet"
echo "ok"
