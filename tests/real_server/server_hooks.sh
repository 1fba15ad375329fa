#!/usr/bin/env bash
# The server control hooks against llama-server (docs/server-hooks.md): --wait-for-model started
# before the server is (connection refused, then "503 Loading model", then a 1-token chat that
# answers), and --reset-kv-cache through llama-server's slot erase, which needs --slot-save-path
# (without it the server answers 501 and the run must fail before sending anything).
source "$(dirname "$0")/lib/common.bash"

BIN="$("$SERVER_SCRIPT" path | sed -n 's/^binary //p')"
MODEL="$("$SERVER_SCRIPT" path | sed -n 's/^model //p')"
OWN_PID=""
own_cleanup() {
  [ -n "$OWN_PID" ] && kill "$OWN_PID" 2>/dev/null || true
  cleanup
}
trap own_cleanup EXIT

# profile NAME URL [aiperf flags...]: a short chat run; status in RC, console in $WORK/NAME.out.
profile() {
  local name="$1" url="$2"
  shift 2
  RC=0
  "$AIPERF" profile -m tiny -u "$url" --endpoint-type chat --concurrency 2 --request-count 4 --isl 32 --osl 8 \
    --tokenizer builtin --ui none --artifact-dir "$WORK/art-$name" "$@" >"$WORK/$name.out" 2>&1 || RC=$?
}

# 1. aiperf first, the server a second later: the wait sees the port closed, then the model load.
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"
profile wait "$url" --wait-for-model-timeout 60 --wait-for-model-interval 0.1 &
aiperf_pid=$!
sleep 1
setsid "$BIN" --model "$MODEL" --alias tiny --host 127.0.0.1 --port "$port" --parallel 2 --ctx-size 4096 \
  --threads 2 --threads-batch 2 --no-webui </dev/null >"$WORK/loading-server.log" 2>&1 &
OWN_PID=$!
wait "$aiperf_pid" || true
RC=0
grep -q "^Server ready: $url (inference)" "$WORK/wait.out" || RC=1
[ "$RC" = 0 ] && [ -f "$WORK/art-wait/profile_export_aiperf.json" ] ||
  { cat "$WORK/wait.out"; tail -5 "$WORK/loading-server.log"; fail "wait: aiperf did not wait for llama-server"; }
probes="$(sed -nE 's/^Server ready: .* ([0-9]+) probe.*/\1/p' "$WORK/wait.out")"
[ "$probes" -ge 5 ] || fail "wait: ready after $probes probe(s), but the server started 1 s after aiperf"
kill "$OWN_PID" && wait "$OWN_PID" 2>/dev/null || true
OWN_PID=""

# 2. Slot erase as the KV-cache reset (llama-server: POST /slots/0?action=erase, --slot-save-path).
mkdir -p "$WORK/slots"
start_server --slot-save-path "$WORK/slots/"
profile reset "$SERVER_URL" --reset-kv-cache --reset-kv-cache-path '/slots/0?action=erase'
[ "$RC" = 0 ] || { cat "$WORK/reset.out"; fail "reset: aiperf exited $RC"; }
grep -qF "KV cache reset: POST $SERVER_URL/slots/0?action=erase" "$WORK/reset.out" || fail "reset: no reset line"
"$SERVER_SCRIPT" stop --port "$PORT" >/dev/null

# 3. Without --slot-save-path the server refuses slot actions (501): the run fails, nothing sent.
start_server
before="$(logged_requests)"
profile reset_refused "$SERVER_URL" --reset-kv-cache --reset-kv-cache-path '/slots/0?action=erase'
[ "$RC" = 1 ] || { cat "$WORK/reset_refused.out"; fail "reset_refused: aiperf exited $RC, expected 1"; }
grep -qF -- "--reset-kv-cache: POST $SERVER_URL/slots/0?action=erase failed: HTTP 501" "$WORK/reset_refused.out" ||
  { cat "$WORK/reset_refused.out"; fail "reset_refused: no clear message"; }
[ "$(logged_requests)" = "$before" ] || fail "reset_refused: requests were sent after the reset failed"
echo "ok"
