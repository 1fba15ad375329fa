#!/usr/bin/env bash
# --user-centric-rate Q --num-users U: the run ends at its request count (it must terminate),
# reaches about Q requests/s in total, each user sends a turn every U/Q seconds, and the
# artifact directory is named after the mode.
source "$(dirname "$0")/lib/common.bash"

start_mock --ttft-ms 5
cd "$WORK"
timeout 60 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --user-centric-rate 50 --num-users 5 \
  --conversation-turn-mean 4 --request-count 100 --isl 8 --osl 2 --ui none >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "user-centric run failed or did not terminate"; }
ART="$WORK/artifacts/mock-model-openai-chat-user_centric-users5-qps50.0"
[ -f "$ART/profile_export_aiperf.json" ] || { ls -R "$WORK/artifacts"; fail "artifact dir not named as upstream"; }
ART="$ART" py '
import json, os, collections, statistics
art = os.environ["ART"]
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert len(recs) == 100, len(recs)
assert not [r for r in recs if "error" in r], "error records"
assert s["input_config"]["loadgen"]["user_centric_rate"] == 50
starts = sorted(r["metadata"]["request_start_ns"] for r in recs)
achieved = (len(starts) - 1) / ((starts[-1] - starts[0]) / 1e9)
assert abs(achieved - 50) / 50 < 0.25, achieved
by_user = collections.defaultdict(list)
for r in recs:
    by_user[r["metadata"]["x_correlation_id"]].append(r["metadata"]["request_start_ns"])
gaps = [(b - a) / 1e6 for t in by_user.values() for a, b in zip(sorted(t), sorted(t)[1:])]
med = statistics.median(gaps)
assert 80 <= med <= 130, med  # U/Q = 100 ms
assert s["send_lag"]["count"] == 100, s.get("send_lag")  # every credit had a planned time
print("ok: achieved %.1f req/s, per-user gap median %.1f ms over %d gaps" % (achieved, med, len(gaps)))
'
# Validation (cli-and-load.md §4.12).
if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --user-centric-rate 5 --num-users 2 >"$WORK/bad.txt" 2>&1; then
  fail "user-centric with single-turn conversations was accepted"
fi
grep -q -- "--conversation-turn-mean >= 2" "$WORK/bad.txt" || { cat "$WORK/bad.txt"; fail "unclear error"; }
