#!/usr/bin/env bash
# Benchmark suite: every figure is measured beside a peer in the same run, against the same
# bundled mock server on 127.0.0.1, and written to docs/benchmarks.md.
#
#   bench/run.sh            # full run (~2 min on 2 cores)
#   BENCH_SECONDS=3 bench/run.sh   # quicker, noisier
#
# Sections (slots for later issues are listed in the output but not yet measured):
#   (a) non-streaming max req/s: aiperf vs wrk and h2load, same connections
#   (b) streaming SSE events/s and client CPU per 1k events
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
CONNECTIONS="${BENCH_CONNECTIONS:-32}"
MOCK_WORKERS="${BENCH_MOCK_WORKERS:-1}"
OUT_MD="${BENCH_OUT:-docs/benchmarks.md}"

./scripts/setup.sh >/dev/null
./scripts/build.sh release -j"$(nproc)" aiperf aiperf-mock-server >/dev/null
WORK="$(mktemp -d)"
MOCK_PID=""
trap '[ -n "$MOCK_PID" ] && kill $MOCK_PID 2>/dev/null; rm -rf "$WORK"' EXIT

start_mock() {
  [ -n "$MOCK_PID" ] && kill "$MOCK_PID" 2>/dev/null && wait "$MOCK_PID" 2>/dev/null || true
  build/aiperf-mock-server --host 127.0.0.1 --port 0 --workers "$MOCK_WORKERS" "$@" >"$WORK/mock.log" 2>&1 &
  MOCK_PID=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$WORK/mock.log" && break; sleep 0.05; done
  URL="$(grep -o 'http://[^ ]*' "$WORK/mock.log" | head -1)"
}

# Runs a command and writes its user+sys CPU seconds to $CPU_FILE.
timed() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stderr=subprocess.STDOUT)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
open(__import__("os").environ["CPU_FILE"], "w").write(f"{u.ru_utime + u.ru_stime:.3f}\n")
sys.exit(r.returncode)
PY
}
export CPU_FILE="$WORK/cpu"

json_field() { python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))[sys.argv[2]]['avg'], 2))" "$@"; }

BODY='{"model":"mock-model","messages":[{"role":"user","content":"hi"}],"max_tokens":1}'
echo "$BODY" >"$WORK/body.json"

echo "== (a) non-streaming max req/s, $CONNECTIONS connections, ${SECONDS_PER_RUN}s each"
start_mock --output-tokens 1
wrk_rps="$(timed wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" -s bench/wrk_chat.lua "$URL/v1/chat/completions" \
  | awk '/Requests\/sec/ {print $2}')"
wrk_cpu="$(cat "$CPU_FILE")"
echo "wrk:     $wrk_rps req/s (client CPU ${wrk_cpu}s)"
h2_rps="$(h2load --h1 -t1 -c"$CONNECTIONS" -m1 -D "$SECONDS_PER_RUN" -d "$WORK/body.json" \
  -H 'content-type: application/json' "$URL/v1/chat/completions" 2>/dev/null \
  | awk '/^finished in/ {for (i=1;i<=NF;i++) if ($i ~ /req\/s/) print $(i-1)}' | tr -d ',')"
echo "h2load:  $h2_rps req/s"
timed build/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --concurrency "$CONNECTIONS" \
  --benchmark-duration "$SECONDS_PER_RUN" --benchmark-grace-period 5 --isl 1 --osl 1 \
  --artifact-dir "$WORK/a" >"$WORK/a.log"
aiperf_rps="$(json_field "$WORK/a/profile_export_aiperf.json" request_throughput)"
aiperf_a_cpu="$(cat "$CPU_FILE")"
echo "aiperf:  $aiperf_rps req/s (client CPU ${aiperf_a_cpu}s)"

echo "== (b) streaming SSE events/s (256 tokens per response, no server delay)"
start_mock --output-tokens 256
timed build/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --streaming \
  --concurrency "$CONNECTIONS" --benchmark-duration "$SECONDS_PER_RUN" --benchmark-grace-period 5 \
  --isl 16 --osl 256 --artifact-dir "$WORK/b" >"$WORK/b.log"
