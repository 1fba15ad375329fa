#!/usr/bin/env bash
# (d) Pacing accuracy: open-loop request rates against a zero-latency mock. Judged on the
# actual send times (request_start_ns) and on send lag, each request's actual minus scheduled
# send time: achieved rate, lag mean/p99, and the shape of the inter-arrival gaps.
set -euo pipefail
source bench/lib.sh

SEED=17
run_rate() {  # NAME SECONDS aiperf-flags...
  local name="$1" secs="$2"
  shift 2
  rm -rf "$WORK/d_$name"
  "$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --isl 1 --osl 1 \
    --benchmark-duration "$secs" --benchmark-grace-period 5 --random-seed "$SEED" --ui none \
    --artifact-dir "$WORK/d_$name" "$@" >"$WORK/d_$name.log" 2>&1 \
    || { cat "$WORK/d_$name.log" >&2; return 1; }
  python3 - "$WORK/d_$name" "$name" "$@" >>"$WORK/d_rows" <<'PY'
import json, math, sys
art, name, args = sys.argv[1], sys.argv[2], sys.argv[3:]
rate = float(args[args.index("--request-rate") + 1])
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
errors = sum("error" in r for r in recs)
starts = sorted(r["metadata"]["request_start_ns"] for r in recs)
lag = sorted(r["metrics"]["send_lag"]["value"] * 1000 for r in recs)  # µs
# Scheduled arrival = actual start minus send lag: the generator's own timeline.
sched = sorted(r["metadata"]["request_start_ns"] - r["metrics"]["send_lag"]["value"] * 1e6 for r in recs)

def shape(times):
    gaps = [(b - a) / 1e9 for a, b in zip(times, times[1:])]
    mean = sum(gaps) / len(gaps)
    cv = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1)) / mean
    ks, n = 0.0, len(gaps)  # one-sample KS distance against Exponential(target rate)
    for i, g in enumerate(sorted(gaps)):
        f = 1 - math.exp(-rate * g)
        ks = max(ks, (i + 1) / n - f, f - i / n)
    return cv, ks, n

achieved = (len(starts) - 1) / ((starts[-1] - starts[0]) / 1e9)
scheduled = (len(sched) - 1) / ((sched[-1] - sched[0]) / 1e9)
p99 = lag[min(len(lag) - 1, math.ceil(0.99 * len(lag)) - 1)]
cv_a, ks_a, n = shape(starts)
cv_s, ks_s, _ = shape(sched)
print(f"{name} {rate:g} {len(recs)} {errors} {achieved:.1f} {sum(lag)/len(lag):.1f} {p99:.1f} "
      f"{cv_s:.3f} {cv_a:.3f} {ks_s:.4f} {ks_a:.4f} {1.36/math.sqrt(n):.4f} {scheduled:.1f}")
PY
  tail -n 1 "$WORK/d_rows"
}

echo "== (d) pacing accuracy, ${SECONDS_PER_RUN}s main runs"
start_mock --output-tokens 1
: >"$WORK/d_rows"
run_rate constant "$SECONDS_PER_RUN" --request-rate 2000 --arrival-pattern constant
run_rate poisson "$SECONDS_PER_RUN" --request-rate 1000 --arrival-pattern poisson
run_rate gamma4 "$SECONDS_PER_RUN" --request-rate 1000 --arrival-smoothness 4
short=$(( SECONDS_PER_RUN / 2 > 2 ? SECONDS_PER_RUN / 2 : 2 ))
for r in 100 500 5000; do run_rate "constant$r" "$short" --request-rate "$r" --arrival-pattern constant; done

# Fixed-schedule replay at 1k req/s: a mooncake trace with one row per millisecond. Send lag is
# then each request's send time minus its trace time (phase start + timestamp).
rows=$(( SECONDS_PER_RUN * 1000 ))
python3 -c '
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(int(sys.argv[2])):
        f.write(json.dumps({"timestamp": i, "input_length": 1, "output_length": 1}) + "\n")
' "$WORK/d_trace.jsonl" "$rows"
rm -rf "$WORK/d_trace"
"$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --input-file "$WORK/d_trace.jsonl" \
  --custom-dataset-type mooncake_trace --fixed-schedule --random-seed "$SEED" --ui none \
  --artifact-dir "$WORK/d_trace" >"$WORK/d_trace.log" 2>&1 || { cat "$WORK/d_trace.log" >&2; exit 1; }
