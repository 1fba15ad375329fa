#!/usr/bin/env bash
# (f) Records aggregated per second: 1M synthetic streaming chat records (10 SSE chunks each,
# 2% HTTP 500s) through the record processor, timed as two stages of one run: record
# processing (parse, token counts, per-record metrics, per-request files) and aggregation
# (accumulation and the final statistics), with and without the per-request files; peak RSS.
# The 1M-row profile_export.parquet is read back with DuckDB (npm) as a check.
set -euo pipefail
source bench/lib.sh

RECORDS="${AGGREGATION_RECORDS:-1000000}"
echo "== (f) record aggregation: $RECORDS records"
cmake --build "$BIN_DIR" --target aggregation_bench >/dev/null
BENCH="$BIN_DIR/bench/aggregation_bench"

rows=""
for run in "builtin none" "builtin jsonl" "builtin parquet" "builtin both" "word none"; do
  set -- $run
  out="$WORK/f_out"; rm -rf "$out"; mkdir -p "$out"
  "$BENCH" "$RECORDS" "$1" "$2" "$out" >"$WORK/f_$1_$2.json"
  if [ "$2" = both ]; then
    # Keep the last file for the DuckDB check; the JSONL (~1 GB) goes.
    mv "$out/profile_export.parquet" "$WORK/f_check.parquet"
  fi
  rm -rf "$out"
  row="$(python3 - "$WORK/f_$1_$2.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
tok = {"builtin": "builtin (tiktoken o200k_base)", "word": "whitespace words (no BPE)"}[r["tokenizer"]]
outs = {"none": "none", "jsonl": "JSONL", "parquet": "Parquet", "both": "JSONL + Parquet"}[r["outputs"]]
size = lambda b: f"{b / 1e6:.0f} MB" if b else "–"
m = lambda x: f"{x / 1e6:.2f} M"
print(f"| {tok} | {outs} | {r['records']:,} | {r['processing_seconds']:.2f} s, **{m(r['processing_records_per_second'])}** "
      f"| {r['accumulate_seconds']:.2f} + {r['summarize_seconds']:.2f} s, **{m(r['aggregation_records_per_second'])}** "
      f"({m(r['records'] / r['aggregation_cpu_seconds'])} by CPU time) | {m(r['records_per_second'])} "
      f"| {r['peak_rss_before_summarize_kb'] / 1024:.0f} / {r['peak_rss_kb'] / 1024:.0f} MB "
      f"| {size(r['jsonl_bytes'])} | {size(r['parquet_bytes'])} |")
PY
)"
  echo "$row"
  rows+="$row"$'\n'
done

check="DuckDB check skipped: node or @duckdb/node-api unavailable."
if NPM_DIR="$(bash scripts/duckdb-npm.sh 2>/dev/null)"; then
  check="$(node --input-type=module - "$NPM_DIR" "$WORK/f_check.parquet" <<'JS'
import { createRequire } from 'node:module';
import path from 'node:path';
const [npmDir, file] = process.argv.slice(2);
const { DuckDBInstance } = createRequire(path.join(npmDir, 'package.json'))('@duckdb/node-api');
const con = await (await DuckDBInstance.create(':memory:')).connect();
const one = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJson()[0];
const t0 = Date.now();
const r = await one(`SELECT count(*) AS n, count(DISTINCT session_num) AS ids, count(error_code) AS errors,
  round(avg(time_to_first_token), 4) AS ttft FROM read_parquet('${file}')`);
const ms = Date.now() - t0;
const g = await one(`SELECT count(DISTINCT row_group_id) AS groups FROM parquet_metadata('${file}')`);
console.log(`DuckDB read the JSONL + Parquet run's profile_export.parquet back: ${r.n} rows ` +
  `(${r.ids} distinct session_num, ${r.errors} errors) in ${g.groups} row groups, ` +
  `avg TTFT ${r.ttft} ms, in ${ms} ms.`);
JS
)"
fi
echo "$check"

aggr="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["aggregation_records_per_second"])' "$WORK/f_builtin_none.json")"
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= 1e6 else 1)' "$aggr"; then
  target="met by the aggregation stage in this run"
