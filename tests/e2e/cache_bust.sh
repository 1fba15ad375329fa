#!/usr/bin/env bash
# --cache-bust (workloads-and-endpoints.md §2.9, docs/cache-bust.md) against the mock, checked on
# what the mock received, per request: where the marker sits for each mode (chat, responses,
# messages), one marker for every turn of a session and for a whole DAG tree, a different one per
# session and per run, [warmup] on warm-up requests only, and the inputs that are refused.
source "$(dirname "$0")/lib/common.bash"

# bust NAME [aiperf profile flags...]: a mock of its own recording every request to
# $WORK/NAME.req.jsonl, one run into $WORK/art-NAME.
bust() {
  local name="$1"
  shift
  start_mock --itl-ms 1 --output-tokens 3 --record-requests "$WORK/$name.req.jsonl"
  local pid="${MOCK_PIDS[-1]}"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --artifact-dir "$WORK/art-$name" --ui none --random-seed 3 "$@" \
    >"$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
  kill -INT "$pid"
  wait "$pid" || true
}

MULTI=(--streaming --concurrency 2 --conversation-num 4 --conversation-turn-mean 3 --isl 16 --osl 3)
for mode in system_prefix system_suffix first_turn_prefix first_turn_suffix; do
  bust "$mode" "${MULTI[@]}" --shared-system-prompt-length 8 --cache-bust "$mode" --export-level raw
done
bust system_prefix_again "${MULTI[@]}" --shared-system-prompt-length 8 --cache-bust system_prefix
bust no_system "${MULTI[@]}" --cache-bust system_suffix
bust warmup_first_turn --concurrency 1 --warmup-request-count 3 --request-count 4 --isl 16 --osl 3 \
  --cache-bust warmup_isolation_first_turn
bust warmup_system --concurrency 1 --warmup-request-count 3 --request-count 4 --isl 16 --osl 3 \
  --shared-system-prompt-length 8 --cache-bust warmup_isolation_system
bust responses --endpoint-type responses --concurrency 1 --request-count 3 --isl 16 --osl 3 \
  --shared-system-prompt-length 8 --cache-bust system_suffix
bust responses_turn --endpoint-type responses --concurrency 1 --request-count 3 --isl 16 --osl 3 \
  --cache-bust first_turn_prefix
bust messages --endpoint-type messages --concurrency 1 --request-count 3 --isl 16 --osl 3 \
  --shared-system-prompt-length 8 --cache-bust system_prefix
cat >"$WORK/dag.jsonl" <<'JSONL'
{"session_id": "plan", "turns": [{"messages": [{"role": "system", "content": "You plan."}, {"role": "user", "content": "Plan a blog post."}], "max_tokens": 8, "spawns": [{"children": ["critic"], "join_at": 1}]}, {"messages": [{"role": "user", "content": "Revise using the critique."}], "max_tokens": 8, "forks": ["draft-a"]}]}
{"session_id": "critic", "turns": [{"messages": [{"role": "system", "content": "You critique."}, {"role": "user", "content": "Critique a generic blog plan."}], "max_tokens": 8}]}
{"session_id": "draft-a", "turns": [{"messages": [{"role": "user", "content": "Write section 1."}], "max_tokens": 8}]}
{"session_id": "solo", "turns": [{"messages": [{"role": "system", "content": "You plan."}, {"role": "user", "content": "Plan a blog post."}], "max_tokens": 8}]}
JSONL
bust dag --streaming --input-file "$WORK/dag.jsonl" --cache-bust system_prefix

WORK="$WORK" py '
import collections, json, os, re
from e2e_checks import jsonl
W = os.environ["WORK"]
RID = re.compile(r"\[rid:[0-9a-f]{12}\]")

def requests(name):
    return [r for r in jsonl(f"{W}/{name}.req.jsonl") if r["target"].startswith("/v1/")]
def header(r, name):
    return next(v for k, v in r["headers"] if k.lower() == name.lower())
def one_marker(text):
    found = RID.findall(text)
    assert len(found) == 1, text
    return found[0]

markers = {}
for mode in ("system_prefix", "system_suffix", "first_turn_prefix", "first_turn_suffix"):
    reqs = requests(mode)
    assert len(reqs) == 12, (mode, len(reqs))
    by_session = collections.defaultdict(set)
    for r in reqs:
        msgs = r["body"]["messages"]
        assert msgs[0]["role"] == "system" and msgs[1]["role"] == "user", msgs
        target = msgs[0]["content"] if mode.startswith("system") else msgs[1]["content"]
        m = one_marker(json.dumps(r["body"]))  # one marker in the whole body, in the target
        if mode.endswith("prefix"):
            assert target.startswith(m + "\n\n"), (mode, target)
        else:
            assert target.endswith("\n\n" + m), (mode, target)
        by_session[header(r, "X-Correlation-ID")].add(m)
    assert len(by_session) == 4, by_session
    assert all(len(s) == 1 for s in by_session.values()), ("one marker per session", by_session)
    per_session = [next(iter(s)) for s in by_session.values()]
    assert len(set(per_session)) == 4, ("a marker per session", per_session)
    markers[mode] = set(per_session)
    # Each turn resends the previous turn messages unchanged, marker included (KV reuse within the session).
    by_sid = collections.defaultdict(list)
    for r in reqs:
        by_sid[header(r, "X-Correlation-ID")].append(r["body"]["messages"])
    for turns in by_sid.values():
        turns.sort(key=len)
        for a, b in zip(turns, turns[1:]):
            assert b[:len(a)] == a, (a, b)
    # The record keeps what was really sent.
    raw = jsonl(f"{W}/art-{mode}/profile_export_raw.jsonl")
    assert len(raw) == 12 and all(RID.search(json.dumps(l["payload"])) for l in raw), mode
