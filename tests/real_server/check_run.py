#!/usr/bin/env python3
"""Checks one aiperf run against what llama-server itself reported (stdlib only).

Three sources are compared:
  * aiperf's artifacts: profile_export_aiperf.json (summary), profile_export.jsonl (per-record
    metrics) and profile_export_raw.jsonl (every SSE message / response body as received);
  * the server's per-request `usage` and `timings`, which travel inside the raw export;
  * the server's /metrics counters (before/after snapshots) and its log's per-request lines.

Exit status 0 when every check holds; otherwise one line per failed check, then exit 1.
Bounds on TTFT and latency are explained in docs/real-server.md ("Tests").
"""
import argparse
import json
import statistics
import sys

# Bounds in ms, found empirically and explained in docs/real-server.md ("Tests").
# What the client measures beyond the server's own timings, once the time the server may have
# spent on other requests first is allowed for: tokenizing, templating, HTTP both ways, and the
# scheduling delays of a 2-core machine shared with other work.
OVERHEAD_P50_MS = 50.0
OVERHEAD_MAX_MS = 300.0
# First-to-last token as received vs as generated (timings.predicted_ms): two chunks' delivery
# delays differ by up to ~80 ms under load; a TTFT or latency stamped at the wrong end of the
# stream would be off by about predicted_ms itself, more than a quarter of it on any machine.
DELIVERY_JITTER_MS = 100.0
DELIVERY_JITTER_FRACTION = 0.25

# Two clocks measure the same interval: our monotonic clock and the server's ggml_time_us();
# 0.5 ms absorbs rounding of the server's microsecond values and clock-read jitter.
CLOCK_SLACK_MS = 0.5


class Checker:
    def __init__(self):
        self.failures = []

    def expect(self, cond, msg):
        if not cond:
            self.failures.append(msg)
        return cond


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_prometheus(path):
    values = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, value = line.rsplit(None, 1)
            values[name.split(":", 1)[-1]] = float(value)
    return values


def server_report(raw, streaming):
    """Returns (usage, timings, content_times_ns) from one raw record.

    content_times_ns: arrival times of the responses that carried generated text, in order;
    role-only, finish-only, usage-only chunks and [DONE] are not content.
    """
    usage = timings = None
    content_times = []
    for resp in raw["responses"]:
        # SSE messages carry packets; a non-streamed body is one response with "text".
        texts = [p["value"] for p in resp.get("packets", []) if p.get("name") == "data"] \
            if streaming else [resp["text"]]
        for text in texts:
            if text == "[DONE]":
                continue
            body = json.loads(text)
            usage = body.get("usage") or usage
            timings = body.get("timings") or timings
            for choice in body.get("choices") or []:
                # chat: delta (streamed) or message; completions: text
                piece = (choice.get("delta") or choice.get("message") or {}).get("content") or choice.get("text")
                if piece:
                    content_times.append(resp["perf_ns"])
    return usage, timings, content_times


def metric(rec, name):
    m = rec["metrics"].get(name)
    return None if m is None else m["value"]


