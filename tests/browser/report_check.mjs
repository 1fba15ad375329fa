// Checks a report.html in a real browser (headless Chromium through puppeteer-core): it loads
// from file:// with no network request, no console error and no page error; it shows the
// expected charts; dragging the goodput explorer's SLO box with the mouse to given SLOs gives the
// expected goodput; and it prints how long the page took to become interactive.
//
//   node tests/browser/report_check.mjs --report F [--expect-charts N]
//        [--drag-ttft A --drag-itl B [--expect-goodput G]] [--check-slos FILE]
//        [--run NAME] [--screenshots DIR] [--chromium PATH] [--npm-dir DIR] [--timeout-ms MS]
//
// --run NAME: the run the explorer shows for the drag and the SLO checks (a report of several
// runs), else its first.
// --expect-goodput G is compared to the readout within half a unit of G's last decimal (a value
// copied from profile_export_aiperf.json at its precision). --check-slos FILE: a JSON list (or an
// object with "slo_checks") of {ttft_ms, itl_ms, good} typed into the explorer's inputs (null:
// no SLO). puppeteer-core comes from scripts/puppeteer-npm.sh's directory (--npm-dir, else
// $AIPERF_NPM_DIR, else ~/.cache/aiperf-cpp/npm). Exit status 0 when every check passes.
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
  const a = { timeoutMs: 30000, chromium: "/usr/bin/chromium" };
  const flags = {
    "--report": "report", "--expect-charts": "expectCharts", "--drag-ttft": "dragTtft", "--drag-itl": "dragItl",
    "--expect-goodput": "expectGoodput", "--screenshots": "screenshots", "--check-slos": "checkSlos",
    "--chromium": "chromium", "--npm-dir": "npmDir", "--timeout-ms": "timeoutMs", "--run": "run",
  };
  for (let i = 2; i < argv.length; i++) {
    const key = flags[argv[i]];
    if (!key || i + 1 >= argv.length) throw new Error(`report_check: unknown or incomplete argument ${argv[i]}`);
    a[key] = argv[++i];
  }
  if (!a.report) throw new Error("report_check: --report FILE is required");
  if ((a.dragTtft === undefined) !== (a.dragItl === undefined)) throw new Error("report_check: give both --drag-ttft and --drag-itl");
  if (a.expectGoodput !== undefined && a.dragTtft === undefined) throw new Error("report_check: --expect-goodput needs --drag-ttft/--drag-itl");
  a.timeoutMs = Number(a.timeoutMs);
  return a;
}

// The tolerance a number written with d decimals carries: half a unit of its last place.
function tolerance(text) {
  const m = /\.(\d+)(?:[eE]|$)/.exec(text.trim());
  const decimals = m ? m[1].length : 0;
  const value = Math.abs(Number(text));
  if (decimals >= 12 || /[eE]/.test(text)) return Math.max(value * 1e-9, 1e-12);
  return 0.5 * Math.pow(10, -decimals) + value * 1e-12;
}

const args = parseArgs(process.argv);
const npmDir = args.npmDir || process.env.AIPERF_NPM_DIR || path.join(os.homedir(), ".cache/aiperf-cpp/npm");
const require = createRequire(path.join(npmDir, "package.json"));
const puppeteer = require("puppeteer-core");

