#!/usr/bin/env bash
# --request-cancellation-rate 10 --request-cancellation-delay 0.05 against a mock answering after
# 200 ms: about 10 % of the requests are cut off and recorded as 499 errors (never dropped),
# the rest succeed; with a delay longer than the response nothing is cancelled.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 200
ART="$WORK/cancel"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 100 --request-count 300 --osl 4 \
  --request-cancellation-rate 10 --request-cancellation-delay 0.05 --random-seed 7 \
  --artifact-dir "$ART" --ui none >"$WORK/cancel.txt" 2>&1 || { cat "$WORK/cancel.txt"; fail "aiperf failed"; }
py '
import json, os
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 300, len(recs)
errors = [r for r in recs if "error" in r]
assert all(r["error"]["code"] == 499 and r["error"]["type"] == "RequestCancellationError" for r in errors), errors[:3]
assert all(r["error"]["message"] == "Request was cancelled after 0.050 seconds" for r in errors), errors[:3]
assert 24 <= len(errors) <= 36, f"{len(errors)} of 300 cancelled, expected 10% +- 2%"
for r in errors:
    m = r["metadata"]
    assert m["was_cancelled"] is True, m
    assert m["cancellation_time_ns"] - m["request_start_ns"] >= 50_000_000, m
    assert m["cancellation_time_ns"] - m["request_start_ns"] < 200_000_000, m
ok = [r for r in recs if "error" not in r]
assert all("time_to_first_token" in r["metrics"] for r in ok)
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == len(ok), s["request_count"]
assert s["input_config"]["loadgen"]["request_cancellation_rate"] == 10, s["input_config"]["loadgen"]
print(f"ok {len(errors)} of 300 cancelled")
'

# Same seed, same cancelled requests, whatever the worker count (the draw is indexed by the
# request's number, not consumed by whichever thread sends it).
for workers in 1 3; do
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 50 --request-count 100 --osl 4 \
    --request-cancellation-rate 30 --request-cancellation-delay 0.05 --random-seed 11 --workers-max "$workers" \
    --artifact-dir "$WORK/seed$workers" --ui none >"$WORK/seed$workers.txt" 2>&1 \
    || { cat "$WORK/seed$workers.txt"; fail "aiperf failed"; }
done
ART="$WORK" py '
import json, os
def cancelled(d):
    recs = [json.loads(l) for l in open(os.path.join(os.environ["ART"], d, "profile_export.jsonl"))]
    return sorted(r["metadata"]["session_num"] for r in recs if "error" in r)
a, b = cancelled("seed1"), cancelled("seed3")
assert a == b and 0 < len(a) < 100, (a, b)
print(f"ok same {len(a)} requests cancelled with 1 and 3 workers")
'

# A delay longer than the whole response: every request completes first.
start_mock --ttft-ms 20
ART="$WORK/late"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 10 --request-count 40 --osl 4 \
  --request-cancellation-rate 100 --request-cancellation-delay 1 \
  --artifact-dir "$ART" --ui none >"$WORK/late.txt" 2>&1 || { cat "$WORK/late.txt"; fail "aiperf failed"; }
py '
import json, os
recs = [json.loads(l) for l in open(os.environ["ART"] + "/profile_export.jsonl")]
assert len(recs) == 40 and not [r for r in recs if "error" in r], "cancelled although the response came first"
print("ok no cancellation when the response beats the delay")
'

expect_error() {  # expect_error MESSAGE ARGS...
  local message="$1"
  shift
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" "$@" >"$WORK/bad.txt" 2>&1; then
    fail "accepted: $*"
  fi
  grep -qF -- "$message" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error for: $*"; }
}
expect_error "--request-cancellation-delay requires --request-cancellation-rate" --request-cancellation-delay 1
expect_error "--request-cancellation-rate must be > 0" --request-cancellation-rate 0
expect_error "--request-cancellation-rate must be <= 100 (got 101)" --request-cancellation-rate 101
expect_error "--request-cancellation-delay must be >= 0" --request-cancellation-rate 5 --request-cancellation-delay -1
echo "ok validation"
