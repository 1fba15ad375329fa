#!/usr/bin/env bash
# Every --search-recipe end to end against the saturating mock (docs/sweeps.md, "Recipes"): each
# runs, writes its artifact, and the ones with an answer on paper get it: prefill-ttft-curve's
# fitted prefill rate is the mock's --prefill-tokens-per-s, decode-itl-curve's ITL is 2 + b ms, and
# the SLA recipes stay within their SLA.
source "$(dirname "$0")/lib/common.bash"

start_mock --workers 2 --max-num-seqs 8 --prefill-tokens-per-s 50000 --decode-step-ms 2 --decode-step-ms-per-seq 1
B=(-m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --isl 32 --osl 8 --request-count 24 --ui none
  --no-sweep-table)
recipe() {  # name args...
  local name="$1"
  shift
  "$AIPERF" profile "${B[@]}" --search-recipe "$name" --artifact-dir "$WORK/$name" "$@" >"$WORK/$name.out" 2>&1 ||
    { tail -20 "$WORK/$name.out"; fail "$name failed"; }
}
recipe concurrency-ramp --concurrency-max 32 --concurrency-steps 4
recipe prefill-ttft-curve --isl-min 64 --isl-max 2048 --isl-steps 4
recipe decode-itl-curve --concurrency-max 8 --concurrency-steps 2 --osl-min 4 --osl-max 16 --osl-steps 2
recipe pareto-sweep --isl-osl-pairs 32/8,128/16 --concurrency-max 8 --concurrency-steps 2
recipe max-concurrency-under-sla --search-sla inter_token_latency:p50:le:6.5 --concurrency-max 32 --search-max-iterations 8
recipe max-throughput-ttft-sla --ttft-sla-ms 30 --concurrency-max 32 --search-max-iterations 7 --search-initial-points 3
recipe max-goodput-under-slo --ttft-sla-ms 30 --concurrency-max 32 --search-max-iterations 7 --search-initial-points 3
py '
import json, os, sys
w = sys.argv[1]
ramp = json.load(open(os.path.join(w, "concurrency-ramp/sweep_aggregate/degradation_knee.json")))
assert [p["concurrency"] for p in ramp["points"]] == [1, 3, 10, 32], ramp["points"]
first = next(p for p in ramp["points"] if p["value"] > 1.2 * ramp["points"][0]["value"])
assert ramp["knee"]["concurrency"] == first["concurrency"] == 3, ramp  # ITL = 2 + C ms: latency 1.6x at C = 3
fit = json.load(open(os.path.join(w, "prefill-ttft-curve/sweep_aggregate/prefill_curve.json")))["fit"]
assert fit["model"] == "linear" and abs(fit["prefill_tokens_per_second"] / 50000 - 1) < 0.1, fit
pts = json.load(open(os.path.join(w, "decode-itl-curve/sweep_aggregate/decode_itl_surface.json")))["points"]
assert len(pts) == 4, pts
for p in pts:  # ITL = 2 + b ms, b = the concurrency (at most 8 slots)
    assert abs(p["inter_token_latency_avg_ms"] - (2 + min(p["concurrency"], 8))) < 1.5, p
par = json.load(open(os.path.join(w, "pareto-sweep/sweep_aggregate/pareto_sweep.json")))
assert [(s["isl"], s["osl"]) for s in par["shapes"]] == [(32, 8), (128, 16)] and all(s["pareto_concurrencies"] for s in par["shapes"]), par
h = json.load(open(os.path.join(w, "max-concurrency-under-sla/search_history.json")))
assert h["config"]["planner"] == "smooth_isotonic", h["config"]
assert h["boundary_summary"]["feasible_max"]["value"] == 4, h["boundary_summary"]  # ITL 2 + C <= 6.5
for r in ("max-throughput-ttft-sla", "max-goodput-under-slo"):
    h = json.load(open(os.path.join(w, r, "search_history.json")))
    assert h["config"]["planner"] == "bayesian" and h["best"] is not None, h["config"]
    best = h["iterations"][h["best"]["iteration_idx"] - 1]
    assert best["feasible"], best
' "$WORK"
echo "PASS"
