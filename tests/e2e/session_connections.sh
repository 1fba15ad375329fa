#!/usr/bin/env bash
# Session plumbing (workloads-and-endpoints.md §5.1, §5.3), checked on the server side through
# the mock's --timing-log: --connection-reuse-strategy (which TCP connection carried each
# request), the affinity headers, and think time between turns within 1 ms of the configured
# delay with each conversation's turns in order.
source "$(dirname "$0")/lib/common.bash"

# run NAME [aiperf flags...]: 4 conversations x 3 turns, 2 at a time, 40 ms think time.
run() {  # run NAME [aiperf flags...]
  profile_own_mock "$1" "--itl-ms 1" --streaming --concurrency 2 --conversation-num 4 \
    --conversation-turn-mean 3 --conversation-turn-delay-mean 40 --isl 8 --osl 3 --random-seed 3 "${@:2}"
}

run sticky --connection-reuse-strategy sticky-user-sessions -H 'x-session-affinity: user-value'
run never --connection-reuse-strategy never
AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID=0 AIPERF_HTTP_X_SMG_ROUTING_KEY_FROM_CORRELATION_ID=1 \
  AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID=true AIPERF_HTTP_X_DYNAMO_SESSION_ID_FROM_CORRELATION_ID=1 \
  run pooled --session-header X-My-Session

AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID=maybe "$AIPERF" profile -m mock-model -u "$MOCK_URL" \
  --artifact-dir "$WORK/art-bad" --ui none >"$WORK/bad.out" 2>&1 && fail "bad env value accepted"
grep -q "AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "env not named"; }
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --connection-reuse-strategy sometimes \
  --artifact-dir "$WORK/art-bad2" --ui none >"$WORK/bad2.out" 2>&1 && fail "bad strategy accepted"
grep -q "connection-reuse-strategy" "$WORK/bad2.out" || { cat "$WORK/bad2.out"; fail "flag not named"; }

WORK="$WORK" py '
import json, os, collections, statistics
work = os.environ["WORK"]
def load(name):
    log = sorted((json.loads(l) for l in open(f"{work}/{name}.jsonl")), key=lambda e: e["read_ns"])
    assert len(log) == 12, (name, len(log))
    return log
def headers(e):
    out = collections.defaultdict(list)
    for h in e["session_headers"]:
        k, v = h.split(": ", 1)
        out[k.lower()].append(v)
    return out
def by_session(log, key):
    s = collections.defaultdict(list)
    for e in log: s[headers(e)[key][0]].append(e)
    assert len(s) == 4 and all(len(t) == 3 for t in s.values()), {k: len(v) for k, v in s.items()}
    return s

# sticky-user-sessions: a conversation keeps one connection; no two conversations share one.
sticky = load("sticky")
conv = by_session(sticky, "x-correlation-id")
conns = {sid: {e["connection"] for e in turns} for sid, turns in conv.items()}
assert all(len(c) == 1 for c in conns.values()), conns
assert len(set.union(*conns.values())) == 4, conns
for e in sticky:  # X-Session-Affinity on by default, the user variant replaced, each once
    h = headers(e)
    assert h["x-session-affinity"] == h["x-correlation-id"], h
    assert len(h["x-correlation-id"]) == 1 and h["x-correlation-id"][0], h

# never: a new connection for every request.
never = load("never")
assert len({e["connection"] for e in never}) == 12, [e["connection"] for e in never]

# pooled (default): keep-alive connections are shared across conversations.
pooled = load("pooled")
assert len({e["connection"] for e in pooled}) < 12, [e["connection"] for e in pooled]
conv_p = by_session(pooled, "x-my-session")
for e in pooled:
    h = headers(e)
    assert "x-correlation-id" not in h and "x-session-affinity" not in h, h
    for k in ("x-smg-routing-key", "x-session-id", "x-dynamo-session-id"):
        assert h[k] == h["x-my-session"], (k, h)
assert [k for k in (h.split(": ")[0] for h in pooled[0]["session_headers"])] == \
    ["X-My-Session", "X-Dynamo-Session-ID", "X-SMG-Routing-Key", "X-Session-ID"], pooled[0]["session_headers"]

# Think time: from the end of the reply to the next turn of the same conversation, as the
# server saw it (its last write to its read of the next request), in order.
gaps = []
for sessions in (conv, conv_p, by_session(never, "x-correlation-id")):
    for turns in sessions.values():
        assert [e["messages"] for e in turns] == [1, 3, 5], [e["messages"] for e in turns]
        gaps += [(b["read_ns"] - a["last_write_ns"]) / 1e6 - 40.0 for a, b in zip(turns, turns[1:])]
gaps.sort()
print(f"think-time error over {len(gaps)} gaps: min {gaps[0]:.3f} median {statistics.median(gaps):.3f} "
      f"max {gaps[-1]:.3f} ms")
assert gaps[0] >= 0, gaps  # never early: the delay starts when the client has the whole reply
# Within 1 ms; a loaded 2-core CI VM may delay a few wake-ups, so only most must be.
assert sum(g <= 1.0 for g in gaps) >= 0.75 * len(gaps), gaps
assert gaps[-1] < 50, gaps
print("ok: sticky, never and pooled connections; affinity headers; think time")
'
