#!/usr/bin/env bash
# The client checks itself. Overloaded: aiperf and the mock pinned to one core, a zero-ITL
# mock streaming 2000 tokens to 64 connections: the worker thread never idles, so the run is
# marked client_bound and --fail-on-client-bound exits 3 after writing every artifact.
# Relaxed: 2 requests in flight against a slow mock: not client_bound, exit 0.
source "$(dirname "$0")/lib/common.bash"
command -v taskset >/dev/null || fail "taskset (util-linux) is needed"

MOCK_PINNED=(taskset -c 0 "$MOCK")
log="$WORK/pinned-mock.log"
"${MOCK_PINNED[@]}" --host 127.0.0.1 --port 0 --workers 1 --itl-ms 0 >"$log" 2>&1 &
MOCK_PIDS+=($!)
for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.05; done
PINNED_URL="$(grep -oE 'http://[^ ]*' "$log" | head -1)"
[ -n "$PINNED_URL" ] || fail "pinned mock did not start"

ART="$WORK/over"
set +e
taskset -c 0 "$AIPERF" profile -m mock-model -u "$PINNED_URL" --streaming --concurrency 64 --osl 2000 --isl 16 \
  --benchmark-duration 2 --benchmark-grace-period 5 --fail-on-client-bound --artifact-dir "$ART" --ui none \
  >"$WORK/over.txt" 2>&1
rc=$?
set -e
[ "$rc" = 3 ] || { cat "$WORK/over.txt"; fail "overloaded run exited $rc, expected 3 (client_bound)"; }
grep -q "Warning: the client was the bottleneck (client_bound)" "$WORK/over.txt" \
  || { cat "$WORK/over.txt"; fail "no console warning"; }
grep -q "client_bound" "$ART/profile_export_console.txt" || fail "warning missing from profile_export_console.txt"
ART="$ART" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
for f in ("profile_export_aiperf.csv", "profile_export.jsonl"):
    assert os.path.exists(f"{art}/{f}"), f
h = s["client_health"]
assert s["client_bound"] is True and h["verdict"] == "client_bound", h
assert h["reasons"], h
assert set(h["thresholds"]) == {"event_loop_lag_p99_ms", "worker_busy_fraction", "send_lag_p99_ms"}, h
w = h["workers"][0]
print("ok overloaded: client_bound; worker_0 lag p99 %.1f ms, busy %.0f %% (cpu %.0f %%); %s" % (
    w["event_loop_lag_ms"]["p99"], 100 * w["busy_fraction"], 100 * w["cpu_utilization"], h["reasons"]))
'

start_mock --ttft-ms 20 --itl-ms 5
ART="$WORK/relaxed"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --osl 10 --isl 16 --request-count 20 \
  --fail-on-client-bound --artifact-dir "$ART" --ui none >"$WORK/relaxed.txt" 2>&1 \
  || { cat "$WORK/relaxed.txt"; fail "relaxed run failed or was client_bound"; }
! grep -q "client_bound" "$WORK/relaxed.txt" || { cat "$WORK/relaxed.txt"; fail "relaxed run warned"; }
ART="$ART" py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
h = s["client_health"]
assert s["client_bound"] is False and h["verdict"] == "ok" and h["reasons"] == [], h
assert "send_lag_p99_ms" not in h, h  # closed loop: no schedule
assert "request_latency_from_schedule" not in s and "send_lag" not in s
for w in h["workers"]:
    assert w["event_loop_lag_ms"]["count"] > 0 and w["window_sec"] > 0, w
    assert 0 <= w["cpu_utilization"] < 0.9, w
w = h["workers"][0]
print("ok relaxed: not client_bound; worker_0 lag p99 %.2f ms, busy %.1f %%" % (
    w["event_loop_lag_ms"]["p99"], 100 * w["busy_fraction"]))
'
