#!/usr/bin/env bash
# outputs.json (--export-outputs-json, implied by --export-level raw): one entry per record with
# its response text (checked against the raw export's chunks) and key metrics; warm-up apart.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 1 --itl-ms 1 --output-tokens 5
ART="$WORK/raw"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 20 \
  --warmup-request-count 3 --workers-max 2 --export-level raw --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -q "^Outputs JSON Export: .*/outputs.json" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no footer line"; }
[ ! -e "$ART/outputs.json.partial" ] || fail "outputs.json.partial left behind"

ART="$ART" py '
import json, os
art = os.environ["ART"]
doc = json.load(open(f"{art}/outputs.json"))
assert list(doc) == ["schema_version", "data", "warmup"], list(doc)
assert doc["schema_version"] == "1.1"
assert len(doc["data"]) == 20 and len(doc["warmup"]) == 3, (len(doc["data"]), len(doc["warmup"]))
texts = {}
for r in map(json.loads, open(f"{art}/profile_export_raw.jsonl")):
    t = ""
    for resp in r["responses"]:
        for p in resp["packets"]:
            if p["value"] == "[DONE]": continue
            for c in json.loads(p["value"]).get("choices", []):
                t += (c.get("delta") or {}).get("content") or ""
    texts[r["metadata"]["x_request_id"]] = t
keys = ["session_num", "conversation_id", "turn_index", "x_request_id", "benchmark_phase",
        "request_start_ns", "request_end_ns", "metrics", "response_text"]
for phase, entries in (("profiling", doc["data"]), ("warmup", doc["warmup"])):
    for e in entries:
        assert list(e) == keys, list(e)
        assert e["benchmark_phase"] == phase
        assert e["response_text"] and e["response_text"] == texts[e["x_request_id"]], e
        m = e["metrics"]
        assert list(m) == ["isl", "output_token_count", "osl", "request_latency", "ttft", "itl"], list(m)
        assert m["osl"] == 5 and isinstance(m["osl"], int) and m["isl"] > 0
        assert 0 < m["ttft"] <= m["request_latency"]
        assert e["request_start_ns"] < e["request_end_ns"]
print("ok")
' || fail "outputs.json content"

# Default export level: only with the flag.
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 4 \
  --artifact-dir "$WORK/plain" >"$WORK/out2.txt" 2>&1 || { cat "$WORK/out2.txt"; fail "aiperf failed"; }
[ ! -e "$WORK/plain/outputs.json" ] || fail "outputs.json written without the flag"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 4 --export-outputs-json \
  --artifact-dir "$WORK/flag" >"$WORK/out3.txt" 2>&1 || { cat "$WORK/out3.txt"; fail "aiperf failed"; }
ART="$WORK/flag" py '
import json, os
doc = json.load(open(os.environ["ART"] + "/outputs.json"))
assert len(doc["data"]) == 4 and doc["warmup"] == [], doc
assert all(e["response_text"] and "ttft" not in e["metrics"] for e in doc["data"]), doc["data"][0]
print("ok")
' || fail "outputs.json (non-streaming, flag)"
