#!/usr/bin/env bash
# -f/--config and `aiperf config` (cli-and-load.md §1, §6; docs/config.md):
#  - a YAML file equivalent to a long command line gives a byte-identical inputs.json and the
#    same request bodies;
#  - every bundled template validates (aiperf config validate and the shipped JSON Schema) and
#    runs against the mock;
#  - every broken file of tests/fixtures/yaml_broken is refused by `config validate` and by
#    `profile -f` with its expected file:line:column error, exit 1, and nothing sent;
#  - `config expand` lists a sweep's variations; --install-completion writes a working script.
source "$(dirname "$0")/lib/common.bash"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"

start_mock --record-requests "$WORK/requests.jsonl"
URL="$MOCK_URL"

# --- 1. The same run from flags and from YAML -------------------------------------------------
cat >"$WORK/long.yaml" <<YAML
schemaVersion: "2.0"
variables: {conc: 1, per_slot: 6}
randomSeed: 11
benchmark:
  models: [test-model]
  tokenizer: {name: builtin}
  endpoint:
    url: \${PAIR_URL}
    streaming: true
    headers: {X-Team: perf}
    extra: {ignore_eos: true, temperature: 0.25}
  dataset:
    type: synthetic
    entries: 12
    prompts:
      isl: {mean: 48, stddev: 6}
      osl: {mean: 8, stddev: 2}
    prefixPrompts: {poolSize: 2, length: 10}
    turns: {mean: 2}
  phases:
    - {name: warmup, type: concurrency, concurrency: 1, requests: 2}
    - {name: profiling, type: concurrency, concurrency: "{{ conc }}", requests: "{{ conc * per_slot }}"}
  artifacts: {dir: $WORK/yaml-run, prefix: same}
YAML
run_pair() {  # name args... : one run against a fresh mock (same seed, so the same replies), then its
  # request bodies in arrival order to $WORK/<name>.bodies; PAIR_URL is that mock
  local name="$1"
  shift
  start_mock --seed 5 --record-requests "$WORK/$name.requests"
  local url=()
  [ "$name" = flags ] && url=(--url "$MOCK_URL")  # the YAML reads ${PAIR_URL}
  PAIR_URL="$MOCK_URL" "$AIPERF" profile "$@" "${url[@]}" --ui none >"$WORK/$name.out" 2>&1 \
    || { cat "$WORK/$name.out"; fail "$name run failed"; }
  py 'import json,sys
rows=[json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
bodies=[r["body"] if isinstance(r["body"],str) else json.dumps(r["body"]) for r in rows if r["target"].endswith("/chat/completions")]
open(sys.argv[2],"w").write("\n".join(bodies))' "$WORK/$name.requests" "$WORK/$name.bodies"
}
run_pair yaml -f "$WORK/long.yaml"
run_pair flags -m test-model --tokenizer builtin --streaming -H X-Team:perf \
  --extra-inputs ignore_eos:true --extra-inputs temperature:0.25 --num-dataset-entries 12 --isl 48 --isl-stddev 6 \
  --osl 8 --osl-stddev 2 --prompt-prefix-pool-size 2 --prompt-prefix-length 10 --conversation-turn-mean 2 \
  --warmup-concurrency 1 --warmup-request-count 2 --concurrency 1 --request-count 6 --random-seed 11 \
  --artifact-dir "$WORK/flag-run" --profile-export-prefix same
cmp "$WORK/yaml-run/inputs.json" "$WORK/flag-run/inputs.json" || fail "inputs.json differs between the YAML and the flags"
[ "$(wc -l <"$WORK/yaml.bodies")" -ge 7 ] || fail "too few requests recorded"
cmp "$WORK/yaml.bodies" "$WORK/flags.bodies" || { diff "$WORK/yaml.bodies" "$WORK/flags.bodies" | head; fail "request bodies differ"; }
# Flags the user passes win over the file.
PAIR_URL="$URL" "$AIPERF" profile -f "$WORK/long.yaml" --request-count 3 --warmup-request-count 1 --artifact-dir "$WORK/override" --ui none \
  >"$WORK/override.out" 2>&1 || { cat "$WORK/override.out"; fail "override run failed"; }
py 'import json,sys
d=json.load(open(sys.argv[1]))
n=d["request_count"]["avg"] if isinstance(d.get("request_count"),dict) else None
assert n==3, ("request_count", n)' "$WORK/override/same.json" || fail "--request-count did not override the file"

# --- 2. Templates: listed, valid, schema-valid, runnable ----------------------------------------
"$AIPERF" config init --list >"$WORK/list.txt" || fail "config init --list"
[ "$(grep -c '^  [a-z]' "$WORK/list.txt")" -ge 15 ] || { cat "$WORK/list.txt"; fail "fewer than 15 templates"; }
"$AIPERF" config init --search kv >"$WORK/search.txt" && grep -q "kv_cache_test" "$WORK/search.txt" || fail "--search kv"
"$AIPERF" config init --category "getting started" | grep -q "minimal" || fail "--category"
set +e
"$AIPERF" config init -t minimall >/dev/null 2>"$WORK/init.err"
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "no template named 'minimall' (did you mean minimal?)" "$WORK/init.err" || fail "bad template name"
for name in $(sed -n 's/^  \([a-z_0-9]*\) .*/\1/p' "$WORK/list.txt"); do
  file="$WORK/t-$name.yaml"
  "$AIPERF" config init -t "$name" -m test-model -u "$URL" -o "$file" >/dev/null || fail "init $name"
  "$AIPERF" config validate --config-file "$file" >"$WORK/v.out" 2>&1 || { cat "$WORK/v.out"; fail "template $name does not validate"; }
  extra=(--request-count 6)
  case "$name" in
    ramping | time_based_soak | goodput_slo) extra=(--benchmark-duration 1 --benchmark-grace-period 5) ;;
    kv_cache_test) extra=(--conversation-num 16) ;;
    multi_turn_conversation) extra=(--conversation-num 4) ;;
    long_context) extra=(--request-count 2 --isl 2048) ;;
  esac
  "$AIPERF" profile -f "$file" --url "$URL" --artifact-dir "$WORK/run-$name" --ui none "${extra[@]}" >"$WORK/run.out" 2>&1 \
    || { cat "$WORK/run.out"; fail "template $name does not run against the mock"; }
  [ -s "$WORK/run-$name/profile_export.jsonl" ] || fail "template $name recorded nothing"
