#!/usr/bin/env bash
# `aiperf merge` speed and peak memory (docs/benchmarks.md (ab)): SHARDS synthetic shard
# directories of RECORDS records each (bench/merge_bench), merged with /usr/bin/time.
# Usage: bench/merge_cost.sh [SHARDS] [RECORDS] [EXPORT_LEVEL]   (BENCH_BUILD_DIR: default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${BENCH_BUILD_DIR:-build}"
SHARDS="${1:-100}" RECORDS="${2:-100000}" LEVEL="${3:-records}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$BUILD/bench/merge_bench" "$WORK/run" "$SHARDS" "$RECORDS" "$LEVEL"
du -sh "$WORK/run" | awk '{print "shard directories: " $1}'
# The floor in the same run: reading the record files once, from the page cache as the merge does.
sync
start=$(date +%s.%N)
cat "$WORK"/run/shard-*/shard_records.bin >/dev/null
floor=$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$start" "$(date +%s.%N)")
/usr/bin/time -f "%e s wall, %U s user, %M KB max RSS" "$BUILD/aiperf" merge "$WORK/run" --output "$WORK/merged" \
  >"$WORK/merge.out" 2>"$WORK/time.txt" || { cat "$WORK/merge.out" "$WORK/time.txt"; exit 1; }
tail -1 "$WORK/time.txt"
du -sh "$WORK/merged" | awk '{print "merged directory: " $1}'
python3 - "$WORK/time.txt" "$SHARDS" "$RECORDS" "$WORK/merged" "$floor" <<'PY'
import json, sys
line = open(sys.argv[1]).read().strip().splitlines()[-1]
wall = float(line.split()[0]); rss_kb = int(line.split(",")[2].split()[0])
n = int(sys.argv[2]) * int(sys.argv[3])
s = json.load(open(sys.argv[4] + "/profile_export_aiperf.json"))
assert s["request_count"]["avg"] == n, (s["request_count"]["avg"], n)
floor = float(sys.argv[5])
print(f"{n} records in {wall:.1f} s: {n / wall:,.0f} records/s, peak RSS {rss_kb / 1024:.0f} MB; "
      f"reading the files alone {floor:.1f} s ({n / floor:,.0f} records/s): merge = {wall / floor:.1f} x the floor")
PY