python3 - "$WORK/d_trace" >"$WORK/d_trace_row" <<'PY'
import json, math, sys
recs = [json.loads(l) for l in open(f"{sys.argv[1]}/profile_export.jsonl")]
lag = sorted(r["metrics"]["send_lag"]["value"] for r in recs)  # ms
def pct(q):
    return lag[min(len(lag) - 1, math.ceil(q * len(lag)) - 1)]
starts = sorted(r["metadata"]["request_start_ns"] for r in recs)
achieved = (len(starts) - 1) / ((starts[-1] - starts[0]) / 1e9)
within = sum(1 for v in lag if v <= 1.0) / len(lag)
print(f"{len(recs)} {achieved:.1f} {1000*sum(lag)/len(lag):.1f} {1000*pct(0.5):.1f} {1000*pct(0.99):.1f} {1000*lag[-1]:.1f} {100*within:.2f}")
PY
cat "$WORK/d_trace_row"
stop_mock

python3 - "$WORK/d_rows" "$SECONDS_PER_RUN" "$short" "$WORK/d_trace_row" >"$WORK/section_d.md" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
trace = open(sys.argv[4]).read().split()
main_s, short_s = sys.argv[2], sys.argv[3]
by = {r[0]: r for r in rows}
print("## (d) Pacing accuracy\n")
print(f"Open loop against the mock with zero latency (1-token non-streaming replies), one worker "
      f"thread (the default on 2 cores), `--random-seed 17`. *Send lag* is each request's actual "
      f"send time (just before its first byte is written) minus its scheduled arrival time; the "
      f"achieved rate and the inter-arrival statistics use the actual send times of all requests. "
      f"Main runs {main_s} s, rate sweep {short_s} s each.\n")
print("*Scheduled* is the rate of the seeded arrival draw itself (a random Poisson or gamma draw "
      "over a few seconds differs from the target by chance: ±1 % is one standard deviation at "
      "10,000 arrivals); *achieved* is measured on the actual send times and should match it.\n")
print("| run | target req/s | scheduled req/s | achieved req/s | achieved / scheduled | requests (errors) | send lag mean µs | send lag p99 µs |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    name, rate, n, err, ach, mean, p99 = r[:7]
    sch = r[12]
    print(f"| {name} | {rate} | {sch} | {ach} | {100*(float(ach)/float(sch)-1):+.2f} % | {n} ({err}) | {mean} | {p99} |")
p, g = by["poisson"], by["gamma4"]
c = by["constant"]
print()
print(f"Targets at 2000 req/s constant (issue *Load control*): achieved rate within 1 % "
      f"({100*(float(c[4])/2000-1):+.2f} %), send lag mean < 50 µs ({c[5]} µs), p99 < 250 µs ({c[6]} µs; "
      f"{'met' if float(c[6]) < 250 else 'missed'}). A send is started by the worker itself, which polls "
      f"its event loop for the last 300 µs before the scheduled time (docs/design.md, *Pacing*): the "
      f"median lag is a few µs. The tail is the scheduler: the mock server, the worker, the issuer and "
      f"the record thread share two cores, and a worker that is not running when its send is due "
      f"waits for a CPU.")
print()
print("Inter-arrival shape, on the scheduled times (the generator) and on the actual send times "
      "(what the server saw; send-lag jitter blurs the shortest gaps):\n")
print("| arrival shape | CV scheduled | CV actual | target CV | KS vs Exponential(λ) scheduled | KS actual | KS 5 % critical |")
print("|---|---:|---:|---:|---:|---:|---:|")
print(f"| poisson, 1000 req/s | {p[7]} | {p[8]} | 1 ± 0.05 | {p[9]} | {p[10]} | {p[11]} |")
print(f"| gamma smoothness 4, 1000 req/s | {g[7]} | {g[8]} | 0.5 ± 0.05 | — | — | — |")
print()
print("Fixed-schedule replay (`--input-file` mooncake trace, one row per ms, `--fixed-schedule`): "
      "send time minus the row's trace time.\n")
print("| rows | achieved req/s | lag mean µs | lag p50 µs | lag p99 µs | lag max µs | sends within 1 ms |")
print("|---:|---:|---:|---:|---:|---:|---:|")
n, ach, mean, p50, p99, mx, within = trace
print(f"| {n} | {ach} | {mean} | {p50} | {p99} | {mx} | {within} % |")
PY
cat "$WORK/section_d.md"
