#!/usr/bin/env bash
# `aiperf validate --target FORMAT --input PATH` checks a trace or dataset file with the loader a
# run would use: a summary and exit 0, or the loader's one-line error naming the line and exit 1.
source "$(dirname "$0")/lib/common.bash"

cat >"$WORK/trace.jsonl" <<'EOF_TRACE'
{"session_id": "s1", "timestamp": 0, "input_length": 600, "output_length": 2, "hash_ids": [1, 2]}
{"session_id": "s1", "timestamp": 10, "input_length": 700, "output_length": 2, "hash_ids": [1, 2]}
{"session_id": "s2", "timestamp": 20, "input_length": 12, "output_length": 2, "hash_ids": [1]}
EOF_TRACE
out="$("$AIPERF" validate --target mooncake-trace --input "$WORK/trace.jsonl")" || fail "a valid trace was refused"
[ "$out" = "$WORK/trace.jsonl: valid mooncake_trace (2 conversations, 3 turns, 2 sessions, timestamps 0 to 20 ms)" ] \
  || fail "summary: $out"
printf '%s\n' '{"timestamp": 0, "input_length": 20, "output_length": 2}' '{"timestamp": "x", "input_length": 20}' \
  >"$WORK/bad.jsonl"
set +e
"$AIPERF" validate --target mooncake-trace --input "$WORK/bad.jsonl" >"$WORK/out" 2>"$WORK/err"
rc=$?
"$AIPERF" validate --target nope --input "$WORK/bad.jsonl" >/dev/null 2>"$WORK/err2"
rc2=$?
set -e
[ "$rc" -eq 1 ] && [ ! -s "$WORK/out" ] || fail "a bad trace: exit $rc"
grep -qx "error: --input-file $WORK/bad.jsonl, line 2: 'timestamp' must be a number, got \"x\"" "$WORK/err" \
  || { cat "$WORK/err"; fail "the error does not name the line"; }
[ "$rc2" -eq 1 ] && grep -q "^error: --target: invalid choice 'nope' (choose from single_turn," "$WORK/err2" \
  || { cat "$WORK/err2"; fail "an unknown target"; }
# Every --custom-dataset-type is a target.
printf '%s\n' '{"text": "hello there"}' >"$WORK/single.jsonl"
"$AIPERF" validate --target single_turn --input "$WORK/single.jsonl" | grep -q "valid single_turn (1 conversations, 1 turns" \
  || fail "single_turn target"
echo "ok"
