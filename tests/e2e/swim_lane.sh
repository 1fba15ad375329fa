#!/usr/bin/env bash
# `aiperf analyze swim-lane` on a multi-turn run against the mock (docs/swim-lanes.md): the PNG
# decodes to its size, and the chart's data (--dump-data, what the PNG is drawn from) matches
# profile_export.jsonl: every request once, at its own times, on its session's lane; prefill as
# long as TTFT; lanes never shared by sessions alive at once; the in-flight curve recounted here.
# Then -o, --html, the dark theme, and bad input (one line on stderr naming the option or file).
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 20 --itl-ms 2 --output-tokens 4 --ttft-jitter-ms 10
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 3 --conversation-num 6 \
  --conversation-turn-mean 3 --conversation-turn-delay-mean 40 --isl 16 --osl 4 --random-seed 7 \
  --artifact-dir "$ART" --ui none >"$WORK/profile.out" 2>&1 || { cat "$WORK/profile.out"; fail "aiperf profile failed"; }

"$AIPERF" analyze swim-lane --run-dirs "$ART" -c 3 --dump-data >"$WORK/lanes.out" 2>&1 \
  || { cat "$WORK/lanes.out"; fail "analyze swim-lane failed"; }
grep -qx "saved $ART/swim_lane.png" "$WORK/lanes.out" || { cat "$WORK/lanes.out"; fail "PNG path not printed"; }
grep -qx "saved $ART/swim_lane.json" "$WORK/lanes.out" || { cat "$WORK/lanes.out"; fail "data path not printed"; }
[ ! -e "$ART/swim_lane.html" ] || fail "HTML written without --html"
py '
import json, os, sys
from plot_checks import png_size, png_mean_luminance, records, value
art = os.environ["ART"]
assert png_size(f"{art}/swim_lane.png") == (1600, 720), png_size(f"{art}/swim_lane.png")
assert png_mean_luminance(f"{art}/swim_lane.png") > 0.7  # decodes, and the default theme is light

recs = records(art)
assert len(recs) == 18, len(recs)  # 6 conversations x 3 turns
chart = json.load(open(f"{art}/swim_lane.json"))
assert chart["name"] == "swim_lane" and chart["y2"] is not None, chart["name"]
by_name = {s["name"].split(" (")[0]: s for s in chart["series"]}
t0 = min(r["metadata"]["request_start_ns"] for r in recs)
sec = lambda ns: (ns - t0) / 1e9

# Every request exactly once, at its own start and end, on one lane per session.
lane_of, seen = {}, []
for name in ("Request", "Failed"):
    s = by_name[name]
    assert s["kind"] == "segments" and len(s["x"]) == len(s["x_end"]) == len(s["y"]) == len(s["request"]), name
    for x, x_end, y, i in zip(s["x"], s["x_end"], s["y"], s["request"]):
        m = recs[i]["metadata"]
        assert abs(x - sec(m["request_start_ns"])) < 1e-9 and abs(x_end - sec(m["request_end_ns"])) < 1e-9, (i, x, x_end)
        assert (name == "Failed") == ("error" in recs[i]), i
        sid = m["x_correlation_id"]
        assert lane_of.setdefault(sid, y) == y, f"session {sid} on lanes {lane_of[sid]} and {y}"
        seen.append(i)
assert sorted(seen) == list(range(len(recs))), sorted(seen)
assert len(lane_of) == 6, lane_of

# Sessions sharing a lane never overlap; the lane count is the most sessions alive at once.
span = {}
for r in recs:
    m = r["metadata"]
    lo, hi = span.get(m["x_correlation_id"], (m["request_start_ns"], m["request_end_ns"]))
    span[m["x_correlation_id"]] = (min(lo, m["request_start_ns"]), max(hi, m["request_end_ns"]))
for a in span:
    for b in span:
        if a < b and lane_of[a] == lane_of[b]:
            assert span[a][1] <= span[b][0] or span[b][1] <= span[a][0], (a, b, span[a], span[b])
alive = max(sum(1 for lo, hi in span.values() if lo <= s < hi) for s, _ in span.values())
lanes = sorted(set(lane_of.values()))
assert lanes == list(range(alive)) and 1 <= alive <= 3, (lanes, alive)
assert chart["y"]["min"] == -0.5 and chart["y"]["max"] == alive - 0.5, chart["y"]

# Prefill: from the start, TTFT long (cut at the end).
p = by_name["Prefill"]
assert sorted(p["request"]) == sorted(by_name["Request"]["request"])
for x, x_end, i in zip(p["x"], p["x_end"], p["request"]):
    m = recs[i]["metadata"]
    want = min(sec(m["request_start_ns"]) + value(recs[i], "time_to_first_token") / 1e3, sec(m["request_end_ns"]))
    assert abs(x - sec(m["request_start_ns"])) < 1e-9 and abs(x_end - want) < 1e-9, (i, x_end, want)

