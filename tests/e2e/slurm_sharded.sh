#!/usr/bin/env bash
# A sharded benchmark on a real Slurm (docs/cluster.md): a one-node cluster on 127.0.0.1
# (lib/slurm_cluster.sh: munged, slurmctld, slurmd from Debian's slurm-wlm), a batch script from
# `aiperf slurm generate --tasks 4`, submitted with `sbatch --wait`: srun starts 4 shards of
# `aiperf profile`, then `aiperf merge` joins their artifacts. Checks: the job succeeds, each
# shard has its directory, the shards' request counts add up to the whole, the merged export
# counts every request once (so does the mock), and the merged TTFT is the mock's fixed TTFT, close
# to that of the same benchmark run as one process.
# Needs root and slurm-wlm + munge (scripts/setup.sh): without them the test fails, or skips (77)
# when AIPERF_SKIP_SLURM=1.
source "$(dirname "$0")/lib/common.bash"
source "$E2E_LIB/slurm_cluster.sh"
trap 'slurm_stop; cleanup' EXIT

if ! why="$(slurm_have)"; then
  if [ "${AIPERF_SKIP_SLURM:-0}" = "1" ]; then
    echo "SKIP: $why and AIPERF_SKIP_SLURM=1"
    exit 77
  fi
  fail "$why (AIPERF_SKIP_SLURM=1 skips)"
fi

TTFT_MS=20
MOCK_FLAGS=(--ttft-ms "$TTFT_MS" --itl-ms 2 --output-tokens 8 --seed 7)
PROFILE_ARGS=(--model m --endpoint-type chat --streaming --concurrency 8 --request-count 200
  --tokenizer builtin --random-seed 7 --isl 16 --osl 8)

# One mock per run, each logging its replies, so each run's requests can be counted at the server.
start_mock "${MOCK_FLAGS[@]}" --timing-log "$WORK/mock-sharded.jsonl"
SHARDED_URL="$MOCK_URL" SHARDED_PID="${MOCK_PIDS[-1]}"
start_mock "${MOCK_FLAGS[@]}" --timing-log "$WORK/mock-single.jsonl"
SINGLE_URL="$MOCK_URL" SINGLE_PID="${MOCK_PIDS[-1]}"

slurm_start "$WORK/slurm" || fail "the Slurm cluster did not come up (logs above)"

ART="$WORK/art"
# Shard 0's rendezvous port: a free one, not the fixed default 7450.
SHARD_PORT="$(_slurm_free_ports 1)"
"$AIPERF" slurm generate --tasks 4 --artifact-dir "$ART" --aiperf "$AIPERF" --port "$SHARD_PORT" \
  --output "$WORK/job.sbatch" -- --url "$SHARDED_URL" "${PROFILE_ARGS[@]}" >"$WORK/generate.out" 2>&1 \
  || { cat "$WORK/generate.out"; fail "aiperf slurm generate failed"; }
[ -s "$WORK/job.sbatch" ] || { cat "$WORK/generate.out"; fail "slurm generate wrote no $WORK/job.sbatch"; }

# As the script says: create the artifact directory (Slurm opens DIR/slurm-%j.out before the
# script runs), then submit. Bounded twice: Slurm's own time limit (minutes) and a wall-clock
# timeout on the wait (sbatch --wait polls at growing intervals, up to 10 s).
mkdir -p "$ART"
rc=0
timeout 75 sbatch --wait --time=2 --chdir="$WORK" "$WORK/job.sbatch" >"$WORK/sbatch.out" 2>&1 || rc=$?
job_log() {
  echo "---- job.sbatch ----" >&2; cat "$WORK/job.sbatch" >&2
  echo "---- sbatch ----" >&2; cat "$WORK/sbatch.out" >&2
  local f
  for f in "$ART"/slurm-*.out; do
    [ -f "$f" ] && { echo "---- $f (last 60 lines) ----" >&2; tail -n 60 "$f" >&2; }
  done
  return 0
}
if [ "$rc" -ne 0 ]; then
  job_log
  [ "$rc" -eq 124 ] && { slurm_logs; squeue >&2 || true; }
  fail "the sharded job failed (sbatch --wait exit $rc)"
