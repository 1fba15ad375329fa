// Writes ~1 MB of deterministic mixed text for tokenizer comparisons: lines of the built-in
// sonnet corpus interleaved with multilingual, numeric, code and whitespace snippets.
//
//   node mixed_text.mjs <src/dataset/corpus_text.cpp> <out.txt> [bytes]
import { readFileSync, writeFileSync } from "node:fs";

const [corpusCpp, out, bytesArg] = process.argv.slice(2);
if (!corpusCpp || !out) {
  console.error("usage: node mixed_text.mjs <corpus_text.cpp> <out.txt> [bytes]");
  process.exit(2);
}
const target = Number(bytesArg ?? 1 << 20);
const src = readFileSync(corpusCpp, "utf8");
const m = src.match(/R"sonnets\(([\s\S]*?)\)sonnets"/);
if (!m) throw new Error(`${corpusCpp}: no R"sonnets(...)sonnets" literal found`);
const lines = m[1].split("\n").filter((l) => l.trim().length > 0);

const snippets = [
  "Привет, мир! Как дела? Всё хорошо, спасибо.",
  "Съешь же ещё этих мягких французских булок.",
  "你好，世界！今天天气很好，我们去公园散步吧。",
  "日本語のテキスト：東京は大きな都市です。",
  "한국어 문장: 오늘은 날씨가 좋습니다.",
  "العربية: مرحبا بالعالم",
  "Ελληνικά: Γειά σου Κόσμε",
  "हिन्दी: नमस्ते दुनिया",
  "Emoji 😀🎉👍🏽 👨‍👩‍👧‍👦 🇺🇸 ❤️ ✨",
  "Café naïve résumé façade Ångström Zürich",
  "I'm sure you're right; it's what we've said, they'll go, he'd try, DON'T.",
  "Numbers: 1 12 123 1234 12345 3.14159 1,000,000 2024-06-01 0x1F",
  "Punctuation!!! ... ??? --- *** ((( ))) [[ ]] {{ }} ;;; :::",
  "def f(x):\n    return {\"a\": [1, 2, 3], 'b': x ** 2}\n",
  "    indented   with    runs\t\tof\ttabs  and  spaces   ",
  "\n\n\n",
  "\r\n",
  "https://example.com/path?q=1&r=2#frag user.name+tag@example.org",
  "<|im_start|>user\nHello<|im_end|>\n",
  "<|endoftext|>",
];

// A fixed LCG keeps the text identical on every machine and Node version.
let state = 0x2545f491;
const next = (n) => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return (state >>> 8) % n;
};

const parts = [];
let size = 0;
while (size < target) {
  const piece = next(3) === 0 ? snippets[next(snippets.length)] : lines[next(lines.length)];
  const sep = [" ", "\n", "\n\n", "  ", "\t"][next(5)];
  parts.push(piece + sep);
  size += Buffer.byteLength(piece + sep, "utf8");
}
writeFileSync(out, parts.join(""));
