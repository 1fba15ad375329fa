#!/usr/bin/env bash
# What the live view costs the client (docs/benchmarks.md (y)): the same benchmark with
# `--ui-type dashboard` and `--ui-type none`, taking turns for R rounds, both inside the same tmux
# terminal (the dashboard needs one; none runs there too so the two differ only in the UI):
#   1. bench (a)'s shape: tiny non-streaming requests, 32 connections, S s: req/s, median;
#   2. bench (c)'s shape: streaming, mock TTFT 50 ms, 100 in flight: TTFT − 50 ms p50 / p99;
#   3. the dashboard's own CPU (its thread's CPU clock, logged at the run's end) at 1,000
#      in-flight streams, against the whole client's CPU and the wall time.
#
#   bench/live_view_cost.sh [R] [S]     # BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="$(realpath "${BENCH_BUILD_DIR:-build}")"
R="${1:-3}"
S="${2:-10}"
WORK="$(mktemp -d)"
SOCK="aiperf-bench-$$"
tm() { tmux -L "$SOCK" -f /dev/null "$@"; }
MOCK_PID=""
trap 'tm kill-server 2>/dev/null || true; [ -n "$MOCK_PID" ] && kill $MOCK_PID 2>/dev/null; rm -rf "$WORK"' EXIT
tm new-session -d -s bench -x 160 -y 50 "sleep 100000"

start_mock() {
  [ -n "$MOCK_PID" ] && { kill "$MOCK_PID" 2>/dev/null || true; wait "$MOCK_PID" 2>/dev/null || true; }
  "$BUILD/aiperf-mock-server" --host 127.0.0.1 --port 0 --workers 1 "$@" >"$WORK/mock.log" 2>&1 &
  MOCK_PID=$!
  for _ in $(seq 100); do grep -q listening "$WORK/mock.log" && break; sleep 0.05; done
  URL="$(grep -oE 'http://[^ ]*' "$WORK/mock.log" | head -1)"
}

# in_terminal NAME ARGS...: aiperf profile ARGS in the tmux pane; waits; the client's CPU seconds
# (user + sys, from /usr/bin/time) go to $WORK/NAME.cpu.
in_terminal() {
  local name="$1"
  shift
  rm -f "$WORK/$name.done"
  tm respawn-pane -k -t bench "env LANG=C.UTF-8 TERM=xterm-256color /usr/bin/time -f '%U %S' -o $WORK/$name.time \
    $BUILD/aiperf profile $* 2>$WORK/$name.err; touch $WORK/$name.done; sleep 100000"
  for _ in $(seq 3000); do [ -f "$WORK/$name.done" ] && break; sleep 0.1; done
  awk '{print $1 + $2}' "$WORK/$name.time" >"$WORK/$name.cpu"
  # The run must have shown what it was asked to (the dashboard needs stdout on the terminal).
  local args="$*"
  local ui="${args##*--ui-type }" art="${args##*--artifact-dir }"
  ui="${ui%% *}"
  art="${art%% *}"
  grep -q "live view ($ui)" "$art/logs/aiperf.log" \
    || { echo "bench: run $name did not show --ui-type $ui" >&2; exit 1; }
}

summary() { python3 -c "import json,sys; s=json.load(open(sys.argv[1])); print(s[sys.argv[2]][sys.argv[3]])" "$@"; }

echo "== 1. non-streaming req/s, 32 connections, $R rounds of $S s"
start_mock --output-tokens 1
: >"$WORK/rps"
for round in $(seq "$R"); do
  for ui in none dashboard; do
    art="$WORK/a-$ui-$round"
    in_terminal "a-$ui-$round" -m mock-model -u "$URL" --endpoint-type chat --concurrency 32 \
      --benchmark-duration "$S" --benchmark-grace-period 5 --isl 1 --osl 1 --ui-type "$ui" --artifact-dir "$art"
    echo "$ui $(summary "$art/profile_export_aiperf.json" request_throughput avg) $(cat "$WORK/a-$ui-$round.cpu")" \
      | tee -a "$WORK/rps"
  done
