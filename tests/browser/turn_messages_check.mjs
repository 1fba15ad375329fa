// Opens a turn_messages.html (`aiperf analyze turn-messages`) in headless Chromium through
// puppeteer-core and prints, as one JSON object on stdout, what a person sees: the summary line,
// and per conversation (every one opened, as a click would) its heading and its turns with each
// shown message's role and rendered text, plus the page's notes. Fails (exit 1) on any request
// other than the page itself, a console or page error, or a <script> element in the page.
//
//   node tests/browser/turn_messages_check.mjs --html F [--npm-dir DIR] [--chromium PATH]
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = { chromium: "/usr/bin/chromium" };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = { "--html": "html", "--npm-dir": "npmDir", "--chromium": "chromium" }[process.argv[i]];
  if (!key || i + 1 >= process.argv.length) throw new Error(`turn_messages_check: bad argument ${process.argv[i]}`);
  args[key] = process.argv[i + 1];
}
if (!args.html) throw new Error("turn_messages_check: --html FILE is required");
const npmDir = args.npmDir || process.env.AIPERF_NPM_DIR || path.join(os.homedir(), ".cache/aiperf-cpp/npm");
const puppeteer = createRequire(path.join(npmDir, "package.json"))("puppeteer-core");

const failures = [];
const browser = await puppeteer.launch({
  executablePath: args.chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  const self = pathToFileURL(path.resolve(args.html)).href;
  page.on("console", (m) => { if (m.type() === "error") failures.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  page.on("request", (r) => { if (r.url() !== self) failures.push(`the page requested ${r.url()}`); });
  await page.goto(self, { waitUntil: "load", timeout: 30000 });
  const seen = await page.evaluate(() => {
    const out = { title: document.title, summary: document.querySelector("#summary")?.innerText ?? "",
                  scripts: document.querySelectorAll("script").length, conversations: [], notes: [] };
    for (const c of document.querySelectorAll("details.conversation")) {
      const closedAtFirst = !c.open;
      c.open = true;
      const conv = { id: c.dataset.correlationId, heading: c.querySelector(":scope > summary").innerText,
                     closedAtFirst, turns: [], hiddenTurns: c.querySelector(".hidden-turns")?.innerText ?? "" };
      for (const t of c.querySelectorAll("details.turn")) {
        t.open = true;
        conv.turns.push({
          index: Number(t.dataset.turnIndex),
          heading: t.querySelector(":scope > summary").innerText,
          history: t.querySelector(".history")?.innerText ?? "",
          messages: [...t.querySelectorAll(".message")].map((m) => ({
            role: m.dataset.role, text: m.querySelector("pre.content").innerText,
            note: m.querySelector(".note")?.innerText ?? "" })),
        });
      }
      out.conversations.push(conv);
    }
    for (const n of document.querySelectorAll("body > .note")) out.notes.push(n.innerText);
    return out;
  });
  if (seen.scripts !== 0) failures.push(`${seen.scripts} <script> element(s) in the page`);
  console.log(JSON.stringify(seen));
} finally {
  await browser.close();
}
for (const f of failures) console.error(`FAIL: ${f}`);
process.exit(failures.length ? 1 : 0);
