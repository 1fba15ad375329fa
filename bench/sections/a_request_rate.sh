#!/usr/bin/env bash
# (a) Non-streaming maximum request rate: aiperf vs wrk and h2load, same mock, same connections.
# The clients take turns for several rounds and each is reported by its median: on a shared VM
# the machine's speed drifts by 10-20 % within minutes, which would otherwise land on whichever
# client happened to run in a slow stretch.
set -euo pipefail
source bench/lib.sh

ROUNDS="${BENCH_ROUNDS:-3}"
BODY='{"model":"mock-model","messages":[{"role":"user","content":"hi"}],"max_tokens":1}'
echo "$BODY" >"$WORK/body.json"

echo "== (a) non-streaming max req/s, $CONNECTIONS connections, $ROUNDS rounds of ${SECONDS_PER_RUN}s per client"
start_mock --output-tokens 1
: >"$WORK/a_runs"
for round in $(seq "$ROUNDS"); do
  rps="$(timed wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" -s bench/wrk_chat.lua "$URL/v1/chat/completions" \
    | awk '/Requests\/sec/ {print $2}')"
  echo "wrk $rps $(cat "$CPU_FILE")" >>"$WORK/a_runs"
  rps="$(h2load --h1 -t1 -c"$CONNECTIONS" -m1 -D "$SECONDS_PER_RUN" -d "$WORK/body.json" \
    -H 'content-type: application/json' "$URL/v1/chat/completions" 2>/dev/null \
    | awk '/^finished in/ {for (i=1;i<=NF;i++) if ($i ~ /req\/s/) print $(i-1)}' | tr -d ',')"
  echo "h2load $rps 0" >>"$WORK/a_runs"
  rm -rf "$WORK/a"
  timed "$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --concurrency "$CONNECTIONS" \
    --benchmark-duration "$SECONDS_PER_RUN" --benchmark-grace-period 5 --isl 1 --osl 1 \
    --artifact-dir "$WORK/a" >"$WORK/a.log" 2>&1
  echo "aiperf $(json_avg "$WORK/a/profile_export_aiperf.json" request_throughput) $(cat "$CPU_FILE")" >>"$WORK/a_runs"
  tail -n 3 "$WORK/a_runs" | sed "s/^/round $round: /"
done
stop_mock

read -r wrk_rps h2_rps aiperf_rps ratio_wrk ratio_h2 wrk_cpu aiperf_cpu spread < <(python3 - "$WORK/a_runs" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, rps, cpu = line.split()
    runs.setdefault(name, []).append((float(rps), float(cpu)))
med = {k: statistics.median(r for r, _ in v) for k, v in runs.items()}
cpu = {k: statistics.median(c for _, c in v) for k, v in runs.items()}
# Per-round ratios show how much of the spread is the machine rather than the client.
ratios = [a[0] / w[0] for a, w in zip(runs["aiperf"], runs["wrk"])]
print(f"{med['wrk']:.0f} {med['h2load']:.0f} {med['aiperf']:.0f} {med['aiperf'] / med['wrk']:.2f} "
      f"{med['aiperf'] / med['h2load']:.2f} {cpu['wrk']:.2f} {cpu['aiperf']:.2f} "
      f"{min(ratios):.2f}–{max(ratios):.2f}")
PY
)
echo "median: wrk $wrk_rps, h2load $h2_rps, aiperf $aiperf_rps req/s; aiperf/wrk = $ratio_wrk (rounds $spread), aiperf/h2load = $ratio_h2"

cat >"$WORK/section_a.md" <<MD
## (a) Non-streaming maximum request rate

Tiny non-streaming chat requests (\`max_tokens: 1\`), $CONNECTIONS keep-alive connections,
${SECONDS_PER_RUN} s per run; the three clients take turns for $ROUNDS rounds against the same mock
and each is reported by its median run. wrk and h2load use one thread; aiperf uses one worker
thread (its default on 2 cores) plus its timing and record-processing threads, and does its full
job meanwhile: per-request records, metrics, \`profile_export.jsonl\` (~1 KB per request). On 2
cores the mock server and the client share the CPUs, so the client's CPU per request decides the
ratio.

| client | req/s (median) | aiperf ÷ peer |
|---|---:|---:|
| wrk 4.1 (\`-t1 -c$CONNECTIONS\`, bench/wrk_chat.lua) | $wrk_rps | $ratio_wrk |
| h2load (\`--h1 -t1 -c$CONNECTIONS -m1\`) | $h2_rps | $ratio_h2 |
| aiperf (\`--concurrency $CONNECTIONS --benchmark-duration $SECONDS_PER_RUN\`) | $aiperf_rps | 1.00 |

Target: ≥ 0.7× wrk. aiperf ÷ wrk within a round ranged $spread. Client CPU per run (median):
wrk ${wrk_cpu} s, aiperf ${aiperf_cpu} s — aiperf spends about a quarter of its CPU in the
record-processing thread (parsing each response, metrics, and writing \`profile_export.jsonl\`,
whose page-cache copies alone are ~10 % of that thread), work that wrk and h2load do not do.
MD
