#!/usr/bin/env bash
# What server-metrics scraping costs (docs/benchmarks.md (z)):
#   1. parse + store of one exposition of 1,000 series (bench/prometheus_bench), against
#      prometheus_client's parser (what upstream uses) on the same text when it is installed;
#   2. bench (a)'s shape: tiny non-streaming requests, 32 connections, S s, req/s: scraping off
#      (--no-server-metrics) against a 1 s interval over the mock's /metrics plus a 1,000-series
#      endpoint; the two take turns for R rounds, medians compared;
#   3. bench (c)'s shape: streaming, mock TTFT 50 ms, 100 in flight: TTFT − 50 ms p50 / p99, same
#      two settings.
#
#   bench/server_metrics_cost.sh [R] [S]     # BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="$(realpath "${BENCH_BUILD_DIR:-build}")"
R="${1:-3}"
S="${2:-10}"
WORK="$(mktemp -d)"
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"' EXIT

echo "== 1. parse + store, 1,000 series"
mkdir -p "$WORK/prom"
"$BUILD/bench/prometheus_bench" 1000 300 "$WORK/prom/metrics" | tee "$WORK/ours"
/usr/bin/python3 - "$WORK/prom/metrics" >"$WORK/peer" <<'PY' || echo "peer unavailable" >"$WORK/peer"
import statistics, sys, time
from prometheus_client.parser import text_string_to_metric_families
text = open(sys.argv[1]).read()
times = []
for _ in range(100):
    t0 = time.perf_counter()
    n = sum(len(f.samples) for f in text_string_to_metric_families(text))
    times.append((time.perf_counter() - t0) * 1e6)
print(f"series {n} median_us {statistics.median(times):.1f}")
PY
cat "$WORK/peer"

(cd "$WORK/prom" && exec python3 -m http.server 0 --bind 127.0.0.1 >"$WORK/http.log" 2>&1) &
PIDS+=($!)
for _ in $(seq 100); do grep -q "Serving HTTP" "$WORK/http.log" && break; sleep 0.05; done
PROM_URL="http://127.0.0.1:$(grep -oE 'port [0-9]+' "$WORK/http.log" | grep -oE '[0-9]+')/metrics"

MOCK_PID=""
start_mock() {
  [ -n "$MOCK_PID" ] && { kill "$MOCK_PID" 2>/dev/null || true; wait "$MOCK_PID" 2>/dev/null || true; }
  "$BUILD/aiperf-mock-server" --host 127.0.0.1 --port 0 --workers 1 "$@" >"$WORK/mock.log" 2>&1 &
  MOCK_PID=$!
  PIDS+=($MOCK_PID)
  for _ in $(seq 100); do grep -q listening "$WORK/mock.log" && break; sleep 0.05; done
  URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log" | head -1)"
}
summary() { python3 -c "import json,sys; s=json.load(open(sys.argv[1])); print(s[sys.argv[2]][sys.argv[3]])" "$@"; }
# run NAME MODE ARGS...: MODE off = --no-server-metrics; 1s = scrape every second, 1,000 series more.
run() {
  local name="$1" mode="$2"
  shift 2
  if [ "$mode" = off ]; then
    "$BUILD/aiperf" profile "$@" --ui none --no-server-metrics --artifact-dir "$WORK/$name" >"$WORK/$name.out" 2>&1
  else
    AIPERF_SERVER_METRICS_COLLECTION_INTERVAL=1 "$BUILD/aiperf" profile "$@" --ui none --server-metrics "$PROM_URL" \
      --artifact-dir "$WORK/$name" >"$WORK/$name.out" 2>&1
    grep -q "app:gauge_0" "$WORK/$name/server_metrics_export.json" || { echo "run $name scraped nothing" >&2; exit 1; }
  fi
}

echo "== 2. non-streaming req/s, 32 connections, $R rounds of $S s"
start_mock --output-tokens 1
: >"$WORK/rps"
for round in $(seq "$R"); do
  for mode in off 1s; do
    run "a-$mode-$round" "$mode" -m mock-model -u "$URL" --endpoint-type chat --concurrency 32 \
      --benchmark-duration "$S" --benchmark-grace-period 5 --isl 1 --osl 1
    echo "$mode $(summary "$WORK/a-$mode-$round/profile_export_aiperf.json" request_throughput avg)" | tee -a "$WORK/rps"
  done
done

echo "== 3. TTFT error, streaming, 100 in flight, mock TTFT 50 ms"
start_mock --ttft-ms 50 --itl-ms 10 --output-tokens 16
: >"$WORK/ttft"
for round in $(seq "$R"); do
  for mode in off 1s; do
    run "c-$mode-$round" "$mode" -m mock-model -u "$URL" --endpoint-type chat --streaming --concurrency 100 \
      --concurrency-ramp-duration 1 --benchmark-duration "$S" --benchmark-grace-period 5 --osl 16
    echo "$mode $(summary "$WORK/c-$mode-$round/profile_export_aiperf.json" time_to_first_token p50) \
$(summary "$WORK/c-$mode-$round/profile_export_aiperf.json" time_to_first_token p99)" | tee -a "$WORK/ttft"
  done
done

python3 - "$WORK/ours" "$WORK/peer" "$WORK/rps" "$WORK/ttft" "$R" "$S" <<'PY'
import statistics, sys
ours = dict(zip(*[iter(open(sys.argv[1]).read().split())] * 2))
peer_text = open(sys.argv[2]).read().split()
peer = dict(zip(*[iter(peer_text)] * 2)) if peer_text and peer_text[0] == "series" else None
rps, ttft = {}, {}
for line in open(sys.argv[3]):
    mode, r = line.split()
    rps.setdefault(mode, []).append(float(r))
for line in open(sys.argv[4]):
    mode, p50, p99 = line.split()
    ttft.setdefault(mode, []).append((float(p50) - 50, float(p99) - 50))
R, S = sys.argv[5], sys.argv[6]
med = statistics.median
print()
per1000 = float(ours["per_1000_series_us"])
line = f"Parse + store of one scrape: {per1000:.0f} µs per 1,000 series ({ours['series']} series, {int(ours['bytes']) // 1024} KiB, median of 300)"
if peer:
    p = float(peer["median_us"]) * 1000 / float(peer["series"])
    line += f"; prometheus_client's parser alone on the same text: {p:.0f} µs per 1,000 series, {p / per1000:.1f} × ours"
print(line + ".")
print()
print("| measure | scraping off | 1 s interval, +1,000 series | 1 s ÷ off |")
print("|---|---:|---:|---:|")
a, b = med(rps["off"]), med(rps["1s"])
ratios = [y / x for x, y in zip(rps["off"], rps["1s"])]
print(f"| non-streaming req/s, median of {R} × {S} s | {a:.0f} | {b:.0f} | {b / a:.3f} (rounds {min(ratios):.3f}–{max(ratios):.3f}) |")
for i, name in ((0, "p50"), (1, "p99")):
    x, y = med(t[i] for t in ttft["off"]), med(t[i] for t in ttft["1s"])
    print(f"| TTFT − 50 ms {name}, 100 in flight, median of {R} | {x:.3f} ms | {y:.3f} ms | {y - x:+.3f} ms |")
PY
