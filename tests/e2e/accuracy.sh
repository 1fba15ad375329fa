#!/usr/bin/env bash
# --accuracy-benchmark end to end (docs/accuracy.md): MMLU (chat, few-shot) and GSM8K
# (completions) problems from Parquet files written by DuckDB in the HF hub-cache layout; the
# mock answers them from an answer key, a set share correctly (--accuracy-correct-fraction),
# and the console table, accuracy_results.csv, accuracy_export.jsonl and the "accuracy" block of
# profile_export_aiperf.json must show exactly that share. Failed requests count as errors, not
# as wrong answers. Then every bad input: one line, exit 1.
# Skips (77) only when DuckDB cannot be had and AIPERF_SKIP_DUCKDB=1.
source "$(dirname "$0")/lib/common.bash"

need_duckdb

export HF_HUB_CACHE="$WORK/hub" HF_HUB_OFFLINE=1  # never the real hub: what is missing is an error
unset HF_HOME
snapshot() {  # snapshot org--name -> prints the snapshot folder
  local repo="$HF_HUB_CACHE/datasets--$1"
  mkdir -p "$repo/refs" "$repo/snapshots/5eed"
  printf '5eed' >"$repo/refs/main"
  echo "$repo/snapshots/5eed"
}

# lighteval/mmlu: <subject>/{dev,test}-00000-of-00001.parquet; answer is the index of the gold choice.
MMLU="$(snapshot lighteval--mmlu)"
mkdir -p "$MMLU/anatomy" "$MMLU/virology"
mmlu_split() {  # subject split rows label
  query "COPY (SELECT '$4 question ' || i || '?' AS question, '$1' AS subject,
                      ['bone ' || i, 'muscle ' || i, 'nerve ' || i, 'skin ' || i] AS choices, (i % 4)::BIGINT AS answer
               FROM range($3) t(i))
         TO '$MMLU/$1/$2-00000-of-00001.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write mmlu $1/$2"
}
mmlu_split anatomy dev 5 "Anatomy dev"
mmlu_split anatomy test 20 "Anatomy"
mmlu_split virology dev 5 "Virology dev"
mmlu_split virology test 10 "Virology"
# openai/gsm8k: main/test-00000-of-00001.parquet, the gold after "####".
GSM="$(snapshot openai--gsm8k)"
mkdir -p "$GSM/main"
query "COPY (SELECT 'Tom has ' || i || ' apples and buys ' || i || ' more. How many now?' AS question,
                    i || ' + ' || i || ' = ' || (2 * i) || chr(10) || '#### ' || (2 * i) AS answer
             FROM range(1, 11) t(i))
       TO '$GSM/main/test-00000-of-00001.parquet' (FORMAT parquet)" >/dev/null || fail "DuckDB could not write gsm8k"

# The answer keys: a text only that problem's prompt holds, its right and a wrong answer.
py '
import json, sys
with open(sys.argv[1] + "/mmlu_key.jsonl", "w") as out:
    for subject, label, n in (("anatomy", "Anatomy", 20), ("virology", "Virology", 10)):
        for i in range(n):
            gold = "ABCD"[i % 4]
            out.write(json.dumps({"match": f"{label} question {i}?", "correct": gold,
                                  "wrong": "ABCD"[(i + 1) % 4]}) + "\n")
with open(sys.argv[1] + "/gsm8k_key.jsonl", "w") as out:
    for i in range(1, 11):
        out.write(json.dumps({"match": f"Tom has {i} apples and", "correct": f"{i}+{i}={2*i}\n#### {2*i}",
                              "wrong": f"#### {2*i+1}"}) + "\n")
' "$WORK"

# check_accuracy ART passed total errors: the CSV OVERALL row, the JSON block and the JSONL lines agree.
check_accuracy() {
  py '
import csv, json, sys
art, passed, total, errors = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rows = list(csv.DictReader(open(art + "/accuracy_results.csv")))
overall = rows[-1]
assert overall["task"] == "OVERALL", rows
got = (int(overall["passed"]), int(overall["total"]), int(overall["errors"]))
assert got == (passed, total, errors), (got, passed, total, errors)
assert abs(float(overall["accuracy_rate"]) - passed / total) < 1e-12, overall
block = json.load(open(art + "/profile_export_aiperf.json"))["accuracy"]
assert (block["overall"]["passed"], block["overall"]["total"], block["overall"]["errors"]) == got, block
lines = [json.loads(l) for l in open(art + "/accuracy_export.jsonl")]
assert len(lines) == total, len(lines)
assert sum(l["passed"] for l in lines) == passed
assert all(l["benchmark_phase"] == "profiling" and l["conversation_id"] for l in lines)
' "$@"
}

