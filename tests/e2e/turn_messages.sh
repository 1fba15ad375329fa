#!/usr/bin/env bash
# `aiperf analyze turn-messages` (docs/turn-messages.md): a multi-turn run with --export-level raw
# against the mock, then the HTML viewer opened in headless Chromium (tests/browser/
# turn_messages_check.mjs): what a person sees (conversations, turns in order, each message's role
# and text, history named instead of repeated, '<script>' shown as text), that the page loads
# nothing, and the options and bad input of the command.
source "$(dirname "$0")/lib/common.bash"

BROWSER_NPM=""
if command -v chromium >/dev/null && BROWSER_NPM="$("$E2E_LIB/../../../scripts/puppeteer-npm.sh" 2>"$WORK/npm.log")"; then :
elif [ "${AIPERF_SKIP_BROWSER:-0}" = "1" ]; then echo "note: no chromium or puppeteer-core: the browser checks are skipped"
else cat "$WORK/npm.log" >&2; fail "chromium and puppeteer-core are needed (scripts/setup.sh, scripts/puppeteer-npm.sh; AIPERF_SKIP_BROWSER=1 skips)"; fi

cat >"$WORK/dag.jsonl" <<'JSONL'
{"session_id": "alpha", "turns": [{"messages": [{"role": "system", "content": "Be <b>bold</b> & brief."}, {"role": "user", "content": "say <script>alert(1)</script> now"}], "max_tokens": 4, "spawns": [{"children": ["helper"], "join_at": 1}]}, {"messages": [{"role": "user", "content": "alpha second turn"}], "max_tokens": 4}, {"messages": [{"role": "user", "content": "alpha third turn"}], "max_tokens": 4}]}
{"session_id": "helper", "turns": [{"messages": [{"role": "user", "content": "helper's only turn"}], "max_tokens": 4}]}
{"session_id": "beta", "turns": [{"messages": [{"role": "user", "content": [{"type": "text", "text": "beta parts "}, {"type": "text", "text": "joined"}]}], "max_tokens": 4}, {"messages": [{"role": "user", "content": "beta second turn"}], "max_tokens": 4}]}
JSONL
start_mock --itl-ms 1 --output-tokens 3
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$WORK/dag.jsonl" --export-level raw \
  --artifact-dir "$ART" --ui none >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }

"$AIPERF" analyze turn-messages --run-dirs "$ART" >"$WORK/tm.out" 2>&1 || { cat "$WORK/tm.out"; fail "turn-messages failed"; }
grep -q "saved $ART/turn_messages.html" "$WORK/tm.out" || { cat "$WORK/tm.out"; fail "no saved line"; }
HTML="$ART/turn_messages.html"
grep -q "&lt;script&gt;alert(1)&lt;/script&gt;" "$HTML" || fail "the <script> text is not escaped in $HTML"
! grep -qi "<script" "$HTML" || fail "a <script> tag in $HTML"

if [ -n "$BROWSER_NPM" ]; then
  node "$E2E_LIB/../../browser/turn_messages_check.mjs" --npm-dir "$BROWSER_NPM" --html "$HTML" >"$WORK/seen.json" \
    || { cat "$WORK/seen.json"; fail "the viewer failed in the browser"; }
  SEEN="$WORK/seen.json" py '
import json, os
seen = json.load(open(os.environ["SEEN"]))
convs = seen["conversations"]
assert "3 of 3 conversation(s), 6 request(s)" in seen["summary"], seen["summary"]
assert [len(c["turns"]) for c in convs] == [3, 2, 1], [(c["heading"], len(c["turns"])) for c in convs]  # roots first
alpha, beta, helper = convs
assert alpha["heading"].startswith("alpha") and beta["heading"].startswith("beta"), (alpha["heading"], beta["heading"])
assert "subagent" in helper["heading"] and helper["heading"].startswith("helper"), helper["heading"]
assert not alpha["closedAtFirst"] and beta["closedAtFirst"], "the first conversation opens, the others are closed"
assert [t["index"] for t in alpha["turns"]] == [0, 1, 2]
t0 = alpha["turns"][0]["messages"]
assert [m["role"] for m in t0] == ["system", "user"], t0
assert t0[0]["text"] == "Be <b>bold</b> & brief." and t0[1]["text"] == "say <script>alert(1)</script> now", t0
t1 = alpha["turns"][1]
assert "2 earlier message(s) as sent in turn 0" in t1["history"], t1
assert [m["role"] for m in t1["messages"]] == ["assistant", "user"] and t1["messages"][-1]["text"] == "alpha second turn", t1
assert beta["turns"][0]["messages"][0]["text"] == "beta parts joined", beta["turns"][0]
assert seen["scripts"] == 0
print("ok: the viewer shows 3 conversations, their turns in order and every message as text")
'
fi

# Options: -o, -n, --max-turns, --content-cap.
"$AIPERF" analyze turn-messages "$ART" -o "$WORK/small/tm.html" -n 1 --max-turns 2 --content-cap 5 >/dev/null \
  || fail "turn-messages with options failed"
WORK="$WORK" py '
import os, re
h = open(os.environ["WORK"] + "/small/tm.html").read()
assert h.count("class=\"conversation\"") == 1, "-n 1"
assert h.count("class=\"turn\"") == 2 and "1 more turn(s) not shown" in h, "--max-turns 2"
assert "2 more conversation(s) not shown" in h
assert ">Be &lt;b</pre>" in h and "more character(s) not shown" in h, "--content-cap 5"
print("ok: -o, -n, --max-turns, --content-cap")
' || fail "options"

# Bad input: no raw export, --out with two run dirs, a missing run dir.
mkdir -p "$WORK/empty"
if "$AIPERF" analyze turn-messages "$WORK/empty" >"$WORK/bad.out" 2>&1; then fail "accepted a run without a raw export"; fi
grep -q "skip $WORK/empty: .*profile_export_raw.jsonl not found (the viewer reads a run made with --export-level raw)" \
  "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "no error for the missing raw export"; }
if "$AIPERF" analyze turn-messages "$ART" "$WORK/empty" -o "$WORK/x.html" >"$WORK/bad.out" 2>&1; then fail "accepted -o with two runs"; fi
grep -q -- "--out only valid with a single run directory" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "no -o error"; }
# One good and one bad directory: the good one is written, exit 0.
"$AIPERF" analyze turn-messages "$ART" "$WORK/nowhere" >"$WORK/mixed.out" 2>&1 || { cat "$WORK/mixed.out"; fail "one bad dir failed the run"; }
grep -q "skip $WORK/nowhere" "$WORK/mixed.out" || fail "no skip line"
echo "ok: turn-messages bad input"
