#!/usr/bin/env bash
# The server control hooks (docs/server-hooks.md): --wait-for-model against a mock that is still
# loading (and a timeout that fails the run before anything is sent), --reset-kv-cache once per
# run, per sweep cell, retried through 503s and fatal otherwise, and --server-profiler started
# after warm-up and stopped after profiling, with a failed start rolled back. What each server
# saw is read from the mock's own counters (GET /metrics).
source "$(dirname "$0")/lib/common.bash"

# metric URL NAME: the value of an unlabelled metric on URL/metrics.
metric() { curl -s "$1/metrics" | awk -v n="$2" '$1 == n {print $2}'; }
expect_metric() {
  local got
  got="$(metric "$1" "$2")"
  [ "$got" = "$3" ] || fail "$4: $2 is '$got', expected $3"
}
# run NAME [aiperf flags...]: a small run into $WORK/art-NAME, console in $WORK/NAME.out; status kept in RC.
run() {
  local name="$1"
  shift
  RC=0
  "$AIPERF" profile -m mock-model --artifact-dir "$WORK/art-$name" --ui none --isl 16 --osl 4 \
    --concurrency 1 "$@" >"$WORK/$name.out" 2>&1 || RC=$?
}
ok() { [ "$RC" = 0 ] || { cat "$WORK/$1.out"; fail "$1: aiperf exited $RC"; }; }
refused() {
  [ "$RC" = 1 ] || { cat "$WORK/$1.out"; fail "$1: aiperf exited $RC, expected 1"; }
  grep -qF -- "$2" "$WORK/$1.out" || { cat "$WORK/$1.out"; fail "$1: no '$2' in the output"; }
  [ ! -e "$WORK/art-$1/profile_export_aiperf.json" ] || fail "$1: results were written"
}

# 1. The model loads for 2 s; the wait sees 503s, then the 1-token probe answers, then the run.
start_mock --startup-delay-seconds 2
run wait_inference -u "$MOCK_URL" --request-count 5 --wait-for-model-timeout 30 --wait-for-model-interval 0.2
ok wait_inference
grep -qE "^Server ready: $MOCK_URL \(inference\) after [0-9.]+ s, [0-9]+ probe" "$WORK/wait_inference.out" ||
  { cat "$WORK/wait_inference.out"; fail "wait_inference: no 'Server ready' line"; }
probes="$(sed -nE 's/^Server ready: .* ([0-9]+) probe.*/\1/p' "$WORK/wait_inference.out")"
[ "$probes" -ge 3 ] || fail "wait_inference: ready after $probes probe(s); the mock was loading for 2 s"
# The 503s are refused before they count: the 5 requests and the one probe that was answered.
expect_metric "$MOCK_URL" aiperf_mock_requests_total 6 wait_inference

# models mode: GET /v1/models only, and the --model name must be listed.
start_mock --startup-delay-seconds 1
run wait_models -u "$MOCK_URL" --request-count 3 --wait-for-model-timeout 30 --wait-for-model-interval 0.2 \
  --wait-for-model-mode models
ok wait_models
expect_metric "$MOCK_URL" aiperf_mock_requests_total 3 wait_models
run wait_wrong_model -u "$MOCK_URL" -m other-model --request-count 3 --wait-for-model-timeout 1 \
  --wait-for-model-interval 0.2 --wait-for-model-mode both
refused wait_wrong_model "GET /v1/models does not list model 'other-model'"
expect_metric "$MOCK_URL" aiperf_mock_requests_total 3 wait_wrong_model

# A timeout shorter than the load: exit 1, one line naming the option and the URL, nothing sent.
start_mock --startup-delay-seconds 60
start=$SECONDS
run wait_timeout -u "$MOCK_URL" --request-count 3 --wait-for-model-timeout 1.5 --wait-for-model-interval 0.2
refused wait_timeout "--wait-for-model-timeout: $MOCK_URL/v1/chat/completions was not ready (mode inference) within 1.5 s"
grep -qF "HTTP 503: " "$WORK/wait_timeout.out" || fail "wait_timeout: the last probe's 503 is not in the message"
[ $((SECONDS - start)) -le 10 ] || fail "wait_timeout: took $((SECONDS - start)) s for a 1.5 s timeout"
expect_metric "$MOCK_URL" aiperf_mock_requests_total 0 wait_timeout

