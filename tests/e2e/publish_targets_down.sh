#!/usr/bin/env bash
# Exporters whose targets are down (nothing listens): the benchmark still writes all its
# artifacts and exits 0; each exporter gives exactly one warning naming its target (user-info
# redacted) and what failed. Upstream treats these exports as best effort, with no switch
# that makes them fatal (docs/publish.md).
source "$(dirname "$0")/lib/common.bash"

# A port that was free a moment ago: bound, closed, and not reused by anything of this test.
DEAD_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
start_mock --ttft-ms 1 --itl-ms 1 --output-tokens 4
ART="$WORK/art"
rc=0
WANDB_BASE_URL="http://127.0.0.1:$DEAD_PORT" WANDB_API_KEY="down-test-key-123456" \
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 --request-count 6 --ui none \
  --artifact-dir "$ART" --otel-url "127.0.0.1:$DEAD_PORT" \
  --mlflow-tracking-uri "http://user:pw-down-secret@127.0.0.1:$DEAD_PORT" --wandb-project bench \
  >"$WORK/out.txt" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$WORK/out.txt"; fail "exit code $rc with the exporters down (expected 0)"; }
for f in profile_export_aiperf.json profile_export_aiperf.csv profile_export.jsonl inputs.json logs/aiperf.log; do
  [ -s "$ART/$f" ] || fail "$f missing"
done
[ ! -e "$ART/mlflow_export.json" ] || fail "mlflow_export.json written although nothing was exported"
[ "$(grep -ci "warning" "$WORK/out.txt")" = 3 ] || { cat "$WORK/out.txt"; fail "expected three warnings"; }
grep -qi "warning.*OpenTelemetry (http://127.0.0.1:$DEAD_PORT/v1/metrics).*POST /v1/metrics" "$WORK/out.txt" \
  || { cat "$WORK/out.txt"; fail "OTel warning"; }
grep -qi "warning.*MLflow (http://<redacted>@127.0.0.1:$DEAD_PORT).*experiments/get-by-name" "$WORK/out.txt" \
  || { cat "$WORK/out.txt"; fail "MLflow warning"; }
grep -qi "warning.*Weights & Biases (http://127.0.0.1:$DEAD_PORT, project bench).*upsertBucket" "$WORK/out.txt" \
  || { cat "$WORK/out.txt"; fail "W&B warning"; }
! grep -rq "pw-down-secret\|down-test-key-123456" "$WORK/out.txt" "$ART" || fail "a secret reached the console or the artifacts"
echo "publish_targets_down: ok"
