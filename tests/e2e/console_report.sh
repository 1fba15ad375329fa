#!/usr/bin/env bash
# The end-of-run console (metrics-and-outputs.md §6): one table per console group in upstream's
# order, the OSL-mismatch panel when the server ignores max tokens, and
# profile_export_console.txt holding exactly what stdout printed (140 columns, or
# AIPERF_UI_CONSOLE_EXPORT_WIDTH).
source "$(dirname "$0")/lib/common.bash"

# The mock always answers 12 tokens; asking for 8 makes every request an OSL mismatch.
start_mock --ttft-ms 2 --itl-ms 1 --output-tokens 12
run() {
  local art="$1"; shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 20 \
    --osl 8 --isl 20 --extra-inputs '{"stream_options":{"include_usage":true}}' --workers-max 1 \
    --ui none --artifact-dir "$art" "$@" >"$art.out" 2>"$art.err" || { cat "$art.out" "$art.err"; fail "aiperf failed: $*"; }
}

run "$WORK/a"
ART="$WORK/a" py '
import os, re
art = os.environ["ART"]
printed = open(art + ".out", encoding="utf-8").read()
saved = open(art + "/profile_export_console.txt", encoding="utf-8").read()
# stdout is a pipe: the report is printed 140 wide without colour, the same text as the file.
assert printed.endswith(saved), "stdout does not end with profile_export_console.txt"
assert "\x1b" not in saved
# Footer lines are never wrapped (paths stay whole); tables and panels fit the width.
assert max(len(l) for l in saved.splitlines() if not l.startswith(("CLI Command:", "CSV Export:", "JSON Export:", "Records Export:"))) <= 140
titles = re.findall(r"^ *(NVIDIA AIPerf \| [^\n]*?) *$", saved, re.M)
assert titles == ["NVIDIA AIPerf | LLM Metrics: Effective", "NVIDIA AIPerf | LLM Metrics: Active",
                  "NVIDIA AIPerf | LLM Metrics: Usage", "NVIDIA AIPerf | LLM Metrics"], titles
assert "Effective Concurrency (requests)" in saved
assert "Usage Completion Tokens (tokens)" in saved
assert "Usage Prompt Diff" not in saved, "diff metrics are hidden"
assert " OSL Mismatch " in saved and "ignore_eos:true" in saved
default_table = re.search(r"NVIDIA AIPerf \| LLM Metrics *\n", saved).start()
assert default_table < saved.index(" OSL Mismatch ") < saved.index("CLI Command:")
print("ok groups, panel, file == stdout")
'

AIPERF_UI_CONSOLE_EXPORT_WIDTH=100 run "$WORK/b"
ART="$WORK/b" py '
import os
art = os.environ["ART"]
saved = open(art + "/profile_export_console.txt", encoding="utf-8").read()
tables = [l for l in saved.splitlines() if l[:1] in "┏│└╭╰"]
assert tables and max(len(l) for l in tables) <= 100, max(len(l) for l in tables)
assert any(len(l) == 100 for l in tables), "panels fill the width"
print("ok width 100")
'

set +e
AIPERF_UI_CONSOLE_EXPORT_WIDTH=wide "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 \
  --artifact-dir "$WORK/bad" >"$WORK/out" 2>"$WORK/err"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "bad AIPERF_UI_CONSOLE_EXPORT_WIDTH accepted"
grep -q "AIPERF_UI_CONSOLE_EXPORT_WIDTH" "$WORK/err" || { cat "$WORK/err"; fail "error does not name the variable"; }
[ "$(wc -l <"$WORK/err")" -le 1 ] || { cat "$WORK/err"; fail "more than one line"; }
[ ! -e "$WORK/bad" ] || fail "artifacts written for a bad width"
echo "ok ($rc): $(cat "$WORK/err")"
