#!/usr/bin/env bash
# Search accuracy (docs/benchmarks.md (v)): each planner's limit against the knee computed from the
# saturating mock's model (`aiperf-mock-server --print-knee`), and the probes it used, on
# concurrency [1, 1000]. Model: 1000 slots, decode steps of 2 + 0.1·b ms, so ITL = 2 + 0.1·C and
# the knee of "ITL p50 <= 37.75 ms" is C = 357 (upstream quotes ~10 probes on [1, 1000] at 5 %).
# Each probe runs 4 s (--benchmark-duration; replies of 32 tokens, so that the client's turnaround
# between replies is small beside a reply's length and the batch stays full); the Bayesian planner
# maximises output token throughput under the same SLA. Run it on an otherwise idle machine: a
# client starved of CPU re-sends late, the batch thins, and the limit reads high.
#
#   bench/search_accuracy.sh [planners...]   # default: monotonic_sla smooth_isotonic grid bayesian
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BENCH_BUILD_DIR:-build}"
PLANNERS=("${@:-monotonic_sla smooth_isotonic grid bayesian}")
read -r -a PLANNERS <<<"${PLANNERS[*]}"
WORK="$(mktemp -d)"
trap 'kill $MOCK_PID 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$WORK"' EXIT
MODEL=(--max-num-seqs 1000 --decode-step-ms 2 --decode-step-ms-per-seq 0.1)
"$BUILD/aiperf-mock-server" --port 0 --workers 2 "${MODEL[@]}" >"$WORK/mock.log" 2>&1 &
MOCK_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/mock.log" && break; sleep 0.05; done
URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log")"
KNEE="$("$BUILD/aiperf-mock-server" "${MODEL[@]}" --print-knee "isl=64,osl=32,itl-ms=37.75" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["knee"]["concurrency"])')"
for p in "${PLANNERS[@]}"; do
  extra=()
  [ "$p" = bayesian ] && extra=(--search-metric output_token_throughput --search-direction maximize --search-random-seed 1)
  start=$SECONDS
  "$BUILD/aiperf" profile -m mock-model -u "$URL" --endpoint-type chat --streaming --isl 64 --osl 32 \
    --benchmark-duration 4 --ui none --search-space phases.profiling.concurrency:1,1000:int --search-planner "$p" \
    --search-sla inter_token_latency:p50:le:37.75 --search-max-iterations 20 "${extra[@]}" \
    --artifact-dir "$WORK/$p" >"$WORK/$p.out" 2>&1 || { tail -20 "$WORK/$p.out"; exit 1; }
  python3 - "$WORK/$p/search_history.json" "$KNEE" "$((SECONDS - start))" <<'PY'
import json, sys
h, knee, secs = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
its = h["iterations"]
b = h.get("boundary_summary", {})
fmax = (b.get("feasible_max") or {}).get("value")
best = (h.get("best") or {}).get("variation_values", {}).get("phases.profiling.concurrency")
found = fmax if h["config"]["planner"] != "bayesian" else best
# The probe after which the reported limit no longer changed.
first = next((it["iteration_idx"] for it in its if it["variation_values"]["phases.profiling.concurrency"] == found), None)
print("%-16s knee %d, found %s (%+.1f %%), %d probes (the limit first probed at %s), %s, %s s" % (
    h["config"]["planner"], knee, found, 100.0 * (found - knee) / knee if found else float("nan"), len(its), first,
    h["convergence_reason"], secs))
PY
done
