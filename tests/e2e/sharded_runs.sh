#!/usr/bin/env bash
# Sharded runs on one machine (docs/cluster.md): four `aiperf profile --num-shards 4` processes
# on loopback make, between them, the run one process makes: the same request bodies (the
# mock's body hashes) for closed loop, open loop and trace replay, the same counts for
# user-centric sessions; `aiperf merge` joins them, and merging in a tree gives byte-identical
# files. A shard's injected clock skew is measured; a shard that never comes fails the run; a
# killed shard's records are kept and the merge says the run is incomplete.
source "$(dirname "$0")/lib/common.bash"


# sharded NAME MOCK_URL [profile args...]: 4 shards into $WORK/NAME (shard 2's clock 40 ms ahead).
sharded() {
  local name="$1" url="$2"
  shift 2
  local port pids=() i
  port="$(free_port)"
  for i in 0 1 2 3; do
    local skew=0
    [ "$i" = 2 ] && skew=40000000
    AIPERF_SHARD_CLOCK_SKEW_NS=$skew timeout 60 "$AIPERF" profile -m mock-model -u "$url" --ui none --no-server-metrics \
      --num-shards 4 --shard-index "$i" --shard-rendezvous "127.0.0.1:$port" --artifact-dir "$WORK/$name" "$@" \
      >"$WORK/$name.$i.out" 2>&1 &
    pids+=($!)
  done
  for i in 0 1 2 3; do
    wait "${pids[$i]}" || { cat "$WORK/$name.$i.out"; fail "$name: shard $i failed"; }
  done
}

# one_and_four NAME [profile args...]: the run as one process and as four shards, each against
# a mock of its own that logs every request's body hash; then the merge.
one_and_four() {
  local name="$1"
  shift
  start_mock --ttft-ms 5 --itl-ms 1 --timing-log "$WORK/$name-one.log"
  local one_pid="${MOCK_PIDS[-1]}"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --ui none --no-server-metrics --artifact-dir "$WORK/$name-one" "$@" \
    >"$WORK/$name-one.out" 2>&1 || { cat "$WORK/$name-one.out"; fail "$name: one process failed"; }
  kill -INT "$one_pid"
  wait "$one_pid" || true
  start_mock --ttft-ms 5 --itl-ms 1 --timing-log "$WORK/$name-four.log"
  local four_pid="${MOCK_PIDS[-1]}"
  sharded "$name" "$MOCK_URL" "$@"
  kill -INT "$four_pid"
  wait "$four_pid" || true
  "$AIPERF" merge "$WORK/$name" --output "$WORK/$name-merged" >"$WORK/$name-merge.out" 2>&1 \
    || { cat "$WORK/$name-merge.out"; fail "$name: merge failed"; }
}

# same_bodies NAME: the mock saw the same multiset of request bodies from one process and four shards.
same_bodies() {
  WORK="$WORK" NAME="$1" py '
import collections, json, os
w, n = os.environ["WORK"], os.environ["NAME"]
def bodies(path):
    return collections.Counter(json.loads(l)["body_fnv1a"] for l in open(path) if l.strip())
one, four = bodies(f"{w}/{n}-one.log"), bodies(f"{w}/{n}-four.log")
assert sum(one.values()) > 0
assert one == four, (n, sum(one.values()), sum(four.values()), list((one - four).items())[:3], list((four - one).items())[:3])
print("ok", n, "same", sum(one.values()), "bodies from one process and four shards")
'
}

# counts NAME: merged request count equals one process; every shard sent some; offsets measured.
counts() {
  WORK="$WORK" NAME="$1" py '
import json, os
w, n = os.environ["WORK"], os.environ["NAME"]
one = json.load(open(f"{w}/{n}-one/profile_export_aiperf.json"))["request_count"]["avg"]
merged = json.load(open(f"{w}/{n}-merged/profile_export_aiperf.json"))
parts = [json.load(open(f"{w}/{n}/shard-{i}/profile_export_aiperf.json"))["request_count"]["avg"] for i in range(4)]
assert merged["request_count"]["avg"] == one == sum(parts), (one, merged["request_count"]["avg"], parts)
assert all(p > 0 for p in parts), parts
assert merged["was_cancelled"] is False
m = json.load(open(f"{w}/{n}-merged/shard.json"))
assert m["indices"] == [0, 1, 2, 3] and m["complete"] and m["records"] >= one, m
c = m["shard_clocks"][2]
err = abs(c["offset_ns"] - 40_000_000)
assert err <= c["uncertainty_ns"] + 1_000_000, c
print("ok", n, "requests", one, "=", parts, "; shard 2 offset", c["offset_ns"] / 1e6, "ms +-", c["uncertainty_ns"] / 1e6)
'
}

