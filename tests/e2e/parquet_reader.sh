#!/usr/bin/env bash
# aiperf-cpp's Parquet reader (src/io/) against files DuckDB writes: every codec, data pages v1
# and v2, NULLs, DECIMAL (int32 and int64, read as the numbers they stand for), dictionary
# strings, list<bigint> (NULL lists, empty lists, NULL elements),
# HF-style struct<bytes, path> and list<struct<bytes, path>> (NULL structs apart from NULL
# fields) and several row groups. Our parquet_tool dumps each file as JSON Lines
# (tests/tools/parquet_tool.cpp, dump) and DuckDB checks the dump value by value. Skips (77) only
# when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"
HERE="$(cd "$(dirname "$0")" && pwd)"

need_duckdb
PARQUET_TOOL="$(dirname "$AIPERF")/tests/parquet_tool"
[ -x "$PARQUET_TOOL" ] || fail "$PARQUET_TOOL is not built (ninja parquet_tool)"

N_ROWS=5000  # DuckDB cuts row groups at multiples of 2048 rows
ROWS="SELECT i AS id,
         CASE WHEN i % 7 = 3 THEN NULL ELSE 1767225600000 + i * 250 END AS ts,
         CASE WHEN i % 3 = 0 THEN NULL ELSE 'sess-' || (i % 5) END AS session,
         'User: question ' || i || ' é漢字' || repeat('x', i % 40) AS prompt,
         CASE WHEN i % 11 = 0 THEN NULL WHEN i % 13 = 0 THEN []::BIGINT[]
              WHEN i % 17 = 0 THEN [i, NULL, i + 2]::BIGINT[]
              ELSE [i, i + 1, i + 2, i * 1000000000000]::BIGINT[] END AS total_hashes,
         (i % 100)::INTEGER AS small,
         CASE WHEN i % 9 = 0 THEN NULL ELSE (i * 0.125)::DOUBLE END AS ratio,
         (i * 1.5)::FLOAT AS f32,
         (i * 0.25)::DECIMAL(9,2) AS dec32,
         CASE WHEN i % 8 = 0 THEN NULL ELSE (i * 1.5 - 7)::DECIMAL(18,3) END AS dec64,
         i % 2 = 0 AS even,
         CASE WHEN i % 10 = 0 THEN NULL
              ELSE {'bytes': CASE WHEN i % 6 = 2 THEN NULL ELSE ('clip-' || i)::BLOB END,
                    'path': CASE WHEN i % 4 = 1 THEN NULL ELSE 'c' || i || '.flac' END} END AS audio,
         CASE WHEN i % 12 = 0 THEN NULL WHEN i % 5 = 0 THEN []::STRUCT(bytes BLOB, path VARCHAR)[]
              ELSE [{'bytes': ('img-' || i)::BLOB, 'path': 'i' || i || '.png'}, NULL,
                    {'bytes': NULL, 'path': CASE WHEN i % 3 = 0 THEN NULL ELSE 'j' || i END}] END AS images
       FROM range($N_ROWS) t(i)"

check() {  # <label> <copy options>
  local f="$WORK/$1.parquet"
  query "COPY ($ROWS) TO '$f' (FORMAT parquet, $2)" >/dev/null || fail "$1: DuckDB could not write the file"
  "$PARQUET_TOOL" dump "$f" "$WORK/$1.jsonl" >"$WORK/$1.dump.txt" 2>&1 || { cat "$WORK/$1.dump.txt"; fail "$1: our reader failed"; }
  node "$HERE/lib/parquet_matches_dump.mjs" "$NPM_DIR" "$f" "$WORK/$1.jsonl" >"$WORK/$1.check.txt" 2>&1 \
    || { cat "$WORK/$1.check.txt"; fail "$1: our reader differs from DuckDB"; }
  grep -q "^ok: $N_ROWS rows match" "$WORK/$1.check.txt" || { cat "$WORK/$1.check.txt"; fail "$1: expected $N_ROWS rows"; }
  echo "$1: ok"
}

check snappy_v1 "COMPRESSION snappy, ROW_GROUP_SIZE 2048"
check zstd_v1 "COMPRESSION zstd, ROW_GROUP_SIZE 4096"
check gzip_v1 "COMPRESSION gzip, ROW_GROUP_SIZE 4096"
check plain_v1 "COMPRESSION uncompressed"
check snappy_v2 "COMPRESSION snappy, PARQUET_VERSION v2, ROW_GROUP_SIZE 2048"
check zstd_v2 "COMPRESSION zstd, PARQUET_VERSION v2"

# The files really exercise what they claim: several row groups and dictionary pages.
query "SELECT count(DISTINCT row_group_id) AS groups FROM parquet_metadata('$WORK/snappy_v1.parquet')" \
  | grep -q '"groups":"3"' || fail "snappy_v1 should have 3 row groups"
query "SELECT encodings FROM parquet_metadata('$WORK/snappy_v1.parquet') WHERE path_in_schema = 'session'" \
  | grep -q DICTIONARY || fail "session should be dictionary-encoded"

# An unsupported codec is refused naming the file, the column and the codec.
query "COPY ($ROWS) TO '$WORK/lz4.parquet' (FORMAT parquet, COMPRESSION lz4)" >/dev/null
if "$PARQUET_TOOL" dump "$WORK/lz4.parquet" "$WORK/lz4.jsonl" >"$WORK/lz4.txt" 2>&1; then
  fail "an LZ4 file was read"
fi
grep -q "lz4.parquet: column 'id', row group 0: compression codec LZ4_RAW is not supported" "$WORK/lz4.txt" \
  || { cat "$WORK/lz4.txt"; fail "unclear LZ4 error"; }
echo "lz4: refused"
