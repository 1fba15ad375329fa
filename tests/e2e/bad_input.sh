#!/usr/bin/env bash
# Bad input: one clear line naming the problem, non-zero exit, never a stack trace.
source "$(dirname "$0")/lib/common.bash"

check() {
  local expect="$1"; shift
  set +e
  "$AIPERF" "$@" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  set -e
  [ "$rc" -ne 0 ] || fail "expected non-zero exit for: $*"
  grep -qi -- "$expect" "$WORK/err" || { cat "$WORK/err"; fail "stderr does not mention '$expect' for: $*"; }
  [ "$(wc -l <"$WORK/err")" -le 2 ] || { cat "$WORK/err"; fail "more than one line of error for: $*"; }
  if grep -qiE "terminate called|stack|traceback|what\(\)|Aborted|Segmentation" "$WORK/err" "$WORK/out"; then
    cat "$WORK/err"; fail "crash output for: $*"
  fi
  echo "ok ($rc): $* -> $(head -1 "$WORK/err")"
}

check "--no-such-flag" profile -m x --no-such-flag
check "--model" profile --url http://127.0.0.1:1
check "--extra-inputs" profile -m x --extra-inputs '{"temperature": 0.5,'
check "127.0.0.1:9" profile -m x --tokenizer builtin --url http://127.0.0.1:9 --artifact-dir "$WORK/a1"
check "--concurrency" profile -m x --concurrency 0
check "--benchmark-grace-period" profile -m x --benchmark-grace-period 5
check "--endpoint-type" profile -m x --endpoint-type nope
check "unknown command" frobnicate

# Tokenizers: a missing file, a corrupt tokenizer.json, a model id offline and not cached.
printf '{"model": {"type": "BPE", "vocab": ' >"$WORK/corrupt.json"
check "$WORK/nope/tokenizer.json" profile -m x --tokenizer "$WORK/nope/tokenizer.json" --url http://127.0.0.1:9
check "corrupt.json" profile -m x --tokenizer "$WORK/corrupt.json" --url http://127.0.0.1:9
HF_HUB_OFFLINE=1 HF_HUB_CACHE="$WORK/hub" check "HF_HUB_OFFLINE" profile -m org/not-cached --url http://127.0.0.1:9
check "corrupt.json" tokenize --tokenizer "$WORK/corrupt.json" hello