# Closed loop with a warm-up: credits are numbered as one process numbers them.
one_and_four closed --concurrency 8 --request-count 120 --warmup-request-count 8 --isl 20 --osl 4 \
  --isl-stddev 5 --random-seed 7 --streaming
same_bodies closed
counts closed

# Open loop: every shard draws the one seeded timeline and sends its quarter of it.
one_and_four rate --request-rate 400 --request-count 100 --isl 20 --osl 4 --random-seed 11
same_bodies rate
counts rate

# Trace replay: whole rows (sessions) go to one shard each, at their trace times.
TRACE="$WORK/trace.jsonl"
python3 - "$TRACE" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(40):
        f.write(json.dumps({"timestamp": 5 * i, "text": f"row {i} " * (1 + i % 5), "session_id": f"s{i}", "output_length": 3}) + "\n")
PY
one_and_four trace --input-file "$TRACE" --custom-dataset-type single_turn --fixed-schedule
same_bodies trace
counts trace

# User-centric: users are split by slot; the session count and the request count hold.
one_and_four users --user-centric-rate 200 --num-users 8 --conversation-turn-mean 2 --request-count 32 \
  --isl 10 --osl 2 --random-seed 5
counts users

# Merging in a tree gives the very same files as merging all at once.
for pair in "0 1" "2 3"; do
  set -- $pair
  "$AIPERF" merge "$WORK/closed/shard-$1" "$WORK/closed/shard-$2" --output "$WORK/closed-m$1$2" >/dev/null 2>&1 && \
    fail "a merge of two of four shards should say it is incomplete"
done
"$AIPERF" merge "$WORK/closed-m23" "$WORK/closed-m01" --output "$WORK/closed-tree" >"$WORK/tree.out" 2>&1 \
  || { cat "$WORK/tree.out"; fail "tree merge failed"; }
for f in profile_export_aiperf.json profile_export_aiperf.csv profile_export.jsonl profile_export.parquet shard_records.bin; do
  cmp "$WORK/closed-merged/$f" "$WORK/closed-tree/$f" || fail "tree merge: $f differs from the flat merge"
done
echo "ok tree merge: byte-identical"

# A missing shard: the merge writes what it has and says the run is incomplete.
"$AIPERF" merge "$WORK/closed/shard-0" "$WORK/closed/shard-1" "$WORK/closed/shard-3" --output "$WORK/missing" \
  >"$WORK/missing.out" 2>&1 && fail "a merge without shard 2 should fail"
grep -q "shard(s) 2 of 4 missing" "$WORK/missing.out" || { cat "$WORK/missing.out"; fail "missing shard not named"; }
WORK="$WORK" py 'import json, os; s = json.load(open(os.environ["WORK"] + "/missing/profile_export_aiperf.json")); assert s["was_cancelled"] is True'
echo "ok missing shard: incomplete"

# Bad input: one clear line and exit 1, never an abort.
mkdir -p "$WORK/not-a-shard"
"$AIPERF" merge "$WORK/not-a-shard" --output "$WORK/bad-merge" >"$WORK/bad.out" 2>&1 && fail "merging a non-shard directory succeeded"
grep -q "shard.json is missing" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "no clear error for a non-shard directory"; }
grep -q "terminate called" "$WORK/bad.out" && fail "aiperf merge aborted on bad input"
"$AIPERF" merge "$WORK/closed/shard-0" >"$WORK/bad2.out" 2>&1 && fail "a merge without --output succeeded"
grep -q "\-\-output DIR is required" "$WORK/bad2.out" || { cat "$WORK/bad2.out"; fail "no clear error without --output"; }
"$AIPERF" merge "$WORK/closed/shard-0" "$WORK/rate/shard-1" --output "$WORK/bad-mix" >"$WORK/bad3.out" 2>&1 && fail "shards of two runs were merged"
grep -q "belongs to another run" "$WORK/bad3.out" || { cat "$WORK/bad3.out"; fail "no clear error for shards of two runs"; }
echo "ok merge bad input: clear errors"