# 1. MMLU over two subjects, chat, 2-shot, 60% answered right: exactly 18 of 30.
start_mock --accuracy-answer-key "$WORK/mmlu_key.jsonl" --accuracy-correct-fraction 0.6
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --concurrency 4 --random-seed 3 \
  --accuracy-benchmark mmlu --accuracy-tasks anatomy,virology --accuracy-n-shots 2 \
  --export-level raw --artifact-dir "$WORK/mmlu" --ui none >"$WORK/mmlu.txt" 2>&1 || { cat "$WORK/mmlu.txt"; fail "mmlu run"; }
check_accuracy "$WORK/mmlu" 18 30 0 || { cat "$WORK/mmlu.txt"; fail "mmlu accuracy exports"; }
grep -q "Accuracy Benchmark Results (mmlu, multiple_choice)" "$WORK/mmlu.txt" || fail "no accuracy table on the console"
grep -qE "OVERALL +│ +18 │ +30 │ +0 │ +0 │ +60.00%" "$WORK/mmlu.txt" || { cat "$WORK/mmlu.txt"; fail "console OVERALL row"; }
grep -qE "^anatomy,20," "$WORK/mmlu/accuracy_results.csv" || fail "no anatomy row"
grep -qE "^virology,10," "$WORK/mmlu/accuracy_results.csv" || fail "no virology row"
# The console export ends with the same table.
grep -qE "OVERALL +│ +18 │ +30 │ +0 │ +0 │ +60.00%" "$WORK/mmlu/profile_export_console.txt" ||
  { cat "$WORK/mmlu/profile_export_console.txt"; fail "accuracy table in profile_export_console.txt"; }

# 1b. The same benchmark split over two shards (docs/cluster.md): `aiperf merge` grades the
# shards' responses as one run, so the merged exports show 18 of 30 again.
port="$(free_port)"
pids=()
for i in 0 1; do
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --concurrency 2 --random-seed 3 \
    --accuracy-benchmark mmlu --accuracy-tasks anatomy,virology --accuracy-n-shots 2 --no-server-metrics \
    --num-shards 2 --shard-index "$i" --shard-rendezvous "127.0.0.1:$port" --artifact-dir "$WORK/sharded" \
    --ui none >"$WORK/sharded.$i.txt" 2>&1 &
  pids+=($!)
done
for i in 0 1; do wait "${pids[$i]}" || { cat "$WORK/sharded.$i.txt"; fail "accuracy shard $i"; }; done
"$AIPERF" merge "$WORK/sharded" --output "$WORK/sharded-merged" >"$WORK/merge.txt" 2>&1 ||
  { cat "$WORK/merge.txt"; fail "merge of accuracy shards"; }
check_accuracy "$WORK/sharded-merged" 18 30 0 || { cat "$WORK/merge.txt"; fail "merged accuracy exports"; }
grep -qE "OVERALL +│ +18 │ +30 " "$WORK/merge.txt" || { cat "$WORK/merge.txt"; fail "merged accuracy table"; }
# The prompt as lighteval builds it: the instruction, two dev shots as user/assistant turns, the question.
py '
import json, sys
payload = json.load(open(sys.argv[1]))["data"][0]["payloads"][0]
m = payload["messages"]
assert [x["role"] for x in m] == ["user", "assistant", "user", "assistant", "user"], m
assert m[0]["content"].startswith("The following are multiple choice questions (with answers) about anatomy.\n\nQuestion: Anatomy dev question 0?\nA. bone 0"), m[0]
assert m[1]["content"] == " A" and m[3]["content"] == " B", m
assert m[4]["content"] == "Question: Anatomy question 0?\nA. bone 0\nB. muscle 0\nC. nerve 0\nD. skin 0\nAnswer:", m[4]
assert payload["max_completion_tokens"] == 5, payload
' "$WORK/mmlu/inputs.json" || fail "mmlu prompt"

