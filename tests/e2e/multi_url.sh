#!/usr/bin/env bash
# Several --url (cli-and-load.md §3.1, --url-strategy round_robin): two mock servers each get
# half of the single-turn requests; a multi-turn conversation keeps all its turns on the URL
# of its first turn; the console reports the split.
source "$(dirname "$0")/lib/common.bash"

start_mock --timing-log "$WORK/a.jsonl"
A_URL="$MOCK_URL" A_PID="${MOCK_PIDS[-1]}"
start_mock --timing-log "$WORK/b.jsonl"
B_URL="$MOCK_URL" B_PID="${MOCK_PIDS[-1]}"
"$AIPERF" profile -m mock-model -u "$A_URL" --url "$B_URL" --url-strategy round_robin --streaming \
  --concurrency 3 --request-count 10 --isl 8 --osl 2 --artifact-dir "$WORK/art1" --ui none >"$WORK/out1.txt" 2>&1 \
  || { cat "$WORK/out1.txt"; fail "aiperf failed"; }
grep -q "Requests per URL: $A_URL/v1/chat/completions 5, $B_URL/v1/chat/completions 5" "$WORK/out1.txt" \
  || { cat "$WORK/out1.txt"; fail "per-URL counts missing"; }

# Multi-turn, comma list: sessions are spread over the URLs, turns stay with their session.
"$AIPERF" profile -m mock-model --url "$A_URL,$B_URL" --conversation-num 4 --conversation-turn-mean 3 \
  --concurrency 2 --isl 8 --osl 2 --random-seed 3 --artifact-dir "$WORK/art2" --ui none >"$WORK/out2.txt" 2>&1 \
  || { cat "$WORK/out2.txt"; fail "aiperf multi-turn failed"; }
# An unreachable second URL is refused before the run, by name.
"$AIPERF" profile -m mock-model -u "$A_URL" -u http://127.0.0.1:9 --request-count 2 --ui none \
  --artifact-dir "$WORK/art3" >"$WORK/out3.txt" 2>&1 && fail "unreachable second URL accepted"
grep -q "cannot connect to --url http://127.0.0.1:9/" "$WORK/out3.txt" || { cat "$WORK/out3.txt"; fail "error does not name the URL"; }

kill -INT "$A_PID" "$B_PID"
wait "$A_PID" || true
wait "$B_PID" || true

WORK="$WORK" py '
import json, os, collections
work = os.environ["WORK"]
a = [json.loads(l) for l in open(f"{work}/a.jsonl")]
b = [json.loads(l) for l in open(f"{work}/b.jsonl")]
# Run 1: 5 + 5; run 2: 4 sessions x 3 turns. A session goes to the URL its id picks, and its id
# is the issue order of its first turn, which interleaves with other sessions later turns: the
# split of sessions between the URLs depends on timing, only "each URL gets some" does not.
assert len(a) + len(b) == 22 and len(a) >= 8 and len(b) >= 8, (len(a), len(b))
def sessions(log):
    return collections.Counter(t["correlation_id"] for t in log)
sa, sb = sessions(a), sessions(b)
multi_a = {c for c, n in sa.items() if n == 3}
multi_b = {c for c, n in sb.items() if n == 3}
assert len(multi_a) >= 1 and len(multi_b) >= 1 and len(multi_a) + len(multi_b) == 4, (sa, sb)
assert not (set(sa) & set(sb)), "a conversation was split between URLs"
recs = [json.loads(l) for l in open(f"{work}/art2/profile_export.jsonl")]
assert len(recs) == 12 and not [r for r in recs if "error" in r]
'
echo "PASS"