done

echo "== 2. TTFT error, streaming, 100 in flight, mock TTFT 50 ms"
start_mock --ttft-ms 50 --itl-ms 10 --output-tokens 16
: >"$WORK/ttft"
for round in $(seq "$R"); do
  for ui in none dashboard; do
    art="$WORK/c-$ui-$round"
    in_terminal "c-$ui-$round" -m mock-model -u "$URL" --endpoint-type chat --streaming --concurrency 100 \
      --concurrency-ramp-duration 1 --benchmark-duration "$S" --benchmark-grace-period 5 --osl 16 \
      --ui-type "$ui" --artifact-dir "$art"
    echo "$ui $(summary "$art/profile_export_aiperf.json" time_to_first_token p50) \
$(summary "$art/profile_export_aiperf.json" time_to_first_token p99)" | tee -a "$WORK/ttft"
  done
done

echo "== 3. the dashboard's own CPU at 1,000 in-flight streams"
start_mock --ttft-ms 50 --itl-ms 10 --output-tokens 100
art="$WORK/e-dash"
in_terminal e-dash -m mock-model -u "$URL" --endpoint-type chat --streaming --concurrency 1000 \
  --concurrency-ramp-duration 1 --benchmark-duration "$S" --benchmark-grace-period 5 --osl 100 \
  --ui-type dashboard --stats-interval 5 --artifact-dir "$art"
ui_cpu="$(grep -oE 'live view \(dashboard\): [0-9.]+' "$art/logs/aiperf.log" | grep -oE '[0-9.]+$')"
wall="$(summary "$art/profile_export_aiperf.json" benchmark_duration avg)"
echo "dashboard $ui_cpu s CPU, client $(cat "$WORK/e-dash.cpu") s CPU, profiling $wall s"

python3 - "$WORK/rps" "$WORK/ttft" "$ui_cpu" "$(cat "$WORK/e-dash.cpu")" "$wall" "$R" "$S" <<'PY'
import statistics, sys
rps, ttft = {}, {}
for line in open(sys.argv[1]):
    ui, r, cpu = line.split()
    rps.setdefault(ui, []).append((float(r), float(cpu)))
for line in open(sys.argv[2]):
    ui, p50, p99 = line.split()
    ttft.setdefault(ui, []).append((float(p50) - 50, float(p99) - 50))
ui_cpu, client_cpu, wall, R, S = float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), sys.argv[6], sys.argv[7]
med = lambda xs: statistics.median(xs)
n, d = med(r for r, _ in rps["none"]), med(r for r, _ in rps["dashboard"])
ratios = [b[0] / a[0] for a, b in zip(rps["none"], rps["dashboard"])]
print()
print("| measure | `--ui-type none` | `--ui-type dashboard` | dashboard ÷ none |")
print("|---|---:|---:|---:|")
print(f"| non-streaming req/s, median of {R} × {S} s | {n:.0f} | {d:.0f} | {d / n:.3f} (rounds {min(ratios):.3f}–{max(ratios):.3f}) |")
print(f"| client CPU s per run, median | {med(c for _, c in rps['none']):.2f} | {med(c for _, c in rps['dashboard']):.2f} | |")
for i, name in ((0, "p50"), (1, "p99")):
    a, b = med(t[i] for t in ttft["none"]), med(t[i] for t in ttft["dashboard"])
    print(f"| TTFT − 50 ms {name}, 100 in flight, median of {R} | {a:.3f} ms | {b:.3f} ms | {b - a:+.3f} ms |")
print()
print(f"At 1,000 in-flight streams (100 tokens each at 10 ms, {S} s): the dashboard thread used {ui_cpu:.3f} s of CPU, "
      f"{100 * ui_cpu / client_cpu:.1f} % of the client's {client_cpu:.2f} s, {100 * ui_cpu / wall:.2f} % of one core over "
      f"the {wall:.1f} s run.")
PY