def check_records(c, args, raws, recs):
    """Per-request checks; returns the requests' timelines and Σ ISL / Σ OSL."""
    by_id = {r["metadata"]["x_request_id"]: r for r in recs}
    c.expect(len(by_id) == len(recs), "x_request_id is not unique in profile_export.jsonl")
    timelines, isl_sum, osl_sum = [], 0, 0
    for i, raw in enumerate(raws):
        rid = raw["metadata"]["x_request_id"]
        where = f"raw record {i} ({rid})"
        if not c.expect(raw["status"] == 200 and raw.get("error") is None,
                        f"{where}: status {raw['status']} error {raw.get('error')}"):
            continue
        rec = by_id.get(rid)
        if not c.expect(rec is not None, f"{where}: no matching record in profile_export.jsonl"):
            continue
        c.expect("error" not in rec, f"{where}: record has error {rec.get('error')}")
        payload = raw["payload"]
        c.expect(payload.get("stream", False) == args.streaming, f"{where}: payload stream={payload.get('stream')}")
        c.expect(payload.get("ignore_eos") is True, f"{where}: payload lacks ignore_eos:true")
        if args.streaming and args.endpoint == "chat":
            c.expect((payload.get("stream_options") or {}).get("include_usage") is True,
                     f"{where}: streamed chat without stream_options.include_usage")

        usage, timings, content_times = server_report(raw, args.streaming)
        if not c.expect(usage is not None and timings is not None, f"{where}: no usage/timings from the server"):
            continue
        isl, osl = metric(rec, "input_sequence_length"), metric(rec, "output_sequence_length")
        isl_sum += isl or 0
        osl_sum += osl or 0
        # The model can never sample EOS, so the server must produce exactly what we asked for.
        c.expect(usage["completion_tokens"] == args.osl,
                 f"{where}: server produced {usage['completion_tokens']} tokens, requested {args.osl}")
        c.expect(osl == usage["completion_tokens"],
                 f"{where}: OSL {osl} != server usage.completion_tokens {usage['completion_tokens']}")
        c.expect(timings["predicted_n"] == usage["completion_tokens"],
                 f"{where}: timings.predicted_n {timings['predicted_n']} != usage.completion_tokens")
        c.expect(usage["prompt_tokens"] == timings["prompt_n"] + timings["cache_n"],
                 f"{where}: usage.prompt_tokens {usage['prompt_tokens']} != prompt_n+cache_n")
        if args.token_source == "server":
            c.expect(isl == usage["prompt_tokens"],
                     f"{where}: ISL {isl} != server usage.prompt_tokens {usage['prompt_tokens']}")
        elif args.endpoint == "completions":
            # The prompt is sent as is and this vocabulary adds no BOS: the same text, the same count.
            c.expect(isl == usage["prompt_tokens"],
                     f"{where}: client ISL {isl} != server usage.prompt_tokens {usage['prompt_tokens']}")
        else:
            # Client-side counts see the message text only; the chat template adds tokens.
            c.expect(isl is not None and 0 < isl < usage["prompt_tokens"],
                     f"{where}: client ISL {isl} vs server prompt_tokens {usage['prompt_tokens']}")

        start = raw["start_perf_ns"]
        latency = metric(rec, "request_latency")
        if not c.expect(content_times, f"{where}: no content in the response"):
            continue
        c.expect(latency is not None and abs(latency - (content_times[-1] - start) / 1e6) < 1e-3,
                 f"{where}: request_latency {latency} != last content arrival "
                 f"{(content_times[-1] - start) / 1e6:.6f} ms")
        if args.streaming:
            # Every generated token is a whole word, so the server sends one chunk per token.
            c.expect(len(content_times) == usage["completion_tokens"],
                     f"{where}: {len(content_times)} content chunks for {usage['completion_tokens']} tokens")
            ttft = metric(rec, "time_to_first_token")
            if not c.expect(ttft is not None, f"{where}: no time_to_first_token"):
                continue
            c.expect(abs(ttft - (content_times[0] - start) / 1e6) < 1e-3,
                     f"{where}: TTFT {ttft} != first content arrival {(content_times[0] - start) / 1e6:.6f} ms")
        timelines.append(Timeline(where, start, content_times, timings, args.streaming))
    return timelines, isl_sum, osl_sum


class Timeline:
    """One request as both sides saw it: client arrival times and the server's own durations."""

    def __init__(self, where, start_ns, content_ns, timings, streaming):
        self.where = where
        self.start = start_ns
        # Until the first token (streaming) or the whole body (non-streaming) arrived, this
        # request could have been held up by the server working on the others.
        self.waited_until = content_ns[0] if streaming else content_ns[-1]
        self.end = content_ns[-1]
        self.prompt_ms = timings["prompt_ms"]
        self.predicted_ms = timings["predicted_ms"]
        gaps = [(b - a) / 1e6 for a, b in zip(content_ns, content_ns[1:])]
        # Non-streamed bodies do not show single decode steps; the mean is what is known.
        self.longest_step_ms = max(gaps) if gaps else self.predicted_ms / max(1, timings["predicted_n"] - 1)
        if streaming:
            # prompt_ms runs from the slot taking the prompt to sampling the first token.
            self.measured_ms = (content_ns[0] - start_ns) / 1e6
            self.server_ms = self.prompt_ms
        else:
            self.measured_ms = (content_ns[-1] - start_ns) / 1e6
            self.server_ms = self.prompt_ms + self.predicted_ms
        self.excess_ms = self.measured_ms - self.server_ms
        # First to last token, seen by the client and timed by the server.
        self.decode_ms = (content_ns[-1] - content_ns[0]) / 1e6 if streaming else None


