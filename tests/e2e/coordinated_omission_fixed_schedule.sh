#!/usr/bin/env bash
# The coordinated-omission case where send-anchored latency HIDES a server stall and
# schedule-anchored latency shows it (docs/metrics.md, "Schedule-anchored latency"): a trace
# of 50 req/s for 5 s replayed with --concurrency 2. In fixed-schedule mode a due request
# that finds no free slot waits for one (it is not skipped as in rate mode). The mock writes
# nothing for 1 s, 2 s in: the two requests in flight wait it out, every request due meanwhile
# queues behind them and is sent late, once a slot frees. Measured from its send, such a
# request looks as fast as any other; measured from its scheduled time it carries the wait.
source "$(dirname "$0")/lib/common.bash"

TRACE="$WORK/trace.jsonl"
python3 -c '
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(250):  # one request every 20 ms
        f.write(json.dumps({"timestamp": i * 20, "input_length": 16, "output_length": 5}) + "\n")
' "$TRACE"

start_mock --ttft-ms 2 --itl-ms 1 --stall-after-s 2 --stall-ms 1000
ART="$WORK/fixed"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$TRACE" \
  --custom-dataset-type mooncake_trace --fixed-schedule --concurrency 2 --artifact-dir "$ART" --ui none \
  >"$WORK/fixed.txt" 2>&1 || { cat "$WORK/fixed.txt"; fail "fixed-schedule run failed"; }
py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 250 and not [r for r in recs if "error" in r], len(recs)
def slow(tag, ms=500):
    return sum(1 for r in recs if r["metrics"][tag]["value"] > ms)
rl, rs = s["request_latency"], s["request_latency_from_schedule"]
print("request_latency p50 %.1f p99 %.1f max %.1f ms, > 500 ms: %d" % (rl["p50"], rl["p99"], rl["max"], slow("request_latency")))
print("from_schedule   p50 %.1f p99 %.1f max %.1f ms, > 500 ms: %d" % (rs["p50"], rs["p99"], rs["max"], slow("request_latency_from_schedule")))
print("send_lag p99 %.1f ms max %.1f ms" % (s["send_lag"]["p99"], s["send_lag"]["max"]))
# Send-anchored: only the two requests caught in flight saw the stall.
assert slow("request_latency") <= 2, slow("request_latency")
assert rl["p99"] < 500, rl
# Schedule-anchored: every request due during the stall carries its wait.
assert slow("request_latency_from_schedule") >= 15, slow("request_latency_from_schedule")
assert rs["p99"] > 800 and rs["max"] > 900, rs
assert s["send_lag"]["max"] > 800, s["send_lag"]
print("ok")
'