done
python3 - "$ROOT/schema/aiperf-config.schema.json" "$ROOT"/templates/*.yaml <<'PY' || fail "a template does not match the JSON Schema"
import json, sys, yaml, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
bad = 0
for f in sys.argv[2:]:
    for e in v.iter_errors(yaml.safe_load(open(f))):
        print(f, e.message, list(e.absolute_path)); bad += 1
# The schema is not a yes-to-everything: an unknown key fails it.
assert list(v.iter_errors({"benchmark": {"model": "m", "endpoint": {"stream": True}}})), "schema accepts an unknown key"
sys.exit(1 if bad else 0)
PY

# --- 3. Every broken file: one error with its location, exit 1, nothing sent -------------------
sent_before="$(wc -l <"$WORK/requests.jsonl")"
for f in "$ROOT"/tests/fixtures/yaml_broken/*.yaml; do
  base="$(basename "$f")"
  expect="$(head -1 "$f" | sed 's/^# expect: //')"
  cp "$f" "$WORK/$base"
  for cmd in validate profile; do
    set +e
    if [ "$cmd" = validate ]; then
      (cd "$WORK" && "$AIPERF" config validate --config-file "$base") >"$WORK/b.out" 2>"$WORK/b.err"
    else
      (cd "$WORK" && "$AIPERF" profile -f "$base" --url "$URL" --ui none) >"$WORK/b.out" 2>"$WORK/b.err"
    fi
    rc=$?
    set -e
    [ "$rc" -eq 1 ] || { cat "$WORK/b.err"; fail "$cmd $base: exit $rc, not 1"; }
    case "$expect" in
      :*) want="error: $base$expect" ;;
      *) want="$expect" ;;
    esac
    grep -qF -- "$want" "$WORK/b.err" || { echo "want: $want" >&2; cat "$WORK/b.err" >&2; fail "$cmd $base: wrong error"; }
  done
done
[ "$(wc -l <"$WORK/requests.jsonl")" -eq "$sent_before" ] || fail "a broken file sent requests"

# --- 4. config expand ---------------------------------------------------------------------------
cat >"$WORK/sweep.yaml" <<YAML
benchmark:
  model: test-model
  endpoint: {url: $URL}
  phases: {type: poisson, rate: 2, requests: 10}
sweep:
  type: grid
  parameters:
    concurrency: [4, 8, 16]
    phases.profiling.rate: [1.5, 3]
YAML
"$AIPERF" config expand --config-file "$WORK/sweep.yaml" >"$WORK/expand.txt" || fail "expand"
head -1 "$WORK/expand.txt" | grep -q "6 variations (grid over phases.profiling.concurrency x phases.profiling.rate)" \
  || { cat "$WORK/expand.txt"; fail "expand header"; }
grep -q "^     5  concurrency_16__rate_3 " "$WORK/expand.txt" || { cat "$WORK/expand.txt"; fail "grid order"; }
"$AIPERF" config expand --config-file "$WORK/sweep.yaml" -f json -i 1 >"$WORK/expand.json" || fail "expand json"
py 'import json,sys
d=json.load(open(sys.argv[1]))
v=d["variations"][0]
assert v["name"]=="concurrency_4__rate_3", v["name"]
assert v["benchmark"]["phases"]["profiling"]["concurrency"]==4, v' "$WORK/expand.json" || fail "expand -i 1 -f json"
"$AIPERF" config validate --config-file "$WORK/sweep.yaml" 2>/dev/null | grep -q "valid (6 grid variations)" || fail "validate a sweep"
# (`aiperf profile -f` runs it: tests/e2e/sweep.sh.)

# --- 5. Shell completion ------------------------------------------------------------------------
"$AIPERF" --install-completion --shell bash -o "$WORK/aiperf.bash" >/dev/null || fail "--install-completion"
words="$(bash -c 'source "$1"; COMP_WORDS=(aiperf profile --endpoint-ty); COMP_CWORD=2; _aiperf; echo "${COMPREPLY[@]}"' _ "$WORK/aiperf.bash")"
[ "$words" = "--endpoint-type" ] || fail "bash completion of --endpoint-ty gave '$words'"
words="$(bash -c 'source "$1"; COMP_WORDS=(aiperf profile --export-level r); COMP_CWORD=3; _aiperf; echo "${COMPREPLY[@]}"' _ "$WORK/aiperf.bash")"
[ "$words" = "records raw" ] || fail "bash completion of --export-level r gave '$words'"
echo "ok"