# A shard that never comes: the others fail clearly within the rendezvous timeout.
start_mock
port="$(free_port)"
SECONDS=0
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --ui none --no-server-metrics --num-shards 2 --shard-index 0 \
  --shard-rendezvous "127.0.0.1:$port" --shard-timeout 2 --artifact-dir "$WORK/alone" --concurrency 2 --request-count 4 \
  >"$WORK/alone.out" 2>&1 && fail "a shard alone should fail"
[ "$SECONDS" -le 10 ] || fail "the rendezvous timeout took ${SECONDS} s"
grep -q "shard 1 of 2 did not arrive" "$WORK/alone.out" || { cat "$WORK/alone.out"; fail "the missing shard is not named"; }
echo "ok a shard that never comes: '$(grep -o 'shard 1 of 2 did not arrive[^;]*' "$WORK/alone.out" | head -1)'"

# A shard killed mid-run: its records up to then are merged, and the run is reported incomplete.
start_mock --ttft-ms 20
port="$(free_port)"
pids=()
for i in 0 1; do
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --ui none --no-server-metrics --num-shards 2 --shard-index "$i" \
    --shard-rendezvous "127.0.0.1:$port" --artifact-dir "$WORK/killed" --concurrency 2 --benchmark-duration 6 \
    --isl 10 --osl 2 >"$WORK/killed.$i.out" 2>&1 &
  pids+=($!)
done
sleep 3.5
kill -KILL "${pids[1]}"
wait "${pids[0]}" || { cat "$WORK/killed.0.out"; fail "the surviving shard failed"; }
wait "${pids[1]}" 2>/dev/null || true
"$AIPERF" merge "$WORK/killed" --output "$WORK/killed-merged" >"$WORK/killed-merge.out" 2>&1 \
  && fail "merging a killed shard should report the run incomplete"
grep -q "stopped before its run ended" "$WORK/killed-merge.out" || { cat "$WORK/killed-merge.out"; fail "the killed shard is not named"; }
WORK="$WORK" py '
import json, os
w = os.environ["WORK"]
merged = json.load(open(w + "/killed-merged/profile_export_aiperf.json"))
alive = json.load(open(w + "/killed/shard-0/profile_export_aiperf.json"))["request_count"]["avg"]
assert merged["was_cancelled"] is True
assert merged["request_count"]["avg"] > alive, (merged["request_count"]["avg"], alive)
print("ok killed shard: merged", merged["request_count"]["avg"], "requests, the survivor", alive)
'

# A sharded sweep: every cell is sharded; each shard's study reads its own share, and
# `aiperf merge` of the sweep's directory merges each cell and writes the sweep aggregate.
start_mock --ttft-ms 5
sharded sweep "$MOCK_URL" --concurrency 4,8 --request-count 40 --isl 10 --osl 2 --random-seed 3
"$AIPERF" merge "$WORK/sweep" --output "$WORK/sweep-merged" >"$WORK/sweep-merge.out" 2>&1 \
  || { cat "$WORK/sweep-merge.out"; fail "merging the sharded sweep failed"; }
WORK="$WORK" py '
import csv, json, os
w = os.environ["WORK"]
for cell in ("concurrency_4", "concurrency_8"):
    s = json.load(open(f"{w}/sweep-merged/{cell}/profile_export_aiperf.json"))
    assert s["request_count"]["avg"] == 40 and s["was_cancelled"] is False, (cell, s["request_count"])
agg = json.load(open(f"{w}/sweep-merged/sweep_aggregate/profile_export_aiperf_sweep.json"))
text = json.dumps(agg)
assert "concurrency_4" in text and "concurrency_8" in text, text[:400]
# Each shard wrote its own share's aggregate beside the others', none over another.
for i in range(4):
    assert os.path.exists(f"{w}/sweep/sweep_aggregate_shard-{i}/profile_export_aiperf_sweep.json"), i
assert not os.path.exists(f"{w}/sweep/sweep_aggregate")
rows = list(csv.DictReader(open(f"{w}/sweep-merged/sweep_aggregate/profile_export_aiperf_sweep.csv")))
assert len(rows) == 2 and all(float(r["request_count_avg"]) == 40 for r in rows), rows
print("ok sharded sweep: both cells merged (40 requests each) and the sweep aggregate written")
'
