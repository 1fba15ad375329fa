#!/usr/bin/env bash
# Agentic replay (workloads-and-endpoints.md §5.4, docs/agentic.md) against the mock, checked
# per request from what the mock received and when, against the traces: the KV-priming
# warm-up sends each lane's boundary turns (root and the subagent live at t*) capped at 1
# token; profiling replays every lane from its start turn in [min, max] of its trace with the
# recorded history resent; lanes recycle onto the unused traces from turn 0; every trace runs
# exactly once; recorded gaps are kept; bad inputs fail before anything is sent.
source "$(dirname "$0")/lib/common.bash"

TRACES="$WORK/traces"
PYTHONPATH="$E2E_LIB" python3 -c "import agentic_traces as a; a.write('$TRACES')"
start_mock --ttft-ms 2 --record-requests "$WORK/requests.jsonl" --timing-log "$WORK/timing.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/art"
"$AIPERF" profile -m big -m small -u "$MOCK_URL" --streaming --input-file "$TRACES" \
  --custom-dataset-type weka_trace --tokenizer builtin --concurrency 3 --trajectory-start-min-ratio 0.35 \
  --trajectory-start-max-ratio 0.375 --random-seed 7 --workers-max 2 --export-level raw \
  --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true

REQUESTS="$WORK/requests.jsonl" TIMING="$WORK/timing.jsonl" py '
import json, os, collections
import agentic_traces as a
sent = [json.loads(l) for l in open(os.environ["REQUESTS"])]
sent = [s for s in sent if s["target"].endswith("/chat/completions")]
def turns(body):  # user messages in the body = the turn index + 1
    return sum(1 for m in body["messages"] if m["role"] == "user")
def first_user(body):
    return next(m["content"] for m in body["messages"] if m["role"] == "user")[:64]
# Capped at 1 token: the warm-up (trace 0, the only one asking 1 token for its root turn 0,
# starts mid-way, so that turn is never replayed).
prof = [s for s in sent if s["body"]["max_completion_tokens"] > 1]
warm = [s for s in sent if s["body"]["max_completion_tokens"] == 1]
who = {}
for s in prof:
    i, chain, k = a.decode(s["body"]["max_completion_tokens"])
    assert turns(s["body"]) == k + 1, ("history not resent as recorded", i, chain, k, turns(s["body"]))
    who.setdefault(first_user(s["body"]), (i, chain))
seen = collections.Counter()
per_trace = collections.defaultdict(list)
for s in prof:
    i, chain, k = a.decode(s["body"]["max_completion_tokens"])
    seen[(i, chain, k)] += 1
    per_trace[i].append((chain, k))
assert max(seen.values()) == 1, [x for x, n in seen.items() if n > 1]
assert sorted(per_trace) == list(range(6)), sorted(per_trace)
# Lanes 0..2 (traces 0-2) start at t* in [0.35, 0.375] x 2.1 s: root turn 3, the subagent live.
for i in range(3):
    roots = sorted(k for c, k in per_trace[i] if c == "root")
    subs = sorted(k for c, k in per_trace[i] if c == "sub")
    assert roots == list(range(3, 8)), (i, roots)
    assert subs and subs == list(range(subs[0], 3)) and subs[0] >= 1, (i, subs)
# Recycled lanes (traces 3-5) replay whole, from turn 0.
for i in range(3, 6):
    assert sorted(k for c, k in per_trace[i] if c == "root") == list(range(8)), (i, per_trace[i])
    assert sorted(k for c, k in per_trace[i] if c == "sub") == [0, 1, 2], (i, per_trace[i])
# Warm-up: for each initial lane, root turn 2 and the live subagent turn before its first replayed one.
primes = collections.Counter()
for s in warm:
    w = who.get(first_user(s["body"]))
    assert w, "a warm-up request of no replayed chain"
    primes[(w[0], w[1], turns(s["body"]) - 1)] += 1
want = collections.Counter()
for i in range(3):
    want[(i, "root", 2)] += 1
    want[(i, "sub", min(k for c, k in per_trace[i] if c == "sub") - 1)] += 1