# Requests in flight, recounted: the step polyline of a sweep over the start and end events.
events = {}
for r in recs:
    m = r["metadata"]
    events[m["request_start_ns"]] = events.get(m["request_start_ns"], 0) + 1
    events[m["request_end_ns"]] = events.get(m["request_end_ns"], 0) - 1
xs, ys, n = [], [], 0
for t in sorted(events):
    if events[t] == 0:
        continue
    xs += [sec(t), sec(t)]
    ys += [n, n + events[t]]
    n += events[t]
f = by_name["Requests in flight"]
assert f["secondary_y"] and f["y"] == ys and all(abs(a - b) < 1e-9 for a, b in zip(f["x"], xs)), (f["y"], ys)
assert f["name"] == f"Requests in flight (peak {max(ys)})" and max(ys) <= 3, f["name"]
target = by_name["Target concurrency"]
assert target["name"] == "Target concurrency (3)" and target["y"] == [3, 3] and target["dashed"], target
summary = json.load(open(f"{art}/profile_export_aiperf.json"))
assert by_name["Benchmark end"]["x"][0] == summary["benchmark_duration"]["avg"]
assert "Ramp done" not in by_name  # no ramp in this run, none asked for
print("ok: 18 requests on", alive, "lanes")
'

# -o names the PNG (the HTML and data go beside it), --ramp draws the boundary, dark theme.
"$AIPERF" analyze swim-lane "$ART" -o "$WORK/out/lanes.png" --ramp 0.5 --html --theme dark --dump-data \
  >"$WORK/o.out" 2>&1 || { cat "$WORK/o.out"; fail "analyze swim-lane -o failed"; }
for f in lanes.png lanes.html lanes.json; do
  [ -s "$WORK/out/$f" ] || { cat "$WORK/o.out"; fail "-o did not write $f"; }
  grep -qx "saved $WORK/out/$f" "$WORK/o.out" || fail "$f not printed"
done
py '
import json, sys
from plot_checks import png_mean_luminance
assert png_mean_luminance(sys.argv[1] + "/lanes.png") < 0.3
ramp = [s for s in json.load(open(sys.argv[1] + "/lanes.json"))["series"] if s["name"].startswith("Ramp done")]
assert len(ramp) == 1 and ramp[0]["x"] == [0.5, 0.5] and ramp[0]["dashed"], ramp
' "$WORK/out"
grep -q "</html>" "$WORK/out/lanes.html" || fail "HTML page not complete"

# An existing directory as -o holds one PNG per run directory.
mkdir -p "$WORK/many"
cp -r "$ART" "$WORK/run_b"
"$AIPERF" analyze swim-lane --run-dirs "$ART" "$WORK/run_b" -o "$WORK/many" >"$WORK/many.out" 2>&1 \
  || { cat "$WORK/many.out"; fail "two run directories failed"; }
[ -s "$WORK/many/swim_lane_art.png" ] && [ -s "$WORK/many/swim_lane_run_b.png" ] || { ls "$WORK/many"; fail "per-run PNG names"; }

# Bad input: one line on stderr naming what is wrong, exit 1.
expect_error() {  # pattern command...
  local pattern="$1"
  shift
  if "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"; then fail "accepted: $*"; fi
  [ "$(wc -l <"$WORK/bad.err")" = 1 ] || { cat "$WORK/bad.err"; fail "not one line: $*"; }
  grep -q -- "$pattern" "$WORK/bad.err" || { cat "$WORK/bad.err"; fail "expected '$pattern': $*"; }
}
expect_error "--run-dirs" "$AIPERF" analyze swim-lane
mkdir -p "$WORK/empty"
expect_error "$WORK/empty/profile_export.jsonl not found" "$AIPERF" analyze swim-lane --run-dirs "$WORK/empty"
expect_error "single run directory" "$AIPERF" analyze swim-lane "$ART" "$WORK/run_b" -o "$WORK/one.png"
expect_error "--theme" "$AIPERF" analyze swim-lane "$ART" --theme blue
expect_error "--concurrency" "$AIPERF" analyze swim-lane "$ART" -c 0
expect_error "unknown subcommand 'nope'" "$AIPERF" analyze nope
# One bad directory does not stop the others, but the exit says it.
rm -f "$ART/swim_lane.png"
if "$AIPERF" analyze swim-lane "$WORK/empty" "$ART" >"$WORK/mixed.out" 2>"$WORK/mixed.err"; then fail "mixed accepted"; fi
[ -s "$ART/swim_lane.png" ] || fail "a bad directory stopped the good one"

# `aiperf analyze` alone lists its subcommands; --help shows the options.
if "$AIPERF" analyze >"$WORK/analyze.out" 2>&1; then fail "bare analyze exited 0"; fi
grep -q "swim-lane" "$WORK/analyze.out" || fail "analyze does not list swim-lane"
"$AIPERF" analyze swim-lane --help | grep -q -- "--ramp" || fail "swim-lane --help"
echo "ok"
