#!/usr/bin/env bash
# AIPERF_HTTP_MAX_RESPONSE_BYTES: a response past the limit is that request's error record
# (ResponseTooLargeError) and the run goes on; a bad value is a one-line startup error.
source "$(dirname "$0")/lib/common.bash"

start_mock
ART="$WORK/limited"
set +e
AIPERF_HTTP_MAX_RESPONSE_BYTES=600 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming \
  --concurrency 2 --request-count 6 --osl 64 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1
rc=$?
set -e
[ "$rc" -ne 0 ] || { cat "$WORK/out.txt"; fail "a run where every response is too large must exit non-zero"; }
ART="$ART" py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 6, len(recs)  # every request was sent and recorded: the run went on
for r in recs:
    e = r["error"]
    assert e["type"] == "ResponseTooLargeError", e
    assert e["message"] == "response body exceeded AIPERF_HTTP_MAX_RESPONSE_BYTES (600 bytes)", e
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["error_request_count"]["avg"] == 6, s["error_request_count"]
print("ok limited")
'

# The same run under the default limit is clean.
ART="$WORK/default"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 6 --osl 64 \
  --artifact-dir "$ART" >"$WORK/out2.txt" 2>&1 || { cat "$WORK/out2.txt"; fail "default limit run failed"; }

set +e
AIPERF_HTTP_MAX_RESPONSE_BYTES=12k "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 \
  --artifact-dir "$WORK/bad" >"$WORK/out3.txt" 2>"$WORK/err3.txt"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "a bad AIPERF_HTTP_MAX_RESPONSE_BYTES must exit non-zero"
[ "$(grep -c '^error:' "$WORK/err3.txt")" -eq 1 ] || { cat "$WORK/err3.txt"; fail "expected one error line"; }
grep -q "AIPERF_HTTP_MAX_RESPONSE_BYTES: expected a whole number of bytes from 1 to 4294967295, got '12k'" \
  "$WORK/err3.txt" || { cat "$WORK/err3.txt"; fail "error line does not name the variable"; }
echo "ok"
