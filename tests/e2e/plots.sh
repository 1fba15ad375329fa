#!/usr/bin/env bash
# `aiperf plot` and `aiperf profile --auto-plot` against the mock (metrics-and-outputs.md §11,
# docs/plots.md). Charts are checked by what they contain: every chart's series (plot_data.json,
# what the renderer draws from) against the run's exports; PNGs by size and, for the dark theme,
# by being dark. Then a sweep's and a multi-run's comparison charts, the failure policy of
# --auto-plot / --plot-required, bad input, and --dashboard serving the report.
source "$(dirname "$0")/lib/common.bash"

# report.html is checked in headless Chromium through puppeteer-core (scripts/puppeteer-npm.sh);
# without them the test fails, or skips that part when AIPERF_SKIP_BROWSER=1.
BROWSER_NPM=""
if command -v chromium >/dev/null && BROWSER_NPM="$("$E2E_LIB/../../../scripts/puppeteer-npm.sh" 2>"$WORK/npm.log")"; then :
elif [ "${AIPERF_SKIP_BROWSER:-0}" = "1" ]; then echo "note: no chromium or puppeteer-core: the browser checks are skipped"; BROWSER_NPM=""
else cat "$WORK/npm.log" >&2; fail "chromium and puppeteer-core are needed (scripts/setup.sh, scripts/puppeteer-npm.sh; AIPERF_SKIP_BROWSER=1 skips)"; fi
browser() { [ -z "$BROWSER_NPM" ] || node "$E2E_LIB/../../browser/report_check.mjs" --npm-dir "$BROWSER_NPM" "$@"; }
export HOME="$WORK/home"  # the default plot settings file is created under it
mkdir -p "$HOME"
start_mock --ttft-ms 3 --itl-ms 1 --output-tokens 6 --ttft-jitter-ms 4
BASE=(-m test-model --tokenizer builtin --endpoint-type chat --streaming --url "$MOCK_URL" --isl 16 --osl 6 --ui none)

run() {  # name expected_exit command args... : output in $WORK/<name>.out
  local name="$1" want="$2"
  shift 2
  set +e
  "$@" >"$WORK/$name.out" 2>&1
  local rc=$?
  set -e
  [ "$rc" = "$want" ] || { cat "$WORK/$name.out"; fail "$name: exit $rc, expected $want"; }
}

# --- 1. One run with --auto-plot: the single-run charts, checked against the exports -------------
run single 0 "$AIPERF" profile "${BASE[@]}" --concurrency 4 --request-count 120 --slice-duration 0.1 \
  --goodput "time_to_first_token:5 inter_token_latency:1.5" --auto-plot --artifact-dir "$WORK/single"
grep -q "Plots: " "$WORK/single.out" || { cat "$WORK/single.out"; fail "--auto-plot said nothing"; }
[ -f "$HOME/.aiperf/plot_config.yaml" ] || fail "the default plot settings file was not created"
for f in ttft_over_time itl_over_time latency_over_time dispersed_throughput_over_time ttft_timeline \
         timeslices_ttft timeslices_itl timeslices_throughput timeslices_latency; do
  [ -s "$WORK/single/plots/$f.png" ] || fail "auto-plot did not write $f.png"
done
[ -s "$WORK/single/plots/report.html" ] || fail "auto-plot did not write report.html"
run single_dump 0 "$AIPERF" plot "$WORK/single" --dump-data --output "$WORK/single-dump" --theme dark
py '
import sys
from plot_checks import *
run, dump = sys.argv[1], sys.argv[2]
by_name = check_single_run(run, dump + "/plot_data.json")
check_timeslices(run, by_name)
for name in by_name:
    assert png_size(f"{dump}/{name}.png") == (1200, 720), name
dark = png_mean_luminance(dump + "/ttft_over_time.png")
light = png_mean_luminance(run + "/plots/ttft_over_time.png")
assert dark < 0.3 < 0.7 < light, (dark, light)
' "$WORK/single" "$WORK/single-dump"

# The report in a real browser: no console error, every chart drawn, and the goodput explorer's
# SLO box dragged to the run's own --goodput SLOs reads the goodput `aiperf profile` exported.
goodput="$(py 'import json,sys; print(repr(json.load(open(sys.argv[1]))["goodput"]["avg"]))' "$WORK/single/profile_export_aiperf.json")"
browser --report "$WORK/single/plots/report.html" --expect-charts 9 --drag-ttft 5 --drag-itl 1.5 \
  --expect-goodput "$goodput" >"$WORK/browser_single.out" 2>&1 || { cat "$WORK/browser_single.out"; fail "report.html (one run)"; }

