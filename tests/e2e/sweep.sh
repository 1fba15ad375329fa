#!/usr/bin/env bash
# Sweeps and multi-run confidence against the mock (cli-and-load.md §5.1-§5.5, docs/sweeps.md):
#  - the product's quick-start sweep (--concurrency 8,16,32,64 --goodput ...) writes the §5.3
#    layout, and the sweep aggregate (per-cell metrics, best configurations, Pareto set) agrees
#    with the per-cell summaries;
#  - multi-run writes run_NNNN trials with identical inputs.json and an aggregate whose Student-t
#    intervals are recomputed here;
#  - sweep x trials in both orders, zip, --variant scenarios and a YAML grid land where §5.3 says;
#  - adaptive convergence stops early; Ctrl-C stops a sweep with what finished, marked incomplete;
#  - bad input: one clear error each, exit 1, nothing sent.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 4 --itl-ms 1 --output-tokens 4 --record-requests "$WORK/requests.jsonl"
URL="$MOCK_URL"
BASE=(-m test-model --tokenizer builtin --endpoint-type chat --streaming --url "$URL" --isl 16 --osl 4 --ui none)
sent() { grep -c '/chat/completions' "$WORK/requests.jsonl" || true; }

run() {  # name expected_exit args... : output in $WORK/<name>.out
  local name="$1" want="$2"
  shift 2
  set +e
  "$AIPERF" profile "$@" >"$WORK/$name.out" 2>&1
  local rc=$?
  set -e
  [ "$rc" = "$want" ] || { cat "$WORK/$name.out"; fail "$name: exit $rc, expected $want"; }
}

# --- 1. The quick-start sweep -------------------------------------------------------------------
run quick 0 "${BASE[@]}" --concurrency 8,16,32,64 --goodput "time_to_first_token:600" --request-count 64 \
  --artifact-dir "$WORK/quick"
py '
import json, os, sys
base = sys.argv[1]
cells = ["concurrency_8", "concurrency_16", "concurrency_32", "concurrency_64"]
per = {}
for i, c in enumerate(cells):
    s = json.load(open(os.path.join(base, c, "profile_export_aiperf.json")))
    assert s["request_count"]["avg"] == 64, (c, s["request_count"])
    assert s["input_config"]["loadgen"]["concurrency"] == int(c.split("_")[1]), s["input_config"]["loadgen"]
    per[c] = s
    # Seeds: 42 + the variation index (no --random-seed given).
    assert os.path.exists(os.path.join(base, c, "inputs.json"))
agg = json.load(open(os.path.join(base, "sweep_aggregate", "profile_export_aiperf_sweep.json")))
md = agg["metadata"]
assert md["aggregation_type"] == "sweep" and md["num_combinations"] == 4 and md["num_trials_per_value"] == 1, md
assert md["sweep_parameters"] == [{"name": "concurrency", "values": [8, 16, 32, 64]}], md
rows = agg["per_combination_metrics"]
assert [r["parameters"] for r in rows] == [{"concurrency": v} for v in (8, 16, 32, 64)]
for r, c in zip(rows, cells):
    s = per[c]
    for tag, stat in [("request_throughput", "avg"), ("time_to_first_token", "p99"), ("request_latency", "p99"), ("goodput", "avg")]:
        assert abs(r["metrics"][tag + "_" + stat]["mean"] - s[tag][stat]) < 1e-9, (c, tag, stat)
