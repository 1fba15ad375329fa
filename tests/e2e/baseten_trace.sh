#!/usr/bin/env bash
# --custom-dataset-type baseten_trace: a Parquet trace (written by DuckDB) against the mock.
# Rows sharing provided_session_id are one conversation in time order (even when the file
# lists them out of order), each row sent on its own with its literal prompt; bodies carry
# max_tokens, min_tokens (over --extra-inputs), hash_ids and block_size; --replay-speedup
# compresses the schedule. Then the knobs that drop fields or sessions, and the refusals.
# Skips (77) only when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"

need_duckdb

TRACE="$WORK/trace.parquet"
query "COPY (SELECT * FROM (VALUES
    (1767225600000, 'User: hi' || chr(10) || 'Assistant:', 6, 12, 'sess-a', [11, 12], 64),
    (1767225605000, 'B two', 9, 7, 'sess-b', [21, 22, 23], 64),
    (1767225603500, 'User: hi' || chr(10) || 'Assistant: hello' || chr(10) || 'User: more' || chr(10) || 'Assistant:', 14, 20, 'sess-a', [11, 12, 13], 64),
    (1767225601000, 'lonely', 3, 0, NULL, NULL, NULL),
    (1767225602000, 'B one', 4, 5, 'sess-b', [21, 22], 64))
  AS t(timestamp_start_unix_ms, prompt, input_tokens, output_tokens, provided_session_id, total_hashes, block_size))
  TO '$TRACE' (FORMAT parquet, COMPRESSION snappy)" >/dev/null || fail "DuckDB could not write the trace"

start_mock --itl-ms 1
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions --input-file "$TRACE" \
  --replay-speedup 10 --extra-inputs min_tokens:999 --export-level raw --artifact-dir "$ART" --ui none \
  >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
py '
import json, os, collections
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
raw = [json.loads(l) for l in open(f"{art}/profile_export_raw.jsonl")]
assert len(recs) == 5 and len(raw) == 5, (len(recs), len(raw))
assert not [r for r in recs if "error" in r], "error records"
by_conv = collections.defaultdict(list)
for l in raw:
    by_conv[l["metadata"]["conversation_id"]].append(l)
assert len(by_conv) == 3 and {"sess-a", "sess-b"} <= set(by_conv), sorted(by_conv)
for v in by_conv.values():
    v.sort(key=lambda l: l["metadata"]["turn_index"])
a = [l["payload"] for l in by_conv["sess-a"]]
b = [l["payload"] for l in by_conv["sess-b"]]
assert a[0]["prompt"] == "User: hi\nAssistant:", a[0]
assert a[1]["prompt"].endswith("User: more\nAssistant:"), a[1]  # sent literally, no history added
for p, mx, hashes in ((a[0], 12, [11, 12]), (a[1], 20, [11, 12, 13])):
    assert p["max_tokens"] == mx and p["min_tokens"] == mx, p  # the row wins over --extra-inputs
    assert p["hash_ids"] == hashes and p["block_size"] == 64, p
assert [p["prompt"] for p in b] == ["B one", "B two"], b  # time order, not file order
lonely = [l["payload"] for k, v in by_conv.items() if not k.startswith("sess-") for l in v]
assert len(lonely) == 1 and lonely[0]["prompt"] == "lonely", lonely
assert lonely[0]["max_tokens"] == 1 and lonely[0]["min_tokens"] == 1, lonely  # floored at 1
assert "hash_ids" not in lonely[0] and "block_size" not in lonely[0], lonely
assert lonely[0]["min_tokens"] != 999
# --replay-speedup 10: sess-a turn 2 is due 350 ms after the first request (3.5 s / 10).
starts = {(l["metadata"]["conversation_id"], l["metadata"]["turn_index"]): l["metadata"]["request_start_ns"] for l in raw}
t0 = min(starts.values())
gap = (starts[("sess-a", 1)] - t0) / 1e6
assert 300 <= gap < 3000, gap
'
echo "replay: ok"

ART2="$WORK/art2"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions --input-file "$TRACE" \
  --custom-dataset-type baseten_trace --replay-speedup 100 --omit-kv-hints --no-force-min-tokens \
  --trace-session-sample-ratio 0.5 --random-seed 7 --export-level raw --artifact-dir "$ART2" --ui none \
  >"$WORK/out2.txt" 2>&1 || { cat "$WORK/out2.txt"; fail "aiperf failed (knobs)"; }