else
  target="not met in this run (see the CPU-time rate: the machine is shared)"
fi
load="$(cut -d' ' -f1-3 /proc/loadavg)"

cat >"$WORK/section_f.md" <<MD
## (f) Records aggregated per second

\`bench/aggregation_bench\` generates $RECORDS synthetic streaming chat records (9 content chunks and
\`[DONE]\`, two words per chunk; 1 in 50 an HTTP 500) and feeds them through \`RecordProcessor\`
on one thread, as the record thread does in a run, timing two stages apart (batches of 256
records: the clock is read per batch, so its cost is noise):

- **record processing** = \`RecordProcessor::measure()\`: SSE and JSON parsing, output-token
  counting (ISL is counted once per prompt, 100 prompts), per-record metrics, the per-request
  files (and closing them at the end);
- **aggregation** = \`RecordProcessor::accumulate()\` (the per-record values into the sample
  columns and sweep-line intervals) plus the final \`summarize()\`: statistics and percentiles
  over every sample, \`adj_*\`, aggregates, goodput, the sweep-line curves. This is what
  upstream's ≈ 16k records/s (quoted, not measured here) refers to.

Records/s = records ÷ the stage's wall seconds; "by CPU time" divides by the record thread's
CPU time instead (the machine is shared: load average $load at the end of the section).
Building the records is not counted. Peak RSS (\`getrusage\` ru_maxrss, whole process) just
before \`summarize()\` and at the end. Whole = both stages together.

| tokenizer | per-request files | records | record processing | aggregation (accumulate + summarize) | whole | peak RSS before summary / at end | JSONL | Parquet |
|---|---|---:|---:|---:|---:|---:|---:|---:|
${rows}
$check

Target ≥ 1M records/s aggregated: $target. Before the aggregation work (2026-11-30, one
timing for everything) the builtin no-files run took 10.2 s for the whole pipeline
(0.098 M records/s), most of it in \`summarize()\`, with a 527 MB peak. No comparison sort
is left: whole-number sample columns over a narrow range are counted, the others radix-sorted
once per tag (sums stay in ascending order, so every record-metric statistic is bit for bit
what it was); every time-weighted percentile of the sweep line comes from histogram selection,
exact; only its avg/std sum in time order (docs/metrics.md, choice 22). Samples that are whole
numbers take 4 bytes.

Second round: the sweep line no longer radix-sorts one array of all 3M events: starts, first
tokens and ends are three streams, each sorted by (time, request), first by an insertion sort
(records arrive nearly in order of one of their times) that falls back to the radix sort after
4 moves per stamp, and the walk merges them in the old order, so every sum rounds as before
(\`AGGREGATION_BENCH_DUMP\` identical before and after). A/B on one loaded machine (load ≈ 9,
interleaved runs, 1M records, word tokenizer): aggregation CPU time 1.02–1.16 s before,
0.93–1.01 s after; \`summarize()\` wall 2.1–2.6 s before, 1.5–2.2 s after. The ≥ 1.5 M/s aim
is not reached (≈ 1.1 M by CPU time). Tried and dropped: transparent huge pages for the big
buffers (page faults 103k → 12k, but system time 0.38 → 0.66 s on this VM), an MSD radix sort
for the real-valued columns (no gain visible through the noise). A \`perf\` profile of the
word-tokenizer, no-files run (whole process): page faults ≈ 5% of all samples (first touch of
the sample columns ≈ 28% of the faults, the sweep's step columns ≈ 25%, growing the interval
vector ≈ 19%, sort buffers ≈ 17%), sample sorter ≈ 6%, sweep line ≈ 6%, appending samples
≈ 3%; record processing: simdjson DOM parsing ≈ 20%, SSE splitting (memchr, strlen) ≈ 7%,
word counting ≈ 6%, malloc/free ≈ 5%. Left: the memory first touched at summary (step columns,
sort buffers, the 8M inter-chunk doubles a counted column is written out as), record processing
(simdjson on-demand instead of DOM).
MD