fi
ls "$ART"/slurm-*.out >/dev/null 2>&1 || { job_log; fail "no job log $ART/slurm-<job id>.out"; }

for i in 0 1 2 3; do
  [ -d "$ART/shard-$i" ] || { ls -la "$ART" >&2; job_log; fail "no $ART/shard-$i"; }
done
[ -f "$ART/merged/profile_export_aiperf.json" ] \
  || { ls -la "$ART" "$ART/merged" >&2 || true; job_log; fail "no merged export"; }
# The merged shard.json covers every shard and carries shard 0's clock estimates of each.
ART="$ART" py '
import json, os
m = json.load(open(os.environ["ART"] + "/merged/shard.json"))
assert m["indices"] == [0, 1, 2, 3] and m["complete"], m
clocks = m["shard_clocks"]
assert len(clocks) == 4 and all(c["samples"] > 0 for c in clocks[1:]), clocks
# One machine, one clock: every offset is within its uncertainty (plus 1 ms for scheduling).
assert all(abs(c["offset_ns"]) <= c["uncertainty_ns"] + 1_000_000 for c in clocks), clocks
print("ok shard clocks:", [(c["offset_ns"], c["uncertainty_ns"]) for c in clocks])
' 

# The same benchmark as one process.
"$AIPERF" profile --url "$SINGLE_URL" "${PROFILE_ARGS[@]}" --ui none --artifact-dir "$WORK/art-single" \
  >"$WORK/single.out" 2>&1 || { cat "$WORK/single.out"; fail "the one-process run failed"; }

# Stop the mocks so that their timing logs are written.
kill -INT "$SHARDED_PID" "$SINGLE_PID"
wait "$SHARDED_PID" || true
wait "$SINGLE_PID" || true

WORK="$WORK" TTFT_MS="$TTFT_MS" py '
import json, os
work, art = os.environ["WORK"], os.environ["ART"]
ttft_ms = float(os.environ["TTFT_MS"])
def export(d):
    return json.load(open(f"{d}/profile_export_aiperf.json"))
merged = export(f"{art}/merged")
single = export(f"{work}/art-single")
shards = [export(f"{art}/shard-{i}") for i in range(4)]

counts = [s["request_count"]["avg"] for s in shards]
assert sum(counts) == 200, ("shard request counts", counts)
assert all(c > 0 for c in counts), ("a shard sent nothing", counts)
assert merged["request_count"]["avg"] == 200, merged["request_count"]
assert single["request_count"]["avg"] == 200, single["request_count"]
assert merged["time_to_first_token"]["count"] == 200, merged["time_to_first_token"]

# The mock answered each request once: no shard repeated or skipped one.
def lines(name):
    return sum(1 for l in open(f"{work}/{name}") if l.strip())
assert lines("mock-sharded.jsonl") == 200, lines("mock-sharded.jsonl")
assert lines("mock-single.jsonl") == 200, lines("mock-single.jsonl")

# TTFT is the mock fixed delay plus a little; sharded and one-process agree within a few ms.
m, s = merged["time_to_first_token"]["avg"], single["time_to_first_token"]["avg"]
assert ttft_ms <= m < ttft_ms + 5, ("merged TTFT avg", m)
assert ttft_ms <= s < ttft_ms + 5, ("one-process TTFT avg", s)
assert abs(m - s) < 4, ("merged vs one-process TTFT avg", m, s)
assert merged["time_to_first_token"]["min"] >= ttft_ms, merged["time_to_first_token"]
print(f"shard counts {counts}; TTFT avg merged {m:.2f} ms, one process {s:.2f} ms")
'
echo "PASS"
