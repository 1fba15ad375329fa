#!/usr/bin/env bash
# --otel-url: after the run, one OTLP/HTTP protobuf POST to <url>/v1/metrics, decoded here with
# the OpenTelemetry project's own protobuf definitions (scripts/otlp-npm.sh) and checked against
# the run's exports: GenAI histograms (counts, sums, error.type) vs profile_export.jsonl, resource
# attributes, timing counters; --stream metrics leaves the timing family out.
# Without node/npm the test fails, or skips (77) when AIPERF_SKIP_OTLP_NPM=1.
source "$(dirname "$0")/lib/common.bash"

if ! NPM_DIR="$("$E2E_LIB/../../../scripts/otlp-npm.sh" 2>"$WORK/npm.log")"; then
  if [ "${AIPERF_SKIP_OTLP_NPM:-0}" = "1" ]; then
    echo "SKIP: the OTLP protobuf definitions from npm are unavailable ($(tail -1 "$WORK/npm.log")) and AIPERF_SKIP_OTLP_NPM=1"
    exit 77
  fi
  cat "$WORK/npm.log" >&2
  fail "the OTLP protobuf definitions from npm are unavailable: install node and npm (or set AIPERF_SKIP_OTLP_NPM=1 to skip)"
fi

node "$E2E_LIB/otlp_receiver.mjs" "$NPM_DIR" "$WORK/otlp.jsonl" >"$WORK/receiver.log" 2>&1 &
MOCK_PIDS+=($!)
await_listening "$WORK/receiver.log" "OTLP receiver"
OTLP_URL="$LISTEN_URL"
# host:port only: the exporter adds http:// and /v1/metrics.
OTLP_HOSTPORT="${OTLP_URL#http://}"

start_mock --ttft-ms 2 --itl-ms 1 --output-tokens 6 --error-rate 0.2 --seed 7
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --concurrency 4 \
  --request-count 40 --warmup-request-count 2 --ui none --artifact-dir "$ART" \
  --otel-url "$OTLP_HOSTPORT" --otel-resource-attributes deployment.environment=e2e,team=perf \
  >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -qi "warning.*OpenTelemetry" "$WORK/out.txt" && { cat "$WORK/out.txt"; fail "the export warned"; }

ART="$ART" OTLP="$WORK/otlp.jsonl" py '
import json, math, os
art = os.environ["ART"]
posts = [json.loads(l) for l in open(os.environ["OTLP"])]
assert len(posts) == 1, posts
p = posts[0]
assert p["method"] == "POST" and p["path"] == "/v1/metrics", p
assert p["content_type"] == "application/x-protobuf", p
assert "decode_error" not in p, p
summary = json.load(open(f"{art}/profile_export_aiperf.json"))
records = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
records = [r for r in records if r["metadata"]["benchmark_phase"] == "profiling"]
ok = [r for r in records if "error" not in r]
failed = [r for r in records if "error" in r]
assert len(records) == 40 and failed, (len(records), len(failed))

rm = p["request"]["resourceMetrics"]
assert len(rm) == 1
res = {a["key"]: list(a["value"].values())[0] for a in rm[0]["resource"]["attributes"]}
assert res["service.name"] == "aiperf", res
assert res["service.version"] == summary["aiperf_version"], res
assert res["aiperf.benchmark_id"] == summary["benchmark_id"], res
assert res["deployment.environment"] == "e2e" and res["team"] == "perf", res
sm = rm[0]["scopeMetrics"]
assert len(sm) == 1 and sm[0]["scope"]["name"] == "aiperf", sm[0]["scope"]
metrics = {m["name"]: m for m in sm[0]["metrics"]}

def attrs(point):
    return {a["key"]: list(a["value"].values())[0] for a in point.get("attributes", [])}

def points(name):
    h = metrics[name]["histogram"]
    assert h["aggregationTemporality"] == "AGGREGATION_TEMPORALITY_CUMULATIVE" or h["aggregationTemporality"] == 2, h
    return h["dataPoints"]