# 2. GSM8K on completions, 8 of its 10 problems (--num-dataset-entries), 25% right: exactly 2.
start_mock --accuracy-answer-key "$WORK/gsm8k_key.jsonl" --accuracy-correct-fraction 0.25
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type completions --num-dataset-entries 8 \
  --accuracy-benchmark gsm8k --accuracy-verbose --artifact-dir "$WORK/gsm" --ui none >"$WORK/gsm.txt" 2>&1 ||
  { cat "$WORK/gsm.txt"; fail "gsm8k run"; }
check_accuracy "$WORK/gsm" 2 8 0 || { cat "$WORK/gsm.txt"; fail "gsm8k accuracy exports"; }
grep -q "8 problem(s) of 10, 0-shot, graded by lighteval_gsm8k" "$WORK/gsm.txt" || fail "no problem-count note"
[ "$(grep -cE '^[0-9a-f-]+ \[gsm8k\] (CORRECT|WRONG)' "$WORK/gsm.txt")" = 8 ] || { cat "$WORK/gsm.txt"; fail "--accuracy-verbose lines"; }

# 3. Failed requests are errors, apart from the graded total: total + errors = problems.
start_mock --accuracy-answer-key "$WORK/gsm8k_key.jsonl" --error-rate 0.3 --seed 5
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --endpoint-type chat --accuracy-benchmark gsm8k \
  --artifact-dir "$WORK/err" --ui none >"$WORK/err.txt" 2>&1 || { cat "$WORK/err.txt"; fail "run with errors"; }
py '
import csv, sys
o = list(csv.DictReader(open(sys.argv[1] + "/accuracy_results.csv")))[-1]
assert int(o["errors"]) > 0 and int(o["total"]) + int(o["errors"]) == 10, o
assert int(o["passed"]) == int(o["total"]), o   # fraction 1: every answered problem is right
' "$WORK/err" || { cat "$WORK/err.txt"; fail "errors counted apart"; }

# 4. Bad inputs: one line naming the option, exit 1, nothing sent.
expect_error() {  # expect_error "message part" args...
  local want="$1" out rc
  shift
  set +e
  out="$("$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --ui none "$@" 2>&1)"
  rc=$?
  set -e
  [ "$rc" = 1 ] || fail "exit $rc (want 1) for $*: $out"
  grep -qF -- "$want" <<<"$out" || fail "for $*: want '$want', got: $out"
}
expect_error "--accuracy-n-shots requires --accuracy-benchmark" --accuracy-n-shots 3
expect_error "--accuracy-verbose requires --accuracy-benchmark" --accuracy-verbose
expect_error "unknown benchmark 'mmlu-pro' (expected one of mmlu, mmlu_pro," --accuracy-benchmark mmlu-pro
expect_error "unknown grader 'regex'" --accuracy-benchmark mmlu --accuracy-grader regex
expect_error "no sandbox" --accuracy-benchmark mmlu --accuracy-grader code_execution
expect_error "no sandbox" --accuracy-benchmark lcb_codegeneration
expect_error "unknown mmlu task 'anatomyy' (valid: abstract_algebra, anatomy," --accuracy-benchmark mmlu --accuracy-tasks anatomyy
expect_error "--accuracy-n-shots: 33 is above 32" --accuracy-benchmark mmlu --accuracy-n-shots 33
expect_error "gsm8k is zero-shot" --accuracy-benchmark gsm8k --accuracy-n-shots 1
expect_error "hellaswag takes at most 15 few-shot examples" --accuracy-benchmark hellaswag --accuracy-n-shots 16
expect_error "needs --endpoint-type chat or completions" --accuracy-benchmark mmlu --endpoint-type embeddings
expect_error "--public-dataset and --accuracy-benchmark exclude each other" --accuracy-benchmark mmlu --public-dataset sharegpt
expect_error "--accuracy-benchmark math_500: the HuggingFace dataset HuggingFaceH4/MATH-500 is not in the cache" \
  --accuracy-benchmark math_500
expect_error "no .json, .jsonl, .csv or .parquet file for the split 'test' of subset 'astronomy'" \
  --accuracy-benchmark mmlu --accuracy-tasks astronomy --accuracy-n-shots 0
echo "PASS"
