#!/usr/bin/env bash
# `aiperf chat`: one-shot (-q) and piped interactive turns against the mock, checked through the
# mock's request recording (history, system prompt, Authorization); the API key never reaches
# the output; a refused connection and an HTTP 500 are one line on stderr and exit 1.
source "$(dirname "$0")/lib/common.bash"

KEY="sk-chat-e2e-$RANDOM$RANDOM"
REQ="$WORK/requests.jsonl"
STATS='^TTFT [0-9]+\.[0-9] ms \| [0-9]+\.[0-9] tokens/s \| 8 tokens \| E2E [0-9]+\.[0-9] ms$'

# chat NAME [flags...]: runs `aiperf chat` (stdin from $WORK/NAME.in when it exists) with a
# time limit, output in $WORK/NAME.out / .err, exit status in $rc.
chat() {
  local name="$1" in=/dev/null
  shift
  [ -f "$WORK/$name.in" ] && in="$WORK/$name.in"
  set +e
  timeout 30 "$AIPERF" chat "$@" <"$in" >"$WORK/$name.out" 2>"$WORK/$name.err"
  rc=$?
  set -e
}
show() { echo "--- stdout"; cat "$WORK/$1.out"; echo "--- stderr"; cat "$WORK/$1.err"; }
# requests: the chat requests recorded since the last `mark`, one JSON per line. (The mock
# keeps its write offset, so its file is never truncated under it.)
SEEN=0
mark() { SEEN="$(wc -l <"$REQ")"; }
requests() { tail -n +"$((SEEN + 1))" "$REQ" | py 'import json,sys
for l in sys.stdin:
    r = json.loads(l)
    if r["target"] == "/v1/chat/completions": print(json.dumps(r))'; }
no_key_in() {
  for f in "$@"; do
    if grep -qF "$KEY" "$WORK/$f"; then fail "the API key appears in $f"; fi
  done
}

start_mock --ttft-ms 5 --itl-ms 1 --output-tokens 8 --record-requests "$REQ"

# One-shot: the reply (8 mock words), then one stats line; exit 0. A URL without a scheme works.
chat quick -m mock-model -u "${MOCK_URL#http://}" -q "hello there" --api-key "$KEY"
[ "$rc" -eq 0 ] || { show quick; fail "-q exited $rc"; }
[ "$(wc -l <"$WORK/quick.out")" -eq 2 ] || { show quick; fail "-q: not a reply line and a stats line"; }
[ "$(head -1 "$WORK/quick.out" | wc -w)" -eq 8 ] || { show quick; fail "-q: the reply is not 8 words"; }
tail -1 "$WORK/quick.out" | grep -qE "$STATS" || { show quick; fail "-q: no stats line"; }
[ ! -s "$WORK/quick.err" ] || { show quick; fail "-q wrote to stderr"; }
requests | py 'import json,sys
r = json.loads(sys.stdin.readline())
b = r["body"]
assert b["stream"] is True and b["stream_options"] == {"include_usage": True}, b
assert b["model"] == "mock-model" and b["messages"] == [{"role": "user", "content": "hello there"}], b
auth = [v for k, v in r["headers"] if k.lower() == "authorization"]
assert auth == ["Bearer " + sys.argv[1]], auth' "$KEY" || fail "-q request"

# Interactive, piped: blank lines skipped, two turns, /exit stops before the third; with history
# the second request carries the first turn (the reply exactly as printed).
mark
printf 'first question\n\n   \nsecond question\n/exit\nnever sent\n' >"$WORK/talk.in"
OPENAI_API_KEY="$KEY" chat talk -m mock-model -u "$MOCK_URL" --system-prompt "Be brief."
[ "$rc" -eq 0 ] || { show talk; fail "interactive exited $rc"; }
[ "$(grep -cE "$STATS" "$WORK/talk.out")" -eq 2 ] || { show talk; fail "interactive: not two stats lines"; }
[ "$(wc -l <"$WORK/talk.out")" -eq 4 ] || { show talk; fail "interactive: not reply, stats, reply, stats"; }
requests | py 'import json,sys
reqs = [json.loads(l) for l in sys.stdin]
assert len(reqs) == 2, len(reqs)
first_reply = open(sys.argv[2]).readline().rstrip("\n")
sys_msg = {"role": "system", "content": "Be brief."}
assert reqs[0]["body"]["messages"] == [sys_msg, {"role": "user", "content": "first question"}], reqs[0]["body"]
assert reqs[1]["body"]["messages"] == [sys_msg, {"role": "user", "content": "first question"},
    {"role": "assistant", "content": first_reply}, {"role": "user", "content": "second question"}], reqs[1]["body"]
for r in reqs:  # the key came from $OPENAI_API_KEY
    assert ["Authorization", "Bearer " + sys.argv[1]] in r["headers"], r["headers"]' "$KEY" "$WORK/talk.out" \
  || fail "interactive requests"

# --no-history: every request is the system prompt (none here) and the new message only.
mark
printf 'one\ntwo\n' >"$WORK/nohist.in"
chat nohist -m mock-model -u "$MOCK_URL" --no-history
[ "$rc" -eq 0 ] && [ "$(grep -cE "$STATS" "$WORK/nohist.out")" -eq 2 ] || { show nohist; fail "--no-history turns"; }
requests | py 'import json,sys
reqs = [json.loads(l)["body"]["messages"] for l in sys.stdin]
assert reqs == [[{"role": "user", "content": "one"}], [{"role": "user", "content": "two"}]], reqs' \
  || fail "--no-history requests"

# A refused connection: one line on stderr, exit 1, nothing on stdout.
DEAD_PORT="$(py 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
chat refused -m mock-model -u "http://127.0.0.1:$DEAD_PORT" -q hi --api-key "$KEY"
[ "$rc" -eq 1 ] || { show refused; fail "refused connection exited $rc"; }
[ "$(wc -l <"$WORK/refused.err")" -eq 1 ] && grep -q "^error: .*refused" "$WORK/refused.err" \
  || { show refused; fail "refused connection: not one error line"; }
[ ! -s "$WORK/refused.out" ] || { show refused; fail "refused connection wrote to stdout"; }

# HTTP 500: the body's message on one line; -q exits 1, interactive goes on to the next line.
start_mock --error-rate 1
chat http500 -m mock-model -u "$MOCK_URL" -q hi --api-key "$KEY"
[ "$rc" -eq 1 ] || { show http500; fail "HTTP 500 -q exited $rc"; }
[ "$(cat "$WORK/http500.err")" = "error: HTTP 500 Internal Server Error: injected failure (--error-rate)" ] \
  || { show http500; fail "HTTP 500: not the one-line error"; }
printf 'a\nb\n' >"$WORK/http500i.in"
chat http500i -m mock-model -u "$MOCK_URL" --api-key "$KEY"
[ "$rc" -eq 0 ] && [ "$(grep -c '^error: HTTP 500' "$WORK/http500i.err")" -eq 2 ] \
  || { show http500i; fail "interactive: an HTTP error must not end the chat"; }

# HTTPS: the certificate is verified (a self-signed one fails as one line, unless trusted).
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
start_mock --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" --output-tokens 8
chat tls_untrusted -m mock-model -u "${MOCK_URL/http:///https://}" -q hi
[ "$rc" -eq 1 ] && [ "$(wc -l <"$WORK/tls_untrusted.err")" -eq 1 ] && grep -q certificate "$WORK/tls_untrusted.err" \
  || { show tls_untrusted; fail "an untrusted certificate must be one error line"; }
SSL_CERT_FILE="$WORK/cert.pem" chat tls -m mock-model -u "${MOCK_URL/http:///https://}" -q hi
[ "$rc" -eq 0 ] && tail -1 "$WORK/tls.out" | grep -qE "$STATS" || { show tls; fail "HTTPS chat"; }

chat help --help
[ "$rc" -eq 0 ] && grep -q -- "--no-history" "$WORK/help.out" || { show help; fail "chat --help"; }
no_key_in quick.out quick.err talk.out talk.err refused.out refused.err http500.out http500.err \
  http500i.out http500i.err
echo "ok"
