#!/usr/bin/env bash
# --mlflow-tracking-uri: after the run, a local MLflow stand-in (lib/tracking_receivers.py)
# receives the experiment lookup and creation, the run, its log-batch calls, the artifact
# uploads and the final status; the metrics must equal profile_export_aiperf.json's statistics,
# the uploaded files the run's own, and mlflow_export.json must describe the run. Credentials in
# the URI become basic auth and never reach the console, the log or mlflow_export.json.
source "$(dirname "$0")/lib/common.bash"

python3 "$E2E_LIB/tracking_receivers.py" mlflow "$WORK" >"$WORK/receiver.log" 2>&1 &
MOCK_PIDS+=($!)
await_listening "$WORK/receiver.log" "MLflow receiver"
RECEIVER_URL="$LISTEN_URL"
TRACKING="${RECEIVER_URL/http:\/\//http://alice:s3cr3t-pass@}"

start_mock --ttft-ms 2 --itl-ms 1 --output-tokens 6
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --concurrency 3 \
  --request-count 12 --ui none --artifact-dir "$ART" \
  --mlflow-tracking-uri "$TRACKING" --mlflow-experiment "e2e bench" --mlflow-tag team:perf \
  --mlflow-parent-run-id parent123 >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -qi "warning.*MLflow" "$WORK/out.txt" && { cat "$WORK/out.txt"; fail "the export warned"; }
! grep -rq "s3cr3t-pass" "$WORK/out.txt" "$ART" || fail "the tracking password reached the console or the artifacts"

ART="$ART" CALLS="$WORK/calls.jsonl" STORE="$WORK/artifacts" py '
import base64, json, math, os
art, store = os.environ["ART"], os.environ["STORE"]
calls = [json.loads(l) for l in open(os.environ["CALLS"])]
auth = "Basic " + base64.b64encode(b"alice:s3cr3t-pass").decode()
assert all(c["authorization"] == auth for c in calls), [c["authorization"] for c in calls]
paths = [c["path"].split("?")[0] for c in calls]
api = "/api/2.0/mlflow/"
assert paths[:3] == [api + "experiments/get-by-name", api + "experiments/create", api + "runs/create"], paths[:3]
assert "experiment_name=e2e%20bench" in calls[0]["path"], calls[0]["path"]
assert calls[1]["body"] == {"name": "e2e bench"}
summary = json.load(open(f"{art}/profile_export_aiperf.json"))
create = calls[2]["body"]
assert create["run_name"] == "aiperf-" + summary["benchmark_id"][:8], create
assert {"key": "mlflow.parentRunId", "value": "parent123"} in create["tags"], create
batches = [c["body"] for c in calls if c["path"] == api + "runs/log-batch"]
assert batches and all(b["run_id"] == "run0000" for b in batches)
metrics = {m["key"]: m["value"] for b in batches for m in b["metrics"]}
params = {p["key"]: p["value"] for b in batches for p in b["params"]}
tags = {t["key"]: t["value"] for b in batches for t in b["tags"]}
n = 0
for tag, v in summary.items():
    if not (isinstance(v, dict) and "unit" in v and "avg" in v): continue
    for stat, x in v.items():
        if stat == "unit" or not isinstance(x, (int, float)) or stat in ("count", "sum"): continue
        key = tag if stat == "avg" else f"{tag}.{stat}"
        assert math.isclose(metrics[key], x, rel_tol=1e-12), (key, metrics.get(key), x)
        n += 1
assert n == len(metrics) - 2, (n, len(metrics))
assert metrics["aiperf.completed_requests"] == 12 and metrics["aiperf.total_expected_requests"] == 12
assert params["endpoint.type"] == "chat" and params["endpoint.models"] == "mock-model", params
assert params["endpoint.urls"] == summary["input_config"]["endpoint"]["urls"][0], params
assert params["loadgen.concurrency"] == "3" and params["loadgen.request_count"] == "12", params
assert params["timing.mode"] == "request_rate" and params["output.artifact_directory"] == art, params
assert params["aiperf.cli_command"] == summary["run_info"]["cli_command"].replace(
    "alice:s3cr3t-pass@", "<redacted>@"), params
assert "s3cr3t-pass" not in params["aiperf.cli_command"], params["aiperf.cli_command"]
assert tags == {"aiperf.version": summary["aiperf_version"], "aiperf.was_cancelled": "false",
                "benchmark_id": summary["benchmark_id"], "team": "perf"}, tags
# Every export file went up, byte for byte; mlflow_export.json itself stays local.
uploaded = sorted(os.path.relpath(os.path.join(d, f), store + "/100/run0000/artifacts")
                  for d, _, fs in os.walk(store) for f in fs)
local = sorted(os.path.relpath(os.path.join(d, f), art) for d, _, fs in os.walk(art) for f in fs
               if f != "mlflow_export.json")
assert uploaded == local, (uploaded, local)
for f in local:
    sent, now = open(f"{store}/100/run0000/artifacts/{f}", "rb").read(), open(f"{art}/{f}", "rb").read()
    # The log is still being written while it is uploaded: what went up is its beginning.
    assert (now.startswith(sent) and sent) if f == "logs/aiperf.log" else sent == now, f
update = calls[-1]
assert update["path"] == api + "runs/update" and update["body"]["status"] == "FINISHED", update
rec = json.load(open(f"{art}/mlflow_export.json"))
assert rec["tracking_uri"].startswith("http://<redacted>@127.0.0.1:"), rec["tracking_uri"]
assert rec["experiment"] == "e2e bench" and rec["experiment_id"] == "100"
assert rec["run_id"] == "run0000" and rec["run_name"] == create["run_name"]
assert rec["benchmark_id"] == summary["benchmark_id"] and rec["parent_run_id"] == "parent123"
assert rec["live_streaming"] is False and rec["reused_live_run"] is False
assert sorted(rec["metric_keys"]) == sorted(metrics) and sorted(rec["param_keys"]) == sorted(params)
assert sorted(rec["tag_keys"]) == sorted(tags) and rec["uploaded_artifacts"] == local
assert isinstance(rec["exported_at_ns"], int)
print("ok")
' || fail "MLflow calls"

# --mlflow-artifact-glob: only the matching files go up; the experiment now exists.
: >"$WORK/calls.jsonl"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 4 --ui none \
  --artifact-dir "$WORK/art2" --mlflow-tracking-uri "$RECEIVER_URL" --mlflow-experiment "e2e bench" \
  --mlflow-run-name named --mlflow-artifact-glob '*.json' >"$WORK/out2.txt" 2>&1 \
  || { cat "$WORK/out2.txt"; fail "aiperf with a glob failed"; }
ART="$WORK/art2" CALLS="$WORK/calls.jsonl" py '
import json, os
calls = [json.loads(l) for l in open(os.environ["CALLS"])]
assert not [c for c in calls if "experiments/create" in c["path"]], "created the experiment twice"
assert calls[1]["body"]["run_name"] == "named"
puts = sorted(c["path"].rsplit("/artifacts/", 1)[1] for c in calls if c["method"] == "PUT")
art = os.environ["ART"]
local = sorted(os.path.relpath(os.path.join(d, f), art) for d, _, fs in os.walk(art) for f in fs
               if f.endswith(".json") and f != "mlflow_export.json")
assert "profile_export_aiperf.json" in puts and puts == local, (puts, local)
rec = json.load(open(art + "/mlflow_export.json"))
assert rec["uploaded_artifacts"] == puts
print("ok")
' || fail "MLflow artifact glob"
echo "publish_mlflow: ok"
