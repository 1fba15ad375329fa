#!/usr/bin/env bash
# Sweeps and the SLA search against llama-server (issue 18, docs/sweeps.md):
#  1. a concurrency sweep 1,2,4,8: every cell succeeds, and the sweep aggregate's per-cell
#     metrics, best configurations and Pareto set agree with the per-cell JSON files;
#  2. a monotonic_sla search on a TTFT p99 bound placed between what the sweep measured at
#     concurrency 1 and 8: the bound is crossed inside the range, the search reports the
#     boundary, and every verdict in search_history.json agrees with that iteration's own summary.
source "$(dirname "$0")/lib/common.bash"

start_server
TOKENIZER="$(qwen_tokenizer)"
COMMON=(-m tiny -u "$SERVER_URL" --endpoint-type chat --streaming --tokenizer "$TOKENIZER" --isl 128 --osl 16
  --extra-inputs ignore_eos:true --ui none)

# --- 1. The sweep ----------------------------------------------------------------------------------
"$AIPERF" profile "${COMMON[@]}" --concurrency 1,2,4,8 --request-count 16 --artifact-dir "$WORK/sweep" \
  >"$WORK/sweep.out" 2>&1 || { tail -n 30 "$WORK/sweep.out"; fail "the sweep failed"; }
python3 - "$WORK/sweep" <<'PY' || fail "the sweep aggregate disagrees with its cells (artifacts: $WORK/sweep)"
import json, os, sys
base = sys.argv[1]
agg = json.load(open(os.path.join(base, "sweep_aggregate", "profile_export_aiperf_sweep.json")))
cells = {}
for c in (1, 2, 4, 8):
    s = json.load(open(os.path.join(base, "concurrency_%d" % c, "profile_export_aiperf.json")))
    assert s["request_count"]["avg"] == 16 and s.get("error_request_count", {"avg": 0})["avg"] == 0, (c, s["request_count"])
    cells[c] = s
rows = agg["per_combination_metrics"]
assert [r["parameters"]["concurrency"] for r in rows] == [1, 2, 4, 8], rows
for r in rows:
    s = cells[r["parameters"]["concurrency"]]
    for key, (tag, stat) in {"request_throughput_avg": ("request_throughput", "avg"),
                             "output_token_throughput_avg": ("output_token_throughput", "avg"),
                             "time_to_first_token_p99": ("time_to_first_token", "p99")}.items():
        assert abs(r["metrics"][key]["mean"] - s[tag][stat]) <= 1e-9 * max(1.0, abs(s[tag][stat])), (key, r, s[tag])
thr = {c: cells[c]["request_throughput"]["avg"] for c in cells}
ttft = {c: cells[c]["time_to_first_token"]["p99"] for c in cells}
best = max(thr, key=thr.get)
assert agg["best_configurations"]["best_throughput"]["parameters"] == {"concurrency": best}, agg["best_configurations"]
pareto = [c for c in (1, 2, 4, 8) if not any(thr[d] >= thr[c] and ttft[d] <= ttft[c] and (thr[d] > thr[c] or ttft[d] < ttft[c]) for d in cells)]
assert agg["pareto_optimal"] == [{"concurrency": c} for c in pareto], (agg["pareto_optimal"], pareto)
print("  sweep: request throughput " + ", ".join("c%d %.1f/s" % (c, thr[c]) for c in sorted(thr))
      + "; TTFT p99 " + ", ".join("c%d %.0f ms" % (c, ttft[c]) for c in sorted(ttft)) + "; Pareto " + str(pareto))
# The SLA for part 2: halfway (geometrically) between TTFT p99 at concurrency 1 and at 8.
open(os.path.join(base, "..", "bound"), "w").write("%.3f" % ((ttft[1] * ttft[8]) ** 0.5))
open(os.path.join(base, "..", "ratio"), "w").write("%.3f" % (ttft[8] / ttft[1]))
PY
bound="$(cat "$WORK/bound")"
ratio="$(cat "$WORK/ratio")"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= 1.5 else 1)" "$ratio" \
  || fail "TTFT p99 at concurrency 8 is only ${ratio}x that at 1: no knee for the search to find"

# --- 2. The search -----------------------------------------------------------------------------------
"$AIPERF" profile "${COMMON[@]}" --request-count 16 --search-space phases.profiling.concurrency:1,8:int \
  --search-planner monotonic_sla --search-sla "time_to_first_token:p99:le:$bound" --search-max-iterations 8 \
  --artifact-dir "$WORK/search" >"$WORK/search.out" 2>&1 || { tail -n 30 "$WORK/search.out"; fail "the search failed"; }
python3 - "$WORK/search" "$bound" <<'PY' || fail "search_history.json is inconsistent (artifacts: $WORK/search)"
import json, os, sys
base, bound = sys.argv[1], float(sys.argv[2])
h = json.load(open(os.path.join(base, "search_history.json")))
assert h["config"]["planner"] == "monotonic_sla", h["config"]
assert len(h["config"]["sla_filters"]) == 1 and h["config"]["sla_filters"][0].startswith("time_to_first_token:p99:le:"), h["config"]
its = h["iterations"]
assert 2 <= len(its) <= 8, len(its)
for it in its:
    s = json.load(open(os.path.join(it["artifact_dirs"][0], "profile_export_aiperf.json")))
    p99 = s["time_to_first_token"]["p99"]
    assert it["feasible"] == (p99 <= bound), (it, p99, bound)
    assert s["input_config"]["loadgen"]["concurrency"] == it["variation_values"]["phases.profiling.concurrency"]
b = h["boundary_summary"]
assert h["convergence_reason"] in ("monotonic_precision_reached", "max_iterations"), h["convergence_reason"]
assert b["feasible_max"] is not None and b["infeasible_min"] is not None, b  # crossed inside [1, 8]
assert b["feasible_max"]["value"] < b["infeasible_min"]["value"], b
print("  search: %d iterations (%s), TTFT p99 <= %.1f ms holds up to concurrency %d, fails at %d"
      % (len(its), h["convergence_reason"], bound, b["feasible_max"]["value"], b["infeasible_min"]["value"]))
PY
grep -q "^Limit: phases.profiling.concurrency " "$WORK/search.out" || { tail "$WORK/search.out"; fail "no limit line"; }
echo "PASS"
