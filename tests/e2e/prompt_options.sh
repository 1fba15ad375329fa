#!/usr/bin/env bash
# Prompt options against the mock, checked on the bodies it received (docs/prompts.md):
# --system-prompt(-file) on chat, messages and responses and joined to a file's own system message,
# --prompt-batch-size on embeddings and completions, --prompt-corpus coding and random with
# --random-range-ratio,
# --dataset-sampling-strategy shuffle/random vs sequential, the --synthesis-* multipliers on a
# mooncake trace, and the refusals.
source "$(dirname "$0")/lib/common.bash"

# run NAME [aiperf profile flags...]: a mock of its own recording every request to
# $WORK/NAME.req.jsonl, one run into $WORK/art-NAME.
run() {
  local name="$1"
  shift
  start_mock --itl-ms 1 --output-tokens 3 --record-requests "$WORK/$name.req.jsonl"
  local pid="${MOCK_PIDS[-1]}"
  "$AIPERF" profile -m mock-model -u "$MOCK_URL" --artifact-dir "$WORK/art-$name" --ui none --random-seed 3 "$@" \
    >"$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "aiperf $name failed"; }
  kill -INT "$pid"
  wait "$pid" || true
}

printf 'You are a terse assistant.\nAnswer in one line.' >"$WORK/system.txt"
cat >"$WORK/mt.jsonl" <<'JSONL'
{"session_id": "a", "turns": [{"role": "system", "text": "House rules."}, {"text": "Hello there"}]}
JSONL
run chat --concurrency 1 --request-count 3 --isl 16 --osl 3 --system-prompt "Be terse."
run chat_file --concurrency 1 --request-count 2 --isl 16 --osl 3 --system-prompt-file "$WORK/system.txt"
run messages --endpoint-type messages --concurrency 1 --request-count 2 --isl 16 --osl 3 --system-prompt "Be terse."
run responses --endpoint-type responses --concurrency 1 --request-count 2 --isl 16 --osl 3 --system-prompt "Be terse."
run joined --concurrency 1 --request-count 1 --osl 3 --input-file "$WORK/mt.jsonl" --custom-dataset-type multi_turn \
  --system-prompt "Be terse."
run embed --endpoint-type embeddings --concurrency 1 --request-count 3 --isl 16 -b 3 --tokenizer builtin
run chat_batch --concurrency 1 --request-count 2 --isl 16 --osl 3 -b 2
run completions --endpoint-type completions --concurrency 1 --request-count 2 --isl 16 --osl 3 --batch-size 2
run sonnet --concurrency 1 --request-count 4 --isl 64 --osl 3
run coding --concurrency 1 --request-count 4 --isl 64 --osl 3 --prompt-corpus coding
run vocab --concurrency 2 --num-dataset-entries 24 --request-count 24 --isl 64 --osl 20 --prompt-corpus random \
  --random-range-ratio 0.5 --tokenizer builtin
run sequential --concurrency 1 --num-dataset-entries 5 --request-count 15 --isl 16 --osl 3
run shuffle --concurrency 1 --num-dataset-entries 5 --request-count 15 --isl 16 --osl 3 \
  --dataset-sampling-strategy shuffle
run random --concurrency 1 --num-dataset-entries 5 --request-count 40 --isl 16 --osl 3 \
  --dataset-sampling-strategy random

