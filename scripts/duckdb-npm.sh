#!/usr/bin/env bash
# Installs DuckDB for Node (@duckdb/node-api, from npm) into the cache shared with the reference
# tokenizers, for the tests and benchmarks that read profile_export.parquet back.
# Idempotent: reuses what is already there. Prints the npm directory to pass to the readers.
set -euo pipefail

CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}"
NPM_DIR="$CACHE/npm"
VERSION=1.5.6-r.1

command -v node >/dev/null || { echo "duckdb-npm: node (>= 20) is required" >&2; exit 1; }
mkdir -p "$NPM_DIR"
[ -f "$NPM_DIR/package.json" ] || echo '{"name":"aiperf-tokenizer-fixtures","private":true}' >"$NPM_DIR/package.json"
if [ ! -f "$NPM_DIR/node_modules/@duckdb/node-api/package.json" ]; then
  command -v npm >/dev/null || { echo "duckdb-npm: npm is required to fetch @duckdb/node-api" >&2; exit 1; }
  (cd "$NPM_DIR" && npm install --no-audit --no-fund --silent "@duckdb/node-api@$VERSION") >&2
fi
echo "$NPM_DIR"
