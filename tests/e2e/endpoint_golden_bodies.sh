#!/usr/bin/env bash
# Every implemented endpoint type through the real client against the mock, streaming and not
# where supported: the exact request line, headers and body the mock received (recorded with
# --record-requests) against tests/fixtures/golden/<case>.json, and the parsed result
# (output tokens, usage) in profile_export.jsonl.
# Golden placeholders: "<uuid>" a UUID, "<text>" any non-empty string (synthetic rankings
# text), "<version>" aiperf/<x.y.z>; Host, Content-Length and X-Session-Affinity are checked
# (address, body byte count, = X-Correlation-ID) and then masked.
# AIPERF_GOLDEN_WRITE=DIR writes what was recorded to DIR/<case>.json instead (to review by hand).
source "$(dirname "$0")/lib/common.bash"
GOLDEN="$(cd "$(dirname "$0")/../fixtures/golden" && pwd)"

printf '%s\n' '{"text": "golden prompt with five words", "output_length": 3}' >"$WORK/rows.jsonl"
printf '%s\n' '{"model":"raw-model","messages":[{"role":"user","content":"raw body"}],"max_tokens":2,"seed":7}' \
  >"$WORK/raw.jsonl"
cat >"$WORK/body.j2" <<'TEMPLATE'
{"model": {{ model|tojson }},
 "prompt": {{ turns[0].texts|join(" ")|tojson }},
 {% if max_tokens is not none %}"max_tokens": {{ max_tokens }},{% endif %}
 "stream": {{ stream|tojson }},
 "stream_options": {"include_usage": true}}
TEMPLATE

# case name, then aiperf flags; each case gets its own mock and record file. URL_PATH: what
# --url gets after the mock's address (raw and template append no path).
golden_run() {
  local name="$1"
  shift
  start_mock --record-requests "$WORK/$name.rec.jsonl"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL${URL_PATH:-}" --concurrency 1 --request-count 1 --ui none --no-server-metrics \
    --export-level raw --artifact-dir "$WORK/art-$name" --api-key sk-golden -H "X-Golden: yes" "$@" \
    >"$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
}
FILE=(--input-file "$WORK/rows.jsonl" --custom-dataset-type single_turn)
RANK=(--random-seed 5 --rankings-passages-mean 2 --rankings-query-prompt-token-mean 4
      --rankings-passages-prompt-token-mean 6)

for kind in chat completions responses messages; do
  golden_run "$kind-stream" --endpoint-type "$kind" --streaming "${FILE[@]}"
  golden_run "$kind-plain" --endpoint-type "$kind" "${FILE[@]}"
done
golden_run embeddings --endpoint-type embeddings "${FILE[@]}"
golden_run nim_embeddings --endpoint-type nim_embeddings --extra-inputs input_type:query "${FILE[@]}"
golden_run chat_embeddings --endpoint-type chat_embeddings "${FILE[@]}"
golden_run nim_rankings --endpoint-type nim_rankings "${RANK[@]}"
golden_run cohere_rankings --endpoint-type cohere_rankings "${RANK[@]}"
golden_run hf_tei_rankings --endpoint-type hf_tei_rankings --streaming "${RANK[@]}"
URL_PATH=/v1/chat/completions golden_run raw --endpoint-type raw --input-file "$WORK/raw.jsonl" \
  --custom-dataset-type raw_payload
# The user's -H overrides the default anthropic-version; the key still travels as x-api-key.
golden_run messages-user-version --endpoint-type messages -H "anthropic-version: 2024-01-01" "${FILE[@]}"
# -H User-Agent and Authorization win over the defaults and --api-key; Accept and Content-Type
# describe what the client sends and parses, so the user's values are replaced (§7.1).
golden_run chat-user-headers --endpoint-type chat -H "User-Agent: custom/1" -H "Authorization: Bearer user-token" \
  -H "Accept: text/plain" -H "Content-Type: text/plain" "${FILE[@]}"
