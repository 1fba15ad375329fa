#!/usr/bin/env bash
# (c) TTFT/ITL error against the mock's configured values at 1, 100 and 1,000 in flight, split
# into what the mock itself was late and what the client measured beyond what the mock did.
set -euo pipefail
source bench/lib.sh

TTFT_MS=50
ITL_MS=10
OSL=16
ulimit -n "$(ulimit -Hn)"

# proc_cpu PID: user+sys CPU seconds of a running process.
proc_cpu() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$1/stat"; }

declare -A RESULT CPU
# Each case: name, in flight, ITL ms, requests, ramp seconds. The last case repeats 1,000 in
# flight at a fifth of the token rate, to show what the error is once the 2 cores are not
# saturated by 1,000 streams of 100 tokens/s (server and client together).
CASES=("1 1 $ITL_MS 50 0" "100 100 $ITL_MS 2500 1" "1000 1000 $ITL_MS 12500 1" "1000s 1000 50 5000 1")
for case in "${CASES[@]}"; do
  read -r name n itl count ramp <<<"$case"
  # The ramp spreads the requests' phases (see the table's notes); requests sent during it are
  # left out of the figures.
  ramp_flags=()
  [ "$ramp" != 0 ] && ramp_flags=(--concurrency-ramp-duration "$ramp")
  echo "== (c) timing error at $n in flight ($count requests, TTFT $TTFT_MS ms, ITL $itl ms, $OSL tokens)"
  start_mock --ttft-ms "$TTFT_MS" --itl-ms "$itl" --output-tokens "$OSL" --timing-log "$WORK/c$name.timing.jsonl"
  timed "$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --streaming \
    --concurrency "$n" "${ramp_flags[@]}" --request-count "$count" --isl 16 --osl "$OSL" \
    --export-level raw --artifact-dir "$WORK/c$name" >"$WORK/c$name.log" 2>&1 \
    || { cat "$WORK/c$name.log" >&2; exit 1; }
  mock_cpu="$(proc_cpu "$MOCK_PID")"
  wall="$(python3 -c "import json; print(round(json.load(open('$WORK/c$name/profile_export_aiperf.json'))['benchmark_duration']['avg'], 2))")"
  CPU[$name]="$(cat "$CPU_FILE") $mock_cpu $wall"
  stop_mock  # the mock writes its timing log on exit
  RESULT[$name]="$(python3 bench/timing_error.py "$WORK/c$name" "$WORK/c$name.timing.jsonl" "$TTFT_MS" "$itl" "$ramp")"
  rm -f "$WORK/c$name/profile_export_raw.jsonl"
  echo "  CPU seconds: aiperf, mock, run: ${CPU[$name]}"
  python3 - "${RESULT[$name]}" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
for k in ("ttft_vs_config", "mock_ttft_late", "client_ttft_error", "down_leg", "itl_vs_config", "client_itl_error"):
    s = r[k]
    print(f"  {k:18} p50 {s['p50']:8.3f} ms  p99 {s['p99']:8.3f} ms  max {s['max']:8.3f} ms  (n={s['n']})")
if r["unmatched"]:
    print(f"  {r['unmatched']} records could not be matched with the mock's log")
PY
done

python3 - "$WORK/section_c.md" "$TTFT_MS" "$ITL_MS" "$OSL" \
  "${RESULT[1]}" "${RESULT[100]}" "${RESULT[1000]}" "${RESULT[1000s]}" \
  "${CPU[1]}" "${CPU[100]}" "${CPU[1000]}" "${CPU[1000s]}" <<'PY'
