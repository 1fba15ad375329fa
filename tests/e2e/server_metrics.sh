#!/usr/bin/env bash
# Server metrics (metrics-and-outputs.md §9, docs/telemetry.md): on by default, the mock's
# /metrics is scraped and its counters over the profiling window agree with aiperf's own totals;
# histogram statistics match the mock's known schedule; gauges match the raw scrapes; and
# endpoints that cannot be scraped (404, JSON, hanging, TLS error, malformed, huge, a counter
# reset) never disturb the run and are reported once.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 20 --itl-ms 5
LIB="$(dirname "$0")/lib"

start_prom() {  # start_prom MODE -> PROM_URL
  local log="$WORK/prom.$1.log"
  : >"$log"
  python3 "$LIB/prometheus_server.py" "$1" >"$log" 2>&1 &
  MOCK_PIDS+=($!)
  await_listening "$log" "prometheus server ($1)"
  PROM_URL="$LISTEN_URL"
}

# --- 1. on by default: totals, histograms, gauges against the raw scrapes ----------------------
"$AIPERF" profile -m mock-model --url "$MOCK_URL" --streaming --concurrency 4 --request-count 60 \
  --warmup-request-count 6 --isl 40 --osl 12 --artifact-dir "$WORK/on" --server-metrics-formats json csv jsonl parquet \
  --slice-duration 0.25 \
  --ui none >"$WORK/on.out" 2>&1 || { cat "$WORK/on.out"; fail "profile with server metrics failed"; }
grep -q "Server Metrics JSON Export: $WORK/on/server_metrics_export.json" "$WORK/on.out" || fail "footer lacks the server metrics file"
ART="$WORK/on" py '
import csv, io, json, os
art = os.environ["ART"]
d = json.load(open(f"{art}/server_metrics_export.json"))
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert d["schema_version"] == "1.0" and d["benchmark_id"] == s["benchmark_id"] if "benchmark_id" in s else True
assert d["summary"]["endpoints_successful"] == d["summary"]["endpoints_configured"], d["summary"]
info = list(d["summary"]["endpoint_info"].values())[0]
assert info["total_fetches"] >= 3 and info["unique_updates"] >= 3, info
m = d["metrics"]
def one(name):
    series = m[name]["series"]
    assert len(series) == 1, (name, series)
    return series[0]["stats"]
