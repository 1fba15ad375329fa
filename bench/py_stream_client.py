#!/usr/bin/env python3
"""Minimal independent streaming client for bench section (h).

Replays the request bodies aiperf wrote to inputs.json against an OpenAI-compatible server with
raw HTTP/1.1 over asyncio streams (stdlib only), keeping a fixed number of requests in flight,
and prints one JSON object with the same measures aiperf reports: TTFT, ITL, request and output
token throughput. It is deliberately plain: what a careful person would write in an afternoon,
so that the difference to aiperf is the client overhead, not a different workload.

  py_stream_client.py --url http://127.0.0.1:PORT/v1/chat/completions \
      --inputs ART/inputs.json --concurrency 4 --requests 64
"""
import argparse
import asyncio
import json
import resource
import sys
import time
import urllib.parse


def percentile(values, q):
    # Linear interpolation between closest ranks (numpy's default), as aiperf reports them.
    s = sorted(values)
    if not s:
        return float("nan")
    pos = (len(s) - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def load_payloads(path):
    with open(path) as f:
        doc = json.load(f)
    bodies = [json.dumps(p, separators=(",", ":")).encode() for s in doc["data"] for p in s["payloads"]]
    if not bodies:
        sys.exit(f"py_stream_client: {path}: no payloads")
    return bodies


class Result:
    __slots__ = ("start", "first", "end", "tokens", "content_events", "error")

    def __init__(self):
        self.start = self.first = self.end = 0
        self.tokens = None
        self.content_events = 0
        self.error = None


def handle_event(data, now, res):
    if data == b"[DONE]":
        return
    msg = json.loads(data)
    usage = msg.get("usage")
    if usage and usage.get("completion_tokens") is not None:
        res.tokens = usage["completion_tokens"]
    for choice in msg.get("choices") or ():
        delta = choice.get("delta") or {}
        text = delta.get("content") or choice.get("text")
        if text:
            res.content_events += 1
            if not res.first:
                res.first = now


async def one_request(host, port, path, body, res):
    reader, writer = await asyncio.open_connection(host, port)
    try:
        head = (f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                f"Accept: text/event-stream\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        res.start = time.perf_counter_ns()
        writer.write(head + body)
        await writer.drain()
        status = await reader.readline()
        parts = status.split(b" ", 2)
        if len(parts) < 2 or parts[1] != b"200":
            res.error = status.decode(errors="replace").strip() or "connection closed"
            return
        chunked = False
        length = None
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
            elif name == b"content-length":
                length = int(value)
        pending = b""

        def feed(data, now):
            nonlocal pending
            pending += data
            while True:
                cut = pending.find(b"\n\n")
                if cut < 0:
                    return
                message, pending = pending[:cut], pending[cut + 2:]
                for field in message.split(b"\n"):
                    if field.startswith(b"data:"):
                        handle_event(field[5:].strip(), now, res)

        if chunked:
            while True:
                size_line = await reader.readline()
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    await reader.readline()
                    break
                data = await reader.readexactly(size + 2)
                feed(data[:-2].replace(b"\r\n", b"\n"), time.perf_counter_ns())
        elif length is not None:
            feed((await reader.readexactly(length)).replace(b"\r\n", b"\n"), time.perf_counter_ns())
        else:
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                feed(data.replace(b"\r\n", b"\n"), time.perf_counter_ns())
        feed(b"\n\n", time.perf_counter_ns())
        res.end = time.perf_counter_ns()
    finally:
        writer.close()


async def run(args):
    url = urllib.parse.urlsplit(args.url)
    if url.scheme != "http" or url.hostname not in ("127.0.0.1", "::1", "localhost"):
        sys.exit(f"py_stream_client: --url {args.url}: only http:// on 127.0.0.1/::1")
    bodies = load_payloads(args.inputs)
    results = [Result() for _ in range(args.requests)]
    next_index = 0

    async def lane():
        nonlocal next_index
        while next_index < args.requests:
            i = next_index
            next_index += 1
            try:
                await one_request(url.hostname, url.port, url.path or "/", bodies[i % len(bodies)], results[i])
            except (OSError, ValueError, asyncio.IncompleteReadError) as e:
                results[i].error = f"{type(e).__name__}: {e}"

    await asyncio.gather(*(lane() for _ in range(args.concurrency)))
    return results


def summarize(results):
    ok = [r for r in results if not r.error and r.first]
    errors = [r.error or "no content" for r in results if r.error or not r.first]
    ms = 1e-6
    ttft = [(r.first - r.start) * ms for r in ok]
    itl = []
    osl = []
    for r in ok:
        n = r.tokens if r.tokens is not None else r.content_events
        osl.append(n)
        if n > 1:
            itl.append((r.end - r.first) * ms / (n - 1))
    duration_s = (max(r.end for r in ok) - min(r.start for r in ok)) / 1e9 if ok else float("nan")
    return {
        "requests": len(ok),
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
        "ttft_avg_ms": sum(ttft) / len(ttft) if ttft else float("nan"),
        "ttft_p50_ms": percentile(ttft, 50),
        "ttft_p99_ms": percentile(ttft, 99),
        "itl_avg_ms": sum(itl) / len(itl) if itl else float("nan"),
        "osl_total": sum(osl),
        "duration_s": duration_s,
        "request_throughput": len(ok) / duration_s,
        "output_token_throughput": sum(osl) / duration_s,
    }


def main():
    # Interpreter start-up and imports, reported apart so that a reader can take them out.
    startup = resource.getrusage(resource.RUSAGE_SELF)
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--url", required=True)
    p.add_argument("--inputs", required=True, help="aiperf's inputs.json")
    p.add_argument("--concurrency", type=int, required=True)
    p.add_argument("--requests", type=int, required=True)
    args = p.parse_args()
    if args.concurrency < 1 or args.requests < 1:
        sys.exit("py_stream_client: --concurrency and --requests must be >= 1")
    summary = summarize(asyncio.run(run(args)))
    summary["startup_cpu_s"] = round(startup.ru_utime + startup.ru_stime, 3)
    print(json.dumps(summary))
    sys.exit(1 if summary["errors"] else 0)


if __name__ == "__main__":
    main()