stream_cpu="$(cat "$CPU_FILE")"
read -r events events_per_s content_per_s cpu_per_k < <(python3 - "$WORK/b" "$stream_cpu" <<'PY'
import json, sys
art, cpu = sys.argv[1], float(sys.argv[2])
s = json.load(open(f"{art}/profile_export_aiperf.json"))
duration = s["benchmark_duration"]["avg"]
requests = s["request_count"]["avg"]
content = s["total_osl"]["avg"] if "total_osl" in s else s["output_token_throughput"]["avg"] * duration
# Each response: role-only delta + 256 content deltas + finish chunk + usage chunk + [DONE].
events = requests * (256 + 4)
print(int(events), f"{events / duration:.0f}", f"{content / duration:.0f}", f"{cpu / events * 1000 * 1000:.1f}")
PY
)
echo "aiperf:  $events_per_s SSE events/s ($content_per_s content events/s), ${cpu_per_k} ms client CPU per 1k events"

ratio_wrk="$(python3 -c "print(f'{$aiperf_rps / $wrk_rps:.2f}')")"
ratio_h2="$(python3 -c "print(f'{$aiperf_rps / $h2_rps:.2f}')")"
date_utc="$(date -u +%Y-%m-%d)"
cpu_model="$(awk -F: '/model name/ {print $2; exit}' /proc/cpuinfo | sed 's/^ *//')"
machine="$(nproc) cores ($cpu_model), $(free -g | awk '/Mem:/ {print $2}') GiB RAM, $(uname -sr)"

cat >"$OUT_MD" <<MD
# Benchmarks

Every figure is a ratio against a peer measured in the same run, on the same machine, against the
same bundled mock server (\`aiperf-mock-server --workers $MOCK_WORKERS\`) on 127.0.0.1. Absolute
numbers depend on the machine; the ratios are the claim. Regenerate with \`bench/run.sh\`
(\`BENCH_SECONDS\`, \`BENCH_CONNECTIONS\`, \`BENCH_MOCK_WORKERS\` override the defaults).

- Date: $date_utc
- Machine: $machine
- Command: \`bench/run.sh\` (${SECONDS_PER_RUN} s per measurement, $CONNECTIONS connections)

## (a) Non-streaming maximum request rate

Tiny non-streaming chat requests (\`max_tokens: 1\`), $CONNECTIONS keep-alive connections. wrk and
h2load use one thread; aiperf uses one worker thread (its default on 2 cores) plus its timing and
record-processing threads, and does its full job meanwhile: per-request records, metrics,
\`profile_export.jsonl\`. On 2 cores the mock server and the client share the CPUs, so the
client's CPU per request decides the ratio.

| client | req/s | aiperf ÷ peer |
|---|---:|---:|
| wrk 4.1 (\`-t1 -c$CONNECTIONS\`, bench/wrk_chat.lua) | $wrk_rps | $ratio_wrk |
| h2load (\`--h1 -t1 -c$CONNECTIONS -m1\`) | $h2_rps | $ratio_h2 |
| aiperf (\`--concurrency $CONNECTIONS --benchmark-duration $SECONDS_PER_RUN\`) | $aiperf_rps | 1.00 |

Target for the foundation: ≥ 0.5× wrk; product goal ≥ 0.7×. Client CPU over the run: wrk
${wrk_cpu} s, aiperf ${aiperf_a_cpu} s.

## (b) Streaming events

Streaming chat, 256 one-token chunks per response with no server-side delay, $CONNECTIONS
connections, ${SECONDS_PER_RUN} s. With no delay the mock writes the events that are due together
(up to 16 KB per write), so many events arrive per read; every one is still framed, stamped,
parsed and counted. Client CPU is the whole aiperf process (all threads, including parsing,
metrics and \`profile_export.jsonl\`).

| measure | value |
|---|---:|
| SSE events/s received and timed (all events) | $events_per_s |
| content events/s | $content_per_s |
| client CPU per 1,000 events | ${cpu_per_k} ms |

## Slots filled by later issues

- (c) TTFT/ITL error against the mock's configured values at 1, 100 and 1,000 in flight
- (d) pacing accuracy (rate vs send-lag mean/p99) — *Load control*
- (e) RSS per in-flight streaming request at 1k and 10k connections
- (f) records aggregated/s — *Metrics and exports*
- (g) tokenizer MB/s vs the JS reference — *Tokenizers*
- (h) the same workload against llama-server: aiperf vs a minimal Python client — *Real server and benchmarks*
MD
echo "wrote $OUT_MD (aiperf/wrk = $ratio_wrk, aiperf/h2load = $ratio_h2)"