count = s["request_count"]["avg"]
assert count == 60, count
# Counters over the window: exactly the profiling requests (a scrape at the phase boundary).
assert one("aiperf_mock_requests_total")["total"] == count, one("aiperf_mock_requests_total")
assert one("vllm:prompt_tokens_total")["total"] == 40 * count, one("vllm:prompt_tokens_total")
assert one("vllm:generation_tokens_total")["total"] == s["total_osl"]["avg"], (one("vllm:generation_tokens_total"), s["total_osl"])
assert m["vllm:generation_tokens_total"]["type"] == "counter" and m["vllm:generation_tokens_total"]["unit"] == "tokens"
rate = one("vllm:generation_tokens_total")["rate"]
assert abs(rate - s["output_token_throughput"]["avg"]) / rate < 0.15, (rate, s["output_token_throughput"])
# Histograms: one TTFT per request, in the bucket holding the mock'"'"'s 20 ms.
ttft = m["vllm:time_to_first_token_seconds"]["series"][0]
assert ttft["stats"]["count"] == count, ttft
# The server sees its own 20 ms; the client sees that plus the network and its own reading.
assert 0.0195 <= ttft["stats"]["avg"] <= s["time_to_first_token"]["avg"] / 1000 + 0.001, (ttft["stats"], s["time_to_first_token"])
assert ttft["buckets"]["0.04"] >= 0.8 * count and sum(ttft["buckets"].values()) == count, ttft["buckets"]
assert 0.02 <= ttft["stats"]["p50_estimate"] <= 0.04, ttft["stats"]
itl = m["vllm:inter_token_latency_seconds"]["series"][0]["stats"]
# One inter-token gap per engine step: tokens the mock writes together are one step.
gaps = s["total_osl"]["avg"] - count
assert 0.9 * gaps <= itl["count"] <= gaps and abs(itl["avg"] - 0.005) < 0.002, (itl, s["total_osl"])
# Gauges: recomputed from the raw scrapes inside the window (the final scrape closes it).
lines = [json.loads(l) for l in open(f"{art}/server_metrics_export.jsonl")]
assert len(lines) == info["unique_updates"], (len(lines), info)
start, end = s["start_time"], s["end_time"]
g = m["vllm:num_requests_running"]["series"][0]["stats"]
assert 0 <= g["min"] <= g["avg"] <= g["max"] <= 4, g
peak = one("aiperf_mock_in_flight_peak")
assert peak["max"] == 4, peak
# --slice-duration: the slices of a counter add up to its total; gauges carry avg/min/max.
gen_series = m["vllm:generation_tokens_total"]["series"][0]
slices = gen_series["timeslices"]
assert len(slices) >= 2 and sum(x["total"] for x in slices) == gen_series["stats"]["total"], (slices, gen_series["stats"])
assert gen_series["stats"]["rate_min"] <= gen_series["stats"]["rate_avg"] <= gen_series["stats"]["rate_max"], gen_series["stats"]
assert all({"avg", "min", "max"} <= set(x) for x in m["vllm:num_requests_running"]["series"][0]["timeslices"])
assert sum(x["count"] for x in ttft["timeslices"]) == ttft["stats"]["count"], ttft["timeslices"]
# CSV: the same numbers, 4 decimals.
text = open(f"{art}/server_metrics_export.csv", newline="").read()
assert text.startswith("# AIPerf Server Metrics Export (CSV)\r\n# aiperf_version: "), text[:200]
rows = [r for r in csv.reader(io.StringIO(text)) if r and not r[0].startswith("#")]
counter_header = next(r for r in rows if r[:4] == ["Endpoint", "Type", "Metric", "Unit"] and "total" in r)
gen = next(r for r in rows if r[1] == "counter" and r[2] == "vllm:generation_tokens_total")
assert float(gen[counter_header.index("total")]) == s["total_osl"]["avg"], gen
print("ok default on:", count, "requests,", one("vllm:generation_tokens_total")["total"], "tokens; TTFT p50 estimate",
      round(ttft["stats"]["p50_estimate"], 4))
'
grep -i "warning" "$WORK/on.out" | grep -qi "server metrics" && fail "unexpected server metrics warning"
# Parquet (§9.6), read by DuckDB: the last cumulative delta of each counter is the JSON total, and
# histogram rows carry one bucket each.
need_duckdb
P="$WORK/on/server_metrics_export.parquet"
gen_total="$(query "SELECT max(value) AS v FROM '$P' WHERE metric_name = 'vllm:generation_tokens_total'")"
ART="$WORK/on" ROWS="$gen_total" py '
import json, os
d = json.load(open(os.environ["ART"] + "/server_metrics_export.json"))
rows = json.loads(os.environ["ROWS"])
assert rows["v"] == d["metrics"]["vllm:generation_tokens_total"]["series"][0]["stats"]["total"], rows
'
hist="$(query "SELECT count(DISTINCT bucket_le) AS les, max(count) AS n, any_value(model_name) AS model FROM '$P' WHERE metric_name = 'vllm:time_to_first_token_seconds'")"
grep -q '"les":"23"' <<<"$hist" && grep -q '"model":"mock-model"' <<<"$hist" || fail "parquet histogram rows: $hist"
codec="$(query "SELECT DISTINCT compression FROM parquet_metadata('$P')")"
grep -qi snappy <<<"$codec" || fail "parquet compression: $codec"
echo "ok parquet: $hist"

