#!/usr/bin/env bash
# The fault-injection matrix (docs/fault-injection.md): the real `aiperf profile` against a hostile
# server (lib/hostile_server.py; the behaviour is the URL's first path segment), and the
# accounting rule (lib/fault_accounting.py) asserted for every case: each request sent is recorded
# exactly once, successes never exceed the replies the server completed, and no record carries
# another request's reply. Short runs, small timeouts; one server process for all cases and one
# Python process for all checks (Python start-up costs seconds on a loaded two-core machine).
source "$(dirname "$0")/lib/common.bash"

HOSTILE="$E2E_LIB/hostile_server.py"
CHECKS="$WORK/checks.py"
echo "import fault_accounting as f" >"$CHECKS"
started=$(date +%s)

# start_hostile LOG [PORT] [--behaviour NAME] -> HOSTILE_URL, HOSTILE_PID
start_hostile() {
  local log="$1" port="${2:-0}"
  shift 2 || shift $#
  local out="$WORK/hostile.$RANDOM.out"
  python3 "$HOSTILE" --log "$log" --port "$port" "$@" >"$out" 2>&1 &
  HOSTILE_PID=$!
  MOCK_PIDS+=("$HOSTILE_PID")
  await_listening "$out" "hostile server" 400  # Python starts slowly on a loaded machine
  HOSTILE_URL="$LISTEN_URL"
}

stop_hostile() {
  kill -TERM "$HOSTILE_PID" 2>/dev/null || true
  wait "$HOSTILE_PID" 2>/dev/null || true
}

# profile NAME URL [aiperf flags...]: one run into $WORK/art-NAME (output in $WORK/NAME.out).
# Any exit but 0 or 1 (every request failed) is a failure: a crash, a signal, a hang.
profile() {
  local name="$1" url="$2"
  shift 2
  local rc=0
  timeout 60 "$AIPERF" profile -m mock-model -u "$url" --endpoint-type chat --ui none --no-server-metrics \
    --export-level raw --artifact-dir "$WORK/art-$name" "$@" >"$WORK/$name.out" 2>&1 || rc=$?
  if [ "$rc" -gt 1 ]; then
    cat "$WORK/$name.out"
    fail "$name: aiperf exited $rc"
  fi
}

# case_run BEHAVIOUR SENT 'check() arguments after sent' [aiperf flags...]: runs the case now,
# queues its accounting check.
case_run() {
  local behaviour="$1" sent="$2" expect="$3"
  shift 3
  profile "$behaviour" "$SHARED_URL/$behaviour" --request-count "$sent" "$@"
  echo "f.check('$behaviour', '$WORK/art-$behaviour', ['$WORK/shared.log'], $sent, $expect, behaviour='$behaviour')" \
    >>"$CHECKS"
}

start_hostile "$WORK/shared.log"
SHARED_URL="$HOSTILE_URL"
stream=(--streaming --osl 4)

case_run ok 4 "'ok'" "${stream[@]}" --concurrency 2

# 1xx interim responses before the real reply: skipped, on a reused connection too (one worker,
# one connection: each reply would otherwise be read by the next request).
case_run interim_100 4 "'ok'" "${stream[@]}" --concurrency 1 --workers-max 1
case_run interim_103 4 "'ok'" --concurrency 1 --workers-max 1

# Unsolicited bytes: a whole stray response on the idle keep-alive connection (10 ms after each
# reply; requests 500 ms apart, constant arrivals: a Poisson gap under 10 ms would be a race no client can win), or a second response right after the reply in the same packet.
# Neither may be read as the next request's reply.
case_run stray_after_reply 4 "'ok'" --request-rate 2 --arrival-pattern constant --workers-max 1
case_run trailing_garbage 4 "'ok'" --concurrency 1 --workers-max 1

# Clean close (FIN) and reset (RST) before any byte: the same ServerDisconnectedError.
none="error_type='ServerDisconnectedError', message='Server disconnected without sending a response'"
case_run close_before_reply 3 "'error', $none" "${stream[@]}" --concurrency 1
case_run reset_before_reply 3 "'error', $none" "${stream[@]}" --concurrency 1