# A mooncake trace: rows 0-2 share blocks 1, 2; row 3 shares nothing; row 4 is long.
cat >"$WORK/trace.jsonl" <<'JSONL'
{"input_length": 40, "output_length": 4, "hash_ids": [1, 2, 3]}
{"input_length": 40, "output_length": 4, "hash_ids": [1, 2, 4]}
{"input_length": 36, "output_length": 4, "hash_ids": [1, 2, 5]}
{"input_length": 20, "output_length": 4, "hash_ids": [6, 7]}
{"input_length": 200, "output_length": 4, "hash_ids": [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}
JSONL
run synthesis --concurrency 1 --input-file "$WORK/trace.jsonl" --custom-dataset-type mooncake_trace \
  --isl-block-size 16 --request-count 4 --synthesis-prefix-len-multiplier 2 --synthesis-output-len-multiplier 2 \
  --synthesis-max-isl 100 --tokenizer builtin
grep -q "skipped 1 rows" "$WORK/synthesis.out" || { cat "$WORK/synthesis.out"; fail "no --synthesis-max-isl note"; }

WORK="$WORK" py '
import collections, json, os
from e2e_checks import jsonl
W = os.environ["WORK"]
def requests(name):
    return [r for r in jsonl(f"{W}/{name}.req.jsonl") if r["target"].startswith("/v1/")]

for r in requests("chat"):
    assert r["body"]["messages"][0] == {"role": "system", "content": "Be terse."}, r["body"]["messages"]
    assert r["body"]["messages"][1]["role"] == "user"
for r in requests("chat_file"):
    assert r["body"]["messages"][0]["content"] == "You are a terse assistant.\nAnswer in one line.", r["body"]
for r in requests("messages"):
    assert r["body"]["system"] == "Be terse.", r["body"]
    assert all(m["role"] != "system" for m in r["body"]["messages"])
for r in requests("responses"):
    assert r["body"]["instructions"] == "Be terse.", r["body"]
(j,) = requests("joined")
assert j["body"]["messages"][0] == {"role": "system", "content": "Be terse.\n\nHouse rules."}, j["body"]["messages"]
assert sum(m["role"] == "system" for m in j["body"]["messages"]) == 1

for r in requests("embed"):
    texts = r["body"]["input"]
    assert isinstance(texts, list) and len(texts) == 3 and len(set(texts)) == 3, texts
summary = json.load(open(f"{W}/art-embed/profile_export_aiperf.json"))
isl = summary["input_sequence_length"]["avg"]
# Three 16-token texts; ISL counts them joined by spaces (the upstream rule), so a join may add a token.
assert 48 <= isl <= 50, ("three 16-token texts per request", isl)
for r in requests("chat_batch"):
    parts = r["body"]["messages"][-1]["content"]
    assert [p["type"] for p in parts] == ["text", "text"] and parts[0]["text"] != parts[1]["text"], parts
for r in requests("completions"):
    assert isinstance(r["body"]["prompt"], list) and len(r["body"]["prompt"]) == 2, r["body"]

def prompts(name):
    return [r["body"]["messages"][-1]["content"] for r in requests(name)]
sonnet, coding = prompts("sonnet"), prompts("coding")
code_marks = sum(t.count(c) for t in coding for c in "(){}_=:")
prose_marks = sum(t.count(c) for t in sonnet for c in "(){}_=")
assert code_marks >= 10 and prose_marks < code_marks / 4, (code_marks, prose_marks, coding[0][:200])

# --prompt-corpus random: vocabulary ids, not corpus words; --random-range-ratio 0.5 spreads the
# ISL over [32, 96] and the OSL over [10, 30] (ISL as counted may move a token: random ids re-merge).
vocab = prompts("vocab")
assert len(set(vocab)) == 24 and not set(vocab) & set(sonnet), vocab[:2]
osls = [r["body"]["max_completion_tokens"] for r in requests("vocab")]
assert min(osls) >= 10 and max(osls) <= 30 and len(set(osls)) > 5, osls
isls = [json.loads(l)["metrics"]["input_sequence_length"]["value"] for l in open(f"{W}/art-vocab/profile_export.jsonl")]
assert min(isls) >= 31 and max(isls) <= 97 and len(set(isls)) > 8, isls
words = set(w for t in sonnet for w in t.split())
vocab_words = [w for t in vocab for w in t.split()]
assert sum(w in words for w in vocab_words) < len(vocab_words) / 2, "random ids read like the sonnet corpus"

seq = prompts("sequential")
distinct = list(dict.fromkeys(seq))
assert len(distinct) == 5 and seq == distinct * 3, "sequential: in order, wrapping"
shuf = prompts("shuffle")
assert len(shuf) == 15
for p in range(3):
    block = shuf[p * 5:(p + 1) * 5]
    assert sorted(block) == sorted(distinct), ("each pass is a permutation", p)
assert shuf != seq, "shuffle is not dataset order"
assert shuf[:5] != shuf[5:10] or shuf[5:10] != shuf[10:15], "passes are reshuffled"
rnd = prompts("random")
counts = collections.Counter(rnd)
assert set(counts) <= set(distinct) and len(counts) >= 4, counts
assert any(rnd[i * 5:(i + 1) * 5] and len(set(rnd[i * 5:(i + 1) * 5])) < 5 for i in range(8)), "with replacement"

syn = requests("synthesis")
assert len(syn) == 4, len(syn)
assert all(r["body"]["max_completion_tokens"] == 8 for r in syn), [r["body"] for r in syn]
raw = [json.loads(l) for l in open(f"{W}/art-synthesis/profile_export.jsonl")]
isls = sorted(int(r["metrics"]["input_sequence_length"]["value"]) for r in raw if r["metadata"].get("benchmark_phase") == "profiling")
# shared 32 tokens -> 64, unique 8/8/4 kept; row 3 shares nothing (20); row 4 (200) skipped.
assert isls == [20, 68, 72, 72], isls
# Rows 0-2 share their stretched prefix (64 tokens of the same text).
texts = sorted((r["body"]["messages"][-1]["content"] for r in syn), key=len)[1:]
common = os.path.commonprefix(texts)
assert len(common) > 0.7 * len(texts[0]), (len(common), [len(t) for t in texts])
print("prompt options: ok")
'

# Refusals: one line each, exit 1.
expect_error() {
  local what="$1"
  shift
  if "$AIPERF" profile -m mock-model -u http://127.0.0.1:9 --ui none "$@" >"$WORK/err.out" 2>&1; then
    fail "accepted: $*"
  fi
  grep -q -- "$what" "$WORK/err.out" || { cat "$WORK/err.out"; fail "expected '$what' for: $*"; }
}
expect_error "no system role" --system-prompt x --endpoint-type completions
expect_error "is a symbolic link" --system-prompt-file "$(ln -s "$WORK/system.txt" "$WORK/link.txt" && echo "$WORK/link.txt")"
expect_error "fixed schedule" --input-file "$WORK/trace.jsonl" --custom-dataset-type mooncake_trace --fixed-schedule \
  --dataset-sampling-strategy shuffle
expect_error "mooncake_trace and bailian_trace only" --synthesis-speedup-ratio 2
expect_error "--prompt-corpus" --prompt-corpus poetry
expect_error "only applies to --prompt-corpus random" --random-corpus-style sglang
expect_error "must be >= 0 and < 1" --random-range-ratio 1.5
expect_error "cannot be combined with --isl-stddev" --random-range-ratio 0.2 --isl-stddev 5
echo "prompt_options: ok"
