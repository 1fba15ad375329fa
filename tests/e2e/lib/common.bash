# Shared helpers for end-to-end tests: each test gets $AIPERF and $MOCK (binary paths),
# a scratch directory $WORK, and starts mock servers on 127.0.0.1 with a free port.
set -euo pipefail

AIPERF="$(realpath "$1")"
MOCK="$(realpath "$2")"
WORK="$(mktemp -d)"
MOCK_PIDS=()
E2E_LIB="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

cleanup() {
  for pid in "${MOCK_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  [ -n "${E2E_KEEP_WORK:-}" ] && echo "kept $WORK" >&2 || rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# await_listening LOG WHAT [TRIES]: waits (TRIES x 50 ms, default 100) for a server's
# "listening on URL" line in LOG -> sets LISTEN_URL; fails the test naming WHAT otherwise.
await_listening() {
  local log="$1" what="$2" tries="${3:-100}"
  for _ in $(seq 1 "$tries"); do
    if grep -q "listening on" "$log"; then
      LISTEN_URL="$(grep -oE 'https?://[^ ]*' "$log" | head -1)"
      return 0
    fi
    sleep 0.05
  done
  cat "$log" >&2
  fail "$what did not start"
}

# start_mock [mock flags...] -> sets MOCK_URL
start_mock() {
  local log="$WORK/mock.$RANDOM.log"
  : >"$log"
  "$MOCK" --host 127.0.0.1 --port 0 "$@" >"$log" 2>&1 &
  MOCK_PIDS+=($!)
  await_listening "$log" "mock server"
  MOCK_URL="$LISTEN_URL"
}

# py 'python code' : runs python3 with ART (artifact dir) in the environment and lib/e2e_checks.py
# importable
py() {
  local code="$1"
  shift
  ART="${ART:-}" PYTHONPATH="$E2E_LIB${PYTHONPATH:+:$PYTHONPATH}" python3 -c "$code" "$@"
}

# need_duckdb: sets NPM_DIR (DuckDB from npm, scripts/duckdb-npm.sh) and defines
# `query SQL` (runs it, prints the rows as JSON). Without DuckDB the test fails, or skips (77)
# when AIPERF_SKIP_DUCKDB=1.
need_duckdb() {
  local lib
  lib="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  if ! NPM_DIR="$("$lib/../../../scripts/duckdb-npm.sh" 2>"$WORK/npm.log")"; then
    if [ "${AIPERF_SKIP_DUCKDB:-0}" = "1" ]; then
      echo "SKIP: DuckDB from npm is unavailable ($(tail -1 "$WORK/npm.log")) and AIPERF_SKIP_DUCKDB=1"
      exit 77
    fi
    cat "$WORK/npm.log" >&2
    fail "DuckDB from npm is unavailable: install node and npm (or set AIPERF_SKIP_DUCKDB=1 to skip)"
  fi
  DUCKDB_QUERY_JS="$lib/duckdb_query.mjs"
}
query() { node "$DUCKDB_QUERY_JS" "$NPM_DIR" "$1"; }

# profile_own_mock NAME "MOCK FLAGS" [aiperf profile flags...]: starts a mock of its own that logs
# each request's timing and body hash to $WORK/NAME.jsonl, profiles it into $WORK/art-NAME
# (console output in $WORK/NAME.out), then stops the mock so that its log is complete.
# A failed run prints its output and fails the test.
profile_own_mock() {
  local name="$1" mock_flags="$2"
  shift 2
  # shellcheck disable=SC2086
  start_mock $mock_flags --timing-log "$WORK/$name.jsonl"
  local pid="${MOCK_PIDS[-1]}"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --artifact-dir "$WORK/art-$name" --ui none "$@" \
    >"$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
  kill -INT "$pid"
  wait "$pid" || true
}

# A TCP port free on 127.0.0.1 right now (for --shard-rendezvous and other listeners we start).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