# GPU telemetry in upstream's export format (§8.4, §8.6; written here by hand, with known values): the
# utilisation chart appears, one line per GPU, and the per-GPU charts divide by the GPUs seen.
cp -r "$WORK/single" "$WORK/gpu-run" && rm -rf "$WORK/gpu-run/plots"
py '
import json, sys
from plot_checks import *
run = sys.argv[1]
recs = records(run)
t0 = min(r["metadata"]["request_start_ns"] for r in recs)
t1 = max(r["metadata"]["request_end_ns"] for r in recs)
with open(run + "/gpu_telemetry_export.jsonl", "w") as f:
    for k in range(12):
        t = t0 + (t1 - t0) * k // 11
        for g in (0, 1):
            f.write(json.dumps({"timestamp_ns": t, "dcgm_url": "http://localhost:9401/metrics", "gpu_index": g,
                                "gpu_uuid": "GPU-%d" % g, "hostname": "node-a",
                                "telemetry_data": {"nvidia_gpu_utilization": 10.0 * g + k, "nvidia_power_usage": 300.0}}) + chr(10))
s = json.load(open(run + "/profile_export_aiperf.json"))
s["telemetry_data"] = {"endpoints": {"localhost:9401": {"gpus": {"gpu_0": {"gpu_index": 0, "gpu_uuid": "GPU-0"},
                                                                 "gpu_1": {"gpu_index": 1, "gpu_uuid": "GPU-1"}}}}}
json.dump(s, open(run + "/profile_export_aiperf.json", "w"))
' "$WORK/gpu-run"
run gpu_dump 0 "$AIPERF" plot "$WORK/gpu-run" --dump-data --output "$WORK/gpu-dump"
py '
import sys
from plot_checks import *
_, by_name = charts(sys.argv[1] + "/plot_data.json")
c = by_name["gpu_utilization_and_throughput_over_time"]
lines = [s for s in c["series"] if not s["secondary_y"]]
assert [s["name"] for s in lines] == ["gpu 0 (node-a)", "gpu 1 (node-a)"], [s["name"] for s in lines]
assert lines[0]["y"] == [float(k) for k in range(12)] and lines[1]["y"] == [10.0 + k for k in range(12)], lines[0]["y"]
tp = by_name["dispersed_throughput_over_time"]["series"][0]
right = next(s for s in c["series"] if s["secondary_y"])
assert right["y"] == tp["y"], "the right axis is not the dispersed throughput"
' "$WORK/gpu-dump"
mkdir -p "$WORK/gpu-sweep"
cp -r "$WORK/gpu-run" "$WORK/gpu-sweep/a" && cp -r "$WORK/gpu-run" "$WORK/gpu-sweep/b"
run gpu_sweep_dump 0 "$AIPERF" plot "$WORK/gpu-sweep" --dump-data --output "$WORK/gpu-sweep-dump"
py '
import json, sys
from plot_checks import *
_, by_name = charts(sys.argv[1] + "/plot_data.json")
c = by_name["pareto_curve_throughput_per_gpu_vs_latency"]
s = json.load(open(sys.argv[2] + "/profile_export_aiperf.json"))
pts = [y for se in c["series"] if se["kind"] == "points" for y in se["y"]]
assert all(close(y, s["output_token_throughput"]["avg"] / 2) for y in pts), (pts, s["output_token_throughput"]["avg"])
assert c["y"]["unit"] == "tokens/sec/gpu" and any("divided by 2 GPUs" in n for n in c["notes"]), (c["y"], c["notes"])
' "$WORK/gpu-sweep-dump" "$WORK/gpu-run"

# --- 2. A sweep with --auto-plot: one point per cell, the Pareto frontier over them --------------
run sweep 0 "$AIPERF" profile "${BASE[@]}" --concurrency 1,2,4 --request-count 24 --auto-plot --artifact-dir "$WORK/sweep"
for f in pareto_curve_throughput_per_gpu_vs_latency pareto_curve_throughput_per_gpu_vs_interactivity ttft_vs_throughput; do
  [ -s "$WORK/sweep/plots/$f.png" ] || fail "the sweep's auto-plot did not write $f.png"
done
[ ! -d "$WORK/sweep/concurrency_1/plots" ] || fail "a sweep's trials must not plot one by one"
run sweep_dump 0 "$AIPERF" plot "$WORK/sweep" --dump-data --output "$WORK/sweep-dump"
py '
import json, sys
from plot_checks import *
base = sys.argv[1]
cells = {c: [json.load(open(f"{base}/{c}/profile_export_aiperf.json"))] for c in ("concurrency_1", "concurrency_2", "concurrency_4")}
check_multi_run(sys.argv[2] + "/plot_data.json", cells)
' "$WORK/sweep" "$WORK/sweep-dump"

