#!/usr/bin/env bash
# Coordinated omission, open loop (docs/metrics.md, "Schedule-anchored latency"). 50 req/s
# constant for 5 s against a mock that writes nothing for 1 s, 2 s after its first request.
#  A. No cap: every arrival is still sent on time (send lag stays small), so the stall is in
#     request_latency and in request_latency_from_schedule alike: ~50 requests near 1 s.
#  B. --concurrency 4 as a ceiling: 4 requests wait out the stall; the arrivals that found no
#     slot are skipped (upstream's semantics) and have no record at all, so both latencies
#     hide them; run_info.arrivals_skipped_at_cap is what shows them.
# (Where a due request *waits* for a slot - fixed schedule - send-anchored latency hides the
# stall and the schedule-anchored one shows it: tests/e2e/pending/.)
source "$(dirname "$0")/lib/common.bash"

run_case() {  # run_case NAME [extra aiperf flags...]
  local name="$1"; shift
  start_mock --ttft-ms 2 --itl-ms 1 --stall-after-s 2 --stall-ms 1000
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --osl 5 --isl 16 --request-rate 50 \
    --arrival-pattern constant --benchmark-duration 5 --artifact-dir "$WORK/$name" --ui none "$@" \
    >"$WORK/$name.txt" 2>&1 || { cat "$WORK/$name.txt"; fail "run $name failed"; }
}

run_case uncapped
run_case capped --concurrency 4

WORK="$WORK" py '
import json, os
work = os.environ["WORK"]
def load(name):
    s = json.load(open(f"{work}/{name}/profile_export_aiperf.json"))
    recs = [json.loads(l) for l in open(f"{work}/{name}/profile_export.jsonl")]
    assert not [r for r in recs if "error" in r], "error records"
    return s, recs
def slow(recs, tag):
    return sum(1 for r in recs if r["metrics"][tag]["value"] > 500)
def show(name, s, recs):
    print("%-8s records %3d, skipped %2d | request_latency max %6.1f ms p99 %6.1f ms, slow %2d"
          " | from_schedule max %6.1f ms p99 %6.1f ms, slow %2d | send_lag p99 %.2f ms" % (
          name, len(recs), s["run_info"]["arrivals_skipped_at_cap"],
          s["request_latency"]["max"], s["request_latency"]["p99"], slow(recs, "request_latency"),
          s["request_latency_from_schedule"]["max"], s["request_latency_from_schedule"]["p99"],
          slow(recs, "request_latency_from_schedule"), s["send_lag"]["p99"]))

s, recs = load("uncapped")
show("uncapped", s, recs)
assert s["run_info"]["arrivals_skipped_at_cap"] == 0
for tag in ("request_latency", "request_latency_from_schedule", "time_to_first_token_from_schedule"):
    assert s[tag]["max"] > 800, (tag, s[tag])
# Sent during the stall, each waits out the rest of it: about half of its ~50 wait > 500 ms.
assert slow(recs, "request_latency") >= 15 and slow(recs, "request_latency_from_schedule") >= 15
assert s["send_lag"]["p99"] < 200, s["send_lag"]  # sent on time despite the stall
assert s["request_latency_from_schedule"]["count"] == s["request_latency"]["count"]

s, recs = load("capped")
show("capped", s, recs)
assert s["run_info"]["arrivals_skipped_at_cap"] >= 30, s["run_info"]
assert 1 <= slow(recs, "request_latency") <= 4, slow(recs, "request_latency")
assert slow(recs, "request_latency_from_schedule") == slow(recs, "request_latency")
print("ok")
'
