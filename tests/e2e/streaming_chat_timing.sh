#!/usr/bin/env bash
# Issue acceptance: mock TTFT 50 ms / ITL 10 ms / 32 tokens, streaming chat, concurrency 8,
# 200 requests -> TTFT avg 50±2 ms, ITL avg 10±0.5 ms, OSL 32, 200 JSONL lines, and the JSON
# and CSV summaries parse and agree.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 50 --itl-ms 10 --output-tokens 32 --workers 1
ART="$WORK/art"
"$AIPERF" profile --model mock-model --url "$MOCK_URL" --endpoint-type chat --streaming \
  --concurrency 8 --request-count 200 --isl 64 --random-seed 7 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf exited non-zero"; }
cat "$WORK/out.txt"
grep -q "NVIDIA AIPerf | LLM Metrics" "$WORK/out.txt" || fail "no console table"

ART="$ART" py '
import csv, json, os, sys
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
def avg(tag): return s[tag]["avg"]
ttft, itl, osl = avg("time_to_first_token"), avg("inter_token_latency"), avg("output_sequence_length")
print(f"TTFT avg {ttft:.3f} ms, ITL avg {itl:.4f} ms, OSL avg {osl}")
assert abs(ttft - 50) <= 2, ttft
assert abs(itl - 10) <= 0.5, itl
assert s["output_sequence_length"]["min"] == 32 and s["output_sequence_length"]["max"] == 32
assert s["request_count"]["avg"] == 200, s["request_count"]
assert "error_request_count" not in s
lines = open(f"{art}/profile_export.jsonl").read().splitlines()
assert len(lines) == 200, len(lines)
recs = [json.loads(l) for l in lines]
assert all("error" not in r for r in recs)
assert len({r["metadata"]["x_request_id"] for r in recs}) == 200
# CSV agrees with JSON
rows = list(csv.reader(open(f"{art}/profile_export_aiperf.csv", newline="")))
by_name = {r[0]: r for r in rows if r}
ttft_row = by_name["Time to First Token (ms)"]
assert abs(float(ttft_row[1]) - ttft) < 0.006, (ttft_row, ttft)
itl_row = by_name["Inter Token Latency (ms)"]
assert abs(float(itl_row[1]) - itl) < 0.006
assert by_name["Request Count"][1] == "200", by_name["Request Count"]
# per-record values agree with the summary
rec_ttft = [r["metrics"]["time_to_first_token"]["value"] for r in recs]
assert abs(sum(rec_ttft) / len(rec_ttft) - ttft) < 1e-6
print("ok")
'