browser --report "$WORK/sweep/plots/report.html" --expect-charts 3 >"$WORK/browser_sweep.out" 2>&1 ||
  { cat "$WORK/browser_sweep.out"; fail "report.html (a sweep)"; }

# --- 3. Sweep x trials (repeated order): each point is the mean of its cell's trials ------------
run trials 0 "$AIPERF" profile "${BASE[@]}" --concurrency 1,3 --num-profile-runs 2 --request-count 12 \
  --artifact-dir "$WORK/trials"
run trials_dump 0 "$AIPERF" plot "$WORK/trials" --dump-data --output "$WORK/trials-dump"
py '
import json, sys
from plot_checks import *
base = sys.argv[1]
cells = {c: [json.load(open(f"{base}/profile_runs/trial_{t:04d}/{c}/profile_export_aiperf.json")) for t in (1, 2)]
         for c in ("concurrency_1", "concurrency_3")}
by_name = check_multi_run(sys.argv[2] + "/plot_data.json", cells)
assert any("mean of its trials" in n for n in by_name["ttft_vs_throughput"]["notes"])
' "$WORK/trials" "$WORK/trials-dump"
# A multi-run of one configuration: its trials are the points (folding them would leave one).
run multirun 0 "$AIPERF" profile "${BASE[@]}" --concurrency 2 --num-profile-runs 2 --request-count 8 \
  --artifact-dir "$WORK/multirun"
run multirun_dump 0 "$AIPERF" plot "$WORK/multirun" --dump-data --output "$WORK/multirun-dump"
py '
import json, sys
from plot_checks import *
_, by_name = charts(sys.argv[1] + "/plot_data.json")
pts = [s for s in by_name["ttft_vs_throughput"]["series"] if s["kind"] == "points"]
assert sorted(l for s in pts for l in s["labels"]) == ["run_0001", "run_0002"], pts
for s in pts:
    for x, l in zip(s["x"], s["labels"]):
        want = json.load(open(f"{sys.argv[2]}/profile_runs/{l}/profile_export_aiperf.json"))["time_to_first_token"]["avg"]
        assert close(x, want), (l, x, want)
' "$WORK/multirun-dump" "$WORK/multirun"
# Several PATH arguments: one comparison, each point named by its directory.
run two_paths 0 "$AIPERF" plot "$WORK/single" "$WORK/sweep/concurrency_2" --output "$WORK/two"
grep -q "Comparison of 2 runs" "$WORK/two_paths.out" || { cat "$WORK/two_paths.out"; fail "two paths are not a comparison"; }

# Grouping and the experiment classification: by PATH argument, the baseline drawn grey.
printf 'group_by: experiment_group\nexperiment_classification:\n  baselines: ["single"]\n' >"$WORK/groups.yaml"
run groups 0 "$AIPERF" plot "$WORK/single" "$WORK/sweep/concurrency_2" --config "$WORK/groups.yaml" --dump-data \
  --output "$WORK/groups"
printf 'group_by: run_name\n' >"$WORK/names.yaml"
run names 0 "$AIPERF" plot "$WORK/sweep" --config "$WORK/names.yaml" --dump-data --output "$WORK/names"
py '
import sys
from plot_checks import *
_, by_name = charts(sys.argv[1] + "/plot_data.json")
pts = {s["name"]: s for s in by_name["ttft_vs_throughput"]["series"] if s["kind"] == "points"}
assert set(pts) == {"single", "concurrency_2"}, list(pts)
assert pts["single"]["grey"] and not pts["concurrency_2"]["grey"], {k: v["grey"] for k, v in pts.items()}
_, by_name = charts(sys.argv[2] + "/plot_data.json")
names = sorted(s["name"] for s in by_name["ttft_vs_throughput"]["series"] if s["kind"] == "points")
assert names == ["concurrency_1", "concurrency_2", "concurrency_4"], names
' "$WORK/groups" "$WORK/names"

# A search with --auto-plot plots its base directory once, its iterations as the points.
run search 0 "$AIPERF" profile "${BASE[@]}" --request-count 8 --search-space phases.profiling.concurrency:1,4:int \
  --search-planner monotonic_sla --search-sla time_to_first_token:p99:le:10000 --auto-plot --artifact-dir "$WORK/search"
[ -s "$WORK/search/plots/ttft_vs_throughput.png" ] || { cat "$WORK/search.out"; fail "a search's auto-plot did not plot its base"; }
[ -z "$(find "$WORK/search" -mindepth 2 -name plots)" ] || fail "a search's iterations must not plot one by one"

