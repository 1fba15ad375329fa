#!/usr/bin/env bash
# Hostile input: JSON nested to crash a recursive serialiser, control characters that would
# inject header lines, sizes that would exhaust memory, a password in the URL. Each is refused
# (or handled) with one clear line, quickly, and no secret reaches the console or any artifact.
source "$(dirname "$0")/lib/common.bash"

# refuse EXPECT ARGS...: non-zero exit within 10 s, one line on stderr naming EXPECT, no crash.
refuse() {
  local expect="$1"; shift
  local start end rc
  start=$(date +%s%N)
  set +e
  timeout 60 "$AIPERF" "$@" --tokenizer builtin >"$WORK/out" 2>"$WORK/err"
  rc=$?
  set -e
  end=$(date +%s%N)
  [ "$rc" -ne 0 ] || fail "expected a refusal for: ${*:0:6}"
  [ "$rc" -ne 124 ] || fail "still running after 60 s: ${*:0:6}"
  [ "$rc" -lt 128 ] || { cat "$WORK/err"; fail "killed by signal $((rc - 128)): ${*:0:6}"; }
  grep -qF -- "$expect" "$WORK/err" || { head -c 600 "$WORK/err"; fail "stderr does not say '$expect'"; }
  [ "$(wc -l <"$WORK/err")" -le 2 ] || { head -c 600 "$WORK/err"; fail "more than one line of error"; }
  local ms=$(((end - start) / 1000000))
  [ "$ms" -lt 10000 ] || fail "refusing took ${ms} ms (more than 10 s): $expect"
  echo "ok (${ms} ms): $(head -c 200 "$WORK/err")"
}

nested() {  # nested DEPTH -> {"a":[[[...]]]} on one line
  python3 -c "import sys; d=int(sys.argv[1]); print('{\"text\": \"hi\", \"extra\": {\"x\": ' + '['*d + ']'*d + '}}')" "$1"
}

# Deep nesting: refused at parse time, naming the file and line (or the option).
{ echo '{"text": "fine"}'; nested 100000; } >"$WORK/deep.jsonl"
refuse "deep.jsonl, line 2: nesting too deep (limit 512)" profile -m x --url http://127.0.0.1:9 \
  --input-file "$WORK/deep.jsonl" --custom-dataset-type single_turn
nested 2000 >"$WORK/deep2000.jsonl"
refuse "deep2000.jsonl, line 1: nesting too deep" profile -m x --url http://127.0.0.1:9 \
  --input-file "$WORK/deep2000.jsonl" --custom-dataset-type single_turn
refuse "deep2000.jsonl, line 1: nesting too deep" profile -m x --url http://127.0.0.1:9 --input-file "$WORK/deep2000.jsonl"
deep_extra=$(python3 -c "print('{\"x\": ' + '['*40000 + ']'*40000 + '}')")
refuse "--extra-inputs: nesting too deep (limit 512)" profile -m x --url http://127.0.0.1:9 --extra-inputs "$deep_extra"

# Control characters in values that land in the request head.
refuse "--api-key: contains a control character" profile -m x --url http://127.0.0.1:9 \
  --api-key $'sk-1\r\nX-Injected: yes'
grep -q "sk-1" "$WORK/err" && fail "the refused --api-key was echoed"
refuse "--url: contains a control character" profile -m x --url $'http://127.0.0.1:9/v1\r\nX-Injected: yes'
refuse "--url: contains a space" profile -m x --url 'http://127.0.0.1:9/v1 HTTP/1.0'
refuse "--endpoint: contains a control character" profile -m x --url http://127.0.0.1:9 \
  --endpoint $'/v1/chat\r\nX-Injected: yes'

# Sizes that cannot be built: refused before anything is built, with the estimate.
refuse "--isl 1000000000: a prompt of 1e+09 tokens is about 4.3 GB of text; refusing" \
  profile -m x --url http://127.0.0.1:9 --isl 1000000000
refuse "--synthetic-input-tokens-mean 1000000000" profile -m x --url http://127.0.0.1:9 \
  --synthetic-input-tokens-mean 1000000000
echo '{"timestamp": 0, "input_length": 100000000000, "output_length": 1}' >"$WORK/huge.jsonl"
refuse "huge.jsonl, line 1: 'input_length' 100000000000: a prompt of 1e+11 tokens" \
  profile -m x --url http://127.0.0.1:9 --input-file "$WORK/huge.jsonl" --custom-dataset-type mooncake_trace
refuse "needs about" profile -m x --url http://127.0.0.1:9 --isl 5000000 --num-dataset-entries 100000000

# CLI messages: a flag missing its value is named; an unreadable --input-file says why.
refuse "--model needs a value" profile --model --url http://127.0.0.1:9
: >"$WORK/empty.jsonl"
refuse "empty.jsonl is empty" profile -m x --url http://127.0.0.1:9 --input-file "$WORK/empty.jsonl"
printf '\x89PNG\r\n\x1a\n\0\0\0' >"$WORK/image.jsonl"
refuse "image.jsonl looks binary" profile -m x --url http://127.0.0.1:9 --input-file "$WORK/image.jsonl"
echo '{"text": "unterminated' >"$WORK/broken.jsonl"
refuse "broken.jsonl line 1 is not valid JSON" profile -m x --url http://127.0.0.1:9 --input-file "$WORK/broken.jsonl"
grep -qF -- "--custom-dataset-type" "$WORK/err" || fail "the message does not say how to fix it"

# URL user-info: sent as Basic auth, never shown. The password (and a cookie) must appear in no
# console line and no artifact; the server gets them.
start_mock --record-requests "$WORK/requests.jsonl"
PASSWORD="hunter2-Pw-$RANDOM"
COOKIE="session=cookie-$RANDOM"
authority="${MOCK_URL#http://}"
ART="$WORK/art-secret"
"$AIPERF" profile -m mock-model -u "http://bench:$PASSWORD@$authority" --request-count 4 --concurrency 2 \
  -H "Cookie: $COOKIE" -H "X-Auth-Token: $PASSWORD" --export-level raw --ui none --artifact-dir "$ART" \
  >"$WORK/secret.out" 2>&1 || { cat "$WORK/secret.out"; fail "the run with URL credentials failed"; }
if grep -rlF -e "$PASSWORD" -e "$COOKIE" "$ART" "$WORK/secret.out"; then
  fail "a secret reached the console or an artifact (files above)"
fi
grep -qF "bench:" "$WORK/secret.out" && fail "the URL user name reached the console"
expected_auth="Basic $(printf 'bench:%s' "$PASSWORD" | base64 -w0)"
WORK="$WORK" EXPECTED="$expected_auth" py '
import json, os
reqs = [json.loads(l) for l in open(os.environ["WORK"] + "/requests.jsonl")]
posts = [r for r in reqs if r["method"] == "POST"]
assert len(posts) == 4, len(posts)
for r in posts:
    h = {k.lower(): v for k, v in r["headers"]}
    assert h.get("authorization") == os.environ["EXPECTED"], h.get("authorization")
    assert r["target"] == "/v1/chat/completions", r["target"]
print("ok the server got Basic auth from the URL user-info")
' || fail "the server did not get the URL credentials as Basic auth"
grep -qF "<redacted>" "$ART/profile_export_aiperf.json" || fail "the recorded command shows no redaction"

# A refused URL with a password does not echo it either.
refuse "--url" profile -m x --url "ftp://bench:$PASSWORD@127.0.0.1:9"
grep -qF "$PASSWORD" "$WORK/err" && fail "a refused URL echoed its password"
echo "ok hostile input"
