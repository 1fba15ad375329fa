#!/usr/bin/env bash
# Agentic replay fidelity and client cost (docs/benchmarks.md (ac)), against the mock on loopback.
#  1. TRACES (1,000) synthetic weka traces (bench/agentic_traces.py: tool pauses, subagent
#     fan-outs) replayed whole, once each, on LANES lanes: timing errors per turn
#     (bench/agentic_fidelity.py).
#  2. LIVE (2,000) live trajectories for DURATION s and DURATION/2 s (lanes recycle over the
#     corpus): aiperf's marginal CPU per turn, against the same traces replayed as plain DAG
#     sessions (--concurrency LIVE sessions) in the same run (the peer).
# Usage: bench/agentic_fidelity.sh [TRACES] [LANES] [LIVE] [DURATION]  (BENCH_BUILD_DIR: default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BENCH_BUILD_DIR:-build}"
TRACES="${1:-1000}" LANES="${2:-100}" LIVE="${3:-2000}" DURATION="${4:-30}"
GAP=0.5
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 bench/agentic_traces.py "$WORK/traces" "$TRACES" "$GAP" 1
"$BUILD/aiperf-mock-server" --host 127.0.0.1 --port 0 --ttft-ms 2 --itl-ms 0 --output-tokens 8 >"$WORK/mock.log" 2>&1 &
for _ in $(seq 100); do grep -q "listening on" "$WORK/mock.log" && break; sleep 0.05; done
URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log" | head -1)"
common=(-m big -m small -u "$URL" --streaming --input-file "$WORK/traces" --custom-dataset-type weka_trace --tokenizer builtin
        --ui none --random-seed 1)

echo "== fidelity: $TRACES traces replayed whole on $LANES lanes"
/usr/bin/time -f "%e %U %S" -o "$WORK/t1" "$BUILD/aiperf" profile "${common[@]}" --concurrency "$LANES" \
  --trajectory-start-min-ratio 0 --trajectory-start-max-ratio 0 --artifact-dir "$WORK/fid" >"$WORK/fid.out" 2>&1 \
  || { tail "$WORK/fid.out"; exit 1; }
python3 bench/agentic_fidelity.py "$WORK/fid/profile_export.jsonl" "$WORK/traces.layout.json" "$GAP"

cost() {  # name, duration, extra flags...: records turns and CPU seconds in $WORK/<name>_<duration>
  local name="$1" dur="$2"
  shift 2
  /usr/bin/time -f "%e %U %S" -o "$WORK/$name.$dur.time" "$BUILD/aiperf" profile "${common[@]}" --concurrency "$LIVE" \
    --benchmark-duration "$dur" --benchmark-grace-period 0 --allow-dataset-wrap "$@" \
    --artifact-dir "$WORK/$name.$dur" >"$WORK/$name.$dur.out" 2>&1 || { tail "$WORK/$name.$dur.out"; exit 1; }
}
# The marginal cost per turn: the difference between a run of DURATION and one of half that, so
# start-up (loading and tokenizing the corpus) drops out.
echo "== cost: $LIVE live trajectories, runs of $DURATION s and $((DURATION / 2)) s"
for d in "$DURATION" "$((DURATION / 2))"; do
  cost agentic "$d" --trajectory-start-min-ratio 0 --trajectory-start-max-ratio 0 --use-end-to-start-delays
  cost dag "$d"
done
python3 - "$WORK" "$DURATION" "$((DURATION / 2))" <<'PY'
import json, sys
work, long_, short = sys.argv[1], sys.argv[2], sys.argv[3]
def run(name, d):
    wall, user, sys_ = map(float, open(f"{work}/{name}.{d}.time").read().split()[-3:])
    n = json.load(open(f"{work}/{name}.{d}/profile_export_aiperf.json"))["request_count"]["avg"]
    return n, user + sys_, wall
per = {}
for name in ("agentic", "dag"):
    (n1, c1, w1), (n2, c2, w2) = run(name, long_), run(name, short)
    per[name] = (c1 - c2) / (n1 - n2)
    print(f"{name:>8}: {n1:.0f} turns in {w1:.1f} s (CPU {c1:.2f} s), {n2:.0f} in {w2:.1f} s (CPU {c2:.2f} s): "
          f"marginal {1e6 * per[name]:.1f} us/turn, {n1 / w1:.0f} turns/s")
print(f"agentic / DAG marginal CPU per turn: {per['agentic'] / per['dag']:.2f}")
PY
