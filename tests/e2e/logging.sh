#!/usr/bin/env bash
# Leveled logs: every run writes <artifact-dir>/logs/aiperf.log (INFO by default); stderr shows
# only warnings and errors unless -v, -vv or --log-level asks for more; credentials never
# reach either.
source "$(dirname "$0")/lib/common.bash"

start_mock
KEY="sk-e2e-$RANDOM-secret"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --request-count 4 --api-key "$KEY" \
  -H "X-Api-Key: hdr-$KEY" --artifact-dir "$WORK/quiet" --ui none >"$WORK/quiet.out" 2>"$WORK/quiet.err" \
  || { cat "$WORK/quiet.err"; fail "default run failed"; }
LOG="$WORK/quiet/logs/aiperf.log"
[ -s "$LOG" ] || fail "no logs/aiperf.log"
grep -q " INFO phase profiling ended: 4 sent, 4 returned" "$LOG" || { cat "$LOG"; fail "no phase line"; }
grep -q " INFO aiperf-cpp .*--api-key '<redacted>'" "$LOG" || { cat "$LOG"; fail "no command line"; }
! grep -q "DEBUG" "$LOG" || fail "DEBUG lines at the default INFO level"
# Notes printed to stderr by the tokenizer and dataset code are in the file as well.
grep -q "looks like a placeholder" "$WORK/quiet.err" || { cat "$WORK/quiet.err"; fail "no tokenizer note on stderr"; }
grep -q " INFO aiperf: note: model 'mock-model' looks like a placeholder" "$LOG" || { cat "$LOG"; fail "note not in the log"; }
! grep -q "^info:\|^debug:" "$WORK/quiet.err" || { cat "$WORK/quiet.err"; fail "info on stderr without -v"; }

"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 3 --api-key "$KEY" -vv \
  --artifact-dir "$WORK/loud" --ui none >"$WORK/loud.out" 2>"$WORK/loud.err" || { cat "$WORK/loud.err"; fail "-vv run failed"; }
grep -q "^debug: 1 worker(s)" "$WORK/loud.err" || { cat "$WORK/loud.err"; fail "-vv shows no debug line"; }
[ "$(grep -c '^trace: record profiling credit' "$WORK/loud.err")" -eq 3 ] || { cat "$WORK/loud.err"; fail "-vv: one trace line per record"; }
[ "$(grep -c ' TRACE record profiling credit' "$WORK/loud/logs/aiperf.log")" -eq 3 ] || fail "trace lines not in the file"

"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 --log-level error \
  --artifact-dir "$WORK/errors" --ui none >/dev/null 2>&1 || fail "--log-level error run failed"
! grep -q " INFO " "$WORK/errors/logs/aiperf.log" || fail "--log-level error still logs INFO"

# --ui-type simple writes its progress to stderr, and nothing of it reaches the log file's INFO
# lines twice or stdout (the final tables' stream): docs/ui.md.
# Enough requests that the UI thread reads the workers while they run (this test runs under TSan).
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 60 --concurrency 4 --ui-type simple --stats-interval 0.2 \
  --artifact-dir "$WORK/ui" >"$WORK/ui.out" 2>"$WORK/ui.err" || { cat "$WORK/ui.err"; fail "--ui-type simple run failed"; }
grep -qF "Profiling: 60/60 |" "$WORK/ui.err" || { cat "$WORK/ui.err"; fail "--ui-type simple: no progress line on stderr"; }
! grep -qF "Profiling: " "$WORK/ui.out" || fail "--ui-type simple: progress on stdout"

# A run that ends in an error says so on stderr and, after everything else, in its log file.
ERROR_URL="$MOCK_URL"
start_mock --error-rate 1
set +e
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 2 --artifact-dir "$WORK/failed" --ui none \
  >"$WORK/failed.out" 2>"$WORK/failed.err"
rc=$?
set -e
MOCK_URL="$ERROR_URL"
[ "$rc" -eq 1 ] || { cat "$WORK/failed.err"; fail "a run whose requests all failed must exit 1 (got $rc)"; }
grep -q "^error: all 2 requests failed; first error: 500" "$WORK/failed.err" || { cat "$WORK/failed.err"; fail "no error line"; }
tail -1 "$WORK/failed/logs/aiperf.log" | grep -q " ERROR all 2 requests failed; first error: 500" \
  || { cat "$WORK/failed/logs/aiperf.log"; fail "the run's error is not the log file's last line"; }

for f in "$WORK"/*.err "$WORK"/*.out "$WORK"/*/logs/aiperf.log; do
  ! grep -q -- "$KEY" "$f" || fail "the API key reached $f"
done
echo "ok"
