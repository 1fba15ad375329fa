#!/usr/bin/env bash
# (h) The same streaming workload against llama.cpp's llama-server: aiperf vs a minimal
# independent Python client (bench/py_stream_client.py, stdlib asyncio), same payloads, same
# concurrency, in the same run.
set -euo pipefail
source bench/lib.sh

OSL=64
ISL=128
LEVELS=(4 16)
REQUESTS_PER_LANE="${H_REQUESTS_PER_LANE:-8}"

if ! scripts/real-server.sh path >/dev/null 2>&1; then
  echo "== (h) skipped: llama-server is not built"
  cat >"$WORK/section_h.md" <<'MD'
## (h) Against llama-server: aiperf vs a minimal Python client

Skipped: llama-server is not built on this machine. Build it once with
`scripts/real-server.sh build` (about 12 min on 2 cores, cached under `~/.cache/aiperf-cpp/llama/`;
see docs/real-server.md), then rerun `bench/run.sh h`.
MD
  exit 0
fi

# The model carries the Qwen2 vocabulary: Qwen3's tokenizer.json from the npm reference
# tokenizers has the same BPE, so aiperf builds its prompts with the model's own tokenizer.
fixtures_out="$(bash scripts/tokenizer-fixtures.sh)"
QWEN_TOKENIZER="$(echo "$fixtures_out" | sed -n 's/^AIPERF_TOKENIZER_FIXTURES=//p')/qwen3/tokenizer.json"

# Prompt caching off: the Python client replays the prompts aiperf has just sent, and with the
# cache on it would find them in the slots' KV cache and skip most of the prompt evaluation.
# One compute thread: ggml's threads spin while they wait, and two of them on 2 cores would
# take the CPU the client needs, so the client's cost would show up doubled in the latencies.
start_out="$(scripts/real-server.sh start --no-cache-prompt --threads 1 --threads-batch 1)"
LLAMA_URL="$(echo "$start_out" | sed -n 's/^llama-server listening on //p')"
LLAMA_PORT="${LLAMA_URL##*:}"
trap 'scripts/real-server.sh stop --port "$LLAMA_PORT" >/dev/null 2>&1 || true' EXIT
echo "== (h) llama-server at $LLAMA_URL: aiperf vs bench/py_stream_client.py, streaming chat, ISL $ISL, OSL $OSL"

# run_pair C: aiperf first (it writes the payloads to inputs.json), then the Python client
# replaying them in the same order (aiperf sends dataset entry i mod entries as request i).
run_pair() {
  local c=$1 n=$(($1 * REQUESTS_PER_LANE)) art="$WORK/h_$1"
  local t0; t0="$(date +%s.%N)"
  timed "$BIN_DIR"/aiperf profile -m tiny -u "$LLAMA_URL" --endpoint-type chat --streaming \
    --concurrency "$c" --request-count "$n" --num-dataset-entries "$n" --isl "$ISL" --osl "$OSL" \
    --tokenizer "$QWEN_TOKENIZER" --extra-inputs ignore_eos:true --use-server-token-count \
    --artifact-dir "$art" >"$WORK/h_aiperf_$c.log"
  echo "$(cat "$CPU_FILE") $(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$t0" "$(date +%s.%N)")" >"$art/client_cpu"
  t0="$(date +%s.%N)"
  timed python3 bench/py_stream_client.py --url "$LLAMA_URL/v1/chat/completions" \
    --inputs "$art/inputs.json" --concurrency "$c" --requests "$n" >"$art/python.json"
  echo "$(cat "$CPU_FILE") $(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$t0" "$(date +%s.%N)")" >"$art/python_cpu"
}

for c in "${LEVELS[@]}"; do
  run_pair "$c"
done