thr = {c: per[c]["request_throughput"]["avg"] for c in cells}
lat = {c: per[c]["time_to_first_token"]["p99"] for c in cells}
best = max(cells, key=lambda c: thr[c])
assert agg["best_configurations"]["best_throughput"]["parameters"] == {"concurrency": int(best.split("_")[1])}
assert abs(agg["best_configurations"]["best_throughput"]["metric"] - thr[best]) < 1e-9
bl = min(cells, key=lambda c: per[c]["request_latency"]["p99"])
assert agg["best_configurations"]["best_latency_p99"]["parameters"] == {"concurrency": int(bl.split("_")[1])}
pareto = [c for c in cells if not any(thr[d] >= thr[c] and lat[d] <= lat[c] and (thr[d] > thr[c] or lat[d] < lat[c]) for d in cells)]
assert agg["pareto_optimal"] == [{"concurrency": int(c.split("_")[1])} for c in pareto], (agg["pareto_optimal"], pareto)
csv = open(os.path.join(base, "sweep_aggregate", "profile_export_aiperf_sweep.csv")).read().splitlines()
assert csv[0].startswith("Variation,concurrency,Successful Trials,Failed Trials,"), csv[0]
assert len(csv) == 5 and csv[1].startswith("concurrency_8,8,1,0,"), csv[1]
' "$WORK/quick"
# Seeds 42..45, one per variation, as the runs recorded them.
for i in 0 1 2 3; do
  c=$((8 << i))
  seed="$(py 'import json,sys; print(json.load(open(sys.argv[1]))["input_config"]["input"].get("random_seed"))' \
    "$WORK/quick/concurrency_$c/profile_export_aiperf.json")"
  [ "$seed" = "$((42 + i))" ] || fail "concurrency_$c ran with seed $seed, expected $((42 + i))"
done
grep -q "Sweep aggregate: $WORK/quick/sweep_aggregate/profile_export_aiperf_sweep.json" "$WORK/quick.out" \
  || { cat "$WORK/quick.out"; fail "the sweep did not say where its aggregate is"; }

# --- 2. Multi-run confidence --------------------------------------------------------------------
run multi 0 "${BASE[@]}" --concurrency 2 --request-count 12 --num-profile-runs 3 --artifact-dir "$WORK/multi"
for t in 1 2 3; do
  [ -f "$WORK/multi/profile_runs/run_000$t/profile_export_aiperf.json" ] || fail "run_000$t is missing"
done
cmp -s "$WORK/multi/profile_runs/run_0001/inputs.json" "$WORK/multi/profile_runs/run_0002/inputs.json" \
  || fail "trials of one variation must send the same inputs (same seed)"
cmp -s "$WORK/multi/profile_runs/run_0001/inputs.json" "$WORK/multi/profile_runs/run_0003/inputs.json" \
  || fail "trials of one variation must send the same inputs (same seed)"
py '
import json, math, os, sys
base = sys.argv[1]
agg = json.load(open(os.path.join(base, "aggregate", "profile_export_aiperf_aggregate.json")))
md = agg["metadata"]
assert agg["schema_version"] == "1.0" and md["aggregation_type"] == "confidence", md
assert md["num_profile_runs"] == 3 and md["num_successful_runs"] == 3 and md["failed_runs"] == [], md
assert md["run_labels"] == ["run_0001", "run_0002", "run_0003"] and md["confidence_level"] == 0.95, md
runs = [json.load(open(os.path.join(base, "profile_runs", "run_%04d" % t, "profile_export_aiperf.json"))) for t in (1, 2, 3)]
t975_df2 = 4.302652729911275  # Student t, 0.975 quantile, 2 degrees of freedom
for tag, stat in [("request_latency", "avg"), ("time_to_first_token", "p99"), ("request_throughput", "avg")]:
    xs = [r[tag][stat] for r in runs]
    mean = sum(xs) / 3
    std = math.sqrt(sum((x - mean) ** 2 for x in xs) / 2)
    e = agg["metrics"][tag + "_" + stat]
    assert abs(e["mean"] - mean) < 1e-9 * max(1, abs(mean)), (tag, e, xs)
    assert abs(e["std"] - std) < 1e-9 * max(1, std), (tag, e, xs)
    assert abs(e["t_critical"] - t975_df2) < 1e-9, e
    assert abs(e["ci_low"] - (mean - t975_df2 * std / math.sqrt(3))) < 1e-6 * max(1, abs(mean)), e
    assert abs(e["ci_high"] - (mean + t975_df2 * std / math.sqrt(3))) < 1e-6 * max(1, abs(mean)), e
    assert e["min"] == min(xs) and e["max"] == max(xs) and e["unit"] == runs[0][tag]["unit"], e
csv = open(os.path.join(base, "aggregate", "profile_export_aiperf_aggregate.csv")).read()
assert "request_latency_avg" in csv, csv[:300]
' "$WORK/multi"

