#!/usr/bin/env bash
# embeddings, nim_embeddings, chat_embeddings against the mock: the bodies the server read are
# the ones in inputs.json, --streaming is turned off, only non-token metrics exist; a non-JSON
# 200 reply is a per-request error record; an unknown --endpoint-type is refused.
source "$(dirname "$0")/lib/common.bash"

mock_run() {  # mock_run NAME [aiperf flags...]
  profile_own_mock "$1" "--ttft-ms 3" --request-count 6 --num-dataset-entries 3 --isl 12 "${@:2}"
}

mock_run emb --endpoint-type embeddings --streaming --osl 9
mock_run nim --endpoint-type nim_embeddings --extra-inputs input_type:query --extra-inputs truncate:END
mock_run chatemb --endpoint-type chat_embeddings
grep -q "NVIDIA AIPerf | Embeddings Metrics" "$WORK/emb.out" || { cat "$WORK/emb.out"; fail "console title"; }

WORK="$WORK" py '
import json, os
from e2e_checks import body_hash
work = os.environ["WORK"]
for name, shape in (("emb", {"model", "input"}), ("nim", {"model", "input", "input_type", "truncate"}),
                    ("chatemb", {"messages", "model", "stream"})):
    sent = [json.loads(l) for l in open(f"{work}/{name}.jsonl")]
    assert len(sent) == 6 and all(not e["stream"] for e in sent), (name, sent)
    payloads = [s["payloads"][0] for s in json.load(open(f"{work}/art-{name}/inputs.json"))["data"]]
    for p in payloads:
        assert set(p) == shape, (name, p)
        if "input" in p:
            assert isinstance(p["input"], list) and len(p["input"]) == 1, p
    expected = {body_hash(p) for p in payloads}
    assert {e["body_fnv1a"] for e in sent} <= expected, f"{name}: the mock read bodies not in inputs.json"
    s = json.load(open(f"{work}/art-{name}/profile_export_aiperf.json"))
    assert s["request_count"]["avg"] == 6, s["request_count"]
    assert s["input_sequence_length"]["avg"] == 12, s["input_sequence_length"]
    assert s["request_latency"]["min"] >= 2.5, s["request_latency"]
    for tag in ("time_to_first_token", "inter_token_latency", "output_sequence_length", "output_token_throughput",
                "output_token_count", "e2e_output_token_throughput", "osl_mismatch_diff_pct"):
        assert tag not in s, (name, tag)
print("ok: embeddings bodies and metrics")
'

# A server answering 200 with a body that is not JSON: every request is an error record.
port_file="$WORK/port"
python3 - "$port_file" >"$WORK/html.log" 2>&1 <<'PY' &
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        body = b"<html>not json</html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
open(sys.argv[1], "w").write(str(s.server_address[1]))
s.serve_forever()
PY
MOCK_PIDS+=($!)
for _ in $(seq 1 100); do [ -s "$port_file" ] && break; sleep 0.05; done
"$AIPERF" profile -m mock-model -u "http://127.0.0.1:$(cat "$port_file")" --endpoint-type embeddings --ui none \
  --request-count 3 --isl 8 --artifact-dir "$WORK/art-html" >"$WORK/html.out" 2>&1 || true
WORK="$WORK" py '
import json, os
recs = [json.loads(l) for l in open(os.environ["WORK"] + "/art-html/profile_export.jsonl")]
assert len(recs) == 3 and all(r["error"]["type"] == "InvalidInferenceResultError" for r in recs), recs
print("ok: non-JSON replies are error records")
'

out="$("$AIPERF" profile -m m --endpoint-type embedding 2>&1)" && fail "unknown endpoint type accepted"
grep -q "^.*--endpoint-type: invalid choice 'embedding' (choose from chat, completions" <<<"$out" || fail "message: $out"
echo "ok"