# --- 2. --no-server-metrics ---------------------------------------------------------------------
"$AIPERF" profile -m mock-model --url "$MOCK_URL" --request-count 5 --artifact-dir "$WORK/off" --no-server-metrics \
  --ui none >"$WORK/off.out" 2>&1 || { cat "$WORK/off.out"; fail "run with --no-server-metrics failed"; }
[ ! -e "$WORK/off/server_metrics_export.json" ] || fail "--no-server-metrics still wrote server_metrics_export.json"

# --- 3. endpoints that cannot be scraped: each reported once, the run unharmed -----------------
start_prom notfound; NOTFOUND="$PROM_URL"
start_prom json; JSONEP="$PROM_URL"
start_prom hang; HANG="$PROM_URL"
start_prom malformed; MALFORMED="$PROM_URL"
start_prom reset; RESET="$PROM_URL"
start_prom huge; HUGE="$PROM_URL"
TLS="${MALFORMED/http:/https:}"
AIPERF_SERVER_METRICS_COLLECTION_INTERVAL=0.2 "$AIPERF" profile -m mock-model --url "$MOCK_URL" --concurrency 2 \
  --benchmark-duration 4 --artifact-dir "$WORK/bad" --ui none \
  --server-metrics "$NOTFOUND/metrics" "$JSONEP/metrics" "$MALFORMED/metrics" "$RESET/metrics" \
  "$HUGE/metrics" "$TLS/metrics" >"$WORK/bad.out" 2>&1 || { cat "$WORK/bad.out"; fail "run with bad /metrics endpoints failed"; }
for what in "$NOTFOUND/metrics is not scraped: HTTP 404" "$JSONEP/metrics is not scraped: it answered JSON" \
            "$HUGE/metrics is not scraped: reply larger than 64 MiB" "${TLS}/metrics is not scraped"; do
  [ "$(grep -cF "$what" "$WORK/bad.out")" = 1 ] || { cat "$WORK/bad.out"; fail "expected one notice: $what"; }
done
[ "$(grep -c "$MALFORMED/metrics published 2 malformed line(s), skipped; first: line 3" "$WORK/bad.out")" = 1 ] ||
  { cat "$WORK/bad.out"; fail "expected one malformed-line notice"; }
ART="$WORK/bad" MOCK_URL="$MOCK_URL" MALFORMED="$MALFORMED" RESET="$RESET" py '
import json, os
art = os.environ["ART"]
d = json.load(open(f"{art}/server_metrics_export.json"))
ok = d["summary"]["endpoints_successful"]
assert sorted(ok) == sorted([os.environ[k] + "/metrics" for k in ("MOCK_URL", "MALFORMED", "RESET")]), ok
assert len(d["summary"]["endpoints_configured"]) == 7, d["summary"]["endpoints_configured"]
good = d["metrics"]["good_total"]["series"][0]["stats"]
assert good["total"] > 0, good
reset = d["metrics"]["restarts_total"]["series"][0]["stats"]
assert reset.get("resets") == 1 and reset["total"] > 0, reset
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["request_count"]["avg"] > 0
print("ok bad endpoints: scraped", len(ok), "of", len(d["summary"]["endpoints_configured"]), "; reset counted:", reset)
'

# --- 4. a /metrics that never answers: the run starts after 3 s at most and ends on time ------
begin=$(date +%s%N)
"$AIPERF" profile -m mock-model --url "$MOCK_URL" --request-count 4 --artifact-dir "$WORK/hang" --ui none \
  --server-metrics "$HANG/metrics" >"$WORK/hang.out" 2>&1 || { cat "$WORK/hang.out"; fail "run with a hanging /metrics failed"; }
took_ms=$(( ($(date +%s%N) - begin) / 1000000 ))
[ "$took_ms" -le 9000 ] || fail "a hanging /metrics held the run for $took_ms ms"
[ "$(grep -c "$HANG/metrics is not scraped" "$WORK/hang.out")" = 1 ] || { cat "$WORK/hang.out"; fail "the hanging endpoint was not reported once"; }
echo "ok hanging endpoint: run took ${took_ms} ms"
