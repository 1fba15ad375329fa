#!/usr/bin/env bash
# (c) TTFT/ITL error against the mock's configured values at 1, 100 and 1,000 in flight, split
# into what the mock itself was late and what the client measured beyond what the mock did.
set -euo pipefail
source bench/lib.sh

TTFT_MS=50
ITL_MS=10
OSL=16
ulimit -n "$(ulimit -Hn)"

declare -A RESULT
for n in 1 100 1000; do
  # Enough requests for a p99 at each load while the whole section stays near a minute. The ramp
  # spreads the requests' phases (see docs/benchmarks.md); requests sent during it are left out.
  case $n in 1) count=50 ramp=() skip=0 ;; 100) count=2500 ramp=(--concurrency-ramp-duration 1) skip=1 ;;
    *) count=12500 ramp=(--concurrency-ramp-duration 1) skip=1 ;; esac
  echo "== (c) timing error at $n in flight ($count requests, TTFT $TTFT_MS ms, ITL $ITL_MS ms, $OSL tokens)"
  start_mock --ttft-ms "$TTFT_MS" --itl-ms "$ITL_MS" --output-tokens "$OSL" --timing-log "$WORK/c$n.timing.jsonl"
  "$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --streaming \
    --concurrency "$n" "${ramp[@]}" --request-count "$count" --isl 16 --osl "$OSL" \
    --export-level raw --artifact-dir "$WORK/c$n" >"$WORK/c$n.log" 2>&1 \
    || { cat "$WORK/c$n.log" >&2; exit 1; }
  stop_mock  # the mock writes its timing log on exit
  RESULT[$n]="$(python3 bench/timing_error.py "$WORK/c$n" "$WORK/c$n.timing.jsonl" "$TTFT_MS" "$ITL_MS" "$skip")"
  rm -f "$WORK/c$n/profile_export_raw.jsonl"
  python3 - "${RESULT[$n]}" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
for k in ("ttft_vs_config", "mock_ttft_late", "client_ttft_error", "down_leg", "itl_vs_config", "client_itl_error"):
    s = r[k]
    print(f"  {k:18} p50 {s['p50']:8.3f} ms  p99 {s['p99']:8.3f} ms  max {s['max']:8.3f} ms  (n={s['n']})")
if r["unmatched"]:
    print(f"  {r['unmatched']} records could not be matched with the mock's log")
PY
done

python3 - "$WORK/section_c.md" "$TTFT_MS" "$ITL_MS" "$OSL" "${RESULT[1]}" "${RESULT[100]}" "${RESULT[1000]}" <<'PY'
import json, sys
out, ttft, itl, osl = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
results = {n: json.loads(s) for n, s in zip((1, 100, 1000), sys.argv[5:8])}
f = lambda s, k: f"{s[k]:.3f}"
lines = [
    "## (c) TTFT and ITL error against the mock's configured values",
    "",
    f"Streaming chat against `aiperf-mock-server --ttft-ms {ttft} --itl-ms {itl} --output-tokens {osl}"
    " --timing-log FILE`, closed loop at 1, 100 and 1,000 in flight (one warm-up round first,"
    " `--export-level raw`). The mock logs, per reply, when it finished reading the request and when it"
    " handed each chunk to the socket, on the same CLOCK_MONOTONIC clock that aiperf stamps"
    " (bench/timing_error.py joins the two by reply id). So each request's error splits into what the"
    " mock did late and what aiperf measured beyond what the mock did: the two loopback legs"
    " (request to the mock's read, the mock's write to aiperf's stamp) and aiperf's own delay. All"
    " values in ms, per request.",
    "",
    "| in flight | requests | TTFT − configured p50 / p99 | mock late (first chunk) p50 / p99 | TTFT − mock's actual p50 / p99 / max | of which mock write → aiperf stamp p50 / p99 | ITL − configured p50 / p99 | ITL − mock's actual p50 / p99 |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
]
for n, r in results.items():
    a, m, c, d, i, ci = (r[k] for k in ("ttft_vs_config", "mock_ttft_late", "client_ttft_error", "down_leg",
                                        "itl_vs_config", "client_itl_error"))
    lines.append(f"| {n:,} | {a['n']:,} | {f(a,'p50')} / {f(a,'p99')} | {f(m,'p50')} / {f(m,'p99')} | "
                 f"{f(c,'p50')} / {f(c,'p99')} / {f(c,'max')} | {f(d,'p50')} / {f(d,'p99')} | "
                 f"{f(i,'p50')} / {f(i,'p99')} | {f(ci,'p50')} / {f(ci,'p99')} |")
c1000 = results[1000]["client_ttft_error"]["p99"]
lines += ["",
          f"Target: TTFT error p99 < 0.2 ms at 1,000 in flight. Measured: {c1000:.3f} ms beyond what the"
          f" mock did ({'met' if c1000 < 0.2 else 'missed'}), "
          f"{results[1000]['ttft_vs_config']['p99']:.3f} ms against the configured value.",
          ""]
open(out, "w").write("\n".join(lines))
PY
