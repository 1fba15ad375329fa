#!/usr/bin/env bash
# Default artifact naming, and two runs never overwrite each other.
source "$(dirname "$0")/lib/common.bash"

start_mock --output-tokens 2
cd "$WORK"
for _ in 1 2; do
  "$AIPERF" profile -m org/mock-model --tokenizer builtin -u "$MOCK_URL" --streaming --concurrency 3 --request-count 5 \
    >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
done
ls artifacts
[ -f "artifacts/org_mock-model-openai-chat-concurrency3/profile_export_aiperf.json" ] || fail "default name"
n=$(ls artifacts | wc -l)
[ "$n" -eq 2 ] || fail "expected two run directories, found $n"
set +e
"$AIPERF" profile -m m --tokenizer builtin -u "$MOCK_URL" --request-count 2 \
  --artifact-dir "artifacts/org_mock-model-openai-chat-concurrency3" >"$WORK/o" 2>"$WORK/e"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "reusing an explicit --artifact-dir that holds a run must be refused"
grep -q -- "--artifact-dir" "$WORK/e" || fail "error must name --artifact-dir"
echo ok
