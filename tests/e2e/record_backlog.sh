#!/usr/bin/env bash
# The record backlog is bounded: when a worker has handed the record processor more records
# than AIPERF_RECORD_BACKLOG_LIMIT and it has not taken them yet, the worker holds its next
# sends back. Nothing is dropped (every request is still sent and recorded once), and client
# health says the client was the bottleneck, with the held sends and the time.
# A limit of 1 makes any backlog hold sends: the processor naps 2 ms between drains, while the
# mock answers in far less, so a closed loop of 16 always finds records not yet taken.
source "$(dirname "$0")/lib/common.bash"

start_mock
ART="$WORK/held"
AIPERF_RECORD_BACKLOG_LIMIT=1 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming \
  --concurrency 16 --request-count 400 --osl 8 --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 \
  || { cat "$WORK/out.txt"; fail "the held run failed"; }
grep -q "Warning: the client was the bottleneck" "$WORK/out.txt" || { cat "$WORK/out.txt"; fail "no client-bound warning"; }
ART="$ART" py '
import json, os
from e2e_checks import jsonl
art = os.environ["ART"]
recs = jsonl(f"{art}/profile_export.jsonl")
assert len(recs) == 400, len(recs)
assert not [r for r in recs if r.get("error")], "no request may fail"
ids = [r["metadata"]["x_request_id"] for r in recs]
assert len(set(ids)) == 400, "every record is its own request"
h = json.load(open(f"{art}/profile_export_aiperf.json"))["client_health"]
held = sum(w["held_sends"] for w in h["workers"])
assert held > 0, h
assert h["verdict"] == "client_bound", h
assert any("the record processor fell behind" in r for r in h["reasons"]), h["reasons"]
print("ok held", held, "sends for", sum(w["record_hold_sec"] for w in h["workers"]), "s")
'

# The default limit holds nothing in the same small run.
ART="$WORK/free"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 16 --request-count 400 --osl 8 \
  --artifact-dir "$ART" >"$WORK/out2.txt" 2>&1 || { cat "$WORK/out2.txt"; fail "the default run failed"; }
ART="$ART" py '
import json, os
h = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))["client_health"]
assert sum(w["held_sends"] for w in h["workers"]) == 0, h
print("ok default")
'

set +e
AIPERF_RECORD_BACKLOG_LIMIT=0 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 1 \
  --artifact-dir "$WORK/bad" >"$WORK/out3.txt" 2>"$WORK/err3.txt"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "AIPERF_RECORD_BACKLOG_LIMIT=0 must exit non-zero"
grep -q "AIPERF_RECORD_BACKLOG_LIMIT: expected a whole number of records from 1 to 1048576, got '0'" "$WORK/err3.txt" \
  || { cat "$WORK/err3.txt"; fail "error line does not name the variable"; }
echo "ok"
