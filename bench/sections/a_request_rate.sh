#!/usr/bin/env bash
# (a) Non-streaming maximum request rate: aiperf vs wrk and h2load, same mock, same connections.
set -euo pipefail
source bench/lib.sh

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
timed "$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --concurrency "$CONNECTIONS" \
  --benchmark-duration "$SECONDS_PER_RUN" --benchmark-grace-period 5 --isl 1 --osl 1 \
  --artifact-dir "$WORK/a" >"$WORK/a.log"
aiperf_rps="$(json_avg "$WORK/a/profile_export_aiperf.json" request_throughput)"
aiperf_cpu="$(cat "$CPU_FILE")"
echo "aiperf:  $aiperf_rps req/s (client CPU ${aiperf_cpu}s)"
stop_mock

ratio_wrk="$(python3 -c "print(f'{$aiperf_rps / $wrk_rps:.2f}')")"
ratio_h2="$(python3 -c "print(f'{$aiperf_rps / $h2_rps:.2f}')")"
echo "aiperf/wrk = $ratio_wrk, aiperf/h2load = $ratio_h2"

cat >"$WORK/section_a.md" <<MD
## (a) Non-streaming maximum request rate

Tiny non-streaming chat requests (\`max_tokens: 1\`), $CONNECTIONS keep-alive connections,
${SECONDS_PER_RUN} s each. wrk and h2load use one thread; aiperf uses one worker thread (its
default on 2 cores) plus its timing and record-processing threads, and does its full job
meanwhile: per-request records, metrics, \`profile_export.jsonl\`. On 2 cores the mock server and
the client share the CPUs, so the client's CPU per request decides the ratio.

| client | req/s | aiperf ÷ peer |
|---|---:|---:|
| wrk 4.1 (\`-t1 -c$CONNECTIONS\`, bench/wrk_chat.lua) | $wrk_rps | $ratio_wrk |
| h2load (\`--h1 -t1 -c$CONNECTIONS -m1\`) | $h2_rps | $ratio_h2 |
| aiperf (\`--concurrency $CONNECTIONS --benchmark-duration $SECONDS_PER_RUN\`) | $aiperf_rps | 1.00 |

Target: ≥ 0.7× wrk. Client CPU over the run: wrk ${wrk_cpu} s, aiperf ${aiperf_cpu} s.
MD