ART="$ART2" py '
import json, os
raw = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export_raw.jsonl")]
convs = {l["metadata"]["conversation_id"] for l in raw}
assert len(convs) == 2, convs  # round(0.5 * 3 sessions)
for l in raw:
    p = l["payload"]
    assert not {"min_tokens", "hash_ids", "block_size"} & set(p), p
    assert p["max_tokens"] >= 1, p
'
echo "knobs: ok"

# --no-open-loop-replay: turn 2 waits (recorded gap 3 s - recorded e2e 2 s) = 1 s after the live
# reply, capped here at 0.3 s by --inter-turn-delay-cap-seconds; the 3 s trace gap is not kept.
query "COPY (SELECT * FROM (VALUES
    (1767225600000, 'C one', 4, 3, 'sess-c', 2000.0::DOUBLE),
    (1767225603000, 'C two', 5, 3, 'sess-c', 100.0::DOUBLE))
  AS t(timestamp_start_unix_ms, prompt, input_tokens, output_tokens, provided_session_id, duration_e2e_ms))
  TO '$WORK/closed.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write the closed-loop trace"
ART3="$WORK/art3"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions --input-file "$WORK/closed.parquet" \
  --no-open-loop-replay --inter-turn-delay-cap-seconds 0.3 --export-level raw --artifact-dir "$ART3" --ui none \
  >"$WORK/out3.txt" 2>&1 || { cat "$WORK/out3.txt"; fail "aiperf failed (closed loop)"; }
ART="$ART3" py '
import json, os
raw = sorted((json.loads(l) for l in open(os.environ["ART"] + "/profile_export_raw.jsonl")),
             key=lambda l: l["metadata"]["turn_index"])
assert [l["payload"]["prompt"] for l in raw] == ["C one", "C two"], raw
think = (raw[1]["metadata"]["request_start_ns"] - raw[0]["metadata"]["request_end_ns"]) / 1e9
assert 0.28 <= think < 0.9, think  # the capped think time, not the 3 s trace gap
'
echo "closed loop: ok"

refused() {  # <expected text> <args...>
  local want="$1"
  shift
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --artifact-dir "$WORK/bad" --ui none "$@" >"$WORK/bad.txt" 2>&1; then
    fail "accepted: $*"
  fi
  grep -qF -- "$want" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "expected '$want' for: $*"; }
}
refused "pass --endpoint-type completions" --input-file "$TRACE"
cp "$TRACE" "$WORK/trace.arrow"
refused "Arrow IPC baseten traces are not supported" --endpoint-type completions --input-file "$WORK/trace.arrow" \
  --custom-dataset-type baseten_trace
query "COPY (SELECT 1767225600000 AS timestamp_start_unix_ms, 'p' AS prompt, 3 AS input_tokens)
  TO '$WORK/no_out.parquet' (FORMAT parquet)" >/dev/null
refused "no_out.parquet: missing required column 'output_tokens'" --endpoint-type completions --input-file "$WORK/no_out.parquet"
refused "--replay-speedup applies to --custom-dataset-type baseten_trace only" --replay-speedup 2
refused "--trace-session-sample-ratio must be in (0, 1]" --endpoint-type completions --input-file "$TRACE" \
  --trace-session-sample-ratio 1.5
query "COPY (SELECT 1767225600000 AS timestamp_start_unix_ms, 'p' AS prompt, 100000000000 AS input_tokens,
  5 AS output_tokens) TO '$WORK/huge.parquet' (FORMAT parquet)" >/dev/null
refused "row 1: 'input_tokens' 100000000000: a prompt of" --endpoint-type completions --input-file "$WORK/huge.parquet" \
  --custom-dataset-type baseten_trace
head -c 100 "$TRACE" >"$WORK/cut.parquet"
refused "cut.parquet: not a Parquet file" --endpoint-type completions --input-file "$WORK/cut.parquet" \
  --custom-dataset-type baseten_trace
refused "--no-open-loop-replay cannot be combined with --open-loop-strict" --endpoint-type completions \
  --input-file "$WORK/closed.parquet" --no-open-loop-replay --open-loop-strict
echo "refusals: ok"
