#!/usr/bin/env bash
# Adaptive scale (cli-and-load.md §5.7, docs/sweeps.md): one run raises the concurrency while
# each assessment window meets the phase SLA, falls back to the last passing value at the first
# failing window, holds it, and ends on its own; the event log and the summary say so. Against
# the mock's serving model (ITL = 2 + 1·batch ms, so ITL avg <= 10.5 ms holds up to 8 in flight)
# when the mock has it, else on request throughput, which a closed loop raises with concurrency.
# Also: the request rate as the variable, a range whose first value fails, and refused setups.
source "$(dirname "$0")/lib/common.bash"

if "$MOCK" --help 2>&1 | grep -q -- --decode-step-ms-per-seq; then
  start_mock --decode-step-ms 2 --decode-step-ms-per-seq 1
  SLA='"inter_token_latency:avg:le:10.5"'
  KNEE=8  # fixed 25 % steps: 1 2 3 4 5 6 8 10; 10 fails
else
  start_mock --ttft-ms 10 --itl-ms 5  # latency ~105 ms: ~9.5 requests/s per request in flight
  SLA='"request_throughput:avg:le:60"'
  KNEE=6
fi

run_yaml() {  # run_yaml NAME PHASE-YAML: profiles the mock with that profiling phase into $WORK/NAME
  cat >"$WORK/$1.yaml" <<YAML
benchmark:
  model: mock-model
  endpoint: {url: "$MOCK_URL", streaming: true}
  dataset: {entries: 50, prompts: {isl: 32, osl: 20}}
  phases:
    profiling:
$2
  artifacts: {dir: "$WORK/$1"}
  runtime: {ui: none}
YAML
  "$AIPERF" profile -f "$WORK/$1.yaml" >"$WORK/$1.out" 2>&1
}

# --- 1. concurrency: ramp, first failure, fall back, hold, stop ----------------------------------
run_yaml conc "      type: concurrency
      duration: 60
      adaptive_scale:
        enabled: true
        control: {variable: concurrency, min: 1, max: 64}
        assessment_period: 1
        min_completed_requests: 5
        sustain_duration: 2
        strategy: {type: ramp_until_fail, step_policy: fixed_percent_step, step_percent: 25}
      sla: [$SLA]" || { cat "$WORK/conc.out"; fail "adaptive concurrency run failed"; }
peak="$(curl -s "$MOCK_URL/metrics" | awk '$1 == "aiperf_mock_in_flight_peak" {print $2}')"
grep -q "adaptive scale of concurrency 1 to 64" "$WORK/conc.out" || { cat "$WORK/conc.out"; fail "load not described"; }
grep -q "Adaptive scale (concurrency): highest passing" "$WORK/conc.out" || fail "no adaptive scale line on the console"
ART="$WORK/conc" KNEE="$KNEE" PEAK="$peak" py '
import json, os
art, knee, peak = os.environ["ART"], int(os.environ["KNEE"]), int(os.environ["PEAK"])
events = [json.loads(l) for l in open(f"{art}/adaptive_scale_events.jsonl")]
s = json.load(open(f"{art}/adaptive_scale_summary.json"))
assert not os.path.exists(f"{art}/adaptive_scale_events.jsonl.partial")
decisions = [e["decision"] for e in events]
ramp = decisions[:decisions.index("fall_back")]
assert ramp and set(ramp) == {"raise"}, decisions
assert set(decisions[len(ramp) + 1:]) <= {"hold"}, decisions
values = [e["value"] for e in events]
assert values[:len(ramp) + 1] == sorted(values[:len(ramp) + 1]) and values[0] == 1, values
for e in events:
    assert e["completed_requests"] >= 5 and e["end_ns"] > e["start_ns"], e
    f = e["filters"][0]
    assert f["passed"] == e["passed"] and f["observed"] is not None and f["unit"], e
    assert (f["margin"] >= 0) == f["passed"], f
fb = events[len(ramp)]
assert not fb["passed"] and fb["next_value"] == s["max_passing_value"] == values[len(ramp) - 1], (fb, s)
assert s["stop_reason"] == "sla_failed", s
assert s["first_failing_value"] == fb["value"] > s["max_passing_value"], s
# The knee by the model, give or take one step when the machine is busy.
assert s["max_passing_value"] in (knee, {8: 6, 6: 5}[knee]), (s, knee)
assert s["final_value"] == s["max_passing_value"] and s["windows"] == len(events), s
assert peak <= s["first_failing_value"], ("in flight beyond the highest value tried", peak, s)
# After the fall back the load drops to the held value as requests finish (none is cancelled):
# once the requests of the failing value are done (1 s later), at most that many are in flight.
spans = [(x["metadata"]["request_start_ns"], x["metadata"]["request_end_ns"])
         for x in map(json.loads, open(f"{art}/profile_export.jsonl"))]
