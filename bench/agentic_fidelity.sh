#!/usr/bin/env bash
# Agentic replay fidelity and client cost (docs/benchmarks.md (ac)), against the mock on loopback.
#  1. TRACES (1,000) synthetic weka traces (bench/agentic_traces.py: tool pauses, subagent
#     fan-outs) replayed whole, once each, on LANES lanes: timing errors per turn
#     (bench/agentic_fidelity.py).
#  2. LIVE (2,000) live trajectories for DURATION s (lanes recycle over the corpus): aiperf's CPU
#     per turn, against the same traces replayed as plain DAG sessions in the same run (peer).
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

cost() {  # name, extra flags...: prints turns, CPU s, µs/turn
  local name="$1"
  shift
  /usr/bin/time -f "%e %U %S" -o "$WORK/$name.time" "$BUILD/aiperf" profile "${common[@]}" --concurrency "$LIVE" \
    --benchmark-duration "$DURATION" --benchmark-grace-period 0 --allow-dataset-wrap "$@" \
    --artifact-dir "$WORK/$name" >"$WORK/$name.out" 2>&1 || { tail "$WORK/$name.out"; exit 1; }
  python3 - "$WORK/$name.time" "$WORK/$name/profile_export_aiperf.json" "$name" <<'PY'
import json, sys
wall, user, sys_ = map(float, open(sys.argv[1]).read().split()[-3:])
n = json.load(open(sys.argv[2]))["request_count"]["avg"]
print(f"{sys.argv[3]:>8}: {n:.0f} turns in {wall:.1f} s wall, CPU {user + sys_:.2f} s: {1e6 * (user + sys_) / n:.1f} us/turn")
open(sys.argv[1] + ".per_turn", "w").write(str((user + sys_) / n))
PY
}
echo "== cost: $LIVE live trajectories for $DURATION s"
cost agentic --trajectory-start-min-ratio 0 --trajectory-start-max-ratio 0 --use-end-to-start-delays
cost dag
python3 -c "import sys; a=float(open(sys.argv[1]).read()); d=float(open(sys.argv[2]).read()); print(f'agentic / DAG CPU per turn: {a/d:.2f}')" \
  "$WORK/agentic.time.per_turn" "$WORK/dag.time.per_turn"
