#!/usr/bin/env bash
# SigV4 and the SageMaker transport against a mock that verifies every signature: signed
# requests all succeed (streaming through AWS event-stream frames, non-streaming, session
# credentials, plain HTTP + SigV4); a wrong secret fails every request with a clear 403 record
# and the run still writes its exports; missing credentials fail before anything is sent.
source "$(dirname "$0")/lib/common.bash"

start_mock --sigv4-secret-key s3cret --sigv4-access-key-id AKIDTEST --ttft-ms 2 --itl-ms 1
export AWS_ACCESS_KEY_ID=AKIDTEST AWS_SECRET_ACCESS_KEY=s3cret AWS_REGION=us-west-2
unset AWS_SESSION_TOKEN AWS_PROFILE AWS_DEFAULT_REGION
export HOME="$WORK"  # no ~/.aws of the machine running the test

run() {  # run NAME [aiperf flags...]
  local name="$1"
  shift
  ART="$WORK/$name"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --tokenizer builtin --isl 16 --osl 8 \
    --concurrency 2 --request-count 12 --artifact-dir "$ART" "$@" >"$WORK/$name.out" 2>&1
}

run stream --sagemaker-endpoint-name my-ep --streaming || { cat "$WORK/stream.out"; fail "signed streaming run failed"; }
ART="$WORK/stream" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == 12 and "error_request_count" not in s, s.get("error_summary")
assert s["output_sequence_length"]["avg"] == 8, s["output_sequence_length"]
assert s["time_to_first_token"]["avg"] >= 2, s["time_to_first_token"]  # per SSE message inside the frames
assert s["inter_token_latency"]["avg"] > 0
print("ok streaming")
'

run plain --sagemaker-endpoint-name my-ep --endpoint-type completions || { cat "$WORK/plain.out"; fail "signed non-streaming run failed"; }
AWS_SESSION_TOKEN=session-tok run token --transport sagemaker --sagemaker-endpoint-name my-ep \
  || { cat "$WORK/token.out"; fail "session-token run failed"; }
run apigw --auth-type sigv4 --aws-service execute-api --aws-region eu-central-1 --streaming \
  || { cat "$WORK/apigw.out"; fail "plain HTTP + SigV4 run failed"; }
for name in plain token apigw; do
  ART="$WORK/$name" py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == 12 and "error_request_count" not in s, s.get("error_summary")
'
done
echo "ok non-streaming, session token, execute-api"

# Wrong secret: every request is refused; the run exits non-zero but writes its exports.
set +e
AWS_SECRET_ACCESS_KEY=wrong run wrong --sagemaker-endpoint-name my-ep --streaming
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "a run where every request failed must exit non-zero"
grep -q "403 Forbidden" "$WORK/wrong.out" || { cat "$WORK/wrong.out"; fail "no 403 in the error line"; }
ART="$WORK/wrong" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["error_request_count"]["avg"] == 12, s
e = s["error_summary"][0]["error_details"]
assert e["code"] == 403 and "signature" in e["message"], e
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
assert len(recs) == 12 and all(r["error"]["code"] == 403 for r in recs)
print("ok wrong secret")
'

# No credentials anywhere: one line naming what was searched, nothing sent.
set +e
env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY "$AIPERF" profile -m mock-model -u "$MOCK_URL" \
  --tokenizer builtin --sagemaker-endpoint-name my-ep --request-count 2 --artifact-dir "$WORK/none" \
  >"$WORK/none.out" 2>&1
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "missing credentials must fail"
grep -q "no AWS credentials found (searched AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY in the environment, profile \[default\] in $WORK/.aws/credentials" \
  "$WORK/none.out" || { cat "$WORK/none.out"; fail "missing-credentials message"; }

# The shared credentials file, by --aws-profile.
mkdir -p "$WORK/.aws"
printf '[default]\naws_access_key_id = AKIDTEST\naws_secret_access_key = nope\n[bench]\naws_access_key_id = AKIDTEST\naws_secret_access_key = s3cret\n' \
  >"$WORK/.aws/credentials"
env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY "$AIPERF" profile -m mock-model -u "$MOCK_URL" \
  --tokenizer builtin --sagemaker-endpoint-name my-ep --aws-profile bench --request-count 4 \
  --artifact-dir "$WORK/file" >"$WORK/file.out" 2>&1 || { cat "$WORK/file.out"; fail "credentials-file run failed"; }
echo "ok credentials"
