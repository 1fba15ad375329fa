#!/usr/bin/env bash
# --steady-state (metrics-and-outputs.md §7.10, docs/steady_state.md): a concurrency ramp and a
# drain are left out of the detected window; the window's metrics are those of the records of
# profile_export.jsonl inside it; the JSON and CSV agree; a manual window; bad input.
source "$(dirname "$0")/lib/common.bash"

start_mock --output-tokens 8 --ttft-ms 20 --itl-ms 5
cd "$WORK"

# 8 clients reached over 2 s, 6 s in all.
ART="$WORK/auto"
"$AIPERF" profile -m mock-model --tokenizer builtin -u "$MOCK_URL" --streaming --concurrency 8 \
  --concurrency-ramp-duration 2 --benchmark-duration 6 --steady-state --random-seed 3 --ui none \
  --artifact-dir "$ART" >"$WORK/auto.txt" 2>&1 || { cat "$WORK/auto.txt"; fail "aiperf failed"; }
for f in profile_export_aiperf_steady_state.json profile_export_aiperf_steady_state.csv; do
  [ -f "$ART/$f" ] || { ls "$ART"; fail "missing $f"; }
  grep -q "Steady-State $( [ "${f##*.}" = json ] && echo JSON || echo CSV ) Export: $ART/$f" "$WORK/auto.txt" \
    || fail "footer line for $f"
done
grep -q "NVIDIA AIPerf | Steady-State Metrics" "$WORK/auto.txt" || fail "no steady-state table"
grep -q "Requests kept" "$WORK/auto.txt" || fail "no window grid"

# The window, the recomputation from the records, and the CSV against the JSON.
CHECKS='
import csv, json, math, os, sys
art, method = os.environ["ART"], sys.argv[1]
stem = sys.argv[2] if len(sys.argv) > 2 else "profile_export_aiperf"
records_file = "profile_export.jsonl" if stem == "profile_export_aiperf" else stem + ".jsonl"
doc = json.load(open(f"{art}/{stem}_steady_state.json"))
w, metrics = doc["window_metadata"], doc["metrics"]
assert w["detection_method"] == method, w
up, down = w["ramp_up_end_ns"], w["ramp_down_start_ns"]
assert w["steady_state_duration_ns"] == down - up
recs = [json.loads(l) for l in open(f"{art}/{records_file}")]
recs = [r for r in recs if r["metadata"].get("benchmark_phase", "profiling") == "profiling"]
assert w["total_requests"] == len(recs), (w["total_requests"], len(recs))
start = min(r["metadata"]["request_start_ns"] for r in recs)
assert w["run_start_ns"] == start
kept = [r for r in recs if r["metadata"]["request_start_ns"] >= up and r["metadata"]["request_end_ns"] <= down]
assert w["steady_state_requests"] == len(kept), (w["steady_state_requests"], len(kept))
assert 0 < len(kept) < len(recs), (len(kept), len(recs))
assert abs(w["fraction_retained"] - len(kept) / len(recs)) < 1e-12

def pct(xs, q):  # numpy linear
    xs = sorted(xs); p = q / 100 * (len(xs) - 1); lo = math.floor(p); hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (p - lo)
for tag in ("request_latency", "time_to_first_token"):
    xs = [r["metrics"][tag]["value"] for r in kept if tag in r["metrics"]]
    m = metrics[tag]
    assert m["count"] == len(xs), (tag, m["count"], len(xs))
    for stat, want in (("avg", sum(xs) / len(xs)), ("p50", pct(xs, 50)), ("p99", pct(xs, 99)),
                       ("min", min(xs)), ("max", max(xs))):
        assert abs(m[stat] - want) <= 1e-6 * max(1, abs(want)), (tag, stat, m[stat], want)
assert metrics["request_count"]["avg"] == sum(1 for r in kept if "error" not in r)

rows = list(csv.reader(open(f"{art}/{stem}_steady_state.csv", newline="")))
assert rows[0] == ["# Steady-State Window Metadata"], rows[0]
blank = rows.index([])
meta = dict(rows[1:blank])
assert list(meta) == list(w), (list(meta), list(w))
for k, v in w.items():
    text = "" if v is None else json.dumps(v) if not isinstance(v, str) else v
    assert meta[k] == text, (k, meta[k], v)
assert rows[blank + 1][0] == "Metric" and rows[blank + 1][1] == "avg", rows[blank + 1]
by_name = {r[0]: r for r in rows[blank + 2:] if r}
lat = by_name["Request Latency (ms)"]
assert lat[1] == "%.2f" % metrics["request_latency"]["avg"], (lat, metrics["request_latency"])
assert lat[rows[blank + 1].index("p99")] == "%.2f" % metrics["request_latency"]["p99"]
assert by_name["Request Count"][1] == str(int(metrics["request_count"]["avg"]))
print(method, "window", (up - start) / 1e9, (down - start) / 1e9, "kept", len(kept), "of", len(recs))
'
py "$CHECKS" cusum_mser5
py '
import json, os
w = json.load(open(os.environ["ART"] + "/profile_export_aiperf_steady_state.json"))["window_metadata"]
# The last client joins at about 1.75 s: the window must start after it (and the ramp is not the whole run).
assert w["ramp_up_end_ns"] - w["run_start_ns"] >= 1.5e9, w
assert w["ramp_down_start_ns"] <= w["run_end_ns"], w
assert w["concurrency_ramp_up_end_ns"] - w["run_start_ns"] >= 1.5e9, w
for k in ("variance_inflation_factor", "effective_p99_sample_size", "trend_correlation", "trend_p_value",
          "bootstrap_request_latency_ci_low_ms", "bootstrap_request_throughput_ci_high"):
    assert isinstance(w[k], (int, float)), (k, w[k])
assert w["bootstrap_iterations"] == 1000 and w["variance_inflation_factor"] >= 1
assert w["bootstrap_request_latency_ci_low_ms"] <= w["bootstrap_request_latency_ci_high_ms"]
assert isinstance(w["stationarity_warning"], bool) and isinstance(w["sample_size_warning"], bool)
'

# A manual window (25%-75% of the run), no bootstrap, with --profile-export-prefix names.
ART="$WORK/manual"
"$AIPERF" profile -m mock-model --tokenizer builtin -u "$MOCK_URL" --streaming --concurrency 4 \
  --benchmark-duration 2 --steady-state --steady-state-start-pct 25 --steady-state-end-pct 75 \
  --steady-state-bootstrap-iterations 0 --profile-export-prefix ss --ui none --artifact-dir "$ART" \
  >"$WORK/manual.txt" 2>&1 || { cat "$WORK/manual.txt"; fail "aiperf failed (manual)"; }
[ -f "$ART/ss_steady_state.json" ] && [ -f "$ART/ss_steady_state.csv" ] || { ls "$ART"; fail "prefix names"; }
py "$CHECKS" manual ss
py '
import json, os
w = json.load(open(os.environ["ART"] + "/ss_steady_state.json"))["window_metadata"]
span = w["run_end_ns"] - w["run_start_ns"]
assert abs(w["ramp_up_end_ns"] - w["run_start_ns"] - span * 0.25) <= 1, w  # span * 0.25 is exact
assert abs(w["ramp_down_start_ns"] - w["run_start_ns"] - span * 0.75) <= 1, w
assert w["bootstrap_iterations"] == 0 and w["bootstrap_request_latency_ci_low_ms"] is None, w
assert 0.3 < w["fraction_retained"] < 0.6, w
'

# Bad input: exit 1, one line naming the option, nothing sent.
bad() {
  local expect="$1"; shift
  set +e
  "$AIPERF" profile -m mock-model --tokenizer builtin -u "$MOCK_URL" --request-count 2 \
    --artifact-dir "$WORK/bad" "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"
  local rc=$?
  set -e
  [ "$rc" -eq 1 ] || { cat "$WORK/bad.err"; fail "exit $rc (want 1) for: $*"; }
  grep -q -- "$expect" "$WORK/bad.err" || { cat "$WORK/bad.err"; fail "error does not name $expect for: $*"; }
  [ ! -e "$WORK/bad/profile_export_aiperf.json" ] || fail "a run happened for: $*"
}
bad "--steady-state-end-pct" --steady-state --steady-state-start-pct 60 --steady-state-end-pct 40
bad "--steady-state-end-pct" --steady-state --steady-state-start-pct 10 --steady-state-end-pct 150
bad "--steady-state-start-pct" --steady-state --steady-state-start-pct -5 --steady-state-end-pct 50
bad "--steady-state-end-pct" --steady-state --steady-state-start-pct 10
bad "--steady-state-min-window-pct" --steady-state --steady-state-min-window-pct 101
bad "--steady-state-bootstrap-iterations" --steady-state --steady-state-bootstrap-iterations -1
bad "--steady-state-bootstrap-iterations" --steady-state --steady-state-bootstrap-iterations 2.5
bad "--steady-state-start-pct" --steady-state-start-pct 10 --steady-state-end-pct 50
echo ok
