#!/usr/bin/env bash
# `aiperf analyze-trace`: the console report and the --output-file JSON of a small trace whose
# statistics are known, and one-line errors naming the file and line for bad input.
source "$(dirname "$0")/lib/common.bash"

TRACE="$WORK/trace.jsonl"
cat >"$TRACE" <<'JSONL'
{"timestamp": 0, "input_length": 8, "output_length": 2, "hash_ids": [1, 2]}
{"timestamp": 100, "input_length": 12, "output_length": 4, "hash_ids": [1, 2, 3]}
{"timestamp": 300, "input_length": 6, "output_length": 6, "hash_ids": [1, 4]}
{"timestamp": 350, "input_length": 5, "output_length": 4}
JSONL
"$AIPERF" analyze-trace --input-file "$TRACE" --block-size 4 --output-file "$WORK/out/analysis.json" \
  >"$WORK/console.txt" 2>&1 || { cat "$WORK/console.txt"; fail "analyze-trace failed"; }
grep -q "Total requests:  4" "$WORK/console.txt" || fail "total requests"
grep -q "Unique prefixes: 4" "$WORK/console.txt" || fail "unique prefixes"
grep -q "Theoretical cache hit rate: 38.89% (mean per request), 42.86% of blocks (3 of 7)" "$WORK/console.txt" \
  || { cat "$WORK/console.txt"; fail "hit rate line"; }
grep -qE "Input Length .* 7\.75 .* 12\.00 .* 4 " "$WORK/console.txt" || { cat "$WORK/console.txt"; fail "ISL row"; }
grep -q "Analysis report saved to $WORK/out/analysis.json" "$WORK/console.txt" || fail "saved line"
py '
import json, sys
a = json.load(open(sys.argv[1]))
keys = list(a)
assert keys[:15] == ["total_requests", "unique_prefixes", "cache_hit_rate", "min_isl", "max_isl", "avg_isl",
    "min_osl", "max_osl", "avg_osl", "prefix_reuse_ratio", "isl_stats", "osl_stats", "context_length_stats",
    "unique_prompt_length_stats", "hit_rate_stats"], keys
assert a["total_requests"] == 4 and a["unique_prefixes"] == 4
assert abs(a["cache_hit_rate"] - (2 / 3 + 0.5) / 3) < 1e-12
assert abs(a["block_hit_rate"] - 3 / 7) < 1e-12 and a["total_blocks"] == 7 and a["hit_blocks"] == 3
assert a["isl_stats"] == {"mean": 7.75, "std_dev": a["isl_stats"]["std_dev"], "min": 5.0, "p25": 5.75,
                          "median": 7.0, "p75": 9.0, "max": 12.0, "count": 4}, a["isl_stats"]
assert a["osl_stats"]["mean"] == 4.0 and a["min_osl"] == 2 and a["max_osl"] == 6
assert a["inter_arrival_time_stats"]["max"] == 200.0 and a["inter_arrival_time_stats"]["count"] == 3
assert a["block_size"] == 4
' "$WORK/out/analysis.json"

# Bad input: one line on stderr naming the file and line, non-zero exit.
printf '{"input_length": 4}\n{"output_length": 3}\n' >"$WORK/bad.jsonl"
if "$AIPERF" analyze-trace --input-file "$WORK/bad.jsonl" >"$WORK/bad.out" 2>"$WORK/bad.err"; then fail "bad row accepted"; fi
[ "$(wc -l <"$WORK/bad.err")" = 1 ] || { cat "$WORK/bad.err"; fail "error not one line"; }
grep -q "$WORK/bad.jsonl, line 2: missing required field 'input_length'" "$WORK/bad.err" || fail "bad row error"
if "$AIPERF" analyze-trace --input-file "$WORK/missing.jsonl" 2>"$WORK/missing.err"; then fail "missing file accepted"; fi
grep -q "missing.jsonl: cannot open file" "$WORK/missing.err" || fail "missing file error"
if "$AIPERF" analyze-trace --input-file "$TRACE" --block-size 0 2>"$WORK/bs.err"; then fail "block size 0 accepted"; fi
grep -q -- "--block-size must be >= 1" "$WORK/bs.err" || fail "block size error"
if "$AIPERF" analyze-trace 2>"$WORK/req.err"; then fail "no --input-file accepted"; fi
grep -q -- "--input-file" "$WORK/req.err" || fail "required flag error"
"$AIPERF" analyze-trace --help | grep -q -- "--block-size" || fail "analyze-trace --help"
echo "ok"
