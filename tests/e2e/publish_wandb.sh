#!/usr/bin/env bash
# --wandb-project: after the run, a local W&B stand-in (lib/tracking_receivers.py, reached via
# WANDB_BASE_URL) receives the run (GraphQL upsertBucket: project, entity, name, config, tags),
# the run files (createRunFiles, then uploads without the API key), wandb-summary.json with the
# summary_metrics table, wandb-history.jsonl and the closing file_stream call. The API key is
# sent only as basic auth to the API and never reaches the console or the artifacts.
source "$(dirname "$0")/lib/common.bash"

export RECEIVER_WANDB_KEY="wandb-e2e-key-0123456789"
python3 "$E2E_LIB/tracking_receivers.py" wandb "$WORK" >"$WORK/receiver.log" 2>&1 &
MOCK_PIDS+=($!)
await_listening "$WORK/receiver.log" "W&B receiver"
WANDB_URL="$LISTEN_URL"

start_mock --ttft-ms 2 --itl-ms 1 --output-tokens 6
ART="$WORK/art"
WANDB_BASE_URL="$WANDB_URL" WANDB_API_KEY="$RECEIVER_WANDB_KEY" \
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --streaming --concurrency 3 \
  --request-count 12 --ui none --artifact-dir "$ART" -v \
  --wandb-project bench --wandb-entity lab --wandb-tag nightly --wandb-tag h100 \
  >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
grep -qi "warning.*Weights" "$WORK/out.txt" && { cat "$WORK/out.txt"; fail "the export warned"; }
! grep -rq "$RECEIVER_WANDB_KEY" "$WORK/out.txt" "$ART" || fail "the API key reached the console or the artifacts"

ART="$ART" CALLS="$WORK/calls.jsonl" FILES="$WORK/files" py '
import json, os
art, files = os.environ["ART"], os.environ["FILES"]
calls = [json.loads(l) for l in open(os.environ["CALLS"])]
summary = json.load(open(f"{art}/profile_export_aiperf.json"))
bid = summary["benchmark_id"]
gql = [c for c in calls if c["path"] == "/graphql"]
assert "upsertBucket(" in gql[0]["body"]["query"], gql[0]
v = gql[0]["body"]["variables"]
assert v["name"] == bid and v["project"] == "bench" and v["entity"] == "lab", v
assert v["displayName"] == "aiperf-" + bid[:8], v
assert v["tags"] == ["aiperf-" + summary["aiperf_version"], "benchmark-" + bid, "nightly", "h100"], v
config = json.loads(v["config"])
assert config["endpoint_type"]["value"] == "chat" and config["models"]["value"] == ["mock-model"], config
assert config["concurrency"]["value"] == 3 and config["request_count"]["value"] == 12, config
assert config["cli_command"]["value"] == summary["run_info"]["cli_command"], config
assert config["urls"]["value"] == summary["input_config"]["endpoint"]["urls"], config
# Run files: the table and every export file, uploaded without the API key.
names = gql[1]["body"]["variables"]["files"]
assert "createRunFiles(" in gql[1]["body"]["query"] and gql[1]["body"]["variables"]["run"] == bid
table_path = [n for n in names if n.startswith("media/table/summary_metrics_0_")]
assert len(table_path) == 1, names
local = sorted(os.path.relpath(os.path.join(d, f), art) for d, _, fs in os.walk(art) for f in fs)
assert sorted(n[len("aiperf-run/"):] for n in names if n.startswith("aiperf-run/")) == local, (names, local)
for f in local:
    sent, now = open(f"{files}/aiperf-run/{f}", "rb").read(), open(f"{art}/{f}", "rb").read()
    # The log is still being written while it is uploaded: what went up is its beginning.
    assert (now.startswith(sent) and sent) if f == "logs/aiperf.log" else sent == now, f
table = json.load(open(f"{files}/{table_path[0]}"))
assert table["columns"] == ["Metric", "avg", "min", "max", "p99", "p90", "p50", "std"], table["columns"]
rows = {r[0]: r for r in table["data"]}
ttft = rows["Time to First Token (ms)"]
t = summary["time_to_first_token"]
assert ttft[1:] == [t["avg"], t["min"], t["max"], t["p99"], t["p90"], t["p50"], t["std"]], ttft
# file_stream: summary and history, then complete.
streams = [c for c in calls if c["path"] == f"/files/lab/bench/{bid}/file_stream"]
assert len(streams) == 2, [c["path"] for c in calls]
body = streams[0]["body"]["files"]
s = json.loads(body["wandb-summary.json"]["content"][0])
assert s["request_latency"]["p99"] == summary["request_latency"]["p99"], s["request_latency"]
assert s["summary_metrics"]["_type"] == "table-file" and s["summary_metrics"]["path"] == table_path[0]
assert s["summary_metrics"]["nrows"] == len(table["data"])
h = json.loads(body["wandb-history.jsonl"]["content"][0])
assert h["_step"] == 0 and h["request_latency"] == summary["request_latency"]["avg"], h
assert streams[1]["body"]["complete"] is True and streams[1]["body"]["exitcode"] == 0, streams[1]
print("ok")
' || fail "W&B calls"

# No --wandb-entity: the entity the server names in its reply is used.
: >"$WORK/calls.jsonl"
WANDB_BASE_URL="$WANDB_URL" WANDB_API_KEY="$RECEIVER_WANDB_KEY" \
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 4 --ui none \
  --artifact-dir "$WORK/art2" --wandb-project bench >"$WORK/out2.txt" 2>&1 \
  || { cat "$WORK/out2.txt"; fail "aiperf without an entity failed"; }
grep -q "/files/default-entity/bench/" "$WORK/calls.jsonl" || fail "the default entity was not used"
# A wrong key: one warning, the run still succeeds with all its files.
WANDB_BASE_URL="$WANDB_URL" WANDB_API_KEY="wrong-key-abcdef" \
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --concurrency 2 --request-count 4 --ui none \
  --artifact-dir "$WORK/art3" --wandb-project bench >"$WORK/out3.txt" 2>&1 \
  || { cat "$WORK/out3.txt"; fail "a refused W&B export failed the run"; }
[ "$(grep -ci "warning.*Weights & Biases" "$WORK/out3.txt")" = 1 ] || { cat "$WORK/out3.txt"; fail "expected one warning"; }
grep -q "HTTP 401" "$WORK/out3.txt" || { cat "$WORK/out3.txt"; fail "the warning does not say what failed"; }
! grep -q "wrong-key-abcdef" "$WORK/out3.txt" "$WORK/art3/logs/aiperf.log" || fail "the API key was logged"
[ -s "$WORK/art3/profile_export_aiperf.json" ] || fail "artifacts missing"
echo "publish_wandb: ok"
