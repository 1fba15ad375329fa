// Writes a JSON object {name: text} of short random strings built from pieces that stress the
// pre-tokenizer regexes, added tokens and NFC: contractions, digits, whitespace kinds, combining
// marks, Hangul jamo, emoji sequences, special-token strings. Deterministic (fixed LCG).
//
//   node fuzz_texts.mjs <out.json> [count]
//
// U+FEFF and U+0085 are left out on purpose: ECMAScript's \s includes U+FEFF and excludes
// U+0085, Unicode White_Space (PCRE2 here, Oniguruma in HuggingFace tokenizers) does the
// opposite, so the JS reference cannot judge text containing them.
import { writeFileSync } from "node:fs";

const [out, countArg] = process.argv.slice(2);
if (!out) {
  console.error("usage: node fuzz_texts.mjs <out.json> [count]");
  process.exit(2);
}
const count = Number(countArg ?? 3000);
const pool = [
  ..."aZ09 '\"\n\r\t.,!?-_()<>|",
  "'s", "'T", "'ll", "'re", "'D", "<|im_start|>", "<|endoftext|>", "<|eot_id|>", "<think>",
  "\u00a0", "\u2009", "\u3000", "\u200b", "\u2028", "\u0301", "\u0308", "\u0323", "e\u0301",
  "\u1112", "\u1161", "\u11ab", "é", "ï", "ß", "İ", "ǅ", "Ω", "\u212b", "你", "好", "。", "日", "한",
  "😀", "👍🏽", "\u200d", "🇺", "Ж", "й", "ё", "١", "٣", "²", "½", "Ⅻ", "𝟙", "\t\t", "   ", "\n\n",
  "\r\n", "…", "—", "“", "”", "™", "€", "$", "%", "🏽", "\u0958", "ॐ", "ा", "्", "ก", "ู", "123456",
];

let state = 0x1234567;
const next = (n) => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return (state >>> 8) % n;
};

const texts = {};
for (let i = 0; i < count; ++i) {
  const n = 1 + next(30);
  let s = "";
  for (let k = 0; k < n; ++k) s += pool[next(pool.length)];
  texts[`fuzz${i}`] = s;
}
writeFileSync(out, JSON.stringify(texts));