URL_PATH=/v1/completions golden_run template-stream --endpoint-type template --streaming \
  --extra-inputs "payload_template:$WORK/body.j2" --extra-inputs temperature:0.5 "${FILE[@]}"

WORK="$WORK" GOLDEN="$GOLDEN" WRITE="${AIPERF_GOLDEN_WRITE:-}" py '
import json, os, re, glob
work, golden, write = os.environ["WORK"], os.environ["GOLDEN"], os.environ["WRITE"]
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")

def match(want, got, where):
    if want == "<uuid>":
        assert isinstance(got, str) and UUID.match(got), f"{where}: {got!r} is not a UUID"
    elif want == "<text>":
        assert isinstance(got, str) and got.strip(), f"{where}: {got!r} is not a non-empty string"
    elif want == "<correlation-id>":
        assert got == "<correlation-id>", f"{where}: {got!r}"
    elif want == "<version>":
        assert isinstance(got, str) and re.match(r"^aiperf/\d+\.\d+\.\d+", got), f"{where}: {got!r}"
    elif isinstance(want, dict):
        # Body keys in sending order; header names in any order.
        keys_match = isinstance(got, dict) and sorted(want) == sorted(got)
        keys_match = keys_match and (list(want) == list(got) or ".body" not in where)
        assert keys_match, f"{where}: keys {list(got) if isinstance(got, dict) else got!r} != {list(want)}"
        for k in want:
            match(want[k], got[k], f"{where}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(want) == len(got), f"{where}: {got!r} != {want!r}"
        for i, (w, g) in enumerate(zip(want, got)):
            match(w, g, f"{where}[{i}]")
    else:
        assert type(want) == type(got) and want == got, f"{where}: {got!r} != {want!r}"

for rec_file in sorted(glob.glob(f"{work}/*.rec.jsonl")):
    name = os.path.basename(rec_file)[: -len(".rec.jsonl")]
    lines = [json.loads(l) for l in open(rec_file)]
    assert len(lines) == 1, (name, lines)
    got = lines[0]
    # Header names are case-insensitive and their order carries no meaning: the golden holds
    # them lower-cased in an object; each name is sent once.
    names = [k.lower() for k, v in got["headers"]]
    assert len(names) == len(set(names)), (name, names)
    headers = {k.lower(): v for k, v in got["headers"]}
    got_ids = {h: headers.get(h) for h in ("x-request-id", "x-correlation-id")}
    body = got.get("body", got.get("body_text"))
    compact = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    assert headers.get("content-length") == str(len(compact)), (name, headers, len(compact))  # compact JSON
    headers["content-length"] = "<length>"
    assert re.match(r"^127\.0\.0\.1:\d+$", headers.get("host", "")), (name, headers)
    headers["host"] = "127.0.0.1:<port>"
    # The derived session header carries the conversation correlation id (§5.3).
    assert headers.get("x-session-affinity") == headers.get("x-correlation-id"), (name, headers)
    headers["x-session-affinity"] = "<correlation-id>"
    seen = {"method": got["method"], "target": got["target"], "headers": headers, "body": body}
    if write:
        for h in ("x-request-id", "x-correlation-id"):
            headers[h] = "<uuid>"
        headers["user-agent"] = "<version>"
        if "rankings" in name:
            b = body
            for key in ("query", "texts", "documents", "passages"):
                if key in b:
                    v = b[key]
                    b[key] = ({"text": "<text>"} if isinstance(v, dict) else
                              ["<text>" if isinstance(x, str) else {"text": "<text>"} for x in v] if isinstance(v, list)
                              else "<text>")
        json.dump(seen, open(f"{write}/{name}.json", "w"), indent=1, ensure_ascii=False)
        open(f"{write}/{name}.json", "a").write("\n")
        continue
    want = json.load(open(f"{golden}/{name}.json"))
    match(want, seen, name)

    # The parsed result: no error, output tokens from the reply text and the usage the mock sent.
    recs = [json.loads(l) for l in open(f"{work}/art-{name}/profile_export.jsonl")]
    assert len(recs) == 1 and "error" not in recs[0], (name, recs)
    m = recs[0]["metrics"]
    # The ids the mock received are the ones the client recorded for this request.
    meta = [json.loads(l) for l in open(f"{work}/art-{name}/profile_export_raw.jsonl")][0]["metadata"]
    assert meta["x_request_id"] == got_ids["x-request-id"], (name, meta, got_ids)
    assert meta["x_correlation_id"] == got_ids["x-correlation-id"], (name, meta, got_ids)
    out = json.load(open(f"{work}/art-{name}/outputs.json"))["data"][0]
    if "rankings" in name or "embeddings" in name:
        assert "output_sequence_length" not in m, (name, m)
        continue
    osl = 2 if name == "raw" else 3
    assert m["output_sequence_length"]["value"] == osl, (name, m["output_sequence_length"])
    text = out.get("response_text", "")
    assert len(text.split()) == osl and text.startswith(" "), (name, out)  # the mock words, as sent
    assert m.get("usage_completion_tokens", {}).get("value") == osl, (name, sorted(m))
    # The mock counts prompt tokens as aiperf does (o200k_base, where a leading "golden" is two).
    prompt_tokens = 2 if name == "raw" else 6
    assert m["usage_prompt_tokens"]["value"] == prompt_tokens, (name, m.get("usage_prompt_tokens"))
    assert m.get("input_sequence_length", {"value": prompt_tokens})["value"] == prompt_tokens, (name, m)
    assert ("time_to_first_token" in m) == name.endswith("-stream"), (name, sorted(m))
print("ok: golden request lines, headers, bodies and parsed results")
'

# Bad input from the server: a 200 whose body is not JSON is that request's error record and
# the run goes on (the other, valid replies count; a partly failed run exits 0).
port_file="$WORK/port"
python3 - "$port_file" >"$WORK/html.log" 2>&1 <<'PY' &
import http.server, json, sys, threading
lock, count = threading.Lock(), [0]
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with lock:
            count[0] += 1
            n = count[0]
        if n % 2:
            body, kind = b"<html>upstream proxy error</html>", "text/html"
        else:
            choice = {"text": " a b"} if self.path.endswith("/completions") and "chat" not in self.path \
                else {"message": {"role": "assistant", "content": " a b"}}
            body = json.dumps({"choices": [choice], "usage": {"prompt_tokens": 1, "completion_tokens": 2}}).encode()
            kind = "application/json"
        self.send_response(200)
        self.send_header("Content-Type", kind)
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
for kind in chat completions; do
  "$AIPERF" profile -m mock-model -u "http://127.0.0.1:$(cat "$port_file")" --endpoint-type "$kind" --ui none --no-server-metrics \
    --concurrency 1 --request-count 4 --isl 8 --osl 2 --artifact-dir "$WORK/art-html-$kind" \
    >"$WORK/html-$kind.out" 2>&1 || { cat "$WORK/html-$kind.out"; fail "$kind: a partly failed run must exit 0"; }
done
WORK="$WORK" py '
import json, os
for kind in ("chat", "completions"):
    recs = [json.loads(l) for l in open(os.environ["WORK"] + f"/art-html-{kind}/profile_export.jsonl")]
    assert len(recs) == 4, (kind, recs)
    bad = [r["error"] for r in recs if "error" in r]
    good = [r for r in recs if "error" not in r]
    assert len(bad) == 2 and len(good) == 2, (kind, bad)
    for e in bad:
        assert e["type"] == "InvalidInferenceResultError" and e["message"], (kind, e)
    for r in good:
        assert r["metrics"]["output_sequence_length"]["value"] == 2, (kind, r["metrics"])
print("ok: non-JSON 200 replies are per-request error records and the run goes on")
'
