// report.html's script: reads the page's data block, draws every chart with uPlot and runs the
// goodput explorer. Plain modern JavaScript, no build step, no network: html_report.cpp inlines
// it after uPlot and the data (docs/design.md, "The HTML report").
"use strict";

(() => {
  // ---- the read-only API the browser test reads (tests/browser/report_check.mjs) ----
  const status = { ready: false, readyAt: null, error: null };
  const charts = [];       // {spec, section, plot, log:{x,y,y2}, hits}
  let explorer = null;     // the goodput explorer's state, when the report has one

  window.aiperfReport = Object.freeze({
    get ready() { return status.ready; },
    get readyAt() { return status.readyAt; },      // performance.now() when the page became interactive
    get error() { return status.error; },
    charts() {
      return charts.map((c) => ({
        name: c.spec.name, title: c.spec.title, series: c.spec.series.length,
        points: c.spec.series.reduce((n, s) => n + s.x.length, 0), drawn: !!c.plot,
        stat: c.spec.x.metric || c.spec.y.metric ? { x: c.spec.x.stat_shown || null, y: c.spec.y.stat_shown || null } : null,
        x_range: c.plot ? [c.plot.scales.x.min, c.plot.scales.x.max] : null,
        log: { ...c.log },
      }));
    },
    // Viewport pixel of point k of a chart's series (to hover it), or null when it is not drawn.
    pointClient(chartIndex, seriesIndex, k) {
      const c = charts[chartIndex];
      if (!c || !c.plot) return null;
      const s = c.spec.series[seriesIndex];
      if (!s || !finite(s.x[k]) || !finite(s.y[k])) return null;
      const u = c.plot, r = u.over.getBoundingClientRect();
      return { x: r.left + u.valToPos(s.x[k], "x"), y: r.top + u.valToPos(s.y[k], s.secondary_y && c.spec.y2 ? "y2" : "y") };
    },
    explorer: Object.freeze({
      present() { return explorer !== null; },
      state() { return explorer ? explorer.readout() : null; },
      // Viewport (client) pixel of a TTFT/ITL pair in the explorer's plot, and of the box corner.
      toClient(ttftMs, itlMs) { return explorer ? explorer.toClient(ttftMs, itlMs) : null; },
      corner() { return explorer ? explorer.cornerClient() : null; },
    }),
  });

  // ---- small helpers ----
  const el = (tag, attrs = {}, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c != null) e.append(c);
    return e;
  };
  const finite = (v) => typeof v === "number" && Number.isFinite(v);
  const fmt = (v, decimals = 3) => (finite(v)
    ? v.toLocaleString("en-US", { maximumFractionDigits: decimals })
    : "—");
  const count = (n) => n.toLocaleString("en-US");

  async function gunzipBase64(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const gunzipJson = async (b64) => JSON.parse(new TextDecoder().decode(await gunzipBase64(b64)));

  // ---- data ----
  const data = JSON.parse(document.getElementById("report-data").textContent);
  let theme = data.theme === "dark" ? "dark" : "light";
  const palette = () => data.themes[theme];
  let stat = "avg";
  const STATS = ["avg", "p50", "p90", "p95", "p99"];

  function seriesColour(spec, s, i) {
    const t = palette();
    if (s.grey) return t.neutral;
    const k = s.colour >= 0 ? s.colour : i;
    return t.palette[k % t.palette.length];
  }
  function withAlpha(hex, a) {
    const n = parseInt(hex.slice(1), 16);
    return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${a})`;
  }
  const axisLabel = (a) => {
    let t = a.title || "";
    if (a.unit) t += ` (${a.unit})`;
    if (a.metric) t += ` · ${a.stat_shown || a.stat || "avg"}`;
    return t;
  };

  // Request details (hover) of each run, decoded on first use: {index -> row}.
  const detailCache = new Map();
  async function details(runIndex) {
    if (detailCache.has(runIndex)) return detailCache.get(runIndex);
    const run = data.runs[runIndex];
    let d = null;
    if (run && run.details) {
      d = await gunzipJson(run.details);
      d.row = new Map();
      d.index.forEach((idx, row) => d.row.set(idx, row));
    }
    detailCache.set(runIndex, d);
    return d;
  }
  const detailsNow = (runIndex) => detailCache.get(runIndex) || null;

  function requestLines(d, req) {
    if (!d) return [];
    const row = d.row.get(req);
    if (row === undefined) return [];
    const lines = [];
    if (d.id[row]) lines.push(["request", d.id[row]]);
    if (d.conversation[row]) lines.push(["conversation", `${d.conversation[row]} · turn ${d.turn[row]}`]);
    else lines.push(["turn", String(d.turn[row])]);
    lines.push(["TTFT", `${fmt(d.ttft[row])} ms`], ["ITL", `${fmt(d.itl[row])} ms`],
      ["latency", `${fmt(d.latency[row])} ms`], ["ISL", fmt(d.isl[row], 0)], ["OSL", fmt(d.osl[row], 0)]);
    if (d.error[row] > 0) lines.push(["error", d.error_messages[d.error[row] - 1]]);
    return lines;
  }

  // ---- tooltip ----
  const tooltip = el("div", { class: "tooltip", role: "tooltip" });
  function showTooltip(clientX, clientY, title, lines) {
    tooltip.replaceChildren(el("div", { class: "tooltip-title", text: title }),
      el("table", {}, ...lines.map(([k, v]) => el("tr", {}, el("th", { text: k }), el("td", { text: v })))));
    tooltip.style.display = "block";
    const r = tooltip.getBoundingClientRect();
    let x = clientX + 14, y = clientY + 14;
    if (x + r.width > window.innerWidth - 4) x = clientX - r.width - 14;
    if (y + r.height > window.innerHeight - 4) y = clientY - r.height - 14;
    tooltip.style.left = `${x + window.scrollX}px`;
    tooltip.style.top = `${y + window.scrollY}px`;
  }
  const hideTooltip = () => { tooltip.style.display = "none"; };

  // ---- multi-run charts: the statistic switch ----
  // An axis with `metric` plots each run's summary[metric][stat] (/ divide_by). A metric with
  // only an average (throughputs) keeps "avg" whatever the switch says.
  function axisValue(axis, runIndex) {
    const run = data.runs[runIndex];
    const m = run && run.summary ? run.summary[axis.metric] : null;
    if (!m) return NaN;
    const v = finite(m[stat]) ? m[stat] : m[axis.stat || "avg"];
    if (!finite(v)) return NaN;
    return axis.divide_by > 0 ? v / axis.divide_by : v;
  }
  function shownStat(axis) {
    for (const run of data.runs) {
      const m = run.summary ? run.summary[axis.metric] : null;
      if (m && finite(m[stat])) return stat;
    }
    return axis.stat || "avg";
  }
  // Which way an axis improves: `better` when the chart says; else throughputs and
  // interactivity (tokens/s per user) are better higher, latencies (TTFT, ITL, request latency)
  // better lower.
  function higherIsBetter(axis) {
    if (axis.better === "higher") return true;
    if (axis.better === "lower") return false;
    return /throughput|per_user|interactivity|goodput/.test(axis.metric || axis.title || "");
  }
  // Non-dominated points: no other point at least as good on both axes and better on one. Sorted
  // by x. Quadratic, and a comparison has tens of runs, not thousands.
  function paretoFrontier(points, xHigh, yHigh) {
    const better = (a, b, high) => (high ? a > b : a < b);
    const atLeast = (a, b, high) => (high ? a >= b : a <= b);
    const out = points.filter((p) => !points.some((q) => q !== p
      && atLeast(q.x, p.x, xHigh) && atLeast(q.y, p.y, yHigh)
      && (better(q.x, p.x, xHigh) || better(q.y, p.y, yHigh))));
    return out.sort((a, b) => a.x - b.x);
  }
  // Whether every run a chart's points refer to has the summaries its axes need: a chart whose
  // runs came without summaries keeps the values it was built with.
  function switchable(spec) {
    if (!spec.x.metric && !spec.y.metric) return false;
    return spec.series.every((s) => s.emphasised || (s.run && s.run.length === s.x.length && s.run.every((r) => {
      const sum = data.runs[r] && data.runs[r].summary;
      return sum && (!spec.x.metric || sum[spec.x.metric]) && (!spec.y.metric || sum[spec.y.metric]);
    })));
  }
  function applyStat(c) {
    const spec = c.spec;
    if (!switchable(spec)) return;
    for (const a of [spec.x, spec.y]) if (a.metric) a.stat_shown = shownStat(a);
    const candidates = [];
    for (const s of spec.series) {
      if (s.emphasised || !s.run || s.run.length !== s.x.length) continue;
      s.run.forEach((r, k) => {
        if (spec.x.metric) s.x[k] = axisValue(spec.x, r);
        if (spec.y.metric && !s.secondary_y) s.y[k] = axisValue(spec.y, r);
        if (finite(s.x[k]) && finite(s.y[k])) {
          candidates.push({ x: s.x[k], y: s.y[k], run: r, label: s.labels && s.labels[k] ? s.labels[k] : "" });
        }
      });
    }
    for (const s of spec.series) {
      if (!s.emphasised || !s.run) continue;
      const front = paretoFrontier(candidates, higherIsBetter(spec.x), higherIsBetter(spec.y));
      s.x = front.map((p) => p.x);
      s.y = front.map((p) => p.y);
      s.run = front.map((p) => p.run);
      s.labels = s.labels && s.labels.length ? front.map((p) => p.label) : [];
    }
  }

  // ---- chart drawing ----
  // Filled shapes first, markers over them, lines (a rolling statistic over its requests) on top.
  const KIND_ORDER = { area: 0, bars: 1, segments: 2, points: 3, line: 4 };

  function dataRange(spec, axisKey, log, xWindow) {
    let lo = Infinity, hi = -Infinity;
    const take = (v) => { if (finite(v) && (!log || v > 0)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } };
    for (const s of spec.series) {
      const onY2 = !!s.secondary_y;
      if (axisKey === "x") {
        s.x.forEach(take);
        if (s.kind === "segments" && s.x_end) s.x_end.forEach(take);
        if (s.kind === "bars") s.x.forEach((x) => { take(x - s.width / 2); take(x + s.width / 2); });
      } else if ((axisKey === "y2") === onY2) {
        s.y.forEach((y, i) => {
          if (!xWindow) return take(y);
          const x0 = s.x[i], x1 = s.kind === "segments" && s.x_end ? s.x_end[i] : x0;
          if (x1 >= xWindow[0] && x0 <= xWindow[1]) take(y);
        });
        if ((s.kind === "bars" || s.kind === "area") && !log) take(0);
      }
    }
    const axis = spec[axisKey] || {};
    if (finite(axis.min) && (!log || axis.min > 0)) lo = axis.min;
    if (finite(axis.max)) hi = axis.max;
    if (lo === Infinity) return log ? [1, 10] : [0, 1];
    if (log) {
      if (hi <= lo) { lo /= 2; hi *= 2; }
      const pad = Math.pow(hi / lo, 0.04);
      return [finite(axis.min) ? lo : lo / pad, finite(axis.max) ? hi : hi * pad];
    }
    if (hi <= lo) { const d = Math.abs(lo) || 1; lo -= d / 2; hi += d / 2; }
    const pad = (hi - lo) * 0.04;
    return [finite(axis.min) ? lo : (lo >= 0 && lo - pad < 0 ? 0 : lo - pad), finite(axis.max) ? hi : hi + pad];
  }

  // Draws every series of `spec` onto uPlot's canvas (series kinds uPlot has no paths for, and
  // one coordinate array per series), recording the markers' CSS pixels for hover.
  function drawSeries(u, c) {
    const spec = c.spec, ctx = u.ctx, t = palette();
    const ratio = uPlot.pxRatio || window.devicePixelRatio || 1;
    const { left, top, width, height } = u.bbox;
    c.hits = [];
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    const order = spec.series.map((s, i) => i)
      .sort((a, b) => (spec.series[a].emphasised - spec.series[b].emphasised)
        || (KIND_ORDER[spec.series[a].kind] - KIND_ORDER[spec.series[b].kind]) || a - b);
    for (const i of order) {
      const s = spec.series[i];
      if (!u.series[i + 1].show) continue;
      const yKey = s.secondary_y && spec.y2 ? "y2" : "y";
      const xLog = u.scales.x.distr === 3, yLog = u.scales[yKey].distr === 3;
      const X = (v) => (finite(v) && (!xLog || v > 0) ? u.valToPos(v, "x", true) : NaN);
      const Y = (v) => (finite(v) && (!yLog || v > 0) ? u.valToPos(v, yKey, true) : NaN);
      const colour = seriesColour(spec, s, i);
      ctx.strokeStyle = colour;
      ctx.fillStyle = colour;
      ctx.lineWidth = (s.emphasised ? 3 : 1.5) * ratio;
      ctx.setLineDash(s.dashed ? [6 * ratio, 4 * ratio] : []);
      const n = s.x.length;
      const px = new Float64Array(n), py = new Float64Array(n);
      for (let k = 0; k < n; k++) { px[k] = X(s.x[k]); py[k] = Y(s.y[k]); }
      const base = yLog ? top + height : Math.min(top + height, Math.max(top, u.valToPos(0, yKey, true)));
      if (s.kind === "line" || s.kind === "area") {
        let open = false, first = -1;
        const path = new Path2D();
        const closeArea = (k) => { if (s.kind === "area" && first >= 0) { path.lineTo(px[k], base); path.lineTo(px[first], base); path.closePath(); } };
        let last = -1;
        for (let k = 0; k < n; k++) {
          if (!Number.isFinite(px[k]) || !Number.isFinite(py[k])) {
            if (open) closeArea(last);
            open = false; first = -1;
            continue;
          }
          if (!open) { path.moveTo(px[k], py[k]); open = true; first = k; } else path.lineTo(px[k], py[k]);
          last = k;
        }
        if (open) closeArea(last);
        if (s.kind === "area") { ctx.fillStyle = withAlpha(colour, 0.25); ctx.fill(path); }
        if (s.kind === "area") {
          // Outline the top only: a second pass without the closing edges.
          const top2 = new Path2D();
          let o = false;
          for (let k = 0; k < n; k++) {
            if (!Number.isFinite(px[k]) || !Number.isFinite(py[k])) { o = false; continue; }
            if (!o) { top2.moveTo(px[k], py[k]); o = true; } else top2.lineTo(px[k], py[k]);
          }
          ctx.stroke(top2);
        } else ctx.stroke(path);
      } else if (s.kind === "points") {
        // A few markers (one per run) large and outlined, so a line over them leaves them visible.
        const few = n <= 200;
        const r = (n > 5000 ? 1.5 : few ? 4.5 : 2.5) * ratio;
        ctx.globalAlpha = n > 5000 ? 0.6 : 1;
        const path = new Path2D();
        for (let k = 0; k < n; k++) {
          if (!Number.isFinite(px[k]) || !Number.isFinite(py[k])) continue;
          path.moveTo(px[k] + r, py[k]);
          path.arc(px[k], py[k], r, 0, 2 * Math.PI);
        }
        ctx.fill(path);
        if (few) {
          ctx.strokeStyle = t.background;
          ctx.lineWidth = 1.5 * ratio;
          ctx.stroke(path);
        }
        ctx.globalAlpha = 1;
      } else if (s.kind === "bars") {
        ctx.fillStyle = withAlpha(colour, 0.7);
        for (let k = 0; k < n; k++) {
          const x0 = X(s.x[k] - s.width / 2), x1 = X(s.x[k] + s.width / 2);
          if (!Number.isFinite(x0) || !Number.isFinite(x1) || !Number.isFinite(py[k])) continue;
          ctx.fillRect(Math.min(x0, x1), Math.min(py[k], base), Math.max(1, Math.abs(x1 - x0) - ratio),
            Math.abs(base - py[k]));
        }
      } else if (s.kind === "segments") {
        const path = new Path2D();
        for (let k = 0; k < n; k++) {
          const x1 = X(s.x_end ? s.x_end[k] : s.x[k]);
          if (!Number.isFinite(px[k]) || !Number.isFinite(x1) || !Number.isFinite(py[k])) continue;
          path.moveTo(px[k], py[k]);
          path.lineTo(Math.max(x1, px[k] + ratio), py[k]);
        }
        ctx.stroke(path);
      }
      c.hits.push({ i, px, py, ratio, left, top });
    }
    ctx.restore();
    // Point labels ("c=16") after the clip: one beside a marker at the plot's edge stays whole.
    ctx.save();
    ctx.fillStyle = t.foreground;
    ctx.font = `${11 * ratio}px system-ui, sans-serif`;
    ctx.textBaseline = "bottom";
    for (const h of c.hits) {
      const s = spec.series[h.i];
      if (s.emphasised || !s.labels || s.labels.length !== h.px.length) continue;
      for (let k = 0; k < h.px.length; k++) {
        const x = h.px[k], y = h.py[k];
        if (!s.labels[k] || !(x >= left && x <= left + width && y >= top && y <= top + height)) continue;
        ctx.fillText(s.labels[k], x + 6 * ratio, y - 4 * ratio);
      }
    }
    ctx.restore();
  }

  // The point under the cursor (CSS px within the plot area), nearest within 12 px; a segment
  // counts along its whole length.
  function nearest(c, left, top) {
    let best = null, bestD = 144;
    for (const h of c.hits) {
      const s = c.spec.series[h.i];
      const segments = s.kind === "segments" && s.x_end;
      for (let k = 0; k < h.px.length; k++) {
        // Canvas pixels from the canvas' corner; the cursor's are CSS pixels from the plot's.
        const x = (h.px[k] - h.left) / h.ratio, y = (h.py[k] - h.top) / h.ratio;
        if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
        let dx = left - x;
        if (segments) {
          const end = c.plot.valToPos(s.x_end[k], "x");
          dx = left >= x && left <= end ? 0 : Math.min(Math.abs(left - x), Math.abs(left - end));
        }
        const d = dx * dx + (top - y) * (top - y);
        if (d < bestD) { bestD = d; best = { s, k, series: h.i }; }
      }
    }
    return best;
  }

  function hoverLines(c, hit) {
    const { spec } = c, { s, k } = hit;
    const lines = [[axisLabel(spec.x) || "x", fmt(s.x[k])]];
    const yAxis = s.secondary_y && spec.y2 ? spec.y2 : spec.y;
    lines.push([axisLabel(yAxis) || "y", fmt(s.y[k])]);
    if (s.kind === "segments" && s.x_end) lines.push(["until", fmt(s.x_end[k])]);
    if (s.labels && s.labels[k]) lines.unshift(["", s.labels[k]]);
    if (s.run && s.run.length === s.x.length && data.runs[s.run[k]]) lines.unshift(["run", data.runs[s.run[k]].name]);
    if (s.request && s.request.length === s.x.length) lines.push(...requestLines(detailsNow(0), s.request[k]));
    return lines;
  }

  function makePlot(c) {
    const { spec, body } = c;
    const t = palette();
    if (c.plot) { c.plot.destroy(); c.plot = null; }
    const xr = dataRange(spec, "x", c.log.x);
    const axisStyle = { stroke: t.muted, grid: { stroke: t.grid, width: 1 }, ticks: { stroke: t.grid, width: 1 } };
    const scales = {
      x: { time: false, distr: c.log.x ? 3 : 1, log: 10 },
      y: { distr: c.log.y ? 3 : 1, log: 10, range: () => dataRange(spec, "y", c.log.y, c.xWindow) },
    };
    const axes = [
      { ...axisStyle, scale: "x", label: axisLabel(spec.x) },
      { ...axisStyle, scale: "y", label: axisLabel(spec.y), size: 64 },
    ];
    if (spec.y2) {
      scales.y2 = { distr: c.log.y2 ? 3 : 1, log: 10, range: () => dataRange(spec, "y2", c.log.y2, c.xWindow) };
      axes.push({ ...axisStyle, scale: "y2", side: 1, label: axisLabel(spec.y2), grid: { show: false }, size: 64 });
    }
    const series = [{}];
    spec.series.forEach((s, i) => {
      const colour = seriesColour(spec, s, i);
      series.push({
        label: s.name || " ", scale: s.secondary_y && spec.y2 ? "y2" : "y", stroke: colour,
        fill: s.kind === "area" || s.kind === "bars" || s.kind === "points" ? withAlpha(colour, 0.5) : undefined,
        dash: s.dashed ? [6, 4] : undefined, width: s.emphasised ? 3 : 1.5,
        paths: () => null, points: { show: false },
      });
    });
    // uPlot keeps one x array for every series; the series' own coordinates are drawn by
    // drawSeries, so uPlot gets the x range alone (double-click returns to it).
    const dummy = [xr, ...spec.series.map(() => [null, null])];
    const width = Math.max(320, body.clientWidth || 800);
    const u = new uPlot({
      width, height: 340, scales, axes, series,
      legend: { live: false },
      cursor: { drag: { x: true, y: false, setScale: true }, points: { show: false }, focus: { prox: -1 } },
      hooks: {
        draw: [(self) => drawSeries(self, c)],
        setScale: [(self, key) => {
          if (key !== "x") return;
          const x = self.scales.x;
          const full = xr[0] === x.min && xr[1] === x.max;
          const next = full ? null : [x.min, x.max];
          if (JSON.stringify(next) === JSON.stringify(c.xWindow)) return;
          c.xWindow = next;  // a zoom on x re-ranges y over what is visible
          const yr = dataRange(spec, "y", c.log.y, c.xWindow);
          self.setScale("y", { min: yr[0], max: yr[1] });
          if (spec.y2) {
            const y2r = dataRange(spec, "y2", c.log.y2, c.xWindow);
            self.setScale("y2", { min: y2r[0], max: y2r[1] });
          }
        }],
        setCursor: [(self) => {
          const { left, top } = self.cursor;
          if (left == null || left < 0 || self.select.width > 0) return hideTooltip();
          const hit = nearest(c, left, top);
          if (!hit) return hideTooltip();
          const r = self.over.getBoundingClientRect();
          showTooltip(r.left + left, r.top + top, hit.s.name || spec.title, hoverLines(c, hit));
        }],
      },
    }, dummy, body);
    u.over.addEventListener("mouseleave", hideTooltip);
    // Series without a name stay out of the legend.
    u.root.querySelectorAll(".u-legend .u-series").forEach((row, i) => {
      if (i > 0 && !spec.series[i - 1].name) row.style.display = "none";
    });
    c.plot = u;
  }

  function chartSection(spec, index) {
    for (const a of [spec.x, spec.y, spec.y2]) if (a && a.metric) a.stat_shown = a.stat || "avg";
    const section = el("section", { class: "chart card", id: `chart-${index}`, "data-name": spec.name || "" });
    section.append(el("h2", { text: spec.title || spec.name || `Chart ${index + 1}` }));
    if (spec.subtitle) section.append(el("p", { class: "subtitle", text: spec.subtitle }));
    const c = { spec, section, plot: null, log: { x: !!spec.x.log, y: !!spec.y.log, y2: !!(spec.y2 && spec.y2.log) }, xWindow: null, hits: [] };
    const tools = el("div", { class: "chart-tools" });
    const toggle = (key, label) => {
      const box = el("input", { type: "checkbox" });
      box.checked = c.log[key];
      box.addEventListener("change", () => { c.log[key] = box.checked; c.xWindow = null; makePlot(c); });
      tools.append(el("label", {}, box, ` log ${label}`));
    };
    toggle("x", "x");
    toggle("y", "y");
    if (spec.y2) toggle("y2", "right y");
    tools.append(el("span", { class: "hint", text: "drag to zoom along x, double-click to reset" }));
    section.append(tools);
    c.body = el("div", { class: "plot" });
    section.append(c.body);
    if (spec.notes && spec.notes.length) section.append(el("ul", { class: "notes" }, ...spec.notes.map((n) => el("li", { text: n }))));
    return c;
  }

  // ---- the goodput explorer ----
  // Decodes goodput_encoding.h's layout: TTFT ranks ascending (delta-coded), ITL ranks
  // (Infinity: no ITL). A rank is 2·ceil(v/1 µs) − 1, or 2·v/1 µs for a whole number of µs.
  function decodeGoodput(bytes) {
    let pos = 0;
    const varint = () => {
      let v = 0, mul = 1, b;
      do {
        if (pos >= bytes.length) throw new Error("goodput data: truncated");
        b = bytes[pos++];
        v += (b & 0x7f) * mul;
        mul *= 128;
      } while (b & 0x80);
      return v;
    };
    const unzigzag = (v) => (v % 2 === 0 ? v / 2 : -(v + 1) / 2);
    if (varint() !== 2) throw new Error("goodput data: unknown version");
    const n = varint(), withoutTtft = varint(), errors = varint();
    const ttft = new Float64Array(n), itl = new Float64Array(n);
    let prev = 0;
    for (let i = 0; i < n; i++) { prev = i === 0 ? unzigzag(varint()) : prev + varint(); ttft[i] = prev; }
    for (let i = 0; i < n; i++) { const code = varint(); itl[i] = code === 0 ? Infinity : unzigzag(code - 1); }
    if (pos !== bytes.length) throw new Error("goodput data: trailing bytes");
    return { n, withoutTtft, errors, ttft, itl };
  }

  // The largest rank meeting an SLO of S whole µs, as aiperf profile judges it: its threshold is
  // the typed ms value times 1e6 in doubles, S·1000 ns or a hair below it (1.001 ms is
  // 1000999.9999999999 ns), and below it a value of exactly S·1000 ns fails.
  const rankLimit = (sUs) => ((sUs / 1000) * 1e6 >= sUs * 1000 ? 2 * sUs : 2 * sUs - 1);
  // A drawn marker's rank from its ms value (the same rule as goodput_rank in C++).
  function rankOf(ms) {
    const ns = ms * 1e6;
    let n = Math.round(ns);
    const off = ns - n, fraction = Math.abs(off) > Math.abs(ns) * 4e-16;
    if (fraction && off > 0) n += 1;
    const c = Math.ceil(n / 1000);
    return 2 * c - (!fraction && n % 1000 === 0 ? 0 : 1);
  }

  // The SLO grid a drag snaps to: the smallest 1, 2.5 or 5 ·10^k µs that is whole µs (the
  // encoding's resolution) and just over a pixel wide. A pointer at the whole pixel nearest a
  // grid value's position (browsers report whole pixels) is then within half a step of it and
  // lands on it exactly: 37.5 ms is reachable whenever a pixel is under 0.47 ms.
  function snapStepUs(msPerPx) {
    const want = Math.max(1, msPerPx * 1000 * 1.05);
    for (let p = 1; ; p *= 10) {
      for (const m of [1, 2.5, 5]) if (m * p >= want && Number.isInteger(m * p)) return m * p;
    }
  }

  // good: valid, with every set SLO holding (value <= SLO; equality passes), a metric an SLO
  // names present. `ttftUs`/`itlUs`: whole µs, or null for no SLO on that metric. The requests
  // are sorted by TTFT: the TTFT SLO is a prefix, the ITL SLO a tight loop over it (1M: ~2 ms).
  function countGood(g, ttftUs, itlUs) {
    if (ttftUs === null && itlUs === null) return null;
    let p = g.n;
    if (ttftUs !== null) {
      const limit = rankLimit(ttftUs);
      let lo = 0, hi = g.n;
      while (lo < hi) { const mid = (lo + hi) >>> 1; if (g.ttft[mid] <= limit) lo = mid + 1; else hi = mid; }
      p = lo;
    }
    if (itlUs === null) return p;
    const limit = rankLimit(itlUs), itl = g.itl;
    let good = 0;
    for (let i = 0; i < p; i++) if (itl[i] <= limit) good++;
    return good;
  }

  const msToUs = (ms) => Math.round(ms * 1000);

  function buildExplorer(container) {
    const runs = data.runs.map((r, i) => ({ r, i })).filter(({ r }) => r.explorer && r.explorer.valid_with_ttft > 0);
    const section = el("section", { class: "explorer card", id: "goodput-explorer" });
    section.append(el("h2", { text: "Goodput explorer" }));
    section.append(el("p", { class: "subtitle", text: "Every valid request's time to first token against its inter-token latency. Drag the box (its corner or edges) or type the SLOs: the counts are what aiperf profile --goodput reports for them." }));
    if (!runs.length) {
      if (data.runs.some((r) => r.requests)) {
        section.append(el("p", { class: "notice", text: "No request of these runs has a time to first token (a run without --streaming): there is nothing to explore." }));
        container.append(section);
      }
      return null;
    }
    const e = { section, runIndex: runs[0].i, g: null, ttftUs: null, itlUs: null, plot: null, drag: null, sample: null };
    const controls = el("div", { class: "explorer-controls" });
    if (runs.length > 1) {
      const select = el("select", { id: "explorer-run", "aria-label": "run" },
        ...runs.map(({ r, i }) => el("option", { value: String(i), text: r.name })));
      select.addEventListener("change", () => loadRun(Number(select.value)));
      controls.append(el("label", {}, "Run ", select));
    }
    const ttftIn = el("input", { type: "number", id: "slo-ttft", min: "0", step: "0.001", placeholder: "no SLO" });
    const itlIn = el("input", { type: "number", id: "slo-itl", min: "0", step: "0.001", placeholder: "no SLO" });
    controls.append(el("label", {}, "TTFT SLO ", ttftIn, " ms"), el("label", {}, "ITL SLO ", itlIn, " ms"));
    section.append(controls);
    const bodyRow = el("div", { class: "explorer-body" });
    const plotBox = el("div", { class: "plot" });
    const readout = el("dl", { class: "readout", id: "goodput-readout" });
    bodyRow.append(plotBox, readout);
    section.append(bodyRow);
    const cli = el("p", { class: "cli" });
    const notes = el("ul", { class: "notes" });
    section.append(cli, notes);
    container.append(section);

    const run = () => data.runs[e.runIndex];
    e.readout = () => {
      const r = run(), g = e.g;
      const valid = g.n + g.withoutTtft;
      const good = countGood(g, e.ttftUs, e.itlUs);
      const dur = r.benchmark_duration_s;
      return {
        run: r.name,
        ttft_slo_ms: e.ttftUs === null ? null : e.ttftUs / 1000,
        itl_slo_ms: e.itlUs === null ? null : e.itlUs / 1000,
        good, valid, errors: g.errors,
        goodput: good === null || !finite(dur) || dur <= 0 ? null : good / dur,
        throughput: finite(dur) && dur > 0 ? valid / dur : null,
        good_fraction: good === null || valid + g.errors === 0 ? null : good / (valid + g.errors),
        exported_goodput: finite(r.goodput) ? r.goodput : null,
        step_ttft_ms: e.plot ? snapStepUs(msPerPx("x")) / 1000 : null,
        step_itl_ms: e.plot ? snapStepUs(msPerPx("y")) / 1000 : null,
      };
    };
    const msPerPx = (key) => {
      const u = e.plot, sc = u.scales[key];
      const px = key === "x" ? u.bbox.width : u.bbox.height;
      return (sc.max - sc.min) / (px / (uPlot.pxRatio || 1));
    };

    function renderReadout() {
      const s = e.readout(), r = run();
      const rows = [
        ["good requests", s.good === null ? "— (no SLO set)" : `${count(s.good)} of ${count(s.valid)} valid`],
        ["goodput", s.goodput === null ? "—" : `${fmt(s.goodput, 2)} req/s`],
        ["throughput", s.throughput === null ? "—" : `${fmt(s.throughput, 2)} req/s`],
        ["good fraction", s.good_fraction === null ? "—" : `${fmt(100 * s.good_fraction, 2)} %`],
        ["errors", count(s.errors)],
      ];
      if (finite(r.request_throughput)) rows.push(["exported throughput", `${fmt(r.request_throughput, 2)} req/s`]);
      if (s.exported_goodput !== null) {
        const slo = [finite(r.slo_ttft_ms) ? `TTFT ≤ ${fmt(r.slo_ttft_ms)} ms` : null,
          finite(r.slo_itl_ms) ? `ITL ≤ ${fmt(r.slo_itl_ms)} ms` : null].filter(Boolean).join(", ");
        rows.push(["exported goodput", `${fmt(s.exported_goodput, 2)} req/s${slo ? ` (${slo})` : ""}`]);
      }
      if (r.duration_from_records) rows.push(["duration", `${fmt(r.benchmark_duration_s, 3)} s, from the records`]);
      readout.replaceChildren(...rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v, "data-key": k })]));
      const parts = [];
      if (e.ttftUs !== null) parts.push(`time_to_first_token:${e.ttftUs / 1000}`);
      if (e.itlUs !== null) parts.push(`inter_token_latency:${e.itlUs / 1000}`);
      cli.textContent = parts.length ? `aiperf profile … --goodput "${parts.join(" ")}"` : "";
    }

    function syncInputs() {
      if (document.activeElement !== ttftIn) ttftIn.value = e.ttftUs === null ? "" : String(e.ttftUs / 1000);
      if (document.activeElement !== itlIn) itlIn.value = e.itlUs === null ? "" : String(e.itlUs / 1000);
    }

    function update(rerange) {
      renderReadout();
      syncInputs();
      if (rerange) makeExplorerPlot();
      else if (e.plot) e.plot.redraw(false, false);
    }

    const parseSlo = (input) => {
      if (input.value.trim() === "") return null;
      const v = Number(input.value);
      return finite(v) && v >= 0 ? msToUs(v) : undefined;
    };
    for (const [input, key] of [[ttftIn, "ttftUs"], [itlIn, "itlUs"]]) {
      input.addEventListener("input", () => {
        const v = parseSlo(input);
        if (v === undefined) return;
        e[key] = v;
        update(false);
      });
      input.addEventListener("change", () => update(true));
    }

    function ranges() {
      const x = e.info.ttft_us, y = e.info.itl_us;
      const xs = Math.max(x ? x.p999 : 1, e.ttftUs || 0, 1) * 1.1 / 1000;
      const ys = Math.max(y ? y.p999 : 1, e.itlUs || 0, 1) * 1.1 / 1000;
      return [xs, ys];
    }

    function drawExplorer(u) {
      const ctx = u.ctx, t = palette();
      const ratio = uPlot.pxRatio || 1;
      const { left, top, width, height } = u.bbox;
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, top, width, height);
      ctx.clip();
      const X = (v) => u.valToPos(v, "x", true), Y = (v) => u.valToPos(v, "y", true);
      const bx = e.ttftUs === null ? left + width : X(e.ttftUs / 1000);
      const by = e.itlUs === null ? top : Y(e.itlUs / 1000);
      const good = t.palette[2], bad = t.neutral;
      const goodPath = new Path2D(), badPath = new Path2D();
      const r = 1.6 * ratio;
      const sm = e.sample;
      const tLimit = e.ttftUs === null ? 0 : rankLimit(e.ttftUs), iLimit = e.itlUs === null ? 0 : rankLimit(e.itlUs);
      for (let k = 0; k < sm.length; k++) {
        const px = X(sm.ttft[k]), py = Y(sm.itl[k]);
        const ok = (e.ttftUs === null || sm.ttftRank[k] <= tLimit) && (e.itlUs === null || sm.itlRank[k] <= iLimit);
        const p = ok ? goodPath : badPath;
        p.rect(px - r, py - r, 2 * r, 2 * r);
      }
      ctx.globalAlpha = 0.55;
      ctx.fillStyle = bad;
      ctx.fill(badPath);
      ctx.fillStyle = good;
      ctx.fill(goodPath);
      ctx.globalAlpha = 1;
      // The SLO box: the region TTFT <= SLO and ITL <= SLO, from the axes' origin.
      const ox = X(0), oy = Y(0);
      ctx.fillStyle = withAlpha(t.palette[0], 0.08);
      ctx.fillRect(ox, by, bx - ox, oy - by);
      ctx.strokeStyle = t.palette[0];
      ctx.lineWidth = 2 * ratio;
      ctx.setLineDash([]);
      ctx.strokeRect(ox, by, bx - ox, oy - by);
      ctx.fillStyle = t.palette[0];
      ctx.fillRect(bx - 5 * ratio, by - 5 * ratio, 10 * ratio, 10 * ratio);
      ctx.restore();
    }

    function makeExplorerPlot() {
      const t = palette();
      if (e.plot) { e.plot.destroy(); e.plot = null; }
      const [xs, ys] = ranges();
      const axisStyle = { stroke: t.muted, grid: { stroke: t.grid, width: 1 }, ticks: { stroke: t.grid, width: 1 } };
      const width = Math.max(320, plotBox.clientWidth || 640);
      e.plot = new uPlot({
        width, height: 420,
        scales: { x: { time: false }, y: { range: () => [0, ys] } },
        axes: [{ ...axisStyle, label: "Time to first token (ms)" }, { ...axisStyle, label: "Inter-token latency (ms)", size: 64 }],
        series: [{}, { label: "requests", stroke: t.palette[2], paths: () => null, points: { show: false } }],
        legend: { show: false },
        cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false } },
        hooks: {
          draw: [(u) => drawExplorer(u)],
          setCursor: [(u) => {
            if (e.drag) return hideTooltip();
            const { left, top } = u.cursor;
            if (left == null || left < 0) return hideTooltip();
            const k = nearestSample(u, left, top);
            if (k < 0) return hideTooltip();
            const rect = u.over.getBoundingClientRect();
            showTooltip(rect.left + left, rect.top + top, "request", requestLines(e.details, e.sample.index[k]));
          }],
        },
      }, [[0, xs], [null, null]], plotBox);
      attachDrag(e.plot);
    }

    function nearestSample(u, left, top) {
      let best = -1, bestD = 64;
      const sm = e.sample;
      for (let k = 0; k < sm.length; k++) {
        const dx = u.valToPos(sm.ttft[k], "x") - left, dy = u.valToPos(sm.itl[k], "y") - top;
        const d = dx * dx + dy * dy;
        if (d < bestD) { bestD = d; best = k; }
      }
      return best;
    }

    // Drag: near the corner moves both SLOs, near the right edge TTFT, near the top edge ITL;
    // a press elsewhere in the plot moves the corner there.
    // The pointer handlers read e.plot when they run, not the plot they were attached to: a
    // rebuild (theme, resize) may replace it mid-drag.
    function attachDrag(u) {
      const local = (ev) => {
        const r = e.plot.over.getBoundingClientRect();
        return [ev.clientX - r.left, ev.clientY - r.top];
      };
      const boxPx = () => [e.ttftUs === null ? e.plot.over.clientWidth : e.plot.valToPos(e.ttftUs / 1000, "x"),
        e.itlUs === null ? 0 : e.plot.valToPos(e.itlUs / 1000, "y")];
      const snap = (key, css) => {
        const v = e.plot.posToVal(css, key);
        const step = snapStepUs(msPerPx(key));
        return Math.max(0, Math.round(Math.round(v * 1000) / step) * step);
      };
      const apply = (ev) => {
        const [x, y] = local(ev), over = e.plot.over;
        const cx = Math.min(Math.max(x, 0), over.clientWidth), cy = Math.min(Math.max(y, 0), over.clientHeight);
        if (e.drag.x) e.ttftUs = snap("x", cx);
        if (e.drag.y) e.itlUs = snap("y", cy);
        update(false);
      };
      u.over.addEventListener("mousedown", (ev) => {
        if (ev.button !== 0) return;
        const [x, y] = local(ev), [bx, by] = boxPx();
        const nearX = Math.abs(x - bx) <= 8, nearY = Math.abs(y - by) <= 8;
        if (nearX && nearY) e.drag = { x: true, y: true };
        else if (nearX && y >= by) e.drag = { x: true, y: false };
        else if (nearY && x <= bx) e.drag = { x: false, y: true };
        else e.drag = { x: true, y: true };
        ev.preventDefault();
        hideTooltip();
        apply(ev);
        const move = (m) => apply(m);
        const up = (m) => {
          apply(m);
          e.drag = null;
          window.removeEventListener("mousemove", move);
          window.removeEventListener("mouseup", up);
        };
        window.addEventListener("mousemove", move);
        window.addEventListener("mouseup", up);
      });
      u.over.addEventListener("mouseleave", hideTooltip);
    }

    e.toClient = (ttftMs, itlMs) => {
      const u = e.plot, r = u.over.getBoundingClientRect();
      return { x: r.left + u.valToPos(ttftMs, "x"), y: r.top + u.valToPos(itlMs, "y") };
    };
    e.cornerClient = () => {
      const u = e.plot, r = u.over.getBoundingClientRect();
      const x = e.ttftUs === null ? u.over.clientWidth : u.valToPos(e.ttftUs / 1000, "x");
      const y = e.itlUs === null ? 0 : u.valToPos(e.itlUs / 1000, "y");
      return { x: r.left + x, y: r.top + y };
    };

    async function loadRun(runIndex) {
      e.runIndex = runIndex;
      const r = run();
      e.info = r.explorer;
      e.g = decodeGoodput(await gunzipBase64(r.explorer.data));
      e.details = await details(runIndex);
      // The drawn sample: its ms values place the markers and, ranked as the counts rank them,
      // colour them (good or not under the box).
      const d = e.details, rows = [];
      if (d) d.in_sample.forEach((f, row) => { if (f) rows.push(row); });
      e.sample = {
        length: rows.length,
        index: rows.map((row) => d.index[row]),
        ttft: Float64Array.from(rows, (row) => d.ttft[row]),
        itl: Float64Array.from(rows, (row) => d.itl[row]),
        ttftRank: Float64Array.from(rows, (row) => rankOf(d.ttft[row])),
        itlRank: Float64Array.from(rows, (row) => rankOf(d.itl[row])),
      };
      // The box starts at the first run's own SLOs, else its p90s; another run selected later
      // keeps the box, so runs compare under the same SLOs.
      if (!e.placed) {
        e.ttftUs = finite(r.slo_ttft_ms) ? msToUs(r.slo_ttft_ms) : (e.info.ttft_us ? e.info.ttft_us.p90 : null);
        e.itlUs = finite(r.slo_itl_ms) ? msToUs(r.slo_itl_ms) : (e.info.itl_us ? e.info.itl_us.p90 : null);
        e.placed = true;
      }
      const info = e.info, noteList = [];
      noteList.push(info.drawn < info.drawable
        ? `${count(info.drawn)} of ${count(info.drawable)} requests drawn; the counts use all ${count(info.valid_with_ttft + info.valid_without_ttft)} valid requests`
        : `${count(info.drawn)} requests drawn; the counts use every request`);
      const noItl = info.valid_with_ttft - info.with_itl;
      if (noItl > 0) noteList.push(`${count(noItl)} valid requests have no ITL (output of one token): not drawn, and never good under an ITL SLO`);
      if (info.valid_without_ttft > 0) noteList.push(`${count(info.valid_without_ttft)} valid requests have no TTFT: not drawn, good only with no SLO at all`);
      noteList.push("SLOs are whole microseconds; a drag snaps to the nearest 1, 2.5 or 5·10ⁿ µs step about a pixel wide");
      notes.replaceChildren(...noteList.map((n) => el("li", { text: n })));
      update(true);
    }

    e.rebuild = () => makeExplorerPlot();
    e.load = loadRun;
    return e;
  }

  // ---- the page ----
  function header() {
    const h = document.getElementById("report-header");
    h.replaceChildren(el("h1", { text: data.title || "aiperf report" }));
    const facts = data.extra && typeof data.extra === "object" ? Object.entries(data.extra) : [];
    if (facts.length) {
      h.append(el("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [
        el("dt", { text: k }), el("dd", { text: typeof v === "object" ? JSON.stringify(v) : String(v) })])));
    }
    const controls = el("div", { class: "controls" });
    const themeSel = el("select", { id: "theme-switch", "aria-label": "theme" },
      el("option", { value: "light", text: "light" }), el("option", { value: "dark", text: "dark" }));
    themeSel.value = theme;
    themeSel.addEventListener("change", () => setTheme(themeSel.value));
    controls.append(el("label", {}, "Theme ", themeSel));
    if (charts.some((c) => switchable(c.spec))) {
      const statSel = el("select", { id: "stat-switch", "aria-label": "statistic" },
        ...STATS.map((s) => el("option", { value: s, text: s })));
      statSel.value = stat;
      statSel.addEventListener("change", () => {
        stat = statSel.value;
        for (const c of charts) if (switchable(c.spec)) { applyStat(c); c.xWindow = null; makePlot(c); }
      });
      controls.append(el("label", { title: "the statistic of the run-comparison charts" }, "Statistic ", statSel));
    }
    h.append(controls);
  }

  function setTheme(name) {
    theme = name;
    document.documentElement.dataset.theme = name;
    for (const c of charts) makePlot(c);
    if (explorer) explorer.rebuild();
  }

  async function main() {
    document.documentElement.dataset.theme = theme;
    const specs = data.charts || (data.charts_gz ? await gunzipJson(data.charts_gz) : []);
    const root = document.getElementById("report");
    root.replaceChildren();
    document.body.append(tooltip);
    await details(0);
    specs.forEach((spec, i) => charts.push(chartSection(spec, i)));
    const initial = charts.find((c) => c.spec.x.metric || c.spec.y.metric);
    if (initial) stat = initial.spec.x.stat || initial.spec.y.stat || "avg";
    header();
    const chartBox = el("div", { class: "charts" }, ...charts.map((c) => c.section));
    const explorerBox = el("div");
    if (data.mode === "multi") root.append(chartBox, explorerBox);
    else root.append(explorerBox, chartBox);
    explorer = buildExplorer(explorerBox);
    if (explorer) await explorer.load(explorer.runIndex);
    for (const c of charts) makePlot(c);
    // Follow the window's width (not its height: a full-page screenshot changes that).
    let resizeTimer = 0, lastWidth = window.innerWidth;
    window.addEventListener("resize", () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        if (window.innerWidth === lastWidth) return;
        lastWidth = window.innerWidth;
        for (const c of charts) if (c.plot) c.plot.setSize({ width: Math.max(320, c.body.clientWidth), height: 340 });
        if (explorer && !explorer.drag) explorer.rebuild();
      }, 150);
    });
    status.ready = true;
    status.readyAt = performance.now();
    document.documentElement.dataset.ready = "true";
  }

  main().catch((err) => {
    status.error = String(err && err.stack ? err.stack : err);
    const box = document.getElementById("report");
    if (box) box.prepend(el("p", { class: "notice error", text: `This report could not be drawn: ${err}` }));
    console.error(err);
  });
})();
