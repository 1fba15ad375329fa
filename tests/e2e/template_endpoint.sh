#!/usr/bin/env bash
# --endpoint-type template (workloads-and-endpoints.md §7.3): a Jinja2 body template from a
# file renders each row; --extra-inputs (without payload_template) and the row's `extra` are
# merged over it; no path is appended to the URL. The mock hashes every body it reads, so the
# exact bytes are checked. --endpoint-type raw sends raw_payload rows unchanged. A template
# that cannot render fails before anything is sent, naming the file and line.
source "$(dirname "$0")/lib/common.bash"

cat >"$WORK/body.j2" <<'TEMPLATE'
{
  "model": {{ model|tojson }},
  "messages": [
  {%- for t in turns %}
    {"role": {{ t.role|tojson }}, "content": {{ t.texts|join(" ")|tojson }}}{% if not loop.last %},{% endif %}
  {%- endfor %}],
  {% if max_tokens is not none %}"max_tokens": {{ max_tokens }},{% endif %}
  "stream": {{ stream|tojson }}
}
TEMPLATE
printf '%s\n' '{"text": "Hello wörld", "output_length": 3}' \
  '{"text": "second \"row\""}' >"$WORK/rows.jsonl"

start_mock --timing-log "$WORK/t.jsonl"
PID="${MOCK_PIDS[-1]}"
"$AIPERF" profile -m mock-model -u "$MOCK_URL/v1/chat/completions" --endpoint-type template --streaming \
  --extra-inputs "payload_template:$WORK/body.j2" --extra-inputs top_p:0.9 --input-file "$WORK/rows.jsonl" \
  --custom-dataset-type single_turn --request-count 2 --artifact-dir "$WORK/art" --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "aiperf template failed"; }
printf '%s\n' '{"model":"mock-model","messages":[{"role":"user","content":"raw body"}],"max_tokens":2}' >"$WORK/raw.jsonl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL/v1/chat/completions" --endpoint-type raw --input-file "$WORK/raw.jsonl" \
  --custom-dataset-type raw_payload --request-count 1 --artifact-dir "$WORK/art-raw" --ui none >"$WORK/raw.txt" 2>&1 \
  || { cat "$WORK/raw.txt"; fail "aiperf raw failed"; }
kill -INT "$PID"
wait "$PID" || true

WORK="$WORK" py '
import json, os
from e2e_checks import fnv, compact
work = os.environ["WORK"]
want = sorted(fnv(compact(o)) for o in [
    {"model": "mock-model", "messages": [{"role": "user", "content": "Hello wörld"}], "max_tokens": 3, "stream": True,
     "top_p": 0.9},
    {"model": "mock-model", "messages": [{"role": "user", "content": "second \"row\""}], "stream": True, "top_p": 0.9},
    {"model": "mock-model", "messages": [{"role": "user", "content": "raw body"}], "max_tokens": 2},
])
got = sorted(json.loads(l)["body_fnv1a"] for l in open(f"{work}/t.jsonl"))
assert got == want, (got, want)
recs = [json.loads(l) for l in open(f"{work}/art/profile_export.jsonl")]
assert len(recs) == 2 and not [r for r in recs if "error" in r], recs
'

# Errors: a bad filter on line 4 of the file; a missing template; raw without verbatim rows.
sed -i 's/t.role|tojson/t.role|shout/' "$WORK/body.j2"
"$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --endpoint-type template --extra-inputs "payload_template:$WORK/body.j2" \
  --request-count 1 --ui none --artifact-dir "$WORK/bad1" >"$WORK/bad1.txt" 2>&1 && fail "bad template accepted"
grep -q "payload_template file $WORK/body.j2 line 5: unknown filter 'shout'" "$WORK/bad1.txt" \
  || { cat "$WORK/bad1.txt"; fail "wrong template error"; }
"$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --endpoint-type template --request-count 1 --ui none \
  >"$WORK/bad2.txt" 2>&1 && fail "template without payload_template accepted"
grep -q "needs --extra-inputs payload_template" "$WORK/bad2.txt" || { cat "$WORK/bad2.txt"; fail "wrong error"; }
"$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --endpoint-type raw --request-count 1 --ui none \
  >"$WORK/bad3.txt" 2>&1 && fail "raw without raw_payload accepted"
grep -q "endpoint-type raw sends verbatim payloads" "$WORK/bad3.txt" || { cat "$WORK/bad3.txt"; fail "wrong error"; }
echo "PASS"
