#!/usr/bin/env bash
# Installs js-tiktoken (MIT; it ships tiktoken's o200k_base ranks) from npm into a cache outside
# the repo, checks that third_party/tiktoken/o200k_base.inc holds exactly its rank table, and
# writes reference ids for tests/unit/tokenizer/tiktoken_bpe_test.cpp. Idempotent.
#
# Prints the line to export for the tests:
#   AIPERF_TIKTOKEN_FIXTURES=<dir>
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}"
NPM_DIR="$CACHE/npm"
FIXTURES="$CACHE/tiktoken-fixtures"
VERSION=1.0.21
HERE="$ROOT/tests/tokenizer"

command -v node >/dev/null || { echo "tiktoken-fixtures: node (>= 20) is required" >&2; exit 1; }
mkdir -p "$NPM_DIR" "$FIXTURES"
[ -f "$NPM_DIR/package.json" ] || echo '{"name":"aiperf-tokenizer-fixtures","private":true}' >"$NPM_DIR/package.json"
if [ "$(node -p "try{require('$NPM_DIR/node_modules/js-tiktoken/package.json').version}catch(e){''}")" != "$VERSION" ]; then
  (cd "$NPM_DIR" && npm install --no-audit --no-fund --silent "js-tiktoken@$VERSION") >&2
fi

# The vendored table must be the package's, rank for rank.
node --input-type=module - "$NPM_DIR/node_modules/js-tiktoken/dist/ranks/o200k_base.js" \
  "$ROOT/third_party/tiktoken/o200k_base.inc" <<'JS'
import { readFileSync } from "node:fs";
const [js, inc] = process.argv.slice(2);
const src = (await import(js)).default;
const expected = new Map();
for (const line of src.bpe_ranks.split("\n").filter(Boolean)) {
  const [, off, ...toks] = line.split(" ");
  toks.forEach((t, i) => expected.set(Number(off) + i, t));
}
let count = 0;
for (const line of readFileSync(inc, "utf8").split("\n").filter(Boolean)) {
  const [first, ...toks] = line.replace(/^"|\\n"$/g, "").split(" ");
  toks.forEach((t, i) => {
    const rank = Number(first) + i;
    if (expected.get(rank) !== t) throw new Error(`${inc}: rank ${rank} differs from js-tiktoken`);
    ++count;
  });
}
if (count !== expected.size) throw new Error(`${inc}: ${count} ranks, js-tiktoken has ${expected.size}`);
console.error(`tiktoken-fixtures: o200k_base.inc matches js-tiktoken (${count} ranks)`);
JS

cmp -s "$HERE/cases.json" "$FIXTURES/cases.json" || cp "$HERE/cases.json" "$FIXTURES/cases.json"
if [ ! -f "$FIXTURES/mixed.txt" ] || [ "$HERE/mixed_text.mjs" -nt "$FIXTURES/mixed.txt" ] ||
   [ "$ROOT/src/dataset/corpus_text.cpp" -nt "$FIXTURES/mixed.txt" ]; then
  node "$HERE/mixed_text.mjs" "$ROOT/src/dataset/corpus_text.cpp" "$FIXTURES/mixed.txt"
fi
if [ ! -f "$FIXTURES/fuzz.json" ] || [ "$HERE/fuzz_texts.mjs" -nt "$FIXTURES/fuzz.json" ]; then
  node "$HERE/fuzz_texts.mjs" "$FIXTURES/fuzz.json"
fi
for kind in cases fuzz mixed; do
  in="$FIXTURES/$kind.json"; [ "$kind" = mixed ] && in="$FIXTURES/mixed.txt"
  ids="$FIXTURES/$kind.ids.json"
  if [ ! -f "$ids" ] || [ "$in" -nt "$ids" ] || [ "$HERE/tiktoken_reference_ids.mjs" -nt "$ids" ]; then
    node "$HERE/tiktoken_reference_ids.mjs" "$NPM_DIR" "$in" >"$ids.tmp"
    mv "$ids.tmp" "$ids"
  fi
done
echo "AIPERF_TIKTOKEN_FIXTURES=$FIXTURES"
