#!/usr/bin/env bash
# huggingface_generate (TGI /generate, /generate_stream) and solido_rag (/rag/api/prompt) against
# the mock, streaming and not: the exact bodies the server read, OSL equal to the tokens the mock
# generated, TTFT/ITL only when streamed; an in-stream TGI error event becomes an error record
# while the run goes on; a session prompt on these role-less endpoints is refused.
source "$(dirname "$0")/lib/common.bash"

printf '%s\n' '{"text": "Shall I compare thee", "output_length": 4}' \
  '{"text": "to a summer day", "output_length": 3}' >"$WORK/rows.jsonl"

start_mock --itl-ms 1 --timing-log "$WORK/bodies.jsonl"
PID="${MOCK_PIDS[-1]}"
run() {
  local name="$1"; shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --input-file "$WORK/rows.jsonl" --custom-dataset-type single_turn \
    --request-count 2 --concurrency 1 --extra-inputs temperature:0.5 --ui none --artifact-dir "$WORK/$name" "$@" \
    >"$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
}
run tgi-stream --endpoint-type huggingface_generate --streaming
run tgi-plain --endpoint-type huggingface_generate
run rag-stream --endpoint-type solido_rag --streaming
run rag-plain --endpoint-type solido_rag
kill -INT "$PID"
wait "$PID" || true

WORK="$WORK" py '
import json, os
from e2e_checks import fnv, compact
work = os.environ["WORK"]
texts = [("Shall I compare thee", 4), ("to a summer day", 3)]
tgi = [{"inputs": t, "parameters": {"max_new_tokens": n, "temperature": 0.5}} for t, n in texts]
rag = [{"query": [t], "filters": {"family": "Solido", "tool": "SDE"}, "inference_model": "mock-model",
        "temperature": 0.5} for t, _ in texts]
sent = [json.loads(l) for l in open(f"{work}/bodies.jsonl")]
want = sorted(fnv(compact(b)) for b in tgi * 2 + rag * 2)
assert sorted(s["body_fnv1a"] for s in sent) == want, "bodies read by the mock differ from the golden ones"
assert sum(s["stream"] for s in sent) == 4, [s["stream"] for s in sent]
# The correlation header reached the server: the ids it read are those of the records.
read_ids = sorted(s["correlation_id"] for s in sent)
record_ids = sorted(json.loads(l)["metadata"]["x_correlation_id"]
                    for n in ("tgi-stream", "tgi-plain", "rag-stream", "rag-plain")
                    for l in open(f"{work}/{n}/profile_export.jsonl"))
assert read_ids == record_ids and all(read_ids), (read_ids, record_ids)

for name, streamed, osl in [("tgi-stream", True, [4, 3]), ("tgi-plain", False, [4, 3]),
                            ("rag-stream", True, [16, 16]), ("rag-plain", False, [16, 16])]:
    recs = [json.loads(l) for l in open(f"{work}/{name}/profile_export.jsonl")]
    assert len(recs) == 2 and not [r for r in recs if "error" in r], (name, recs)
    got = sorted(r["metrics"]["output_sequence_length"]["value"] for r in recs)
    assert got == sorted(osl), (name, got)
    for r in recs:
        m = r["metrics"]
        assert m["input_sequence_length"]["value"] >= 4, (name, m)
        assert ("time_to_first_token" in m) == streamed and ("inter_token_latency" in m) == streamed, (name, m)
        if name.startswith("tgi"):  # TGI reports details.generated_tokens
            assert m["usage_completion_tokens"]["value"] == m["output_sequence_length"]["value"], (name, m)
    payloads = [p["payloads"][0] for p in json.load(open(f"{work}/{name}/inputs.json"))["data"]]
    assert sorted(map(compact, payloads)) == sorted(map(compact, tgi if name.startswith("tgi") else rag)), payloads
print("ok: bodies, OSL, streaming metrics")
'

# An in-stream error event (TGI {"error", "error_type"}) is an error record; the run goes on.
start_mock --itl-ms 1 --stream-error-rate 0.5 --seed 5
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type huggingface_generate --streaming --isl 8 --osl 4 \
  --request-count 20 --concurrency 2 --ui none --artifact-dir "$WORK/errs" >"$WORK/errs.out" 2>&1 \
  || { cat "$WORK/errs.out"; fail "a partly failing TGI run must exit 0"; }
WORK="$WORK" py '
import json, os
recs = [json.loads(l) for l in open(os.environ["WORK"] + "/errs/profile_export.jsonl")]
errs = [r["error"] for r in recs if "error" in r]
assert len(recs) == 20 and 0 < len(errs) < 20, (len(recs), len(errs))
for e in errs:
    assert e["code"] == 502 and e["type"] == "SSEResponseError", e
    assert e["message"].endswith("injected mid-stream failure (--stream-error-rate) (error_type: generation)"), e
ok = [r for r in recs if "error" not in r]
assert all(r["metrics"]["output_sequence_length"]["value"] == 4 for r in ok), ok
print("ok: in-stream errors", len(errs))
'

# No roles: a system prompt would be dropped, so it is refused up front.
set +e
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type solido_rag --shared-system-prompt-length 4 \
  --request-count 1 --ui none --artifact-dir "$WORK/refused" >"$WORK/refused.out" 2>&1
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "a system prompt with solido_rag must be refused"
grep -q -- "--shared-system-prompt-length needs a chat endpoint (--endpoint-type solido_rag" "$WORK/refused.out" \
  || { cat "$WORK/refused.out"; fail "refusal names the flag and endpoint"; }
echo "ok"