# Mid-stream close and reset: the partial stream is not a success.
partial="error_type='ServerDisconnectedError', message='Server disconnected before the response was complete'"
case_run midstream_close 3 "'error', $partial" "${stream[@]}" --concurrency 1
case_run midstream_reset 3 "'error', $partial" "${stream[@]}" --concurrency 1

# Malformed SSE (invalid JSON, two events without the blank line between them, CRLF / LF / CR
# line ends, messages cut across chunks): the valid messages count, the two invalid ones per
# request are counted in the record and warned about once.
case_run malformed_sse 3 "'ok'" "${stream[@]}" --concurrency 1
echo "f.check_malformed_sse('$WORK/art-malformed_sse', '$WORK/malformed_sse.out')" >>"$CHECKS"

# Slow-loris (the head trickled a byte every 50 ms) and an endless stream: the request timeout
# cuts both off.
t0=$(date +%s)
case_run slow_loris 2 "'error', error_type='TimeoutError'" --concurrency 2 --request-timeout-seconds 0.5
case_run endless_stream 2 "'error', error_type='TimeoutError'" "${stream[@]}" --concurrency 2 \
  --request-timeout-seconds 0.5
[ $(($(date +%s) - t0)) -le 20 ] || fail "two runs of 0.5 s timeouts took $(($(date +%s) - t0)) s"

# A 1 MB header and a body past AIPERF_HTTP_MAX_RESPONSE_BYTES: clear errors, no crash.
case_run huge_headers 2 "'error', error_type='ProtocolError', message='HTTP response header too large'" \
  --concurrency 1
AIPERF_HTTP_MAX_RESPONSE_BYTES=65536 case_run huge_body 2 "'error', error_type='ResponseTooLargeError'" \
  --concurrency 1

# Redirects are not followed: each is an error record with its status (the Location points at a
# port nobody listens on, so a followed redirect would fail differently).
case_run redirect_301 2 "'error', error_code=301, error_type='Moved Permanently'" --concurrency 1
case_run redirect_302 2 "'error', error_code=302, error_type='Found'" --concurrency 1
case_run redirect_307 2 "'error', error_code=307, error_type='Temporary Redirect'" --concurrency 1
stop_hostile

# Server restart: a server process of its own, stopped (idle keep-alive connections closed) and
# replaced mid-run by a new process on the same port (started early, it takes the port as soon
# as the old one lets go). Requests in the gap fail to connect (errors the server never saw);
# later ones reconnect and succeed.
start_hostile "$WORK/restart-1.log" 0 --behaviour ok
restart_url="$HOSTILE_URL"
first_pid="$HOSTILE_PID"
python3 "$HOSTILE" --log "$WORK/restart-2.log" --port "${restart_url##*:}" --behaviour ok --bind-wait 60 \
  >"$WORK/restart-2.out" 2>&1 &
second_pid=$!
MOCK_PIDS+=("$second_pid")
for _ in $(seq 1 400); do
  grep -q "waiting for the port" "$WORK/restart-2.out" && break
  sleep 0.05
done
profile restart "$restart_url" --request-rate 10 --request-count 30 --workers-max 1 &
aiperf_pid=$!
for _ in $(seq 1 400); do
  [ "$(cat "$WORK/restart-1.log" 2>/dev/null | wc -l)" -ge 4 ] && break
  sleep 0.05
done
HOSTILE_PID="$first_pid" stop_hostile
wait "$aiperf_pid" || fail "restart run failed"
grep -q "listening on" "$WORK/restart-2.out" || { cat "$WORK/restart-2.out"; fail "the restarted server did not start"; }
HOSTILE_PID="$second_pid" stop_hostile
cat >>"$CHECKS" <<EOF
f.check('restart', '$WORK/art-restart', ['$WORK/restart-1.log', '$WORK/restart-2.log'], 30, 'any')
f.check_restart('$WORK/art-restart', '$WORK/restart-1.log', '$WORK/restart-2.log')
EOF

# Every check runs, so one run lists every case that broke the rule.
py "
import traceback
failed = []
lines = open('$CHECKS').read().splitlines()
exec(lines[0])
for line in lines[1:]:
    try:
        exec(line)
    except AssertionError as e:
        failed.append(line.split('(')[1].split(',')[0])
        print('FAILED', e)
assert not failed, failed
" || fail "accounting"
echo "fault matrix done in $(($(date +%s) - started)) s"
