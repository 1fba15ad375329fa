#!/usr/bin/env bash
# "Find the limit" against the saturating mock (cli-and-load.md §5.6, docs/sweeps.md): the mock's
# serving model puts the knee of "ITL avg <= 22.5 ms" at a concurrency computed on paper
# (`aiperf-mock-server --print-knee`, docs/mock-server.md); monotonic_sla and smooth_isotonic must
# both find exactly it, write search_history.json with a boundary summary whose verdicts agree
# with each iteration's own summary, and print the limit; and --search-sla-tier runs one search per tier.
#
# Model: 64 slots, instant prefill, decode steps of 2 + 1·b ms: ITL = 2 + C for C <= 64, so the
# knee of ITL <= 22.5 ms is C = 20 (C = 20: 22 ms, C = 21: 23 ms). The SLA is on the median ITL:
# 48 requests do not fill every round (C = 22 runs 22, 22, then 4 with a small batch), and the
# few requests of a last part-full round pull the average below the steady state, not the median.
source "$(dirname "$0")/lib/common.bash"

MODEL=(--max-num-seqs 64 --decode-step-ms 2 --decode-step-ms-per-seq 1)
start_mock --workers 2 "${MODEL[@]}"
knee="$("$MOCK" "${MODEL[@]}" --print-knee "isl=64,osl=8,itl-ms=22.5" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["knee"]["concurrency"])')"
[ "$knee" = 20 ] || fail "the model's knee is $knee, expected 20"

search() {  # name planner
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --isl 64 --osl 8 \
    --request-count 48 --ui none --search-space phases.profiling.concurrency:1,64:int --search-planner "$2" \
    --search-sla inter_token_latency:p50:le:22.5 --search-max-iterations 14 --artifact-dir "$WORK/$1" \
    >"$WORK/$1.out" 2>&1 || { cat "$WORK/$1.out"; fail "$1: the search failed"; }
  py '
import json, os, sys
base, knee = sys.argv[1], int(sys.argv[2])
h = json.load(open(os.path.join(base, "search_history.json")))
its = h["iterations"]
for it in its:
    assert it["iteration_idx"] == its.index(it) + 1
    d = it["artifact_dirs"][0]
    assert d == os.path.join(base, "search_iter_%04d" % it["iteration_idx"], "profile_runs", "run_0001"), d
    s = json.load(open(os.path.join(d, "profile_export_aiperf.json")))
    itl = s["inter_token_latency"]["p50"]
    assert it["feasible"] == (itl <= 22.5), (it, itl)
    assert abs(it["observed"]["inter_token_latency:p50:le:22.5"] - itl) < 1e-9
b = h["boundary_summary"]
assert b["swept_dim_path"] == "phases.profiling.concurrency", b
assert b["feasible_max"]["value"] == knee, (b, knee)
assert b["infeasible_min"]["value"] == knee + 1 or h["config"]["planner"] != "monotonic_sla", b
print("%s: limit %d (knee %d) in %d probes, %s" % (h["config"]["planner"], b["feasible_max"]["value"], knee, len(its),
      h["convergence_reason"]))
' "$WORK/$1" "$knee"
  grep -q "^Limit: phases.profiling.concurrency $knee " "$WORK/$1.out" || { tail "$WORK/$1.out"; fail "$1: no limit line"; }
}
search monotonic monotonic_sla
search smooth smooth_isotonic

# Tiers: one search per tier (ITL = 2 + C: gold <= 12.5 ms holds to C = 10, silver <= 22.5 ms to 20).
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --isl 64 --osl 8 \
  --request-count 48 --ui none --search-space phases.profiling.concurrency:1,64:int --search-planner monotonic_sla \
  --search-sla-tier gold:inter_token_latency:p50:le:12.5 --search-sla-tier silver:inter_token_latency:p50:le:22.5 \
  --artifact-dir "$WORK/tiers" >"$WORK/tiers.out" 2>&1 || { cat "$WORK/tiers.out"; fail "the tiered search failed"; }
py '
import json, os, sys
base = sys.argv[1]
t = json.load(open(os.path.join(base, "search_tiers.json")))["tiers"]
assert [x["label"] for x in t] == ["gold", "silver"], t
assert [x["boundary_summary"]["feasible_max"]["value"] for x in t] == [10, 20], [x["boundary_summary"] for x in t]
for x in t:
    h = json.load(open(os.path.join(base, x["label"], "search_history.json")))
    assert h["config"]["sla_filters"] == x["sla_filters"], (h["config"], x)
' "$WORK/tiers"
grep -q "^Tiers: gold 10 silver 20 " "$WORK/tiers.out" || { tail -3 "$WORK/tiers.out"; fail "no tiers line"; }
echo "PASS"
