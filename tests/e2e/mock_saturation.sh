#!/usr/bin/env bash
# The mock's serving model (docs/mock-server.md, "Serving model") against aiperf's own
# measurements: streaming chat at concurrencies below, at and above --max-num-seqs, each run's
# TTFT (average and p99) and average ITL within tolerance of what `--print-knee` computes for
# that run, the knees it computes for a TTFT and an ITL bound separating the runs that meet
# them from those that miss, and the mock's prompt token counts equal to aiperf's (no
# "Token Count Discrepancy").
#
# Model: N = 4 slots, prefill 8000 tok/s (ISL 100 -> 12.5 ms), steps 8 + 2·b ms, OSL 16.
#   C = 2: ITL 12 ms, TTFT 12.5 ms          C = 6: ITL 16 ms, half the requests wait S
#   C = 4: ITL 16 ms, TTFT 12.5 ms          C = 8: ITL 16 ms, all but the first 4 wait S
# with S = 12.5 + 15 × 16 = 252.5 ms. 24 requests a run (a multiple of every batch, so that no
# run ends in a part-full round); about 12 s in all.
source "$(dirname "$0")/lib/common.bash"

MODEL=(--max-num-seqs 4 --prefill-tokens-per-s 8000 --decode-step-ms 8 --decode-step-ms-per-seq 2)
ISL=100
OSL=16
REQUESTS=24
start_mock --workers 2 "${MODEL[@]}"

for c in 2 4 6 8; do
  art="$WORK/c$c"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --concurrency "$c" \
    --request-count "$REQUESTS" --isl "$ISL" --osl "$OSL" --random-seed 3 --ui none --artifact-dir "$art" \
    >"$WORK/c$c.out" 2>&1 || { cat "$WORK/c$c.out"; fail "aiperf at concurrency $c failed"; }
  ! grep -q "Token Count Discrepancy" "$WORK/c$c.out" "$art/profile_export_console.txt" \
    || { cat "$WORK/c$c.out"; fail "token counts differ at concurrency $c"; }
  # The prediction for the prompts aiperf actually sent (their average length).
  isl="$(ART="$art" py 'import json, os
print(round(json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))["input_sequence_length"]["avg"]))')"
  "$MOCK" "${MODEL[@]}" --print-knee "isl=$isl,osl=$OSL,concurrency=$c,requests=$REQUESTS" >"$art/predicted.json"
done
"$MOCK" "${MODEL[@]}" --print-knee "isl=$ISL,osl=$OSL,ttft-ms=100" >"$WORK/ttft_knee.json"
"$MOCK" "${MODEL[@]}" --print-knee "isl=$ISL,osl=$OSL,itl-ms=14" >"$WORK/itl_knee.json"

WORK="$WORK" py '
import json, os
work = os.environ["WORK"]

def close(measured, predicted, rel, abs_ms):
    return abs(measured - predicted) <= rel * predicted + abs_ms

runs = {}
for c in (2, 4, 6, 8):
    art = f"{work}/c{c}"
    s = json.load(open(f"{art}/profile_export_aiperf.json"))
    p = json.load(open(f"{art}/predicted.json"))["at"]
    assert s["request_count"]["avg"] == 24 and "error_request_count" not in s, (c, s.get("error_request_count"))
    assert abs(s["input_sequence_length"]["avg"] - 100) <= 5, s["input_sequence_length"]
    assert s["output_sequence_length"]["avg"] == 16, s["output_sequence_length"]
    # The mock counts prompt tokens as aiperf does (o200k_base): no discrepancy.
    assert s.get("usage_discrepancy_count", {}).get("avg", 0) == 0, s["usage_discrepancy_count"]
    for line in open(f"{art}/profile_export.jsonl"):
        m = json.loads(line)["metrics"]
        assert m["usage_prompt_tokens"]["value"] == m["input_sequence_length"]["value"], m
    ttft, ttft99, itl = (s["time_to_first_token"]["avg"], s["time_to_first_token"]["p99"],
                         s["inter_token_latency"]["avg"])
    print("C=%d: TTFT avg %7.2f ms (model %7.2f), p99 %7.2f (model %7.2f), ITL avg %6.2f ms (model %6.2f)"
          % (c, ttft, p["ttft_avg_ms"], ttft99, p["ttft_percentile_ms"], itl, p["itl_ms"]))
    # ITL: timer wake-ups shift single tokens, never the grid. TTFT: one loopback round trip and
    # the client turnaround between a reply and the next request (a queued request waits that
    # much less than a whole S).
    assert close(itl, p["itl_ms"], 0.03, 0.3), (c, itl, p["itl_ms"])
    assert close(ttft, p["ttft_avg_ms"], 0.05, 3.0), (c, ttft, p["ttft_avg_ms"])
    assert close(ttft99, p["ttft_percentile_ms"], 0.10, 8.0), (c, ttft99, p["ttft_percentile_ms"])
    runs[c] = (ttft99, itl)

# The knees: the largest concurrency meeting each bound, and the runs either side of it.
ttft_knee = json.load(open(f"{work}/ttft_knee.json"))["knee"]["concurrency"]
itl_knee = json.load(open(f"{work}/itl_knee.json"))["knee"]["concurrency"]
assert ttft_knee == 4 and itl_knee == 3, (ttft_knee, itl_knee)
assert runs[4][0] <= 100 < runs[6][0], runs
assert runs[2][1] <= 14 < runs[4][1], runs
print(f"ok: knees TTFT p99 <= 100 ms at C = {ttft_knee}, ITL avg <= 14 ms at C = {itl_knee}")
'