const failures = [];
const fail = (msg) => { failures.push(msg); console.error(`FAIL: ${msg}`); };
const info = (msg) => console.log(msg);
const round = (v, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

const reportPath = path.resolve(args.report);
if (!fs.existsSync(reportPath)) throw new Error(`report_check: ${reportPath} does not exist`);
if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
const shot = async (page, name, element) => {
  if (!args.screenshots) return;
  const file = path.join(args.screenshots, name);
  if (element) await element.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  info(`screenshot: ${file}`);
};

const browser = await puppeteer.launch({
  executablePath: args.chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  page.on("console", (m) => { if (m.type() === "error") fail(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => fail(`page error: ${e.message}`));
  // Self-contained: the page may load itself and nothing else (data:/blob: are in-page).
  const self = pathToFileURL(reportPath).href;
  page.on("request", (r) => {
    const url = r.url();
    if (url !== self && !url.startsWith("data:") && !url.startsWith("blob:")) fail(`the page requested ${url}`);
  });

  await page.goto(self, { waitUntil: "load", timeout: args.timeoutMs });
  await page.waitForFunction(() => window.aiperfReport && (window.aiperfReport.ready || window.aiperfReport.error),
    { timeout: args.timeoutMs, polling: 20 });
  const status = await page.evaluate(() => ({ ready: aiperfReport.ready, readyAt: aiperfReport.readyAt, error: aiperfReport.error }));
  if (status.error) fail(`the page failed: ${status.error}`);
  const size = fs.statSync(reportPath).size;
  info(`report: ${reportPath} (${(size / 1e6).toFixed(2)} MB)`);
  info(`time to interactive: ${Math.round(status.readyAt)} ms`);

  // Charts.
  const charts = await page.evaluate(() => aiperfReport.charts());
  const canvases = await page.$$eval("section.chart canvas", (l) => l.length);
  info(`charts: ${charts.length} (${charts.map((c) => c.title).join(" | ")})`);
  if (args.expectCharts !== undefined && charts.length !== Number(args.expectCharts)) {
    fail(`expected ${args.expectCharts} charts, the page shows ${charts.length}`);
  }
  if (charts.some((c) => !c.drawn)) fail(`undrawn charts: ${charts.filter((c) => !c.drawn).map((c) => c.title)}`);
  if (canvases < charts.length) fail(`${charts.length} charts but ${canvases} canvases`);
  const headings = await page.$$eval("section.chart h2", (l) => l.map((h) => h.textContent));
  charts.forEach((c, i) => { if (headings[i] !== c.title) fail(`chart ${i}: heading "${headings[i]}", title "${c.title}"`); });
  await shot(page, "report.png");

  // Hover a drawn point of the first chart, away from the plot's edges: a tooltip appears.
  if (charts.length) {
    await page.$eval("#chart-0", (e) => e.scrollIntoView({ block: "center" }));
    const p = await page.evaluate(() => {
      const c = aiperfReport.charts()[0];
      const r = document.querySelector("#chart-0 .u-over").getBoundingClientRect();
      for (let s = 0; s < c.series; s++) for (let k = 0; k < 2000; k++) {
        const q = aiperfReport.pointClient(0, s, k);
        if (q && q.x > r.left + 5 && q.x < r.right - 5 && q.y > r.top + 5 && q.y < r.bottom - 5) return { s, k };
      }
      return null;
    });
    if (!p) fail("no drawn point of the first chart to hover");
    if (p) {
      const q = await page.evaluate(({ s, k }) => aiperfReport.pointClient(0, s, k), p);
      await page.mouse.move(Math.round(q.x), Math.round(q.y), { steps: 3 });
      await page.waitForFunction(() => getComputedStyle(document.querySelector(".tooltip")).display !== "none",
        { timeout: 2000 }).catch(() => {});
      const tip = await page.$eval(".tooltip", (t) => ({ shown: getComputedStyle(t).display !== "none", text: t.textContent }));
      if (!tip.shown) fail("hovering a drawn point shows no tooltip");
      else info(`tooltip: ${tip.text.slice(0, 160)}`);
      if (args.screenshots) {
        const file = path.join(args.screenshots, "chart-hover.png");
        await page.screenshot({ path: file });  // the viewport: the tooltip lies outside the chart's card
        info(`screenshot: ${file}`);
      }
      await page.mouse.move(1, 1);
    }
  }

  // Zoom on the first chart: a drag along x narrows its x range, a double-click restores it;
  // its log-y toggle redraws it.
  if (charts.length) {
    const over = await page.$("#chart-0 .u-over");
    const box = await over.boundingBox();
    const before = (await page.evaluate(() => aiperfReport.charts()[0])).x_range;
    const y = Math.round(box.y + box.height / 2);
    await page.mouse.move(Math.round(box.x + box.width * 0.3), y);
    await page.mouse.down();
    await page.mouse.move(Math.round(box.x + box.width * 0.6), y, { steps: 4 });
    await page.mouse.up();
    const zoomed = (await page.evaluate(() => aiperfReport.charts()[0])).x_range;
    await page.mouse.click(Math.round(box.x + box.width / 2), y, { clickCount: 2 });
    const reset = (await page.evaluate(() => aiperfReport.charts()[0])).x_range;
    info(`zoom: x ${before.map((v) => round(v))} → ${zoomed.map((v) => round(v))} → ${reset.map((v) => round(v))}`);
    if (!(zoomed[0] > before[0] && zoomed[1] < before[1])) fail("dragging along x did not zoom the first chart");
    if (reset[0] !== before[0] || reset[1] !== before[1]) fail("double-clicking did not reset the first chart's zoom");
    const logBox = await page.$("#chart-0 .chart-tools input:nth-of-type(1)");
    const toggles = await page.$$("#chart-0 .chart-tools input");
    if (logBox && toggles.length >= 2) {
      await toggles[1].click();
      const c = await page.evaluate(() => aiperfReport.charts()[0]);
      if (!c.drawn || !c.log.y) fail("the log-y toggle did not redraw the first chart on a log axis");
      await shot(page, "chart-log-y.png", await page.$("#chart-0"));
      await toggles[1].click();
    }
    await page.mouse.move(1, 1);
  }

  // The statistic switch (run-comparison charts): switching redraws without an error.
  if (await page.$("#stat-switch")) {
    for (const stat of ["p90", "p99", "avg"]) {
      await page.select("#stat-switch", stat);
      const s = await page.evaluate(() => aiperfReport.charts().map((c) => c.stat));
      info(`statistic ${stat}: ${JSON.stringify(s.filter(Boolean))}`);
      if (stat === "p90") await shot(page, "report-p90.png");
    }
  }

  // The goodput explorer.
  const hasExplorer = await page.evaluate(() => aiperfReport.explorer.present());
  if (!hasExplorer && (args.dragTtft !== undefined || args.checkSlos)) fail("the report has no goodput explorer");
  if (hasExplorer) {
    await page.$eval("#goodput-explorer", (e) => e.scrollIntoView({ block: "center" }));
    // Several runs: each loads when selected; then the one asked for (else the first) stays.
    const runOptions = await page.$$eval("#explorer-run option", (l) => l.map((o) => ({ value: o.value, name: o.textContent })));
    if (runOptions.length) {
      for (const o of [...runOptions.slice(1), runOptions[0]]) {
        await page.select("#explorer-run", o.value);
        await page.waitForFunction((n) => aiperfReport.explorer.state().run === n, { timeout: args.timeoutMs }, o.name);
      }
      info(`explorer runs: ${runOptions.map((o) => o.name).join(", ")}`);
    }
    if (args.run !== undefined) {
      const o = runOptions.find((x) => x.name === args.run);
      if (!o) fail(`the explorer has no run named ${args.run}`);
      else {
        await page.select("#explorer-run", o.value);
        await page.waitForFunction((n) => aiperfReport.explorer.state().run === n, { timeout: args.timeoutMs }, o.name);
      }
    }
    const timing = await page.evaluate(() => {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) aiperfReport.explorer.state();
      return (performance.now() - t0) / 20;
    });
    const s0 = await page.evaluate(() => aiperfReport.explorer.state());
    info(`explorer: ${s0.valid} valid requests, ${s0.errors} errors; a count takes ${timing.toFixed(2)} ms`);
    info(`explorer at start: TTFT ≤ ${s0.ttft_slo_ms} ms, ITL ≤ ${s0.itl_slo_ms} ms: ${s0.good} good, goodput ${s0.goodput}`);

    if (args.dragTtft !== undefined) {
      const ttft = Number(args.dragTtft), itl = Number(args.dragItl);
      const grid = await page.evaluate(() => aiperfReport.explorer.state());
      const onGrid = (v, step) => Math.abs(Math.round(v * 1000) % Math.round(step * 1000)) === 0;
      if (!onGrid(ttft, grid.step_ttft_ms) || !onGrid(itl, grid.step_itl_ms)) {
        fail(`the drag grid is ${grid.step_ttft_ms} ms (TTFT) by ${grid.step_itl_ms} ms (ITL): ${ttft}/${itl} cannot be reached by dragging`);
      } else {
        // Browsers report whole pixels: aim at the whole pixel nearest each position.
        const to = await page.evaluate((a, b) => aiperfReport.explorer.toClient(a, b), ttft, itl);
        const dragCorner = async (x, y) => {
          const from = await page.evaluate(() => aiperfReport.explorer.corner());
          await page.mouse.move(Math.round(from.x), Math.round(from.y));
          await page.mouse.down();
          await page.mouse.move(Math.round((from.x + x) / 2), Math.round((from.y + y) / 2), { steps: 5 });
          await page.mouse.move(Math.round(x), Math.round(y), { steps: 5 });
          await page.mouse.up();
          return page.evaluate(() => aiperfReport.explorer.state());
        };
        // First away from the target (the box may start on it), so the drag back really moves it.
        const away = await dragCorner(to.x - 60, to.y + 40);
        if (Math.round(away.ttft_slo_ms * 1000) === Math.round(ttft * 1000) && Math.round(away.itl_slo_ms * 1000) === Math.round(itl * 1000))
          fail("dragging the box away from the target did not move it");
        info(`dragged away: TTFT ≤ ${away.ttft_slo_ms} ms, ITL ≤ ${away.itl_slo_ms} ms: ${away.good} good`);
        const s = await dragCorner(to.x, to.y);
        info(`after the drag: TTFT ≤ ${s.ttft_slo_ms} ms, ITL ≤ ${s.itl_slo_ms} ms: ${s.good} of ${s.valid} good, `
          + `goodput ${s.goodput} req/s, throughput ${s.throughput} req/s, good fraction ${s.good_fraction}`);
        if (Math.round(s.ttft_slo_ms * 1000) !== Math.round(ttft * 1000) || Math.round(s.itl_slo_ms * 1000) !== Math.round(itl * 1000)) {
          fail(`the drag landed on ${s.ttft_slo_ms}/${s.itl_slo_ms} ms, not ${ttft}/${itl}`);
        }
        const shown = await page.$eval("#slo-ttft", (e) => e.value);
        if (Number(shown) !== s.ttft_slo_ms) fail(`the TTFT input shows ${shown}, the box is at ${s.ttft_slo_ms}`);
        if (args.expectGoodput !== undefined) {
          const want = Number(args.expectGoodput), tol = tolerance(String(args.expectGoodput));
          if (s.goodput === null || Math.abs(s.goodput - want) > tol) fail(`goodput ${s.goodput}, expected ${want} (±${tol})`);
          else info(`goodput matches ${args.expectGoodput}`);
        }
        await shot(page, "explorer.png", await page.$("#goodput-explorer"));
      }
    }

    if (args.checkSlos) {
      const raw = JSON.parse(fs.readFileSync(args.checkSlos, "utf8"));
      const checks = Array.isArray(raw) ? raw : raw.slo_checks || [];
      const type = async (sel, v) => {
        await page.click(sel, { clickCount: 3 });
        await page.keyboard.press("Backspace");
        if (v !== null && v !== undefined) await page.keyboard.type(String(v));
        await page.keyboard.press("Tab");  // change: the box and axes follow
      };
      for (const c of checks) {
        await type("#slo-ttft", c.ttft_ms);
        await type("#slo-itl", c.itl_ms);
        const s = await page.evaluate(() => aiperfReport.explorer.state());
        const ok = s.good === c.good;
        (ok ? info : fail)(`SLO TTFT ${c.ttft_ms} ms, ITL ${c.itl_ms} ms: ${s.good} good${ok ? "" : `, expected ${c.good}`}`);
      }
    }
  }

  // The other theme draws too.
  await page.evaluate(() => window.scrollTo(0, 0));
  const theme = await page.$eval("#theme-switch", (e) => e.value);
  await page.select("#theme-switch", theme === "dark" ? "light" : "dark");
  await shot(page, `report-${theme === "dark" ? "light" : "dark"}.png`);
} finally {
  await browser.close();
}

if (failures.length) {
  console.error(`report_check: ${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("report_check: all checks passed");
