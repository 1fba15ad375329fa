#!/usr/bin/env bash
# HTTPS: --no-ssl-verify accepts a self-signed certificate; the default (--ssl-verify)
# rejects it, and every request fails with a clear error.
source "$(dirname "$0")/lib/common.bash"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
start_mock --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" --output-tokens 4
HTTPS_URL="${MOCK_URL/http:///https://}"

"$AIPERF" profile -m mock-model -u "$HTTPS_URL" --streaming --concurrency 2 --request-count 10 \
  --no-ssl-verify --artifact-dir "$WORK/ok" >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "TLS run failed"; }
ART="$WORK/ok" py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == 10 and "error_request_count" not in s
print("ok tls")
'

set +e
"$AIPERF" profile -m mock-model -u "$HTTPS_URL" --concurrency 1 --request-count 3 \
  --artifact-dir "$WORK/bad" >"$WORK/out2.txt" 2>"$WORK/err2.txt"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "an untrusted certificate must fail with --ssl-verify"
grep -qi "certificate" "$WORK/err2.txt" || { cat "$WORK/err2.txt"; fail "error does not mention the certificate"; }
echo "ok verify rejects: $(cat "$WORK/err2.txt")"
