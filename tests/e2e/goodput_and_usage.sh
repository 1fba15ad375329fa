#!/usr/bin/env bash
# --goodput end to end (every request good under a loose SLO, none under an impossible one),
# the newer metric families in the summary and the JSONL, and --goodput's one-line errors.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 2 --itl-ms 1
run() {
  local art="$1"; shift
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 40 \
    --osl 8 --isl 20 --extra-inputs '{"stream_options":{"include_usage":true}}' --workers-max 2 \
    --ui none --artifact-dir "$art" "$@" >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed: $*"; }
}

run "$WORK/loose" --goodput "time_to_first_token:10000 output_token_throughput_per_user:1"
grep -q "Goodput (requests/sec)" "$WORK/loose/profile_export_console.txt" || fail "no Goodput row"
ART="$WORK/loose" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["good_request_count"]["avg"] == 40, s["good_request_count"]
assert s["good_request_fraction"]["avg"] == 1.0
assert abs(s["goodput"]["avg"] - s["request_throughput"]["avg"]) < 1e-9 * s["goodput"]["avg"]
for tag in ["time_to_first_output_token", "full_decode_duration", "prefill_throughput_per_user",
            "usage_prompt_tokens", "usage_completion_tokens", "usage_total_tokens",
            "osl_mismatch_diff_pct", "osl_mismatch_count", "streamed_request_count",
            "total_usage_completion_tokens"]:
    assert tag in s, tag
assert s["streamed_request_count"]["avg"] == 40
assert "cancelled_request_count" not in s
assert not any(k.startswith("adj_") for k in s), "adj_* on a clean run"
assert 0 < s["effective_concurrency"]["avg"] <= 4 + 1e-9, s["effective_concurrency"]
assert s["active_decode_throughput"]["avg"] > 0
rec = json.loads(open(f"{art}/profile_export.jsonl").readline())
assert rec["metrics"]["usage_completion_tokens"]["value"] == 8, rec["metrics"]
assert "good_request_count" not in rec["metrics"]
print("ok loose")
'

run "$WORK/strict" --goodput "time_to_first_token:0.001"
ART="$WORK/strict" py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert s["good_request_count"]["avg"] == 0 and s["goodput"]["avg"] == 0, s["goodput"]
print("ok strict")
'

check() {
  local expect="$1"; shift
  set +e
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 --artifact-dir "$WORK/bad" "$@" \
    >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  set -e
  [ "$rc" -ne 0 ] || fail "expected non-zero exit for: $*"
  grep -qF -- "$expect" "$WORK/err" || { cat "$WORK/err"; fail "stderr lacks '$expect' for: $*"; }
  [ "$(wc -l <"$WORK/err")" -le 1 ] || { cat "$WORK/err"; fail "more than one line for: $*"; }
  [ ! -e "$WORK/bad" ] || fail "artifacts written for: $*"
  echo "ok ($rc): $(cat "$WORK/err")"
}
check "--goodput: unknown metric tag 'ttft'" --goodput "ttft:100"
check "is not applicable to this run (it needs --streaming)" --goodput "time_to_first_token:100"
check "--goodput request_latency: expected a number" --streaming --goodput "request_latency:fast"
check "is not TAG:VALUE" --streaming --goodput "request_latency"
