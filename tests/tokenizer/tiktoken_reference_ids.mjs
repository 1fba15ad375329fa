// Prints reference token ids of tiktoken's o200k_base as encoded by js-tiktoken, with every
// special token allowed (upstream AIPerf encodes with allowed_special="all"), so the builtin
// C++ encoding can be compared id for id.
//
//   node tiktoken_reference_ids.mjs <npm-dir> <texts.json|text.txt> [repeat]
//
// texts.json: an object {name: text}; prints {"ids": {name: [ids]}}.
// text.txt:   one text; prints {"ids": [ids], "bytes": n, "seconds": t} where t is the best of
//             `repeat` timed encodes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [npmDir, input, repeatArg] = process.argv.slice(2);
if (!npmDir || !input) {
  console.error("usage: node tiktoken_reference_ids.mjs <npm-dir> <texts.json|text.txt> [repeat]");
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(npmDir), "package.json"));
const { Tiktoken } = require("js-tiktoken/lite");
const ranks = require("js-tiktoken/ranks/o200k_base");
const enc = new Tiktoken(ranks.default ?? ranks);
const encode = (text) => enc.encode(text, "all");

const raw = readFileSync(input, "utf8");
if (input.endsWith(".json")) {
  const ids = {};
  for (const [name, text] of Object.entries(JSON.parse(raw))) ids[name] = encode(text);
  process.stdout.write(JSON.stringify({ ids }));
} else {
  const repeat = Number(repeatArg ?? 3);
  let ids = encode(raw);
  let best = Infinity;
  for (let i = 0; i < repeat; ++i) {
    const t0 = process.hrtime.bigint();
    ids = encode(raw);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  process.stdout.write(JSON.stringify({ ids, bytes: Buffer.byteLength(raw, "utf8"), seconds: best }));
}
