# Shared helpers for end-to-end tests: each test gets $AIPERF and $MOCK (binary paths),
# a scratch directory $WORK, and starts mock servers on 127.0.0.1 with a free port.
set -euo pipefail

AIPERF="$(realpath "$1")"
MOCK="$(realpath "$2")"
WORK="$(mktemp -d)"
MOCK_PIDS=()

cleanup() {
  for pid in "${MOCK_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# start_mock [mock flags...] -> sets MOCK_URL
start_mock() {
  local log="$WORK/mock.$RANDOM.log"
  "$MOCK" --host 127.0.0.1 --port 0 "$@" >"$log" 2>&1 &
  MOCK_PIDS+=($!)
  for _ in $(seq 1 100); do
    if grep -q "listening on" "$log"; then
      MOCK_URL="$(grep -oE 'https?://[^ ]*' "$log" | head -1)"
      return 0
    fi
    sleep 0.05
  done
  cat "$log" >&2
  fail "mock server did not start"
}

# py 'python code' : runs python3 with ART (artifact dir) in the environment
py() {
  local code="$1"
  shift
  ART="${ART:-}" python3 -c "$code" "$@"
}
