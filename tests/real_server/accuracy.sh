#!/usr/bin/env bash
# --accuracy-benchmark mmlu against llama-server's tiny random-weight model (docs/accuracy.md).
# The model knows nothing, so the test checks the grading mechanics and chance: 60 problems
# whose gold letters are drawn at random (fixed seed), answers held to " A".." D" by a GBNF
# grammar (llama-server's `grammar` field), every response graded (no errors, none unparsed),
# each verdict equal to extracted == expected, and the accuracy inside the 99.9% binomial
# interval of chance (p = 1/4): an answer that does not depend on the gold can land nowhere else.
source "$(dirname "$0")/lib/common.bash"

export HF_HUB_CACHE="$WORK/hub"
unset HF_HOME
SNAP="$HF_HUB_CACHE/datasets--lighteval--mmlu/snapshots/5eed"
mkdir -p "$SNAP/high_school_mathematics" "$HF_HUB_CACHE/datasets--lighteval--mmlu/refs"
printf '5eed' >"$HF_HUB_CACHE/datasets--lighteval--mmlu/refs/main"
python3 - "$SNAP/high_school_mathematics" <<'PY'
import json, random, sys
rng = random.Random(20240601)
def rows(n, tag):
    out = []
    for i in range(n):
        a, b = rng.randint(2, 40), rng.randint(2, 40)
        gold = rng.randrange(4)
        wrong = [a + b + d for d in (-3, -1, 1, 2, 5, 7) if a + b + d > 0]
        rng.shuffle(wrong)
        choices = wrong[:3]
        choices.insert(gold, a + b)
        out.append({"question": f"{tag} {i}: what is {a} + {b}?", "subject": "high_school_mathematics",
                    "choices": [str(c) for c in choices], "answer": gold})
    return out
for split, n in (("dev", 5), ("test", 60)):
    with open(f"{sys.argv[1]}/{split}.jsonl", "w") as f:
        for r in rows(n, "Sum" if split == "test" else "Example"):
            f.write(json.dumps(r) + "\n")
PY

start_server
ART="$WORK/art"
"$AIPERF" profile -m tiny -u "$SERVER_URL" --endpoint-type chat --tokenizer "$(qwen_tokenizer)" --concurrency 4 \
  --accuracy-benchmark mmlu --accuracy-tasks high_school_mathematics --accuracy-n-shots 2 \
  --extra-inputs '{"temperature": 0, "grammar": "root ::= \" \" [ABCD]"}' \
  --artifact-dir "$ART" --ui none >"$WORK/run.txt" 2>&1 || { cat "$WORK/run.txt"; fail "aiperf failed"; }
python3 - "$ART" <<'PY' || { cat "$WORK/run.txt"; fail "accuracy checks"; }
import csv, json, math, sys
art = sys.argv[1]
lines = [json.loads(l) for l in open(art + "/accuracy_export.jsonl")]
assert len(lines) == 60, len(lines)
for l in lines:
    assert l["actual"] in ("A", "B", "C", "D"), l
    assert not l["unparsed"], l
    assert l["passed"] == (l["actual"] == l["expected"]), l
o = list(csv.DictReader(open(art + "/accuracy_results.csv")))[-1]
passed, total, errors = int(o["passed"]), int(o["total"]), int(o["errors"])
assert (total, errors) == (60, 0), o
assert passed == sum(l["passed"] for l in lines)
# Two-sided 99.9% interval of Binomial(60, 1/4).
pmf = [math.comb(60, k) * 0.25**k * 0.75**(60 - k) for k in range(61)]
lo = next(k for k in range(61) if sum(pmf[:k + 1]) > 0.0005)
hi = next(k for k in range(60, -1, -1) if sum(pmf[k:]) > 0.0005)
assert lo <= passed <= hi, f"{passed}/60 correct is outside chance's [{lo}, {hi}]"
print(f"accuracy {passed}/60 within chance's 99.9% interval [{lo}, {hi}]")
PY
echo "PASS"
