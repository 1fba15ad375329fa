// Prints the reference token ids for texts, as encoded by @lenml/tokenizers (transformers.js)
// with add_special_tokens=false, so our C++ tokenizer can be compared id for id.
//
//   node reference_ids.mjs <npm-dir> <qwen3|llama3|llama2|gemma> <texts.json|text.txt> [repeat]
//
// texts.json: an object {name: text}; prints {"ids": {name: [ids]}, "ids_special": {name: [ids]},
//             "decoded": {name: text}}: ids_special with add_special_tokens=true, decoded = decode(ids).
// text.txt:   one text; prints {"ids": [ids], "decoded": text, "bytes": n, "seconds": t, "cold_seconds": c,
//             "load_seconds": l} where t is the best of `repeat` timed encodes after the first (null when
//             repeat is 0); cold_seconds times that first one; load_seconds the tokenizer construction.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [npmDir, model, input, repeatArg] = process.argv.slice(2);
if (!npmDir || !model || !input) {
  console.error("usage: node reference_ids.mjs <npm-dir> <qwen3|llama3|llama2|gemma> <texts.json|text.txt> [repeat]");
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(npmDir), "package.json"));
const entry = require.resolve(`@lenml/tokenizer-${model}`);
const { fromPreTrained } = await import(pathToFileURL(entry.replace(/main\.js$/, "main.mjs")).href);
const l0 = process.hrtime.bigint();
const tokenizer = fromPreTrained();
const loadSeconds = Number(process.hrtime.bigint() - l0) / 1e9;
// decode() rejects an empty list; HF decodes it to "". The clean-up of spaces before punctuation
// belongs to transformers, not to tokenizer.json, so it is off.
const decode = (ids) =>
  ids.length ? tokenizer.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false }) : "";
const encode = (text) => tokenizer.encode(text, { add_special_tokens: false });

const raw = readFileSync(input, "utf8");
if (input.endsWith(".json")) {
  const texts = JSON.parse(raw);
  const ids = {};
  const ids_special = {};
  const decoded = {};
  for (const [name, text] of Object.entries(texts)) {
    ids[name] = encode(text);
    ids_special[name] = tokenizer.encode(text, { add_special_tokens: true });
    decoded[name] = decode(ids[name]);
  }
  process.stdout.write(JSON.stringify({ ids, ids_special, decoded }));
} else {
  const repeat = Number(repeatArg ?? 3);
  const c0 = process.hrtime.bigint();
  let ids = encode(raw);
  const cold = Number(process.hrtime.bigint() - c0) / 1e9;
  let best = Infinity;
  for (let i = 0; i < repeat; ++i) {
    const t0 = process.hrtime.bigint();
    ids = encode(raw);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  process.stdout.write(JSON.stringify({
    ids, decoded: decode(ids), bytes: Buffer.byteLength(raw, "utf8"), seconds: best, cold_seconds: cold,
    load_seconds: loadSeconds,
  }));
}