# --- 3. Sweep x trials: repeated (trials outer) and independent (variations outer) ---------------
run repeated 0 "${BASE[@]}" --concurrency 1,2 --request-count 4 --num-profile-runs 2 --artifact-dir "$WORK/rep"
for t in 1 2; do for c in 1 2; do
  [ -f "$WORK/rep/profile_runs/trial_000$t/concurrency_$c/profile_export_aiperf.json" ] \
    || fail "repeated: profile_runs/trial_000$t/concurrency_$c is missing"
done; done
for c in 1 2; do [ -f "$WORK/rep/aggregate/concurrency_$c/profile_export_aiperf_aggregate.json" ] \
  || fail "repeated: aggregate/concurrency_$c is missing"; done
[ -f "$WORK/rep/aggregate/sweep_aggregate/profile_export_aiperf_sweep.json" ] || fail "repeated: no aggregate/sweep_aggregate"
# Order: (c1,t1) (c2,t1) (c1,t2) (c2,t2).
grep -oE '== concurrency_[12], trial [12]' "$WORK/repeated.out" | tr '\n' ' ' | grep -q \
  '== concurrency_1, trial 1 == concurrency_2, trial 1 == concurrency_1, trial 2 == concurrency_2, trial 2' \
  || { cat "$WORK/repeated.out"; fail "repeated order is wrong"; }

run independent 0 "${BASE[@]}" --concurrency 1,2 --request-count 4 --num-profile-runs 2 \
  --parameter-sweep-mode independent --artifact-dir "$WORK/ind"
for t in 1 2; do for c in 1 2; do
  [ -f "$WORK/ind/concurrency_$c/profile_runs/trial_000$t/profile_export_aiperf.json" ] \
    || fail "independent: concurrency_$c/profile_runs/trial_000$t is missing"
done; done
for c in 1 2; do [ -f "$WORK/ind/concurrency_$c/aggregate/profile_export_aiperf_aggregate.json" ] \
  || fail "independent: concurrency_$c/aggregate is missing"; done
[ -f "$WORK/ind/sweep_aggregate/profile_export_aiperf_sweep.json" ] || fail "independent: no sweep_aggregate"
grep -oE '== concurrency_[12], trial [12]' "$WORK/independent.out" | tr '\n' ' ' | grep -q \
  '== concurrency_1, trial 1 == concurrency_1, trial 2 == concurrency_2, trial 1 == concurrency_2, trial 2' \
  || { cat "$WORK/independent.out"; fail "independent order is wrong"; }

# --- 4. zip, --variant scenarios, a YAML grid ---------------------------------------------------
run zip 0 "${BASE[@]}" --concurrency 1,2 --isl 8,24 --sweep-type zip --request-count 2 --artifact-dir "$WORK/zip"
[ -d "$WORK/zip/concurrency_1__isl_8" ] && [ -d "$WORK/zip/concurrency_2__isl_24" ] \
  && [ ! -d "$WORK/zip/concurrency_1__isl_24" ] || { ls "$WORK/zip"; fail "zip cells are wrong"; }
run grid 0 "${BASE[@]}" --concurrency 1,2 --isl 8,24 --request-count 2 --artifact-dir "$WORK/grid"
[ "$(ls -d "$WORK"/grid/concurrency_* | wc -l)" = 4 ] || { ls "$WORK/grid"; fail "grid must have 4 cells"; }
run variant 0 "${BASE[@]}" --request-count 2 --variant "small: concurrency=1, isl=8" \
  --variant "big: concurrency=2, isl=32" --artifact-dir "$WORK/variant"
[ -f "$WORK/variant/small/profile_export_aiperf.json" ] && [ -f "$WORK/variant/big/profile_export_aiperf.json" ] \
  || { ls "$WORK/variant"; fail "--variant cells are missing"; }
py 'import json,sys
a=json.load(open(sys.argv[1]))
assert a["metadata"]["sweep_type"] == "scenarios", a["metadata"]
assert [r["variation"] for r in a["per_combination_metrics"]] == ["small", "big"]' \
  "$WORK/variant/sweep_aggregate/profile_export_aiperf_sweep.json"
cat >"$WORK/sweep.yaml" <<YAML
schemaVersion: "2.0"
benchmark:
  model: test-model
  tokenizer: {name: builtin}
  endpoint: {url: $URL, streaming: true}
  dataset: {type: synthetic, prompts: {isl: 16, osl: 4}}
  phases: {type: concurrency, concurrency: 1, requests: 2}
  artifacts: {dir: $WORK/yaml}