settled = fb["end_ns"] + 1_000_000_000
held = max((sum(1 for a, b in spans if a <= t < b) for t, _ in spans if t >= settled), default=0)
assert 0 < held <= s["max_passing_value"], ("in flight while holding", held, s)
# The run ended by itself, long before its 60 s, and wrote everything.
r = json.load(open(f"{art}/profile_export_aiperf.json"))
assert r["benchmark_duration"]["avg"] < 40, r["benchmark_duration"]
assert r["input_config"]["loadgen"]["adaptive_scale"]["control"]["max"] == 64, r["input_config"]["loadgen"]
records = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(records) == r["request_count"]["avg"] and not [x for x in records if "error" in x]
print("ok concurrency:", values, "-> held", s["max_passing_value"], "first failing", s["first_failing_value"], "mock peak", peak)
'

# --- 2. request rate, passing up to max: hold max -------------------------------------------------
run_yaml rate "      type: constant
      duration: 60
      adaptive_scale:
        control: {variable: request_rate, min: 4, max: 16}
        assessment_period: 0.5
        min_completed_requests: 2
        sustain_duration: 0.5
        strategy: {step_policy: fixed_percent_step, step_percent: 100}
      sla: [\"request_latency:p90:le:5000\"]" || { cat "$WORK/rate.out"; fail "adaptive rate run failed"; }
ART="$WORK/rate" py '
import json, os
art = os.environ["ART"]
events = [json.loads(l) for l in open(f"{art}/adaptive_scale_events.jsonl")]
s = json.load(open(f"{art}/adaptive_scale_summary.json"))
assert [e["value"] for e in events][:3] == [4.0, 8.0, 16.0], events
assert [e["decision"] for e in events][:3] == ["raise", "raise", "hold_max"], events
assert s["stop_reason"] == "max_reached" and s["max_passing_value"] == 16.0 and s["first_failing_value"] is None, s
print("ok request rate: 4 -> 8 -> 16 req/s, held max")
'

# --- 3. prefill concurrency: the closed loop keeps 8 in flight, the prefill limit rises to max --
start_mock --ttft-ms 50 --itl-ms 2
run_yaml prefill "      type: concurrency
      concurrency: 8
      adaptive_scale:
        control: {variable: prefill_concurrency, min: 1, max: 4}
        assessment_period: 0.5
        min_completed_requests: 3
        sustain_duration: 0.5
        strategy: {step_policy: fixed_percent_step, step_percent: 100}
      sla: [\"time_to_first_token:p90:le:5000\"]" || { cat "$WORK/prefill.out"; fail "adaptive prefill run failed"; }
prefill_peak="$(curl -s "$MOCK_URL/metrics" | awk '$1 == "aiperf_mock_awaiting_first_token_peak" {print $2}')"
[ "$prefill_peak" -le 4 ] || fail "mock saw $prefill_peak requests awaiting a first token, above max 4"
ART="$WORK/prefill" py '
import json, os
art = os.environ["ART"]
events = [json.loads(l) for l in open(f"{art}/adaptive_scale_events.jsonl")]
s = json.load(open(f"{art}/adaptive_scale_summary.json"))
assert [e["value"] for e in events][:3] == [1, 2, 4], events
assert s["stop_reason"] == "max_reached" and s["max_passing_value"] == 4, s
'
echo "ok prefill concurrency: 1 -> 2 -> 4, mock awaiting-first-token peak $prefill_peak"

# --- 4. nothing in range passes: the phase stops after its first window --------------------------
run_yaml none "      type: concurrency
      duration: 60
      adaptive_scale:
        control: {variable: concurrency, min: 2, max: 8}
        assessment_period: 0.5
        min_completed_requests: 3
      sla: [\"request_latency:max:lt:0.001\"]" || { cat "$WORK/none.out"; fail "adaptive run with no passing value failed"; }
ART="$WORK/none" py '
import json, os
s = json.load(open(os.environ["ART"] + "/adaptive_scale_summary.json"))
assert s["stop_reason"] == "no_passing_value" and s["windows"] == 1, s
assert s["max_passing_value"] is None and s["first_failing_value"] == 2, s
print("ok no passing value: stopped after one window")
'

# --- 5. refused before anything is sent ----------------------------------------------------------
expect_refused() {  # expect_refused MESSAGE PHASE-YAML
  if run_yaml bad "$2"; then fail "accepted: $2"; fi
  grep -qF -- "$1" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "unclear error, wanted: $1"; }
  [ ! -e "$WORK/bad/profile_export.jsonl" ] || fail "a refused run sent requests"
}
expect_refused "phases.profiling.concurrency_ramp cannot be combined with adaptive_scale on concurrency" \
  "      concurrency_ramp: 5
      adaptive_scale: {control: {variable: concurrency, max: 8}}
      sla: [$SLA]"
expect_refused "phases.profiling.adaptive_scale.control.variable: users is not supported yet" \
  "      adaptive_scale: {control: {variable: users, max: 8}}
      sla: [$SLA]"
expect_refused "unknown metric 'time_to_first_tokn' (did you mean 'time_to_first_token'?)" \
  "      adaptive_scale: {control: {variable: concurrency, max: 8}}
      sla: [\"time_to_first_tokn:p99:le:600\"]"
echo "ok refused setups"
