"""Checks of `aiperf plot` output against the run's exports (tests/e2e/plots.sh).

The plotted data comes from plot_data.json (`aiperf plot --dump-data`), the same Chart objects the
PNG renderer and report.html draw from; the expected values are recomputed here from
profile_export.jsonl, profile_export_aiperf.json and the timeslice export.
"""
import json
import math
import os
import struct
import zlib


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    return struct.unpack(">II", head[16:24])


def png_mean_luminance(path):
    """Decodes an 8-bit RGB/RGBA non-interlaced PNG (what cairo writes) and averages its luminance."""
    data = open(path, "rb").read()
    pos, idat, width, height, ctype = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6), (depth, ctype, interlace)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    total, count, i = 0.0, 0, 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp * 7):  # every 7th pixel is plenty for a mean
            total += 0.2126 * line[x] + 0.7152 * line[x + 1] + 0.0722 * line[x + 2]
            count += 1
        prev = line
    return total / count / 255.0


def charts(dump_path):
    d = json.load(open(dump_path))
    return d, {c["name"]: c for c in d["charts"]}


def records(run_dir):
    out = []
    for line in open(os.path.join(run_dir, "profile_export.jsonl")):
        r = json.loads(line)
        if r["metadata"].get("benchmark_phase", "profiling") == "profiling":
            out.append(r)
    return out


def value(r, tag):
    m = r.get("metrics", {}).get(tag)
    return None if m is None else m["value"]


def close(a, b, rel=1e-9, abs_=1e-9):
    return abs(a - b) <= max(abs_, rel * max(abs(a), abs(b)))


def percentile(sorted_values, q):  # numpy's default (linear)
    rank = q / 100 * (len(sorted_values) - 1)
    lo = math.floor(rank)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (rank - lo)


def check_single_run(run_dir, dump_path):
    d, by_name = charts(dump_path)
    assert d["mode"] == "single", d["mode"]
    recs = records(run_dir)
    valid = [r for r in recs if "error" not in r]
    t0 = min(r["metadata"]["request_start_ns"] for r in recs)
    in_start_order = sorted(valid, key=lambda r: r["metadata"]["request_start_ns"])
    for name, tag in [("ttft_over_time", "time_to_first_token"), ("itl_over_time", "inter_token_latency"),
                      ("latency_over_time", "request_latency")]:
        c = by_name[name]
        dots = c["series"][0]
        want = [r for r in in_start_order if value(r, tag) is not None]
        assert len(dots["x"]) == len(want), (name, len(dots["x"]), len(want))
        for x, y, r in zip(dots["x"], dots["y"], want):
            assert close(x, (r["metadata"]["request_start_ns"] - t0) / 1e9), (name, x)
            assert close(y, value(r, tag)), (name, y, value(r, tag))
        # The rolling p90 line: percentile of the last W values at each drawn position.
        values = [value(r, tag) for r in want]
        n = len(values)
        window = min(n, max(10, min(1000, n // 50)))
        p90 = c["series"][2]
        assert p90["name"].startswith("p90"), p90["name"]
        starts = [(r["metadata"]["request_start_ns"] - t0) / 1e9 for r in want]
        for x, y in zip(p90["x"], p90["y"]):
            end = max(i for i, s in enumerate(starts) if close(s, x))  # ties: the window ends at the last
            candidates = [percentile(sorted(values[e - window + 1:e + 1]), 90)
                          for e in range(window - 1, n) if close(starts[e], x)]
            assert any(close(y, v, 1e-9, 1e-9) for v in candidates), (name, x, y, candidates[:3], end)
    # Dispersed throughput: the area under the curve is every valid request's output tokens.
    tp = by_name["dispersed_throughput_over_time"]["series"][0]
    width = tp["x"][1] - tp["x"][0]
    area = sum(tp["y"]) * width
    tokens = sum(value(r, "output_sequence_length") or 0 for r in valid)
    assert close(area, tokens, 1e-6), (area, tokens)
    # Timeline: one decode segment per request (few enough to be all drawn), ending at its end.
    tl = by_name["ttft_timeline"]
    decode = next(s for s in tl["series"] if s["name"].startswith("decode"))
    prefill = next(s for s in tl["series"] if s["name"].startswith("prefill"))
    assert len(decode["x"]) == len(valid), (len(decode["x"]), len(valid))
    ends = sorted((r["metadata"]["request_end_ns"] - t0) / 1e9 for r in valid)
    assert all(close(a, b, 1e-9, 1e-6) for a, b in zip(sorted(decode["x_end"]), ends))
    ttfts = sorted(value(r, "time_to_first_token") / 1e3 for r in valid)
    assert all(close(a, b, 1e-6, 1e-9) for a, b in zip(sorted(e - s for s, e in zip(prefill["x"], prefill["x_end"])), ttfts))
    return by_name


def check_timeslices(run_dir, by_name):
    slices = json.load(open(os.path.join(run_dir, "profile_export_aiperf_timeslices.json")))["timeslices"]
    for name, tag in [("timeslices_ttft", "time_to_first_token"), ("timeslices_latency", "request_latency"),
                      ("timeslices_throughput", "output_token_throughput")]:
        bars = by_name[name]["series"][0]
        want = [s[tag]["avg"] for s in slices if tag in s]
        assert len(bars["y"]) == len(want) and all(close(a, b) for a, b in zip(bars["y"], want)), (name, bars["y"], want)


def pareto(points, x_higher, y_higher):
    def better(a, b, higher):
        return a >= b if higher else a <= b
    return sorted([p for p in points if not any(
        better(q[0], p[0], x_higher) and better(q[1], p[1], y_higher) and q != p for q in points)])


def check_multi_run(dump_path, cells):
    """cells: {cell name: [summary dicts of its trials]}; each point is the trials' mean."""
    d, by_name = charts(dump_path)
    assert d["mode"] == "multi", d["mode"]
    specs = {
        "pareto_curve_throughput_per_gpu_vs_latency": (("request_latency", False), ("output_token_throughput", True)),
        "pareto_curve_throughput_per_gpu_vs_interactivity": (("output_token_throughput", True), ("output_token_throughput_per_user", True)),
        "ttft_vs_throughput": (("time_to_first_token", False), ("request_throughput", True)),
    }
    for name, ((xt, xh), (yt, yh)) in specs.items():
        c = by_name[name]
        points = [s for s in c["series"] if s["kind"] == "points"]
        got = sorted((x, y, l) for s in points for x, y, l in zip(s["x"], s["y"], s["labels"]))
        want = []
        for cell, trials in cells.items():
            mx = sum(t[xt]["avg"] for t in trials) / len(trials)
            my = sum(t[yt]["avg"] for t in trials) / len(trials)
            want.append((mx, my, "c=%d" % trials[0]["input_config"]["loadgen"]["concurrency"]))
        want.sort()
        assert len(got) == len(want), (name, got, want)
        for g, w in zip(got, want):
            assert close(g[0], w[0]) and close(g[1], w[1]) and g[2] == w[2], (name, g, w)
        frontier = next(s for s in c["series"] if s["emphasised"])
        assert sorted(zip(frontier["x"], frontier["y"])) == [p for p in pareto([(x, y) for x, y, _ in got], xh, yh)] or \
            all(close(a[0], b[0]) and close(a[1], b[1]) for a, b in zip(sorted(zip(frontier["x"], frontier["y"])),
                                                                         pareto([(x, y) for x, y, _ in got], xh, yh))), name
        if "per_gpu" in name:
            assert any("GPU count unknown" in n for n in c["notes"]), c["notes"]
    return by_name