import json, os, sys
out, ttft, itl, osl = sys.argv[1:5]
names = [("1", 1, itl), ("100", 100, itl), ("1000", 1000, itl), ("1000s", 1000, "50")]
results = [json.loads(s) for s in sys.argv[5:9]]
cpus = [c.split() for c in sys.argv[9:13]]
f = lambda s, k: f"{s[k]:.3f}"
lines = [
    "## (c) TTFT and ITL error against the mock's configured values",
    "",
    f"Streaming chat against `aiperf-mock-server --workers {os.environ.get('MOCK_WORKERS', '1')} --ttft-ms {ttft} --itl-ms ITL --output-tokens {osl}"
    " --timing-log FILE`, closed loop (`--export-level raw`). The mock logs, per reply, when it finished"
    " reading the request and when it handed each chunk to the socket, on the same CLOCK_MONOTONIC clock"
    " that aiperf stamps (bench/timing_error.py joins the two by reply id). Each request's error against"
    " the configured value therefore splits into what the mock itself did late and what aiperf measured"
    " beyond what the mock did: the two loopback legs (aiperf's send to the mock's read, the mock's write to"
    " aiperf's stamp of the read that returned it) and aiperf's own delay. With 100 and 1,000 in flight,"
    " `--concurrency-ramp-duration 1` spreads the requests' phases (without it, N identical requests start,"
    " finish and restart together for the whole run, and every token arrives in bursts of N) and requests"
    " sent during the ramp are left out. All values in ms, per request; CPU in seconds over the run (2 cores"
    " shared by the mock and aiperf).",
    "",
    "| in flight | ITL | requests | TTFT − configured p50 / p99 | mock late (first chunk) p50 / p99 | TTFT − mock's actual p50 / p99 / max | of which mock write → aiperf stamp p50 / p99 | ITL − configured p50 / p99 | ITL − mock's actual p50 / p99 | CPU aiperf / mock / run s |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
]
for (name, n, row_itl), r, cpu in zip(names, results, cpus):
    a, m, c, d, i, ci = (r[k] for k in ("ttft_vs_config", "mock_ttft_late", "client_ttft_error", "down_leg",
                                        "itl_vs_config", "client_itl_error"))
    lines.append(f"| {n:,} | {row_itl} ms | {a['n']:,} | {f(a,'p50')} / {f(a,'p99')} | {f(m,'p50')} / {f(m,'p99')} | "
                 f"{f(c,'p50')} / {f(c,'p99')} / {f(c,'max')} | {f(d,'p50')} / {f(d,'p99')} | "
                 f"{f(i,'p50')} / {f(i,'p99')} | {f(ci,'p50')} / {f(ci,'p99')} | {cpu[0]} / {cpu[1]} / {cpu[2]} |")
c1 = results[0]
full, light = results[2], results[3]
lines += ["",
    f"Target: TTFT error p99 < 0.2 ms at 1,000 in flight. **Missed.** Beyond what the mock did, aiperf's TTFT"
    f" p99 is {full['client_ttft_error']['p99']:.3f} ms at 1,000 streams of {1000/float(itl):.0f} tokens/s"
    f" and {light['client_ttft_error']['p99']:.3f} ms at 1,000 streams of 20 tokens/s"
    f" ({full['ttft_vs_config']['p99']:.3f} / {light['ttft_vs_config']['p99']:.3f} ms against the configured value)."
    f" Why: even one request alone shows a loopback leg of {c1['down_leg']['p50']:.3f} ms p50 /"
    f" {c1['down_leg']['p99']:.3f} ms p99 between the mock's write and aiperf's stamp. That is the time this VM"
    " takes to wake a thread sleeping in epoll_wait when bytes arrive (aiperf stamps as soon as its read"
    " returns, a few microseconds of Asio dispatch after the wake-up); a TTFT contains two such legs. At 1,000 in"
    " flight both processes together keep the 2 cores busy (CPU column), so wake-ups wait for a core and"
    " reads queue behind each other in the one worker thread. Meeting 0.2 ms p99 would take the client on"
    " cores of its own and a thread that polls instead of sleeping, which no upstream option asks for;"
    " ITL, a difference of two stamps taken the same way, stays within"
    f" {max(r['client_itl_error']['p99'] for r in results):.3f} ms p99 of what the mock did in every row.",
    ""]
open(out, "w").write("\n".join(lines))
PY