again = {one_marker(json.dumps(r["body"])) for r in requests("system_prefix_again")}
assert len(again) == 4 and not again & markers["system_prefix"], ("markers differ across runs", again)

# system_* without a system message: the first user turn, same orientation.
for r in requests("no_system"):
    msgs = r["body"]["messages"]
    assert msgs[0]["role"] == "user" and msgs[0]["content"].endswith("\n\n" + one_marker(msgs[0]["content"])), msgs

# warmup_isolation_*: [warmup] on the three warm-up requests (sent first, concurrency 1), none after.
for name, index in (("warmup_first_turn", 0), ("warmup_system", 0)):
    reqs = requests(name)
    assert len(reqs) == 7, (name, len(reqs))
    for i, r in enumerate(reqs):
        msgs = r["body"]["messages"]
        if name == "warmup_system":
            assert msgs[0]["role"] == "system", msgs
        text = json.dumps(r["body"])
        assert not RID.search(text), text
        if i < 3:
            assert msgs[index]["content"].startswith("[warmup]\n\n") and text.count("[warmup]") == 1, (i, msgs)
        else:
            assert "[warmup]" not in text, (i, msgs)

# responses: instructions (system) and the first user input item; messages: a system block of its own.
for r in requests("responses"):
    b = r["body"]
    assert r["target"] == "/v1/responses" and b["instructions"].endswith("\n\n" + one_marker(b["instructions"])), b
    assert not RID.search(json.dumps(b["input"])), b
for r in requests("responses_turn"):
    item = r["body"]["input"][0]
    assert item["role"] == "user" and item["content"].startswith(one_marker(json.dumps(r["body"])) + "\n\n"), item
assert len({one_marker(json.dumps(r["body"])) for r in requests("responses_turn")}) == 3
for r in requests("messages"):
    b = r["body"]
    m = one_marker(json.dumps(b))
    assert r["target"] == "/v1/messages" and isinstance(b["system"], list) and len(b["system"]) == 2, b
    assert b["system"][0] == {"type": "text", "text": m + "\n\n"} and b["system"][1]["type"] == "text", b

# A DAG tree is one trajectory: plan, its subagent and its fork share a marker; the lone
# "solo" tree, with the same text, gets another.
reqs = requests("dag")
assert len(reqs) == 5, len(reqs)
marker_of = lambda r: one_marker(json.dumps(r["body"]))
for r in reqs:
    msgs = r["body"]["messages"]
    assert msgs[0]["role"] == "system" and msgs[0]["content"].startswith(marker_of(r) + "\n\n"), msgs
critic = [r for r in reqs if r["body"]["messages"][0]["content"].endswith("You critique.")]
with_history = [r for r in reqs if len(r["body"]["messages"]) > 2]  # plan turn 1, draft-a
assert len(critic) == 1 and len(with_history) == 2, reqs
tree = marker_of(critic[0])
assert all(marker_of(r) == tree for r in with_history), "one marker for the whole tree"
firsts = sorted(marker_of(r) == tree for r in reqs if len(r["body"]["messages"]) == 2 and r not in critic)
assert firsts == [False, True], ("plan turn 0 has the tree marker, solo another", firsts)
print("ok: cache-bust markers where each mode puts them, per session, per tree and per run")
'

# Refused inputs: one error naming the option, exit 1, nothing sent.
start_mock --record-requests "$WORK/refused.req.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
printf '%s\n' '{"messages":[{"role":"user","content":"hi"}],"model":"m"}' >"$WORK/raw.jsonl"
refused() {
  local want="$1"
  shift
  if "$AIPERF" profile -m mock-model -u "$MOCK_URL" --ui none --request-count 2 --artifact-dir "$WORK/art-refused" \
    "$@" >"$WORK/refused.out" 2>&1; then
    fail "accepted: $*"
  else
    local rc=$?
    [ "$rc" -eq 1 ] || { cat "$WORK/refused.out"; fail "exit $rc, not 1: $*"; }
  fi
  grep -qF -- "$want" "$WORK/refused.out" || { cat "$WORK/refused.out"; fail "no '$want' for: $*"; }
}
refused "--cache-bust first_turn_prefix needs --endpoint-type chat, responses or messages" \
  --endpoint-type completions --cache-bust first_turn_prefix
refused "--cache-bust system_prefix cannot be combined with --custom-dataset-type raw_payload" \
  --input-file "$WORK/raw.jsonl" --custom-dataset-type raw_payload --cache-bust system_prefix
refused "--cache-bust warmup_isolation_system on synthetic prompts needs --shared-system-prompt-length" \
  --warmup-request-count 2 --cache-bust warmup_isolation_system
refused "--cache-bust: invalid choice 'sometimes'" --cache-bust sometimes
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
[ ! -s "$WORK/refused.req.jsonl" ] || fail "a refused run sent requests: $(cat "$WORK/refused.req.jsonl")"
echo "ok: refused inputs"
