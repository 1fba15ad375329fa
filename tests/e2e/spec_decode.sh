#!/usr/bin/env bash
# Speculative-decoding metrics (metrics-and-outputs.md §1.8) against the mock's vLLM-shaped
# metrics.speculative_decoding: every per-record value, total and run ratio equals the formula
# over the counts the mock is known to send for that reply length (spec_decode_counts.h).
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 1 --itl-ms 0.2 --spec-decode-draft-tokens 4 --spec-decode-acceptance 0.5
SPEC_URL="$MOCK_URL"
run() {  # $1 = artifact dir, $2 = url, rest = extra flags
  local art="$1" url="$2"; shift 2
  "$AIPERF" profile -m mock-model -u "$url" --concurrency 4 --request-count 40 --use-server-token-count \
    --random-seed 3 --ui none --artifact-dir "$art" "$@" >"$art.txt" 2>&1 || { cat "$art.txt"; fail "aiperf failed: $*"; }
}
# Reply lengths vary (and include a 1-token reply, which has no step), so the token-weighted
# run ratios differ from the per-record means.
run "$WORK/stream" "$SPEC_URL" --streaming --osl 3 --osl-stddev 3
run "$WORK/body" "$SPEC_URL" --endpoint-type completions --osl 9

check='
import json, math, os, sys
art, K, P = os.environ["ART"], 4, 0.5
def counts(n):  # the mock: 1 prefill token, then steps of a accepted + 1
    a = min(max(round(P * K), 0), K)
    decoded = max(n - 1, 0)
    steps = -(-decoded // (a + 1))
    return steps, decoded - steps, steps * K
def close(x, y):
    return abs(x - y) <= 1e-9 * max(1.0, abs(y))
S = A = D = zero = 0
lengths = []
for line in open(f"{art}/profile_export.jsonl"):
    m = {k: v["value"] for k, v in json.loads(line)["metrics"].items()}
    steps, acc, drafts = counts(m["usage_completion_tokens"])
    assert (m["spec_decode_steps"], m["spec_decode_accepted_draft_tokens"], m["spec_decode_draft_tokens"]) == \
        (steps, acc, drafts), (m, steps, acc, drafts)
    S, A, D = S + steps, A + acc, D + drafts
    if steps == 0:
        zero += 1
        assert "spec_decode_acceptance_length" not in m and "spec_decode_draft_acceptance_rate" not in m, m
        continue
    lengths.append(1 + acc / steps)
    assert close(m["spec_decode_acceptance_length"], 1 + acc / steps), m
    assert close(m["spec_decode_draft_acceptance_rate"], acc / drafts * 100), m
    assert close(m["spec_decode_accepted_per_verified"], (acc + steps) / (drafts + steps)), m
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["total_spec_decode_steps"]["avg"] == S and s["total_accepted_draft_tokens"]["avg"] == A, s
assert s["total_draft_tokens"]["avg"] == D and s["spec_decode_zero_step_requests"]["avg"] == zero, s
assert close(s["spec_decode_token_weighted_acceptance_length"]["avg"], 1 + A / S), s
assert close(s["spec_decode_overall_draft_acceptance_rate"]["avg"], A / D * 100), s
assert s["spec_decode_overall_draft_acceptance_rate"]["unit"] == "%"
assert close(s["spec_decode_acceptance_length"]["avg"], sum(lengths) / len(lengths)), s
assert s["spec_decode_acceptance_length"]["count"] == len(lengths)
if sys.argv[1] == "varied":
    assert zero >= 1 and len(set(lengths)) > 1, (zero, lengths)
print("ok", art, S, A, D, zero)
'
ART="$WORK/stream" py "$check" varied || fail "streaming values"
ART="$WORK/body" py "$check" fixed || fail "non-streaming values"
console="$WORK/stream/profile_export_console.txt"
grep -q "NVIDIA AIPerf | LLM Metrics: Speculative Decoding" "$console" || { cat "$console"; fail "no table"; }
grep -q "Spec Decode Token-Weighted" "$console" || fail "no run-level row"
grep -q "Total Draft Tokens" "$WORK/stream/profile_export_aiperf.csv" || fail "CSV row"

# A server that sends no counts: every spec-decode metric is absent (not 0), no table.
start_mock --ttft-ms 1
run "$WORK/plain" "$MOCK_URL" --streaming --osl 4
ART="$WORK/plain" py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
bad = [k for k in s if "spec_decode" in k or "draft_tokens" in k]
assert not bad, bad
' || fail "spec-decode metrics without server counts"
grep -q "Speculative Decoding" "$WORK/plain/profile_export_console.txt" && fail "table without data"

# The mock's flag errors name the flag.
"$MOCK" --spec-decode-acceptance 0.5 >"$WORK/bad.txt" 2>&1 && fail "mock accepted acceptance alone"
grep -q -- "--spec-decode-acceptance: requires --spec-decode-draft-tokens" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "message"; }
echo ok
