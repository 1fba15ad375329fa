#!/usr/bin/env bash
# `aiperf synthesize agentic-code` (docs/synthesize.md): the run directory and its files, the
# rows' shape (layered hash_ids, growing context under --max-isl, delays), the same dataset for the
# same seed (and from the run's own manifest), another for another seed, the file replayed by
# `aiperf profile --custom-dataset-type mooncake_trace` against the mock (every turn sent, each
# session's history resent), and bad input.
source "$(dirname "$0")/lib/common.bash"

cat >"$WORK/small.json" <<'JSON'
{"new_tokens_per_turn": {"mean": 60, "median": 50, "max": 120},
 "generation_length": {"mean": 8, "median": 6, "max": 12},
 "inter_turn_delay": {"agentic_fraction": 0.7, "agentic_delay": {"mean": 5, "median": 4, "max": 20},
                      "human_delay": {"mean": 30, "median": 20, "max": 50}, "max": 40},
 "reset": {"base_probability": 0.05, "context_scaling": 1.5},
 "max_prompt_tokens": 600, "block_size": 32,
 "cache": {"layer1_tokens": 64, "layer1_5_tokens": 32, "layer2": {"mean": 40, "median": 30, "max": 80},
           "layer1_5_groups": {"num_groups": 2, "zipf_alpha": 0.6}}}
JSON

synth() {  # synth NAME [flags...]: one run into $WORK/NAME, its run directory in $WORK/NAME.dir
  local name="$1"
  shift
  "$AIPERF" synthesize agentic-code --output "$WORK/$name" "$@" >"$WORK/$name.out" 2>&1 \
    || { cat "$WORK/$name.out"; fail "synthesize $name failed"; }
  find "$WORK/$name" -mindepth 1 -maxdepth 1 -type d >"$WORK/$name.dir"
  [ "$(wc -l <"$WORK/$name.dir")" = 1 ] || fail "synthesize $name: not one run directory"
}
synth a --config "$WORK/small.json" --num-sessions 8 --seed 7
synth b --config "$WORK/small.json" --num-sessions 8 --seed 7
synth c --config "$WORK/small.json" --num-sessions 8 --seed 8
synth d --config "$(cat "$WORK/a.dir")/manifest.json" --num-sessions 8 --seed 7
synth e --config "$WORK/small.json" --num-sessions 8 --seed 7 --max-isl 300 --max-osl 5
synth f --num-sessions 3  # the built-in defaults

WORK="$WORK" py '
import json, os, collections, re
W = os.environ["WORK"]
run = {n: open(f"{W}/{n}.dir").read().strip() for n in "abcdef"}
rows = {n: [json.loads(l) for l in open(run[n] + "/dataset.jsonl")] for n in run}
assert re.fullmatch(r"small_8s_seed7_\d{8}-\d{6}", os.path.basename(run["a"])), run["a"]
assert re.fullmatch(r"default_3s_seed42_\d{8}-\d{6}", os.path.basename(run["f"])), run["f"]
assert rows["a"] == rows["b"], "the same seed gives the same dataset"
assert rows["a"] != rows["c"], "another seed gives another"
assert rows["a"] == rows["d"], "a run manifest reproduces its dataset"
m = json.load(open(run["a"] + "/manifest.json"))
assert m["seed"] == 7 and m["num_sessions"] == 8 and m["total_turns"] == len(rows["a"]) and m["config"]["block_size"] == 32, m
assert f"({len(rows[chr(97)])} turns)" in open(f"{W}/a.out").read()

def sessions(rs):
    s = collections.OrderedDict()
    for r in rs:
        s.setdefault(r["session_id"], []).append(r)
    return s
for name, limit, osl_max in (("a", 600, 12), ("e", 300, 5)):
    ss = sessions(rows[name])
    assert len(ss) == 8, len(ss)
    for sid, turns in ss.items():
        assert re.fullmatch(r"sess-[0-9a-f]{12}", sid), sid
        first = turns[0]
        assert first["timestamp"] == 0.0 and first["group_id"] in (0, 1) and "delay" not in first, first
        # L1 (64 tokens = blocks 0, 1) is every session s; L1.5 (one block) its group s.
        assert first["hash_ids"][:2] == [0, 1] and first["hash_ids"][2] == 2 + first["group_id"], first
        context = 0
        for k, t in enumerate(turns):
            assert len(t["hash_ids"]) == -(-t["input_length"] // 32), t
            assert 1 <= t["output_length"] <= osl_max, t
            if k:
                assert "timestamp" not in t and 0 <= t["delay"] <= 40, t
                context += turns[k - 1]["output_length"]
            context += t["input_length"]
            assert context < limit, (sid, k, context)
    own = [h for r in rows[name] for h in r["hash_ids"] if h >= 4]
    assert len(own) == len(set(own)), "session blocks are never shared"
assert len(rows["f"]) >= 3 and all(r["input_length"] > 0 for r in rows["f"])
print("ok: synthesize rows, determinism, manifest, --max-isl/--max-osl")
'

# The file replays: every turn sent, each later turn with the history before it.
A="$(cat "$WORK/a.dir")"
start_mock --itl-ms 1 --output-tokens 3 --record-requests "$WORK/req.jsonl"
MOCK_PID="${MOCK_PIDS[-1]}"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --input-file "$A/dataset.jsonl" \
  --custom-dataset-type mooncake_trace --isl-block-size 32 --concurrency 4 --artifact-dir "$WORK/art" --ui none \
  >"$WORK/profile.out" 2>&1 || { cat "$WORK/profile.out"; fail "profile of the synthesized file failed"; }
kill -INT "$MOCK_PID"
wait "$MOCK_PID" || true
A="$A" WORK="$WORK" py '
import json, os
from e2e_checks import jsonl
rows = jsonl(os.environ["A"] + "/dataset.jsonl")
recs = jsonl(os.environ["WORK"] + "/art/profile_export.jsonl")
assert len(recs) == len(rows) and not [r for r in recs if "error" in r], (len(recs), len(rows))
sent = [r for r in jsonl(os.environ["WORK"] + "/req.jsonl") if r["target"] == "/v1/chat/completions"]
assert len(sent) == len(rows), (len(sent), len(rows))
turns = sorted(len(r["body"]["messages"]) for r in sent)
assert turns[-1] > 1, "later turns resend their history"
print(f"ok: {len(rows)} synthesized turns replayed")
'

# Bad input.
bad() {
  local want="$1"
  shift
  if "$AIPERF" synthesize "$@" >"$WORK/bad.out" 2>&1; then fail "accepted: $*"; fi
  grep -qF -- "$want" "$WORK/bad.out" || { cat "$WORK/bad.out"; fail "no '$want' for: $*"; }
}
bad "unknown target 'weka' (supported: agentic-code)" weka --output "$WORK/bad"
bad "--num-sessions" agentic-code --num-sessions 0 --output "$WORK/bad"
printf '{"generation_length": {"mean": 5, "median": 9}}' >"$WORK/badcfg.json"
bad "generation_length: needs 0 < median <= mean" agentic-code --config "$WORK/badcfg.json" --output "$WORK/bad"
bad "cannot open the file" agentic-code --config "$WORK/missing.json" --output "$WORK/bad"
[ ! -e "$WORK/bad" ] || [ -z "$(ls -A "$WORK/bad")" ] || fail "a refused run wrote files"
echo "ok: synthesize bad input"