DUR = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92]
def check(point, values, bounds):
    assert int(point["count"]) == len(values), (point["count"], len(values))
    assert math.isclose(point["sum"], sum(values), rel_tol=1e-9, abs_tol=1e-9), (point["sum"], sum(values))
    assert point["explicitBounds"] == bounds, point["explicitBounds"]
    counts = [int(c) for c in point["bucketCounts"]]
    assert sum(counts) == len(values) and len(counts) == len(bounds) + 1
    expect = [0] * (len(bounds) + 1)
    for v in values:
        expect[next((i for i, b in enumerate(bounds) if v <= b), len(bounds))] += 1
    assert counts == expect, (counts, expect)
    assert math.isclose(point["min"], min(values)) and math.isclose(point["max"], max(values))

def val(r, tag): return r["metrics"][tag]["value"]

dur = points("gen_ai.client.operation.duration")
assert metrics["gen_ai.client.operation.duration"]["unit"] == "s"
plain = [pt for pt in dur if "error.type" not in attrs(pt)]
errs = [pt for pt in dur if "error.type" in attrs(pt)]
assert len(plain) == 1 and len(errs) == 1, dur
a = attrs(plain[0])
assert a["gen_ai.operation.name"] == "chat" and a["gen_ai.provider.name"] == "_OTHER", a
assert a["gen_ai.request.model"] == "mock-model", a
check(plain[0], [val(r, "request_latency") / 1e3 for r in ok], DUR)
assert attrs(errs[0])["error.type"] == "http_5xx", attrs(errs[0])
assert int(errs[0]["count"]) == len(failed)
check(points("gen_ai.client.operation.time_to_first_chunk")[0], [val(r, "time_to_first_token") / 1e3 for r in ok], DUR)
check(points("gen_ai.client.operation.time_per_output_chunk")[0], [val(r, "inter_token_latency") / 1e3 for r in ok], DUR)
TOK = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864]
tok = {attrs(pt)["gen_ai.token.type"]: pt for pt in points("gen_ai.client.token.usage")}
assert metrics["gen_ai.client.token.usage"]["unit"] == "{token}"
check(tok["input"], [val(r, "input_sequence_length") for r in ok], TOK)
check(tok["output"], [val(r, "output_sequence_length") for r in ok], TOK)
# Another record metric, in its own unit.
ttst = [pt for pt in points("aiperf.time_to_second_token") if "error.type" not in attrs(pt)][0]
assert metrics["aiperf.time_to_second_token"]["unit"] == "ms"
assert int(ttst["count"]) == sum(1 for r in ok if "time_to_second_token" in r["metrics"])

def number(name):
    m = metrics[name]
    data = m.get("sum") or m.get("gauge")
    pt = data["dataPoints"][0]
    return int(pt["asInt"]) if "asInt" in pt else pt["asDouble"]
assert number("aiperf.timing.requests.sent") == 40
assert number("aiperf.timing.requests.errors") == len(failed) == summary["error_request_count"]["avg"]
assert number("aiperf.timing.requests.completed") == 40
assert number("aiperf.timing.requests.cancelled") == 0
assert metrics["aiperf.timing.requests.sent"]["sum"]["isMonotonic"] is True
assert number("aiperf.timing.phase.was_cancelled") == 0
assert math.isclose(number("aiperf.timing.phase.elapsed_sec"), summary["benchmark_duration"]["avg"])
starts = [r["metadata"]["request_start_ns"] for r in records]
assert int(plain[0]["startTimeUnixNano"]) == min(starts), (plain[0]["startTimeUnixNano"], min(starts))
assert int(plain[0]["timeUnixNano"]) >= max(starts)
print("ok")
' || fail "OTLP payload"

# --stream metrics: the metric histograms only.
: >"$WORK/otlp.jsonl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 6 --ui none \
  --artifact-dir "$WORK/art2" --otel-url "$OTLP_URL" --stream metrics >"$WORK/out2.txt" 2>&1 \
  || { cat "$WORK/out2.txt"; fail "aiperf --stream metrics failed"; }
OTLP="$WORK/otlp.jsonl" py '
import json, os
posts = [json.loads(l) for l in open(os.environ["OTLP"])]
assert len(posts) == 1, posts
names = [m["name"] for m in posts[0]["request"]["resourceMetrics"][0]["scopeMetrics"][0]["metrics"]]
assert "gen_ai.client.operation.duration" in names, names
assert not [n for n in names if n.startswith("aiperf.timing.")], names
print("ok")
' || fail "--stream metrics"
echo "publish_otel: ok"
