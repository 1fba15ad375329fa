#!/usr/bin/env bash
# What `aiperf plot` costs at scale (docs/benchmarks.md (x)): a 1,000,000-request run and a
# 64-cell sweep, both measured against the mock on 127.0.0.1, then plotted (wall time and peak
# RSS), and report.html's size and time to interactive in headless Chromium
# (tests/browser/report_check.mjs). Peer in the same run: python3 reading the same
# profile_export.jsonl with its json module and nothing else (what any Python plotting of the
# run must do first).
#
#   bench/plot_scale.sh [REQUESTS]    # default 1000000; BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BENCH_BUILD_DIR:-build}"
N="${1:-1000000}"
WORK="$(mktemp -d)"
NPM_DIR="$(./scripts/puppeteer-npm.sh)"  # before HOME moves: the npm cache is under the real one
export HOME="$WORK"  # the plot settings file
"$BUILD/aiperf-mock-server" --host 127.0.0.1 --port 0 --ttft-ms 1 --itl-ms 0.2 --output-tokens 4 --ttft-jitter-ms 2 \
  >"$WORK/mock.log" 2>&1 &
MOCK=$!
trap 'kill $MOCK 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$WORK/mock.log" && break; sleep 0.05; done
URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log" | head -1)"
COMMON=(-m test-model --tokenizer builtin --endpoint-type chat --streaming --url "$URL" --isl 8 --osl 4 --ui none)

"$BUILD/aiperf" profile "${COMMON[@]}" --concurrency 64 --request-count "$N" --artifact-dir "$WORK/run" >/dev/null
"$BUILD/aiperf" profile "${COMMON[@]}" --concurrency "$(seq -s, 1 64)" --request-count 200 --artifact-dir "$WORK/sweep" >/dev/null

measure() {  # label command...: wall seconds and the child's peak RSS (python3's getrusage)
  local label="$1"
  shift
  python3 - "$label" "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[2:], check=True, stdout=subprocess.DEVNULL)
secs = time.monotonic() - start
rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{sys.argv[1]:<44} {secs:8.2f} s {rss_mb:8.1f} MB")
PY
}
echo "profile_export.jsonl: $(du -m "$WORK/run/profile_export.jsonl" | cut -f1) MB, $N requests"
for _ in 1 2 3; do measure "aiperf plot, $N requests" "$BUILD/aiperf" plot "$WORK/run" --output "$WORK/run-plots"; done
for _ in 1 2 3; do
  measure "peer: python3 json.loads of every line" python3 -c 'import json, sys
for line in open(sys.argv[1]): json.loads(line)' "$WORK/run/profile_export.jsonl"
done
for _ in 1 2 3; do measure "aiperf plot, 64-cell sweep" "$BUILD/aiperf" plot "$WORK/sweep" --output "$WORK/sweep-plots"; done
for d in run sweep; do
  echo "$d report.html: $(du -k "$WORK/$d-plots/report.html" | cut -f1) kB"
  for _ in 1 2 3; do
    node tests/browser/report_check.mjs --npm-dir "$NPM_DIR" --report "$WORK/$d-plots/report.html" | grep 'interactive'
  done
done
