#!/usr/bin/env bash
# Ctrl-C: the run stops, in-flight requests are cancelled, and what was measured is written
# and marked incomplete.
source "$(dirname "$0")/lib/common.bash"

# partial_results_written ART: the summary says cancelled, the requests in flight at the signal
# (4, unless one finished in the same instant) are cancelled and recorded, none is lost.
partial_results_written() {
  ART="$1" py '
import json, os
art = os.environ["ART"]
s = json.load(open(f"{art}/profile_export_aiperf.json"))
assert s["was_cancelled"] is True
assert s["request_count"]["avg"] > 0
recs = [json.loads(l) for l in open(f"{art}/profile_export.jsonl")]
cancelled = [r for r in recs if r.get("error", {}).get("code") == 499]
assert 1 <= len(cancelled) <= 4, len(cancelled)
assert len(recs) == s["request_count"]["avg"] + s["error_request_count"]["avg"]
print("ok", len(recs))
'
}

start_mock --ttft-ms 20 --itl-ms 20 --output-tokens 20
ART="$WORK/art"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 100000 \
  --artifact-dir "$ART" >"$WORK/out.txt" 2>&1 &
pid=$!
# Interrupt the benchmark itself, not its start-up (slow under sanitizers): wait for the
# "Profiling ..." line, then let requests run a little.
for _ in $(seq 600); do grep -q "^Profiling" "$WORK/out.txt" 2>/dev/null && break; sleep 0.1; done
grep -q "^Profiling" "$WORK/out.txt" || fail "the benchmark did not start within 60 s"
sleep 1
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
cat "$WORK/out.txt"
[ "$rc" -eq 130 ] || fail "interrupted run should exit 130, got $rc"
partial_results_written "$ART"
grep -q "cancelled early" "$WORK/out.txt" || fail "console did not say the run was cancelled early"

# A second Ctrl-C (or SIGTERM) while the first is still being handled quits at once: exit 130,
# "Force quit".
ART2="$WORK/art2"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 100000 \
  --artifact-dir "$ART2" >"$WORK/out2.txt" 2>&1 &
pid=$!
for _ in $(seq 600); do grep -q "^Profiling" "$WORK/out2.txt" 2>/dev/null && break; sleep 0.1; done
sleep 0.5
# Two different signals: two SIGINTs sent back to back may merge into one pending signal.
kill -TERM "$pid"
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" -eq 130 ] || { cat "$WORK/out2.txt"; fail "second Ctrl-C should exit 130, got $rc"; }
grep -q "Force quit" "$WORK/out2.txt" || { cat "$WORK/out2.txt"; fail "second Ctrl-C did not force quit"; }
echo "ok second Ctrl-C forced the exit"

# SIGHUP (the terminal was closed) is handled like SIGTERM: the run stops, writes what it
# measured marked incomplete, and exits 130. Its stdout is a pipe whose reader has died (as a
# `| tee` does when the terminal goes): writing the report there must not kill it either.
ART3="$WORK/art3"
mkfifo "$WORK/pipe3"
cat "$WORK/pipe3" >"$WORK/out3.txt" &
reader=$!
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 4 --request-count 100000 \
  --artifact-dir "$ART3" >"$WORK/pipe3" 2>"$WORK/err3.txt" &
pid=$!
for _ in $(seq 600); do grep -q "^Profiling" "$WORK/out3.txt" 2>/dev/null && break; sleep 0.1; done
grep -q "^Profiling" "$WORK/out3.txt" || { cat "$WORK/err3.txt"; fail "the SIGHUP run did not start within 60 s"; }
sleep 1
kill "$reader"
wait "$reader" 2>/dev/null || true
kill -HUP "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" -eq 130 ] || { cat "$WORK/err3.txt"; fail "SIGHUP should exit 130 like SIGTERM, got $rc"; }
partial_results_written "$ART3"
echo "ok SIGHUP"