sweep:
  type: grid
  parameters: {concurrency: [1, 3]}
multi_run: {num_runs: 1}
YAML
run yaml 0 -f "$WORK/sweep.yaml" --ui none
[ -f "$WORK/yaml/concurrency_1/profile_export_aiperf.json" ] && [ -f "$WORK/yaml/concurrency_3/profile_export_aiperf.json" ] \
  && [ -f "$WORK/yaml/sweep_aggregate/profile_export_aiperf_sweep.json" ] || { ls -R "$WORK/yaml"; fail "YAML grid layout"; }

# --- 5. Adaptive convergence stops early ---------------------------------------------------------
run converge 0 "${BASE[@]}" --concurrency 1 --request-count 6 --num-profile-runs 6 \
  --convergence-metric request_latency --convergence-mode cv --convergence-threshold 0.9 --artifact-dir "$WORK/conv"
[ "$(ls "$WORK/conv/profile_runs" | wc -l)" = 3 ] || { ls "$WORK/conv/profile_runs"; fail "convergence should stop after 3 trials"; }
grep -q "Converged after 3 trial(s)" "$WORK/converge.out" || { cat "$WORK/converge.out"; fail "no convergence message"; }
[ -f "$WORK/conv/aggregate/profile_export_aiperf_collated.json" ] || fail "convergence: the collated export is missing"

# --- 6. Ctrl-C during a sweep: what finished is written, marked incomplete -----------------------
"$AIPERF" profile "${BASE[@]}" --concurrency 1,2,3 --benchmark-duration 1.5 --artifact-dir "$WORK/int" \
  >"$WORK/int.out" 2>&1 &
pid=$!
for _ in $(seq 1 200); do [ -f "$WORK/int/concurrency_1/profile_export_aiperf.json" ] && break; sleep 0.05; done
sleep 0.5
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 130 ] || { cat "$WORK/int.out"; fail "interrupted sweep: exit $rc, expected 130"; }
py 'import json,sys
a=json.load(open(sys.argv[1]))
md=a["metadata"]
assert md.get("incomplete") is True and md.get("incomplete_reason") == "interrupted", md
assert a["per_combination_metrics"][0]["successful_trials"] == 1, a["per_combination_metrics"][0]
assert len(a["per_combination_metrics"]) == 2, len(a["per_combination_metrics"])' \
  "$WORK/int/sweep_aggregate/profile_export_aiperf_sweep.json"
[ ! -d "$WORK/int/concurrency_3" ] || fail "the sweep went on after Ctrl-C"

# --- 7. Bad input: one clear error each, exit 1, nothing sent ------------------------------------
before="$(sent)"
bad() {  # expected-message args...
  local want="$1"
  shift
  run bad 1 "${BASE[@]}" --artifact-dir "$WORK/bad" "$@"
  grep -qF -- "$want" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "expected '$want'"; }
}
bad "--warmup-request-count cannot be swept" --warmup-request-count 1,2
bad "zip pairs them one to one" --concurrency 1,2 --isl 8,16,32 --sweep-type zip
bad "cannot be swept or searched" --concurrency 1,2 --input-file "$WORK/sweep.yaml" --custom-dataset-type mooncake_trace --fixed-schedule
bad "'time_to_first_tok' is not a metric (did you mean time_to_first_token?)" --concurrency 1,2 \
  --search-sla time_to_first_tok:p99:le:5
bad "--convergence-metric needs --num-profile-runs 2 or more" --num-profile-runs 1 --convergence-metric request_latency
bad "expected PATH:LO,HI" --search-space phases.profiling.concurrency --search-planner monotonic_sla \
  --search-sla time_to_first_token:p99:le:600
bad "--num-profile-runs must be between 1 and 10" --num-profile-runs 11
bad "a study is defined one way at a time" --concurrency 1,2 --variant "a: concurrency=1" --variant "b: concurrency=2"
[ "$(sent)" = "$before" ] || fail "a refused command sent requests"
[ ! -e "$WORK/bad" ] || fail "a refused command created its artifact directory"
echo "PASS"