# --- 4. --auto-plot failure policy: a warning, or exit 1 with --plot-required --------------------
printf 'group_by: nonsense\n' >"$HOME/.aiperf/plot_config.yaml"
run plot_warns 0 "$AIPERF" profile "${BASE[@]}" --concurrency 1 --request-count 4 --auto-plot --artifact-dir "$WORK/warns"
grep -q "auto-plot: plotting failed: .*plot_config.yaml:1: group_by" "$WORK/plot_warns.out" || { cat "$WORK/plot_warns.out"; fail "no warning"; }
[ -s "$WORK/warns/profile_export_aiperf.json" ] || fail "a failed plot must not cost the run's exports"
run plot_required 1 "$AIPERF" profile "${BASE[@]}" --concurrency 1 --request-count 4 --auto-plot --plot-required \
  --artifact-dir "$WORK/required"
[ -s "$WORK/required/profile_export_aiperf.json" ] || fail "--plot-required: the run's exports are missing"
rm "$HOME/.aiperf/plot_config.yaml"

# The YAML envelope's plot: (ours: true, or {enabled, required}) is --auto-plot.
cat >"$WORK/run.yaml" <<YAML
plot: {enabled: true}
benchmark:
  model: test-model
  tokenizer: builtin
  endpoint: {url: "$MOCK_URL", streaming: true}
  dataset: {prompts: {isl: 16, osl: 6}}
  phases: {type: concurrency, concurrency: 2, requests: 8}
  artifacts: {dir: "$WORK/yaml-run"}
YAML
run yaml_plot 0 "$AIPERF" profile -f "$WORK/run.yaml" --ui none
[ -s "$WORK/yaml-run/plots/ttft_over_time.png" ] || { cat "$WORK/yaml_plot.out"; fail "plot: true did not plot"; }
printf 'plot: {enabled: maybe}\n' >"$WORK/bad-plot.yaml"
run yaml_bad_plot 1 "$AIPERF" config validate --config-file "$WORK/bad-plot.yaml"
grep -q "bad-plot.yaml:1:.*plot: enabled: expected true or false" "$WORK/yaml_bad_plot.out" ||
  { cat "$WORK/yaml_bad_plot.out"; fail "a bad plot: is not located"; }

# --- 5. Bad input: one clear line, exit 1 --------------------------------------------------------
run no_dir 1 "$AIPERF" plot "$WORK/nowhere"
grep -q "nowhere: no such directory" "$WORK/no_dir.out" || { cat "$WORK/no_dir.out"; fail "missing dir not named"; }
mkdir -p "$WORK/empty"
run no_run 1 "$AIPERF" plot "$WORK/empty"
grep -q "no run found" "$WORK/no_run.out" || fail "empty dir not explained"
run bad_theme 1 "$AIPERF" plot "$WORK/single" --theme purple
printf 'charts: [ttft_over_time]\ncolour: red\n' >"$WORK/bad.yaml"
run bad_config 1 "$AIPERF" plot "$WORK/single" --config "$WORK/bad.yaml"
grep -q "bad.yaml:2: unknown key 'colour'" "$WORK/bad_config.out" || { cat "$WORK/bad_config.out"; fail "bad config key not located"; }
# A config that picks charts draws only those.
printf 'charts: [ttft_over_time]\nhtml: false\n' >"$WORK/one.yaml"
run one_chart 0 "$AIPERF" plot "$WORK/single" --config "$WORK/one.yaml" --output "$WORK/one"
[ "$(ls "$WORK/one")" = "ttft_over_time.png" ] || fail "--config charts: wrote $(ls "$WORK/one")"

# --- 6. --dashboard serves the report on 127.0.0.1 until Ctrl-C ----------------------------------
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$AIPERF" plot "$WORK/single" --output "$WORK/dash" --dashboard --port "$port" >"$WORK/dash.out" 2>&1 &
dash=$!
for _ in $(seq 1 100); do grep -q "Serving the report" "$WORK/dash.out" && break; sleep 0.05; done
grep -q "http://127.0.0.1:$port/" "$WORK/dash.out" || { cat "$WORK/dash.out"; fail "dashboard did not start"; }
curl -sf -o "$WORK/served.html" "http://127.0.0.1:$port/" || fail "/ did not answer"
cmp -s "$WORK/served.html" "$WORK/dash/report.html" || fail "/ is not the report"
curl -sf -o /dev/null "http://127.0.0.1:$port/ttft_over_time.png" || fail "the PNGs are not served"
code="$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "http://127.0.0.1:$port/../plots.sh")"
[ "$code" = 404 ] || fail "a path outside the plot directory answered $code"
kill -INT "$dash"
wait "$dash" || fail "--dashboard did not exit 0 on Ctrl-C"
echo "PASS"