def check_timing(c, timelines, streaming):
    """TTFT (streaming) or latency (non-streaming) against the server's timings; see the doc."""
    what = "TTFT - prompt_ms" if streaming else "latency - (prompt_ms + predicted_ms)"
    residuals = []
    for t in timelines:
        c.expect(t.excess_ms + CLOCK_SLACK_MS >= 0,
                 f"{t.where}: measured {t.measured_ms:.3f} ms < server's {t.server_ms:.3f} ms ({what})")
        # Before our prompt starts, the server may finish the batch it is computing for others:
        # a prompt batch (at most the longest prompt_ms of a request in flight meanwhile) and one
        # decode step (at most the longest gap between two of its tokens).
        others = [o for o in timelines if o is not t and o.start < t.waited_until and o.end > t.start]
        allowance = max((o.prompt_ms + o.longest_step_ms for o in others), default=0.0)
        residual = t.excess_ms - allowance
        residuals.append(residual)
        c.expect(residual <= OVERHEAD_MAX_MS,
                 f"{t.where}: {what} = {t.excess_ms:.1f} ms exceeds {OVERHEAD_MAX_MS} ms + "
                 f"{allowance:.1f} ms allowed for {len(others)} other requests in flight")
        if t.decode_ms is not None:
            # Per request only one side: tokens cannot be received over a longer stretch than
            # they were generated in, beyond delivery jitter. A shorter one is what a server
            # that fell behind sending and caught up in a burst looks like (seen when the
            # machine is overloaded), so that side is judged on the run's median below.
            bound = max(DELIVERY_JITTER_MS, DELIVERY_JITTER_FRACTION * t.predicted_ms)
            c.expect(t.decode_ms - t.predicted_ms <= bound,
                     f"{t.where}: first-to-last token {t.decode_ms:.1f} ms vs server predicted_ms "
                     f"{t.predicted_ms:.1f} (longer by more than {bound:.1f} ms)")
    if not timelines:
        return ""
    streamed = [t for t in timelines if t.decode_ms is not None]
    if streamed:
        median_gap = statistics.median(abs(t.decode_ms - t.predicted_ms) for t in streamed)
        median_bound = statistics.median(max(DELIVERY_JITTER_MS, DELIVERY_JITTER_FRACTION * t.predicted_ms)
                                         for t in streamed)
        c.expect(median_gap <= median_bound,
                 f"median |first-to-last token - predicted_ms| is {median_gap:.1f} ms > {median_bound:.1f} ms: "
                 f"chunk stamps do not follow the server's generation")
    p50 = statistics.median(residuals)
    c.expect(p50 <= OVERHEAD_P50_MS, f"median overhead beyond the allowance is {p50:.1f} ms > {OVERHEAD_P50_MS} ms")
    excess = [t.excess_ms for t in timelines]
    jitters = [abs(t.decode_ms - t.predicted_ms) for t in timelines if t.decode_ms is not None]
    line = (f"{what}: p50 {statistics.median(excess):.1f} max {max(excess):.1f} ms; beyond allowance: "
            f"p50 {p50:.1f} max {max(residuals):.1f} ms")
    if jitters:
        line += f"; |first-to-last - predicted_ms| max {max(jitters):.1f} ms"
    return line


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--art", required=True, help="aiperf artifact directory (run with --export-level raw)")
    ap.add_argument("--endpoint", choices=["chat", "completions"], required=True)
    ap.add_argument("--streaming", action="store_true")
    ap.add_argument("--concurrency", type=int, required=True)
    ap.add_argument("--requests", type=int, required=True, help="--request-count given to aiperf")
    ap.add_argument("--osl", type=int, required=True, help="--osl given to aiperf")
    ap.add_argument("--metrics-before", required=True)
    ap.add_argument("--metrics-after", required=True)
    ap.add_argument("--log-requests", type=int, required=True,
                    help="per-request timing lines the server logged during the run")
    ap.add_argument("--token-source", choices=["server", "client"], default="server",
                    help="server: aiperf ran with --use-server-token-count")
    ap.add_argument("--bounds", choices=["check", "report"], default="check",
                    help="report: print the timing figures without judging them (recalibration)")
    args = ap.parse_args()
    c = Checker()
    name = f"{args.endpoint}{' streaming' if args.streaming else ''} c={args.concurrency}"

    summary = json.load(open(f"{args.art}/profile_export_aiperf.json", encoding="utf-8"))
    count = summary.get("request_count", {}).get("avg")
    c.expect(count == args.requests, f"summary request_count {count}, expected {args.requests}")
    errors = summary.get("error_request_count", {}).get("avg", 0)
    c.expect(not errors, f"summary error_request_count {errors}")

    recs = [r for r in read_jsonl(f"{args.art}/profile_export.jsonl")
            if r["metadata"].get("benchmark_phase", "profiling") == "profiling"]
    raws = read_jsonl(f"{args.art}/profile_export_raw.jsonl")
    c.expect(len(recs) == args.requests, f"{len(recs)} records in profile_export.jsonl, expected {args.requests}")
    c.expect(len(raws) == args.requests, f"{len(raws)} records in profile_export_raw.jsonl, expected {args.requests}")
    timelines, isl_sum, osl_sum = check_records(c, args, raws, recs)

    def summary_avg(tag):
        return (summary.get(tag) or {}).get("avg")

    c.expect(summary_avg("total_osl") == osl_sum, f"summary total_osl {summary_avg('total_osl')} != records' {osl_sum}")
    c.expect(summary_avg("total_isl") == isl_sum, f"summary total_isl {summary_avg('total_isl')} != records' {isl_sum}")
    duration, throughput = summary_avg("benchmark_duration"), summary_avg("output_token_throughput")
    c.expect(duration and throughput and abs(throughput - osl_sum / duration) <= 1e-6 * throughput,
             f"summary output_token_throughput {throughput} != total_osl / benchmark_duration")

    before, after = read_prometheus(args.metrics_before), read_prometheus(args.metrics_after)
    delta = {k: after[k] - before.get(k, 0.0) for k in after}
    prompt_seen = delta["prompt_tokens_total"] + delta["prompt_tokens_cached_total"]
    if args.token_source == "server":
        c.expect(isl_sum == prompt_seen,
                 f"sum ISL {isl_sum} != server Δprompt_tokens_total+Δprompt_tokens_cached_total {prompt_seen:.0f}")
    c.expect(osl_sum == delta["tokens_predicted_total"],
             f"sum OSL {osl_sum} != server Δtokens_predicted_total {delta['tokens_predicted_total']:.0f}")
    c.expect(after["requests_processing"] == 0,
             f"server still processing {after['requests_processing']:.0f} requests after aiperf exited")
    # aiperf's own scrape of the same /metrics (on by default; docs/telemetry.md): its counters
    # over the profiling window equal the snapshots' deltas (these runs have no warm-up).
    try:
        with open(f"{args.art}/server_metrics_export.json", encoding="utf-8") as f:
            scraped = json.load(f)["metrics"]
    except OSError as e:
        scraped = None
        c.expect(False, f"no server_metrics_export.json: {e}")
    if scraped is not None:
        def scraped_total(metric):
            series = scraped.get(f"llamacpp:{metric}", {}).get("series", [])
            return series[0]["stats"].get("total") if len(series) == 1 else None
        for metric in ("tokens_predicted_total", "prompt_tokens_total"):
            c.expect(scraped_total(metric) == delta[metric],
                     f"server_metrics_export.json llamacpp:{metric} total {scraped_total(metric)} != snapshots' delta {delta[metric]:.0f}")
        c.expect(scraped_total("tokens_predicted_total") == osl_sum,
                 f"server_metrics_export.json tokens_predicted_total {scraped_total('tokens_predicted_total')} != sum OSL {osl_sum}")
        busy = scraped.get("llamacpp:requests_processing", {}).get("series", [{}])[0].get("stats", {})
        c.expect(busy.get("max", 0) <= args.concurrency,
                 f"server_metrics_export.json requests_processing max {busy.get('max')} above --concurrency {args.concurrency}")
    c.expect(args.log_requests == args.requests,
             f"server logged {args.log_requests} requests, expected {args.requests}")

    timing = Checker() if args.bounds == "report" else c
    line = check_timing(timing, timelines, args.streaming)
    print(f"{name}: {len(timelines)} requests, ISL sum {isl_sum:.0f}, OSL sum {osl_sum:.0f}; {line}")
    for f in timing.failures if timing is not c else []:
        print(f"  (not judged) {f}")

    for f in c.failures:
        print(f"FAIL {name}: {f}", file=sys.stderr)
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
