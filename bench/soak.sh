#!/usr/bin/env bash
# Memory soak (docs/benchmarks.md (r)): a long streaming run against the mock server with the
# client's RSS sampled every second, to show memory stays flat and project a day-long run.
#
#   bench/soak.sh [requests]            # default 10,000,000 requests
#   SOAK_SECONDS=900 bench/soak.sh      # or a fixed duration instead of a count
#
# Environment: BENCH_BUILD_DIR (default build), SOAK_RATE (requests/s, open loop with
# SOAK_CONCURRENCY as its ceiling; unset: closed loop at full speed), SOAK_CONCURRENCY (32), SOAK_OSL (16 tokens per
# reply), SOAK_OUT (default /tmp/aiperf-soak: rss.log, the run's artifacts, soak.json),
# SOAK_WARMUP_FRACTION (0.1: the first tenth of the samples is warm-up). Any AIPERF_METRICS_*
# variable passes through to aiperf (e.g. AIPERF_METRICS_SPILL_SAMPLES). Exports are summary
# only: a per-request JSONL of ten million lines would only measure the disk.
# Prints one JSON line (and writes it to $SOAK_OUT/soak.json): requests, seconds, requests/s,
# RSS at the end of warm-up, min/max after it (flatness = max - min), the least-squares slope
# after warm-up in bytes per request, and the RSS projected for 24 h at 1,000 req/s from it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN_DIR="${BENCH_BUILD_DIR:-build}"
REQUESTS="${1:-10000000}"
OUT="${SOAK_OUT:-/tmp/aiperf-soak}"
mkdir -p "$OUT"
rm -rf "$OUT/artifacts"

"$BIN_DIR"/aiperf-mock-server --host 127.0.0.1 --port 0 --workers 1 >"$OUT/mock.log" 2>&1 &
MOCK_PID=$!
trap 'kill $MOCK_PID 2>/dev/null || true; wait $MOCK_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$OUT/mock.log" && break; sleep 0.05; done
URL="$(grep -o 'http://[^ ]*' "$OUT/mock.log" | head -1)"
PORT="${URL##*:}"

if [ -n "${SOAK_SECONDS:-}" ]; then stop=(--benchmark-duration "$SOAK_SECONDS"); else stop=(--request-count "$REQUESTS"); fi
if [ -n "${SOAK_RATE:-}" ]; then stop+=(--request-rate "$SOAK_RATE"); fi
start=$(date +%s.%N)
python3 bench/rss_watch.py --port "$PORT" --expect 1 --interval 1 --log "$OUT/rss.log" -- \
  "$BIN_DIR"/aiperf profile -m mock-model --url "$URL" --endpoint-type chat --streaming \
  --concurrency "${SOAK_CONCURRENCY:-32}" "${stop[@]}" --isl 32 --osl "${SOAK_OSL:-16}" \
  --export-level summary --artifact-dir "$OUT/artifacts" --ui-type none >"$OUT/rss_watch.json"
end=$(date +%s.%N)

python3 - "$OUT" "$start" "$end" "${SOAK_WARMUP_FRACTION:-0.1}" <<'PY'
import json, sys
out, start, end, warm = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
watch = json.load(open(f"{out}/rss_watch.json"))
summary = json.load(open(f"{out}/artifacts/profile_export_aiperf.json"))
requests = summary["request_count"]["avg"] + summary.get("error_request_count", {}).get("avg", 0)
samples = [tuple(map(float, l.split()[:2])) for l in open(f"{out}/rss.log")]
seconds = samples[-1][0] if samples else end - start
rate = requests / seconds
after = samples[int(len(samples) * warm):]
t = [s[0] for s in after]
kb = [s[1] for s in after]
n = len(after)
mt, mk = sum(t) / n, sum(kb) / n
slope_kb_s = sum((a - mt) * (b - mk) for a, b in zip(t, kb)) / max(sum((a - mt) ** 2 for a in t), 1e-9)
bytes_per_request = slope_kb_s * 1024 / rate
day = 86400 * 1000
result = {
    "rc": watch["rc"], "requests": int(requests), "seconds": round(seconds, 1),
    "requests_per_s": round(rate), "rss_end_of_warmup_mb": round(kb[0] / 1024, 1),
    "rss_min_after_warmup_mb": round(min(kb) / 1024, 1), "rss_max_after_warmup_mb": round(max(kb) / 1024, 1),
    "flatness_mb": round((max(kb) - min(kb)) / 1024, 1),
    "slope_bytes_per_request": round(bytes_per_request, 2),
    "projected_24h_at_1000_rps_mb": round((kb[0] * 1024 + max(bytes_per_request, 0) * day) / 2**20),
    "cpu_s": watch["cpu_s"],
}
json.dump(result, open(f"{out}/soak.json", "w"))
print(json.dumps(result))
PY