python3 - "$WORK" "$OSL" "${LEVELS[@]}" >"$WORK/h_rows.md" <<'PY'
import json, sys
work, osl, levels = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
startup = []
for c in levels:
    art = f"{work}/h_{c}"
    a = json.load(open(f"{art}/profile_export_aiperf.json"))
    p = json.load(open(f"{art}/python.json"))
    a_cpu, a_wall = map(float, open(f"{art}/client_cpu").read().split())
    p_cpu, p_wall = map(float, open(f"{art}/python_cpu").read().split())
    startup.append(p["startup_cpu_s"])
    a_n = a["request_count"]["avg"]
    a_err = a.get("error_request_count", {}).get("avg", 0)
    if p["errors"] or a_err:
        sys.exit(f"bench (h): errors at concurrency {c}: aiperf {a_err}, python {p['errors']} ({p['first_error']})")
    t = a["time_to_first_token"]
    rows = [
        ("aiperf", a_n, t["avg"], t["p50"], t["p99"], a["inter_token_latency"]["avg"],
         a["request_throughput"]["avg"], a["output_token_throughput"]["avg"], a_cpu / a_n, a_cpu / a_wall),
        ("python asyncio", p["requests"], p["ttft_avg_ms"], p["ttft_p50_ms"], p["ttft_p99_ms"], p["itl_avg_ms"],
         p["request_throughput"], p["output_token_throughput"], p_cpu / p["requests"], p_cpu / p_wall),
    ]
    for name, n, avg, p50, p99, itl, rps, tps, cpu, per_s in rows:
        print(f"| {c} | {name} | {n:.0f} | {avg:.2f} | {p50:.2f} | {p99:.2f} | {itl:.3f} | {rps:.2f} | {tps:.0f} "
              f"| {cpu * 1000:.2f} | {per_s * 1000:.1f} |")
        print(f"{c:>3} {name:15} n={n:.0f} ttft avg/p50/p99 {avg:.2f}/{p50:.2f}/{p99:.2f} ms  itl {itl:.3f} ms  "
              f"{rps:.2f} req/s  {tps:.0f} tok/s  cpu {cpu * 1000:.2f} ms/req {per_s * 1000:.1f} ms/s", file=sys.stderr)
with open(f"{work}/h_startup", "w") as f:
    f.write(f"{max(startup) * 1000:.0f}\n")
PY
version="$(grep -o '"system_fingerprint":"[^"]*"' "$WORK/h_${LEVELS[0]}/profile_export.jsonl" 2>/dev/null | head -1 | cut -d'"' -f4 || true)"

cat >"$WORK/section_h.md" <<MD
## (h) Against llama-server: aiperf vs a minimal Python client

llama.cpp's \`llama-server\`${version:+ (\`$version\`)} with the tiny random-weight model of the
real-server tier (docs/real-server.md), started by \`scripts/real-server.sh start --no-cache-prompt
--threads 1 --threads-batch 1\` (16 slots) on the same 2 cores as the clients. At each concurrency
C, aiperf runs \`profile -m tiny --endpoint-type chat --streaming --concurrency C --request-count
${REQUESTS_PER_LANE}·C --num-dataset-entries ${REQUESTS_PER_LANE}·C --isl $ISL --osl $OSL --extra-inputs
ignore_eos:true --use-server-token-count --tokenizer QWEN3_TOKENIZER_JSON\`; then \`bench/py_stream_client.py\` (stdlib asyncio,
raw HTTP/1.1, one \`json.loads\` per SSE event) replays the request bodies aiperf wrote to
\`inputs.json\`, in the same order, at the same concurrency. Every request streams exactly $OSL
tokens (the model cannot emit EOS). Prompt caching is off because the second client sends the
very prompts the first has just sent: with the cache on, the server would find them in its
slots and skip most of the prompt, and the second client's TTFT would look better for a reason
that has nothing to do with the client. The server gets one compute thread because ggml's
threads spin while they wait; two of them would take the core the client runs on. llama-server
closes the connection after each streamed response, so both clients open one connection per
request.

| C | client | requests | TTFT avg (ms) | TTFT p50 | TTFT p99 | ITL avg (ms) | req/s | output tok/s | client CPU per request (ms) | client CPU per second of run (ms) |
|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
$(cat "$WORK/h_rows.md")

Client CPU is user + system time of the whole client process (getrusage of the child), start-up
included: for aiperf that is also prompt synthesis, metrics and the export files; for Python,
interpreter start-up and imports cost $(cat "$WORK/h_startup") ms. The last column divides by the
run's wall time instead of the request count. Both clients and the server share 2 cores, so what
a client spends is taken from the server; the timing columns show how much of the difference
reaches the measured latencies. Few requests per level (to fit the suite's time budget) make the
p99 columns close to the maximum, and runs differ by tens of percent when anything else is
running on the machine.
MD
