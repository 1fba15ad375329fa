#!/usr/bin/env bash
# aiperf speed-bench-report (docs/speed-bench-report.md): real runs of spec_al_gsm8k and
# spec_al_math500 (their HF files in a temporary cache) against mocks that report vLLM's
# per-request speculative-decoding metrics, two models at two acceptance rates; the matrix's
# cells and Overall are checked against each run's own profile_export_aiperf.json.
source "$(dirname "$0")/lib/common.bash"

export HF_HUB_CACHE="$WORK/hub" HF_HUB_OFFLINE=1
snapshot() {  # snapshot ORG/NAME -> prints the snapshot directory (refs/main points at it)
  local dir="$HF_HUB_CACHE/datasets--${1/\//--}"
  mkdir -p "$dir/refs" "$dir/snapshots/0123456789abcdef0123456789abcdef01234567"
  echo 0123456789abcdef0123456789abcdef01234567 >"$dir/refs/main"
  echo "$dir/snapshots/0123456789abcdef0123456789abcdef01234567"
}
GSM="$(snapshot openai/gsm8k)"
mkdir -p "$GSM/main"
for i in 0 1 2 3 4 5; do echo "{\"question\": \"Tom has $i apples and buys 3 more. How many now?\", \"answer\": \"#### $((i + 3))\"}"; done >"$GSM/main/test.jsonl"
MATH="$(snapshot HuggingFaceH4/MATH-500)"
for i in 0 1 2 3 4 5; do echo "{\"problem\": \"Compute $i + $i.\", \"answer\": \"$((2 * i))\"}"; done >"$MATH/test.jsonl"

# profile NAME MODEL ACCEPTANCE DATASET
profile() {
  start_mock --itl-ms 1 --output-tokens 24 --spec-decode-draft-tokens 4 --spec-decode-acceptance "$3"
  "$AIPERF" profile -m "$2" --tokenizer builtin -u "$MOCK_URL" --artifact-dir "$WORK/runs/$1" --ui none \
    --public-dataset "$4" --request-count 6 --concurrency 2 --osl 24 >"$WORK/$1.out" 2>&1 ||
    { cat "$WORK/$1.out"; fail "profile $1"; }
  kill -INT "${MOCK_PIDS[-1]}"
}
profile a-gsm model-a 0.5 spec_al_gsm8k
profile a-math model-a 0.75 spec_al_math500
profile b-gsm model-b 1.0 spec_al_gsm8k
mkdir -p "$WORK/runs/other"
echo '{"input_config": {"endpoint": {"model_names": ["x"]}, "input": {}}}' >"$WORK/runs/other/profile_export_aiperf.json"

"$AIPERF" speed-bench-report "$WORK/runs" --output "$WORK/al.csv" >"$WORK/al.out" 2>"$WORK/al.err" ||
  { cat "$WORK/al.out" "$WORK/al.err"; fail "speed-bench-report"; }
grep -q "Acceptance Length Report" "$WORK/al.out" || { cat "$WORK/al.out"; fail "no table title"; }
grep -q "skip $WORK/runs/other: not a --public-dataset run" "$WORK/al.err" || { cat "$WORK/al.err"; fail "no skip line"; }
"$AIPERF" speed-bench-report --paths "$WORK/runs" --metric accept_rate --format csv --output "$WORK/ar.csv" >/dev/null 2>&1 ||
  fail "accept_rate"
"$AIPERF" speed-bench-report "$WORK/runs" --metric throughput --format table >"$WORK/tp.out" 2>/dev/null || fail "throughput"
grep -q "Output Throughput Report" "$WORK/tp.out" || { cat "$WORK/tp.out"; fail "throughput table"; }

WORK="$WORK" py '
import csv, json, os
W = os.environ["WORK"]
def run(name):
    return json.load(open(f"{W}/runs/{name}/profile_export_aiperf.json"))
def totals(name):
    d = run(name)
    return tuple(d[k]["avg"] for k in ("total_accepted_draft_tokens", "total_spec_decode_steps", "total_draft_tokens"))
rows = {r["Model"]: r for r in csv.DictReader(open(f"{W}/al.csv"))}
assert list(csv.reader(open(f"{W}/al.csv")))[0] == ["Model", "gsm8k", "math500", "Overall"]
assert set(rows) == {"model-a", "model-b"}, rows
for model, cat, name in (("model-a", "gsm8k", "a-gsm"), ("model-a", "math500", "a-math"), ("model-b", "gsm8k", "b-gsm")):
    acc, steps, drafts = totals(name)
    assert steps > 0 and acc > 0, (name, acc, steps)
    assert abs(float(rows[model][cat]) - (1 + acc / steps)) < 1e-4, (model, cat, rows[model][cat], acc, steps)
(a1, s1, d1), (a2, s2, d2) = totals("a-gsm"), totals("a-math")
assert abs(float(rows["model-a"]["Overall"]) - (1 + (a1 + a2) / (s1 + s2))) < 1e-4, rows["model-a"]
assert rows["model-b"]["math500"] == "", rows["model-b"]
assert float(rows["model-b"]["gsm8k"]) > float(rows["model-a"]["gsm8k"]), "higher acceptance, longer accepted runs"
rates = {r["Model"]: r for r in csv.DictReader(open(f"{W}/ar.csv"))}
assert abs(float(rates["model-a"]["gsm8k"]) - a1 / d1) < 1e-4, rates
print("speed-bench-report: ok")
'

mkdir -p "$WORK/empty"
if "$AIPERF" speed-bench-report "$WORK/empty" >"$WORK/e.out" 2>&1; then fail "an empty directory was accepted"; fi
grep -q "no run of a speed_bench_\* or spec_al_\* public dataset" "$WORK/e.out" || { cat "$WORK/e.out"; fail "empty message"; }
if "$AIPERF" speed-bench-report "$WORK/runs" --metric speed >"$WORK/e.out" 2>&1; then fail "bad --metric accepted"; fi
echo "speed_bench_report: ok"