# 2. --reset-kv-cache: two 503s (busy) are retried after 1 s and 2 s; the key goes along as a bearer token.
start_mock --reset-busy-count 2 --record-requests "$WORK/reset.requests.jsonl"
run reset -u "$MOCK_URL" --request-count 3 --reset-kv-cache --api-key sk-hook-secret-42
ok reset
expect_metric "$MOCK_URL" aiperf_mock_kv_cache_resets_total 1 reset
expect_metric "$MOCK_URL" aiperf_mock_kv_cache_resets_busy_total 2 reset
grep -qF "KV cache reset: POST $MOCK_URL/reset_prefix_cache" "$WORK/reset.out" || fail "reset: no 'KV cache reset' line"
! grep -qF sk-hook-secret-42 "$WORK/reset.out" "$WORK/art-reset/logs/aiperf.log" || fail "reset: the API key was printed"
py '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
resets = [r for r in rows if r["target"] == "/reset_prefix_cache"]
assert len(resets) == 3 and all(r["method"] == "POST" for r in resets), resets
for r in resets:
    auth = [v for k, v in r["headers"] if k.lower() == "authorization"]
    assert auth == ["Bearer sk-hook-secret-42"], r["headers"]
# The reset comes before the first request of the run.
first = next(i for i, r in enumerate(rows) if r["target"] == "/v1/chat/completions")
assert max(i for i, r in enumerate(rows) if r["target"] == "/reset_prefix_cache") < first
' "$WORK/reset.requests.jsonl" || fail "reset: the mock did not see the reset POSTs as expected"

# llama-server's slot erase: a path with a query.
run reset_slot -u "$MOCK_URL" --request-count 2 --reset-kv-cache --reset-kv-cache-path '/slots/0?action=erase'
ok reset_slot
expect_metric "$MOCK_URL" aiperf_mock_kv_cache_resets_total 2 reset_slot

# Once per sweep cell (each cell is a run of its own).
start_mock
run reset_sweep -u "$MOCK_URL" --request-count 2 --concurrency 1,2 --reset-kv-cache
ok reset_sweep
expect_metric "$MOCK_URL" aiperf_mock_kv_cache_resets_total 2 reset_sweep

# A reset that fails for good (404): exit 1, nothing sent, the key never printed.
run reset_404 -u "$MOCK_URL" --request-count 2 --reset-kv-cache --reset-kv-cache-path /no/such/reset \
  --api-key sk-hook-secret-42
refused reset_404 "--reset-kv-cache: POST $MOCK_URL/no/such/reset failed: HTTP 404"
! grep -qF sk-hook-secret-42 "$WORK/reset_404.out" || fail "reset_404: the API key was printed"
expect_metric "$MOCK_URL" aiperf_mock_requests_total 4 reset_404  # the sweep's 2 + 2, nothing more
# Busy beyond the budget is not tested here (60 s); the schedule is (unit_telemetry, ServerHooks).

# 3. --server-profiler: started after the 3 warm-up requests, stopped after the 5 profiling ones.
start_mock
run profiler -u "$MOCK_URL" --warmup-request-count 3 --request-count 5 --server-profiler
ok profiler
expect_metric "$MOCK_URL" aiperf_mock_profiler_starts_total 1 profiler
expect_metric "$MOCK_URL" aiperf_mock_profiler_stops_total 1 profiler
expect_metric "$MOCK_URL" aiperf_mock_profiler_start_requests 3 profiler
expect_metric "$MOCK_URL" aiperf_mock_profiler_stop_requests 8 profiler

# A start that fails on the second URL (still loading: 503) stops the first one's profiler and
# fails the run before profiling.
first="$MOCK_URL"
start_mock --startup-delay-seconds 60
second="$MOCK_URL"
run profiler_fail -u "$first" -u "$second" --request-count 4 --server-profiler
refused profiler_fail "--server-profiler: POST $second/start_profile failed: HTTP 503"
expect_metric "$first" aiperf_mock_profiler_starts_total 2 profiler_fail
expect_metric "$first" aiperf_mock_profiler_stops_total 2 profiler_fail
expect_metric "$first" aiperf_mock_requests_total 8 profiler_fail  # profiler's 8, none of this run's

echo "ok"
