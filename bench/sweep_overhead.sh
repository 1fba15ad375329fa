#!/usr/bin/env bash
# Overhead between the cells of a sweep (docs/benchmarks.md (u)): the time from one cell's last
# response to the next cell's first request, in ms. Peer in the same run: the same cells as
# separate `aiperf profile` commands from a shell loop, which is what a sweep replaces. Each cell
# is a short benchmark against the mock (concurrency 4, 40 requests); the gaps come from the
# cells' own profile_export.jsonl (request_start_ns of the first request, request_end_ns of the
# last). Median gap over the cells of R sweeps (default 3 sweeps of 8 cells).
#
#   bench/sweep_overhead.sh [R]     # BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BENCH_BUILD_DIR:-build}"
R="${1:-3}"
WORK="$(mktemp -d)"
trap 'kill $MOCK_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT

"$BUILD/aiperf-mock-server" --port 0 --ttft-ms 2 --itl-ms 0.5 --output-tokens 8 >"$WORK/mock.log" 2>&1 &
MOCK_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/mock.log" && break; sleep 0.05; done
URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log")"
COMMON=(-m test-model --tokenizer builtin --endpoint-type chat --streaming --url "$URL" --isl 64 --osl 8
  --request-count 40 --ui none)
CELLS=(1 2 3 4 5 6 7 8)

for r in $(seq "$R"); do
  "$BUILD/aiperf" profile "${COMMON[@]}" --concurrency "$(IFS=,; echo "${CELLS[*]}")" --no-sweep-table \
    --artifact-dir "$WORK/sweep$r" >/dev/null 2>&1
  for c in "${CELLS[@]}"; do
    "$BUILD/aiperf" profile "${COMMON[@]}" --concurrency "$c" --random-seed $((41 + c)) \
      --artifact-dir "$WORK/loop$r/concurrency_$c" >/dev/null 2>&1
  done
done

python3 - "$WORK" "$R" "${#CELLS[@]}" <<'PY'
import json, os, statistics, sys
work, runs, cells = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def span(d):
    starts, ends = [], []
    for line in open(os.path.join(d, "profile_export.jsonl")):
        m = json.loads(line)["metadata"]
        starts.append(m["request_start_ns"]); ends.append(m["request_end_ns"])
    return min(starts), max(ends)
def gaps(kind):
    out = []
    for r in range(1, runs + 1):
        spans = [span(os.path.join(work, "%s%d" % (kind, r), "concurrency_%d" % c)) for c in range(1, cells + 1)]
        out += [(spans[i + 1][0] - spans[i][1]) / 1e6 for i in range(cells - 1)]
    return out
sweep, loop = gaps("sweep"), gaps("loop")
ms, ml = statistics.median(sweep), statistics.median(loop)
print("gap between cells, median over %d gaps: sweep %.1f ms (min %.1f, max %.1f); shell loop of aiperf profile %.1f ms "
      "(min %.1f, max %.1f); ratio sweep/loop %.2f" % (len(sweep), ms, min(sweep), max(sweep), ml, min(loop), max(loop), ms / ml))
PY
