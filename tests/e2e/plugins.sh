#!/usr/bin/env bash
# `aiperf plugins` lists each extension point's implementations from the code's own tables.
source "$(dirname "$0")/lib/common.bash"

"$AIPERF" plugins >"$WORK/all.txt" || fail "plugins exited non-zero"
grep -q "^  endpoint  *19: chat, completions," "$WORK/all.txt" || { cat "$WORK/all.txt"; fail "no endpoint line"; }
grep -q "^  custom_dataset_loader  *13: single_turn," "$WORK/all.txt" || { cat "$WORK/all.txt"; fail "no loader line"; }
"$AIPERF" plugins --category endpoint >"$WORK/endpoint.txt" || fail "--category endpoint failed"
[ "$(grep -c '^  ' "$WORK/endpoint.txt")" -eq 19 ] || { cat "$WORK/endpoint.txt"; fail "not 19 endpoint types"; }
grep -q "^  huggingface_generate  */generate, streaming /generate_stream; streams" "$WORK/endpoint.txt" \
  || { cat "$WORK/endpoint.txt"; fail "no TGI detail"; }
[ "$("$AIPERF" plugins --name gamma)" = "arrival_pattern: gamma" ] || fail "--name gamma"
set +e
"$AIPERF" plugins --category nope >"$WORK/bad.out" 2>"$WORK/bad.err"
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "an unknown category must exit 1 (got $rc)"
grep -q "^error: plugins: --category: invalid choice 'nope' (choose from arrival_pattern," "$WORK/bad.err" \
  || { cat "$WORK/bad.err"; fail "no one-line error"; }
echo "ok"