assert primes == want, (primes, want)
# Warm-up went first: every warm-up request before every profiling one.
order = {id(s): n for n, s in enumerate(sent)}
assert max(order[id(s)] for s in warm) < min(order[id(s)] for s in prof)
print("requests ok:", len(prof), "profiling,", len(warm), "warm-up")
'
# Recorded gaps: a recycled trace (whole) keeps its 0.3 s parent gaps, start to start.
py '
import json, os, collections
import agentic_traces as a
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export_raw.jsonl")]
starts = collections.defaultdict(dict)
for r in recs:
    body = r["payload"]
    i, chain, k = a.decode(body["max_completion_tokens"])
    if chain == "root" and i >= 3:
        starts[i][k] = r["metadata"]["request_start_ns"]
errs = []
for i, s in starts.items():
    for k in range(1, 8):
        if k == 3:
            continue  # waits for its subagent
        errs.append((s[k] - s[k - 1]) / 1e9 - 0.3)
worst = max(abs(e) for e in errs)
assert worst < 0.05, ("gap error", worst, errs)
print("gaps ok: worst |error|", round(worst * 1000, 2), "ms over", len(errs))
'

# The AgentX scenario with --unsafe-override (its 900 s minimum would make a slow test): the
# locks' values reach the wire (streaming, ignore_eos, a first-turn cache-bust marker that a
# lane keeps from its priming turn through its profiled turns), the conflict is a warning and
# the export says submission_valid: false.
start_mock --ttft-ms 2 --record-requests "$WORK/agentx.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/agentx"
"$AIPERF" profile -m big -m small -u "$MOCK_URL" --input-file "$TRACES" --custom-dataset-type weka_trace \
  --tokenizer builtin --scenario inferencex-agentx-mvp --unsafe-override --benchmark-duration 3 --concurrency 4 \
  --workers-max 2 --artifact-dir "$ART" --ui none >"$WORK/agentx.txt" 2>&1 || { cat "$WORK/agentx.txt"; fail "agentx failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
grep -q "warning: --unsafe-override: --benchmark-duration" "$WORK/agentx.txt" || { cat "$WORK/agentx.txt"; fail "no override warning"; }
grep -q "agentic replay on 4 lanes, t\* in \[0.0, 1.0\] of each trace (--scenario inferencex-agentx-mvp)" "$WORK/agentx.txt" \
  || { head -3 "$WORK/agentx.txt"; fail "no agentic load line"; }
REQUESTS="$WORK/agentx.jsonl" py '
import json, os, re, collections
doc = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
sc = doc["scenario"]
assert sc["name"] == "inferencex-agentx-mvp" and sc["submission_valid"] is False, sc
assert any("--benchmark-duration" in o for o in sc["overridden"]), sc
sent = [json.loads(l) for l in open(os.environ["REQUESTS"])]
sent = [s for s in sent if s["target"].endswith("/chat/completions")]
by_corr = collections.defaultdict(set)
markers = set()
for s in sent:
    b = s["body"]
    assert b["stream"] is True and b["ignore_eos"] is True, b
    first = next(m["content"] for m in b["messages"] if m["role"] == "user")
    m = re.match(r"\[rid:([0-9a-f]{12})\]\n\n", first)
    assert m, first[:40]
    corr = dict((k.lower(), v) for k, v in s["headers"])["x-correlation-id"]
    by_corr[corr].add(m.group(1))
    markers.add((m.group(1), first[len(m.group(0)):][:48]))
assert all(len(v) == 1 for v in by_corr.values()), "a trajectory changed its marker"
# One marker per (lane, pass): the priming turn and the profiled turns of a lane share it, and
# no two lanes share a trace prefix under the same marker.
texts = collections.defaultdict(set)
for mk, text in markers:
    texts[mk].add(text)
assert all(len(t) <= 2 for t in texts.values()), texts  # a root and its subagent, one trace
warm = [s for s in sent[:8] if s["body"]["max_completion_tokens"] == 1]
prof_markers = {re.match(r"\[rid:(\w+)", next(m["content"] for m in s["body"]["messages"] if m["role"] == "user")).group(1)
                for s in sent if s["body"]["max_completion_tokens"] > 1}
for s in warm:  # a lane primed under a marker replays under it
    first = next(m["content"] for m in s["body"]["messages"] if m["role"] == "user")
    assert first[5:17] in prof_markers, first[:20]
assert len(texts) >= 4, texts
print("agentx ok:", len(sent), "requests,", len(texts), "markers,", len(warm), "priming turns")
'

# Cache pressure: after the priming, 0.1 s of capped, delay-free replay; profiling then resumes
# each lane's first trajectory where the pressure left it (the turns the pressure sent are not
# sent again under that lane's marker) or, if it finished, replays its plan from t* again.
start_mock --ttft-ms 30 --record-requests "$WORK/pressure.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/pressure"
"$AIPERF" profile -m big -m small -u "$MOCK_URL" --streaming --input-file "$TRACES" --custom-dataset-type weka_trace \
  --tokenizer builtin --concurrency 2 --trajectory-start-min-ratio 0.35 --trajectory-start-max-ratio 0.375 \
  --agentic-cache-warmup-duration 0.1 --cache-bust first_turn_prefix --conversation-num 2 --random-seed 3 \
  --workers-max 2 --artifact-dir "$ART" --ui none >"$WORK/pressure.txt" 2>&1 || { cat "$WORK/pressure.txt"; fail "pressure run failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
REQUESTS="$WORK/pressure.jsonl" py '
import json, os, re, collections
import agentic_traces as a
sent = [json.loads(l) for l in open(os.environ["REQUESTS"])]
sent = [s["body"] for s in sent if s["target"].endswith("/chat/completions")]
recs = [json.loads(l)["metadata"] for l in open(os.environ["ART"] + "/profile_export.jsonl")]
n_prof = sum(1 for m in recs if m["benchmark_phase"] == "profiling")
warm, prof = sent[:len(sent) - n_prof], sent[len(sent) - n_prof:]
assert warm and all(b["max_completion_tokens"] == 1 for b in warm), "warm-up turns must be capped"
def marker(b):
    return re.match(r"\[rid:(\w+)\]", next(m["content"] for m in b["messages"] if m["role"] == "user")).group(1)
def turn(b):
    return sum(1 for m in b["messages"] if m["role"] == "user") - 1
pressure_turns = collections.defaultdict(set)
for b in warm:
    pressure_turns[marker(b)].add(turn(b))
prof_turns = collections.defaultdict(list)
for b in prof:
    i, chain, k = a.decode(b["max_completion_tokens"])
    if chain == "root":
        prof_turns[marker(b)].append(k)
assert len(prof_turns) == 2, prof_turns  # --conversation-num 2: the two lanes, nothing recycled
resumed = 0
for mk, ks in prof_turns.items():
    ks.sort()
    assert ks == list(range(ks[0], 8)), ks
    done = {k for k in pressure_turns.get(mk, ()) if k >= 3}
    if ks[0] > 3:  # resumed at the frontier: right after the last root turn the pressure sent
        resumed += 1
        assert max(done) + 1 == ks[0], (sorted(done), ks)
    else:          # the lane had finished its first trajectory: the plan from t* again
        assert ks[0] == 3 and (not done or max(done) == 7), (sorted(done), ks)
assert resumed >= 1, "no lane was resumed mid-trajectory"
print("pressure ok:", len(warm), "warm-up turns,", n_prof, "profiled,", resumed, "lane(s) resumed mid-trajectory")
'

# Session arrivals: open loop at 20/s with at most 2 live trajectories; arrivals over the cap
# are counted, each admitted one replays its trace from turn 0, and never more than 2 overlap.
start_mock --ttft-ms 2
MOCK_PID="${MOCK_PIDS[-1]}"
ART="$WORK/arrivals"
"$AIPERF" profile -m big -m small -u "$MOCK_URL" --streaming --input-file "$TRACES" --custom-dataset-type weka_trace \
  --tokenizer builtin --concurrency 2 --session-arrival-rate 20 --session-arrival-pattern constant \
  --benchmark-duration 2 --allow-dataset-wrap --system-idle-gap-cap-seconds 0.05 --random-seed 1 --workers-max 2 \
  --artifact-dir "$ART" --ui none >"$WORK/arrivals.txt" 2>&1 || { cat "$WORK/arrivals.txt"; fail "arrivals failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
py '
import json, os, collections
doc = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
skipped = doc["run_info"]["sessions_skipped_at_cap"]
assert skipped > 10, skipped
recs = [json.loads(l)["metadata"] for l in open(os.environ["ART"] + "/profile_export.jsonl")]
recs = [m for m in recs if m["benchmark_phase"] == "profiling"]
trees = collections.defaultdict(lambda: [1e30, 0])
for m in recs:
    root = m.get("parent_correlation_id") or m["x_correlation_id"]
    t = trees[root]
    t[0] = min(t[0], m["request_start_ns"]); t[1] = max(t[1], m["request_end_ns"])
    if "parent_correlation_id" not in m and m["turn_index"] == 0:
        t.append("starts at 0")
roots = [m for m in recs if "parent_correlation_id" not in m]
first = collections.defaultdict(lambda: 99)
for m in roots:
    first[m["x_correlation_id"]] = min(first[m["x_correlation_id"]], m["turn_index"])
assert set(first.values()) == {0}, "an arrival must start at turn 0"
events = sorted([(s, 1) for s, e, *_ in trees.values()] + [(e, -1) for s, e, *_ in trees.values()])
live = peak = 0
for _, d in events:
    live += d; peak = max(peak, live)
assert peak <= 2, peak
# --system-idle-gap-cap-seconds 0.05: the system (every trajectory) is never idle longer.
spans = sorted((m["request_start_ns"], m["request_end_ns"]) for m in recs)
idle, covered = [], spans[0][1]
for st, en in spans[1:]:
    if st > covered:
        idle.append((st - covered) / 1e9)
    covered = max(covered, en)
assert max(idle) < 0.15, sorted(idle)[-5:]  # the traces idle 0.3 s; the cap is 0.05 s
gaps = idle
print("arrivals ok:", len(trees), "trajectories admitted,", skipped, "arrivals over the cap, peak live", peak,
      "| longest system idle gap", round(max(gaps), 3), "s")
'

# Bad inputs: one clear error each, exit 1, nothing sent.
start_mock --record-requests "$WORK/bad.jsonl"
bad() {
  local want="$1"
  shift
  if "$AIPERF" profile -m big -u "$MOCK_URL" --streaming --artifact-dir "$WORK/bad" --ui none "$@" \
    >"$WORK/bad.txt" 2>&1; then
    cat "$WORK/bad.txt"
    fail "accepted: $*"
  fi
  grep -q -- "$want" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "no '$want' for: $*"; }
}
W=(--input-file "$TRACES" --custom-dataset-type weka_trace --tokenizer builtin)
bad "exceeds the 6 distinct traces" "${W[@]}" --concurrency 7 --trajectory-start-max-ratio 0.5
bad "all 6 traces exceed --max-context-length 50" "${W[@]}" --trajectory-start-max-ratio 0.5 --max-context-length 50
bad "must be between 0 and 1" "${W[@]}" --trajectory-start-max-ratio 1.5
bad "must be <= --trajectory-start-max-ratio" "${W[@]}" --trajectory-start-min-ratio 0.8 --trajectory-start-max-ratio 0.5
bad "cannot be combined with agentic replay" "${W[@]}" --trajectory-start-max-ratio 0.5 --request-rate 5
bad "replays recorded trajectories" --tokenizer builtin --trajectory-start-max-ratio 0.5
bad "locks these options" "${W[@]}" --scenario inferencex-agentx-mvp --benchmark-duration 60 --ignore-trace-delays
bad "is unknown" "${W[@]}" --scenario agentx-2099
bad "requires --scenario" "${W[@]}" --unsafe-override
mkdir -p "$WORK/short"
cp "$TRACES/trace_00.json" "$WORK/short/"
py 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["requests"]=d["requests"][:1]; json.dump(d,open(p,"w"))' "$WORK/short/trace_00.json"
bad "two recorded turns a start window needs" --input-file "$WORK/short" --custom-dataset-type weka_trace --tokenizer builtin --trajectory-start-max-ratio 0.5
[ ! -s "$WORK/bad.jsonl" ] || { head -3 "$WORK/bad.jsonl"; fail "a bad input sent requests"; }
echo "agentic replay ok"
