# Shared helpers for real-server tests: aiperf against llama.cpp's llama-server (docs/real-server.md).
# Usage from a test: source this with the aiperf binary as $1, then `start_server` and `run_case`.
set -euo pipefail

AIPERF="$(realpath "$1")"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
SERVER_SCRIPT="$REPO/scripts/real-server.sh"
WORK="$(mktemp -d)"
PORT=""

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# CI must run this tier: a missing build is a failure unless skipping was asked for explicitly.
if ! "$SERVER_SCRIPT" path >/dev/null 2>&1; then
  if [ "${AIPERF_SKIP_REAL_SERVER:-0}" = "1" ]; then
    echo "SKIP: llama-server is not built and AIPERF_SKIP_REAL_SERVER=1"
    exit 77
  fi
  fail "llama-server is not built: run scripts/real-server.sh build (or set AIPERF_SKIP_REAL_SERVER=1 to skip)"
fi

cleanup() {
  [ -n "$PORT" ] && "$SERVER_SCRIPT" stop --port "$PORT" >/dev/null 2>&1 || true
  if [ "${REAL_SERVER_KEEP:-0}" = "1" ]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# start_server [llama-server args...] -> SERVER_URL, SERVER_LOG; a fresh server per test keeps
# counters, prompt cache and slots independent of other tests.
start_server() {
  local out
  out="$("$SERVER_SCRIPT" start --port 0 "$@")" || fail "scripts/real-server.sh start failed"
  SERVER_URL="$(sed -n '1s/^llama-server listening on //p' <<<"$out")"
  SERVER_LOG="$(sed -n 's/^log //p' <<<"$out")"
  PORT="${SERVER_URL##*:}"
  [ -n "$SERVER_URL" ] && [ -f "$SERVER_LOG" ] || fail "cannot parse the output of real-server.sh start: $out"
}

# The server logs one "prompt eval time" line per finished request (it has no request counter).
logged_requests() {
  grep -c 'prompt eval time' "$SERVER_LOG" || true
}

metrics_snapshot() {
  curl -sf --max-time 10 "$SERVER_URL/metrics" >"$1" || fail "GET $SERVER_URL/metrics failed"
}

# The model carries the Qwen2 vocabulary; Qwen3's tokenizer.json (from the npm reference
# tokenizers, scripts/tokenizer-fixtures.sh) has the same byte-level BPE vocabulary and merges,
# so aiperf's client-side counts can be held to the server's.
qwen_tokenizer() {
  if [ -z "${AIPERF_TOKENIZER_FIXTURES:-}" ]; then
    local line
    line="$("$REPO/scripts/tokenizer-fixtures.sh" | tail -1)" || fail "scripts/tokenizer-fixtures.sh failed"
    AIPERF_TOKENIZER_FIXTURES="${line#AIPERF_TOKENIZER_FIXTURES=}"
  fi
  local file="$AIPERF_TOKENIZER_FIXTURES/qwen3/tokenizer.json"
  [ -f "$file" ] || fail "no Qwen tokenizer at $file (scripts/tokenizer-fixtures.sh)"
  echo "$file"
}

# run_case ENDPOINT(chat|completions) STREAMING(0|1) CONCURRENCY REQUESTS OSL ISL TOKENS(client|server)
# Runs aiperf and checks it against the server's own numbers (tests/real_server/check_run.py).
# TOKENS=client: aiperf counts with the Qwen tokenizer; server: --use-server-token-count.
# Both build the synthetic prompts with the Qwen tokenizer.
# A run whose check fails is run once more and must pass then: the timing bounds hold on a
# loaded machine, but a burst of load from outside (another job on the host) can still push one
# run past them; a client that mismeasures fails both runs (docs/real-server.md, "Tests").
run_case() {
  local tag="$1-s$2-c$3"
  run_case_once "$tag" "$@" && return 0
  echo "  ($tag: the check failed (above); running the case once more)" >&2
  run_case_once "$tag-again" "$@" || fail "$tag: aiperf disagrees with the server twice (REAL_SERVER_KEEP=1 keeps the artifacts in $WORK)"
}

# run_case_once TAG ENDPOINT STREAMING CONCURRENCY REQUESTS OSL ISL TOKENS: one run and its check;
# status 1 when the check fails (a failing aiperf run fails the test at once).
run_case_once() {
  local tag=$1 endpoint=$2 streaming=$3 conc=$4 requests=$5 osl=$6 isl=$7 tokens=$8
  local art="$WORK/$tag" stream_flag=() check_flag=()
  if [ "$streaming" = 1 ]; then stream_flag=(--streaming); check_flag=(--streaming); fi
  # The tokenizer also builds the synthetic prompts, so it is given in both modes.
  local token_flag=(--tokenizer "$(qwen_tokenizer)")
  [ "$tokens" = "server" ] && token_flag+=(--use-server-token-count)
  local logged_before
  logged_before="$(logged_requests)"
  metrics_snapshot "$WORK/$tag.before"
  local start=$SECONDS
  if ! "$AIPERF" profile -m tiny -u "$SERVER_URL" --endpoint-type "$endpoint" "${stream_flag[@]}" \
      --concurrency "$conc" --request-count "$requests" --isl "$isl" --osl "$osl" \
      "${token_flag[@]}" --extra-inputs ignore_eos:true --export-level raw \
      --artifact-dir "$art" >"$WORK/$tag.out" 2>&1; then
    tail -n 20 "$WORK/$tag.out" >&2
    fail "$tag: aiperf failed"
  fi
  local elapsed=$((SECONDS - start))
  metrics_snapshot "$WORK/$tag.after"
  # The log line is written before the response is sent, but the logger may flush it later.
  local expected=$((logged_before + requests)) _
  for _ in $(seq 20); do
    [ "$(logged_requests)" -ge "$expected" ] && break
    sleep 0.1
  done
  local logged=$(($(logged_requests) - logged_before))
  if ! python3 "$HERE/check_run.py" --art "$art" --endpoint "$endpoint" "${check_flag[@]}" \
      --concurrency "$conc" --requests "$requests" --osl "$osl" \
      --metrics-before "$WORK/$tag.before" --metrics-after "$WORK/$tag.after" --log-requests "$logged" \
      --token-source "$tokens" --bounds "${REAL_SERVER_BOUNDS:-check}"; then
    echo "FAIL: $tag: aiperf disagrees with the server (artifacts: $art)" >&2
    return 1
  fi
  echo "  ($tag: aiperf ran ${elapsed} s)"
}

# run_matrix ENDPOINT STREAMING: the three concurrencies of issue 3 against one server.
run_matrix() {
  start_server
  # 48 output tokens: generation (~160 ms at c=1) must clearly exceed the delivery-jitter bound
  # so that a TTFT taken at the wrong chunk cannot pass. 32 requests at c=16: two full waves.
  # Client-side token counting at 1 and 16, the server's usage at 4: both paths on every endpoint.
  run_case "$1" "$2" 1 6 48 512 client
  run_case "$1" "$2" 4 12 48 256 server
  run_case "$1" "$2" 16 32 48 128 client
  echo "ok"
}
