#!/usr/bin/env bash
# profile_export.parquet: written beside profile_export.jsonl, read back with DuckDB (npm,
# scripts/duckdb-npm.sh) and compared value by value with the JSONL; absent at --export-level
# summary. Skips (77) only when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"
HERE="$(cd "$(dirname "$0")" && pwd)"

if ! NPM_DIR="$("$HERE/../../scripts/duckdb-npm.sh" 2>"$WORK/npm.log")"; then
  if [ "${AIPERF_SKIP_DUCKDB:-0}" = "1" ]; then
    echo "SKIP: DuckDB from npm is unavailable ($(tail -1 "$WORK/npm.log")) and AIPERF_SKIP_DUCKDB=1"
    exit 77
  fi
  cat "$WORK/npm.log" >&2
  fail "DuckDB from npm is unavailable: install node and npm (or set AIPERF_SKIP_DUCKDB=1 to skip)"
fi

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
