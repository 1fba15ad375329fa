#!/usr/bin/env bash
# Confidence-interval coverage (docs/benchmarks.md (w)): R repetitions (default 10) of a 3-trial
# run (`--num-profile-runs 3`) against the mock with TTFT = 20 ms + uniform [0, 20) ms jitter, so
# the true mean TTFT is 30 ms; how often the aggregate's 95 % Student-t interval of
# time_to_first_token_avg covers 30 ms, and the mean offset the client and loopback add.
#
#   bench/confidence_coverage.sh [R]     # BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BENCH_BUILD_DIR:-build}"
R="${1:-10}"
WORK="$(mktemp -d)"
trap 'kill $MOCK_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
"$BUILD/aiperf-mock-server" --port 0 --ttft-ms 20 --ttft-jitter-ms 20 --itl-ms 1 --output-tokens 4 --seed 9 \
  >"$WORK/mock.log" 2>&1 &
MOCK_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/mock.log" && break; sleep 0.05; done
URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log")"
for r in $(seq "$R"); do
  "$BUILD/aiperf" profile -m mock-model -u "$URL" --endpoint-type chat --streaming --isl 32 --osl 4 \
    --concurrency 4 --request-count 30 --num-profile-runs 3 --ui none --artifact-dir "$WORK/r$r" >/dev/null 2>&1
done
python3 - "$WORK" "$R" <<'PY'
import json, os, sys
work, runs = sys.argv[1], int(sys.argv[2])
true, covered, offsets, widths = 30.0, 0, [], []
for r in range(1, runs + 1):
    e = json.load(open(os.path.join(work, "r%d" % r, "aggregate", "profile_export_aiperf_aggregate.json")))["metrics"]["time_to_first_token_avg"]
    covered += e["ci_low"] <= true <= e["ci_high"]
    offsets.append(e["mean"] - true); widths.append(e["ci_high"] - e["ci_low"])
print("95 %% interval of TTFT avg covers the configured 30 ms in %d of %d repetitions; mean interval width %.2f ms; "
      "mean offset (client + loopback) %+.3f ms" % (covered, runs, sum(widths) / runs, sum(offsets) / runs))
PY
