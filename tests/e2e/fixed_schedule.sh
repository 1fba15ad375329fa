#!/usr/bin/env bash
# Trace replay: a single_turn trace of 200 rows 1 ms apart plus a gap is sent in trace order,
# each request near its timestamp; offsets select the right rows; a concurrency cap delays
# (never skips) due rows; bad traces are refused before anything is sent.
source "$(dirname "$0")/lib/common.bash"

TRACE="$WORK/trace.jsonl"
python3 - "$TRACE" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(200):  # 1000..1199 ms, written out of order to check the sort
        j = i ^ 1
        f.write(json.dumps({"timestamp": 1000 + j, "text": f"row {j}", "session_id": f"r{j}", "output_length": 2}) + "\n")
    for j in range(200, 210):  # a 500 ms gap, then 10 more
        f.write(json.dumps({"timestamp": 1500 + j, "text": f"row {j}", "session_id": f"r{j}", "output_length": 2}) + "\n")
PY

start_mock
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --input-file "$TRACE" --custom-dataset-type single_turn \
  --fixed-schedule --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "replay failed"; }
py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 210, len(recs)  # request count defaults to the scheduled rows
assert not [r for r in recs if "error" in r], "error records"
trace_ms = lambda r: 1000 + int(r["metadata"]["conversation_id"][1:]) + (500 if int(r["metadata"]["conversation_id"][1:]) >= 200 else 0)
recs.sort(key=lambda r: r["metadata"]["request_start_ns"])
ids = [int(r["metadata"]["conversation_id"][1:]) for r in recs]
# Trace order; rows 1 ms apart may swap only if two workers raced on the same deadline.
assert sum(a > b for a, b in zip(ids, ids[1:])) <= 5, ids
t0 = recs[0]["metadata"]["request_start_ns"] - recs[0]["metrics"]["send_lag"]["value"] * 1e6
lags = []
for r in recs:
    sent_ms = (r["metadata"]["request_start_ns"] - t0) / 1e6
    lags.append(sent_ms - (trace_ms(r) - 1000))
assert min(lags) > -1, min(lags)     # never early
assert max(lags) < 20, max(lags)    # generous: a loaded CI VM
gap = [r for r in recs if int(r["metadata"]["conversation_id"][1:]) == 200][0]
assert (gap["metadata"]["request_start_ns"] - t0) / 1e6 >= 699, "the gap was not kept"
for k in ("replay_sched_lag_p50", "replay_sched_lag_p90", "replay_sched_lag_p99", "replay_sched_degraded"):
    assert k in s, k
assert s["replay_sched_degraded"]["avg"] == 0, s["replay_sched_lag_p99"]
assert s["input_config"]["input"]["fixed_schedule"] is True
lags.sort()
print("ok replay: send - trace time p50 %.3f ms p99 %.3f ms max %.3f ms" % (
    lags[len(lags) // 2], lags[int(len(lags) * 0.99)], lags[-1]))
'

# Offsets: [1100, 1150] keeps rows 100..150; 1100 is schedule zero.
ART="$WORK/window"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --input-file "$TRACE" --fixed-schedule \
  --fixed-schedule-start-offset 1100 --fixed-schedule-end-offset 1150 --artifact-dir "$ART" --ui none \
  >"$WORK/window.txt" 2>&1 || { cat "$WORK/window.txt"; fail "windowed replay failed"; }
py '
import json, os
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
ids = sorted(int(r["metadata"]["conversation_id"][1:]) for r in recs)
assert ids == list(range(100, 151)), ids
print("ok window: rows", ids[0], "..", ids[-1])
'

# A concurrency cap delays due rows rather than skipping them; the wait shows as send lag.
start_mock --ttft-ms 20 --itl-ms 1
ART="$WORK/capped"
head -20 "$TRACE" >"$WORK/short.jsonl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$WORK/short.jsonl" --fixed-schedule \
  --concurrency 1 --artifact-dir "$ART" --ui none >"$WORK/capped.txt" 2>&1 \
  || { cat "$WORK/capped.txt"; fail "capped replay failed"; }
py '
import json, os
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
assert len(recs) == 20, len(recs)
lags = sorted(r["metrics"]["send_lag"]["value"] for r in recs)
assert lags[-1] > 100, lags  # the last row waited for ~19 requests of >= 20 ms each
print("ok cap: max send lag %.1f ms" % lags[-1])
'

# Bad traces: one clear line naming the file (and line), nothing sent.
expect_error() {  # expect_error SUBSTRING aiperf-args...
  local want="$1"; shift
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --ui none --artifact-dir "$WORK/bad" "$@" >"$WORK/bad.txt" 2>&1; then
    fail "accepted: $*"
  fi
  grep -qF -- "$want" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error for $*"; }
  [ ! -e "$WORK/bad/profile_export.jsonl" ] || fail "something was sent for $*"
}
printf '{"timestamp": 0, "input_length": 5}\n{"timestamp": 1, "input_length": 5,}\n' >"$WORK/badjson.jsonl"
expect_error "badjson.jsonl, line 2: invalid JSON" --input-file "$WORK/badjson.jsonl"
: >"$WORK/empty.jsonl"
expect_error "empty.jsonl: the file has no records" --input-file "$WORK/empty.jsonl" --custom-dataset-type mooncake_trace
printf '{"timestamp": -5, "input_length": 5}\n' >"$WORK/neg.jsonl"
expect_error "neg.jsonl, line 1: 'timestamp' must be >= 0" --input-file "$WORK/neg.jsonl"
printf '{"timestamp": 5, "output_length": 5}\n' >"$WORK/nolen.jsonl"
expect_error "line 1: missing required field 'input_length'" --input-file "$WORK/nolen.jsonl" --custom-dataset-type mooncake_trace
expect_error "cannot open file" --input-file "$WORK/missing.jsonl"
expect_error "selects none of the 210 rows" --input-file "$TRACE" --fixed-schedule --fixed-schedule-start-offset 1300 --fixed-schedule-end-offset 1400
expect_error "--request-rate cannot be combined with --fixed-schedule" --input-file "$TRACE" --fixed-schedule --request-rate 5
echo "ok bad traces refused"
