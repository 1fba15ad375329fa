#!/usr/bin/env bash
# AIPERF_* settings are read and checked once, at start-up: a bad value is one line naming the
# variable, exit 1, before any input file is read or any artifact written; an unknown name
# under a subsystem aiperf-cpp reads is a warning with the nearest name, and the run goes on.
source "$(dirname "$0")/lib/common.bash"

set +e
AIPERF_TIMING_MAX_CATCHUP_SECONDS=soon "$AIPERF" profile -m m -u http://127.0.0.1:9 \
  --input-file "$WORK/no-such-file.jsonl" --artifact-dir "$WORK/bad" >"$WORK/out" 2>"$WORK/err"
rc=$?
set -e
[ "$rc" -eq 1 ] || { cat "$WORK/err"; fail "bad setting: exit $rc, expected 1"; }
[ "$(cat "$WORK/err")" = "error: AIPERF_TIMING_MAX_CATCHUP_SECONDS: expected seconds >= 0, got 'soon'" ] \
  || { cat "$WORK/err"; fail "the setting must be the one error, ahead of the missing file"; }
[ ! -e "$WORK/bad" ] || fail "artifacts written for a bad setting"

start_mock
AIPERF_HTTP_MAX_RESPONSE_BYTE=600 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 2 \
  --artifact-dir "$WORK/typo" --ui none >"$WORK/out2" 2>"$WORK/err2" || { cat "$WORK/err2"; fail "typo run failed"; }
grep -qx "warning: AIPERF_HTTP_MAX_RESPONSE_BYTE is not a setting aiperf-cpp reads (did you mean AIPERF_HTTP_MAX_RESPONSE_BYTES?); it is ignored" \
  "$WORK/err2" || { cat "$WORK/err2"; fail "no warning for the misspelt setting"; }
[ -s "$WORK/typo/profile_export_aiperf.json" ] || fail "the run with a warning wrote no summary"
echo "ok"
